#!/usr/bin/env bash
# Rebuild pkg/toutes_tables/data/evaluator.bin and crashed.bin from nothing: the exact runs that made the shipped
# weights.
# Needs gnubg (requirements-dev.txt), numpy and torch (CPU): pip install numpy torch==2.13.0
# On this 2-core machine: 3 to 4 minutes a file of generation (2026-12-06: 156, 218 and 214 s, two files at a
# time; up to 8 on a loaded machine) and 7 to 9 minutes of training (512 hidden units, 3.7 million positions,
# the crafted counts beside the board), then 3 to 5 of fine-tuning a copy on the crashed positions alone.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=(16000 24000 24000)
FILES=()
for seed in 1 2 3; do
    out="training/data/positions-$seed.npz"
    [ -f "$out" ] || nice -n 10 python training/generate.py --games "${GAMES[$((seed - 1))]}" --seed "$seed" --out "$out"
    FILES+=("$out")
done
nice -n 10 python training/train.py "${FILES[@]}" --out pkg/toutes_tables/data/evaluator.bin \
    --hidden 512 --epochs 12 --lr 1e-3 --batch 512 --outcome-epochs 2 --seed 1 --crafted
# The network for crashed positions (ai/phases.py): the one just trained, fine-tuned on those positions alone.
nice -n 10 python training/train.py "${FILES[@]}" --out pkg/toutes_tables/data/crashed.bin \
    --init pkg/toutes_tables/data/evaluator.bin --only-crashed --hidden 512 --epochs 40 --lr 1e-3 --batch 512 \
    --outcome-epochs 2 --seed 1 --crafted
