"""Train the evaluation network on generate.py's positions and export it for the package.

Targets, for the player on roll:

* outputs 0-4 (win, win gammon, win backgammon, lose gammon, lose backgammon): gnubg's 0-ply
  evaluation, as soft targets (binary cross-entropy), on every position;
* outputs 5-6 (win / lose a Toutes tables *double game*): gnubg knows nothing of it (its gammon
  is "the loser has borne off none", the double game also needs the loser not all home, and the
  maximum-pips rule changes the bear-off), so these two are trained on what actually happened in
  the self-play games played under Toutes tables rules: 0/1 outcomes, on Toutes tables positions
  only. Cross-entropy on 0/1 outcomes is minimised by the conditional probability, so with
  enough games the outputs estimate the chance itself.

Two stages, because 0/1 outcomes are noisy and a shared hidden layer trained on them overfits
(the held-out outcome loss rose epoch after epoch when both were trained together): first the
whole network on the teacher's five outputs only; then, with everything else frozen, the two
Toutes tables output units alone (a logistic regression on the learnt hidden features) on the
outcomes, for ``--outcome-epochs``. The held-out calibration (mean predicted chance against the
frequency seen) and loss against the outcomes are printed, before and after.

``--init FILE --epochs 0`` keeps FILE's network and trains its two double-game units alone, e.g. on
toutes_outcomes.py's games of the engine against itself; with ``--outcome-lambda`` below 1 their targets
look at the rest of each game (training/targets.py) instead of its end alone.

``--crafted`` gives the network the crafted counts beside the board (``toutes_tables.ai.features.crafted_counts``:
pip count, checkers back, primes, blots and hitters... ten a side, as gnubg's hand-made inputs). It trains on each
count divided by its ``CRAFTED_SCALE`` (about 0 to 1, as the board's inputs) and writes the weights per count.

``--only-crashed`` trains on the crashed positions of the files alone (gnubg's class: in contact, with one side
down to about six checkers in play, the rest borne off or piled on its ace and deuce points;
``toutes_tables.ai.phases``), where one network for every class misfits gnubg most: with ``--init`` the shipped
network, fine-tuned so, is the engine's network for those positions (``crashed.bin``, reproduce.sh).
``--crashed-weight K`` instead shows each crashed training position K times an epoch among the others (tried for
one network that would do both, not adopted: docs/benchmarks.md, *Crashed positions*).

The weights are written in the layout :mod:`toutes_tables.ai.network` documents (half floats).

Run (a few minutes on one core; seeds fixed, so a rerun on the same data gives the same file
up to floating-point differences between torch builds)::

    pip install torch==2.13.0 numpy
    nice -n 10 python training/train.py training/data/positions-1.npz --out pkg/toutes_tables/data/evaluator.bin
"""

from __future__ import annotations

import argparse
import itertools
import json
import struct
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from toutes_tables.ai.features import CRAFTED_INPUTS, INPUT_COUNT, SLOTS  # noqa: E402
from toutes_tables.ai.network import MAGIC, OUTPUTS, Network  # noqa: E402
from toutes_tables.ai.phases import crashed as crashed_by_rule  # noqa: E402

from narrow import narrow_first_layer  # noqa: E402  (training/, this script's folder)
from targets import lambda_targets  # noqa: E402


def dense_inputs(board: np.ndarray) -> np.ndarray:
    """features.dense_inputs for a whole array of 52-count boards (checked against it in main)."""
    n = board.astype(np.float32)
    codes = np.stack([n >= 1, n >= 2, n >= 3, np.maximum(n - 3, 0) / 2], axis=-1).astype(np.float32)
    slots = np.arange(SLOTS)
    occupied = board[:, :SLOTS] > 0, board[:, SLOTS:] > 0
    rear_mine = np.max(np.where(occupied[0], slots, 0), axis=1)
    rear_theirs = np.max(np.where(occupied[1], slots, 0), axis=1)
    contact = (rear_mine + rear_theirs > 25).astype(np.float32)[:, None]
    return np.concatenate([codes.reshape(len(board), -1), contact], axis=1)


# What each crafted count is divided by for training (the mover's ten, then the opponent's), so every input is
# about 0 to 1: pip count, checkers back, longest prime, blots, hitters, home points, anchors, buried checkers,
# outfield checkers, free numbers. The file's weights are per count: the trained ones divided by these.
CRAFTED_SCALE = np.array((100, 15, 6, 5, 6, 6, 3, 15, 15, 6) * 2, dtype=np.float32)


def crafted_inputs(board: np.ndarray) -> np.ndarray:
    """features.crafted_counts for a whole array of 52-count boards (checked against it in main), as floats.

    Each side's ten, mover first: pip count, checkers back (bar and points 19-24), longest run of made points,
    blots, hitters (for each blot, the points 1 to 6 behind it, from the opponent's side, that hold a checker of
    the opponent's), home points made, anchors, checkers on the ace and deuce points, checkers in the outfield,
    and the numbers (of six) that move the rearmost checker to a point the opponent has not made.
    """
    counts = board.astype(np.float32)
    rows = np.arange(len(board))
    slots = np.arange(SLOTS)
    columns: list[np.ndarray] = []
    for mine, theirs in ((counts[:, :SLOTS], counts[:, SLOTS:]), (counts[:, SLOTS:], counts[:, :SLOTS])):
        made = mine[:, 1:25] >= 2
        blots = mine[:, 1:25] == 1
        run = np.zeros(len(board), np.float32)
        longest = np.zeros(len(board), np.float32)
        for point in range(24):
            run = np.where(made[:, point], run + 1, 0)
            longest = np.maximum(longest, run)
        hitters = np.zeros(len(board), np.float32)
        for point in range(1, 25):  # my point p is their point 25 - p; they move down to it
            behind = sum(
                (theirs[:, 25 - point + d] > 0).astype(np.float32) for d in range(1, 7) if 25 - point + d <= 25
            )
            hitters += blots[:, point - 1] * behind
        rearmost = np.max(np.where(mine[:, 1:26] > 0, slots[1:26], 0), axis=1)
        free = np.zeros(len(board), np.float32)
        for d in range(1, 7):
            target = rearmost - d
            blocked = (target >= 1) & (theirs[rows, np.clip(25 - target, 0, 25)] >= 2)
            free += ~blocked
        columns += [
            (mine[:, 1:26] * slots[1:26]).sum(axis=1),
            mine[:, 19:26].sum(axis=1),
            longest,
            blots.sum(axis=1),
            hitters,
            made[:, :6].sum(axis=1),
            made[:, 18:24].sum(axis=1),
            mine[:, 1:3].sum(axis=1),
            mine[:, 7:19].sum(axis=1),
            free,
        ]
    return np.stack(columns, axis=1).astype(np.float32)


def crashed_positions(board: np.ndarray) -> np.ndarray:
    """Which positions gnubg classes as *crashed*: ``toutes_tables.ai.phases.crashed`` over many boards at once
    (main checks the two agree on the data)."""
    points = np.arange(SLOTS)
    mine, theirs = board[:, :SLOTS].astype(np.int32), board[:, SLOTS:].astype(np.int32)

    def rearmost(side: np.ndarray) -> np.ndarray:
        return np.where(side[:, 1:] > 0, points[1:], 0).max(axis=1)

    def side_crashed(side: np.ndarray) -> np.ndarray:
        in_play, ace, deuce = side[:, 1:].sum(axis=1), side[:, 1], side[:, 2]
        piled_ace = (ace > 1) & ((in_play - ace <= 6) | ((deuce > 1) & (1 + in_play - ace - deuce <= 6)))
        return (in_play <= 6) | piled_ace | ((ace <= 1) & (in_play - (deuce - 1) <= 6))

    contact = rearmost(mine) + rearmost(theirs) > SLOTS - 1
    return contact & (side_crashed(mine) | side_crashed(theirs))


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    parts = [np.load(p) for p in paths]
    keys = ["board", "gnubg", "toutes", "outcome"]
    if all("game" in p and "double_chances" in p for p in parts):  # toutes_outcomes.py's files
        keys += ["game", "double_chances"]
        offsets = np.cumsum([0] + [int(p["game"].max()) + 1 for p in parts[:-1]])
        games = np.concatenate([p["game"] + offset for p, offset in zip(parts, offsets, strict=True)])
    data = {key: np.concatenate([p[key] for p in parts]) for key in keys}
    if "game" in data:
        data["game"] = games  # numbered across the files
    return data


def equity_error(pred: torch.Tensor, target: torch.Tensor) -> float:
    """Mean absolute error of the backgammon money equity 2W-1+WG+WBG-LG-LBG."""

    def eq(p: torch.Tensor) -> torch.Tensor:
        return 2 * p[:, 0] - 1 + p[:, 1] + p[:, 2] - p[:, 3] - p[:, 4]

    return float((eq(pred) - eq(target)).abs().mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--hidden", type=int, nargs="+", default=[256])
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--outcome-epochs", type=int, default=2)
    parser.add_argument(
        "--outcome-lambda", type=float, default=1.0,
        help="double-game targets: TD(lambda) over toutes_outcomes.py's games (1: the outcome alone)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--holdout", type=float, default=0.05, help="share of positions (the last ones) held out")
    parser.add_argument(
        "--init", type=Path, help="start from this weights file (same layers), e.g. to fine-tune the shipped network"
    )
    parser.add_argument("--crafted", action="store_true", help="the crafted counts beside the board (see above)")
    parser.add_argument("--only-crashed", action="store_true", help="train on the crashed positions alone")
    parser.add_argument(
        "--crashed-weight", type=int, default=1, help="each crashed training position this many times an epoch"
    )
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # a shared machine
    data = load(args.data)
    if args.only_crashed:
        keep = crashed_positions(data["board"])
        data = {key: values[keep] for key, values in data.items()}

    from toutes_tables.ai.features import crafted_counts
    from toutes_tables.ai.features import dense_inputs as reference_inputs

    for row in data["board"][:: max(1, len(data["board"]) // 200)]:
        mine, theirs = [int(v) for v in row[:SLOTS]], [int(v) for v in row[SLOTS:]]
        assert np.allclose(dense_inputs(row[None, :])[0], reference_inputs(mine, theirs)), "encodings differ"
        assert crafted_inputs(row[None, :])[0].tolist() == crafted_counts(mine, theirs), "crafted counts differ"
        assert bool(crashed_positions(row[None, :])[0]) is crashed_by_rule(mine, theirs), "crashed classes differ"

    inputs = dense_inputs(data["board"])
    if args.crafted:
        inputs = np.concatenate([inputs, crafted_inputs(data["board"]) / CRAFTED_SCALE], axis=1)
    x = torch.from_numpy(inputs)
    gnubg_targets = torch.from_numpy(data["gnubg"]).clamp(0, 1)
    toutes = torch.from_numpy(data["toutes"].astype(np.float32))
    outcome = torch.from_numpy(data["outcome"].astype(np.float32))
    toutes_targets = outcome[:, 1:3]
    if args.outcome_lambda < 1.0:
        if "game" not in data:
            raise SystemExit("--outcome-lambda needs toutes_outcomes.py's files (their games and chances)")
        targets = lambda_targets(
            data["outcome"].tolist(), data["game"].tolist(), data["double_chances"].tolist(), args.outcome_lambda
        )
        toutes_targets = torch.tensor(targets, dtype=torch.float32)
    count = len(x)
    cut = int(count * (1 - args.holdout))
    print(f"{count} positions ({int(toutes.sum())} Toutes tables), training on {cut}")
    epoch_positions = torch.arange(cut)
    if args.crashed_weight > 1:
        crashed = torch.from_numpy(np.flatnonzero(crashed_positions(data["board"][:cut])))
        epoch_positions = torch.cat([epoch_positions, crashed.repeat(args.crashed_weight - 1)])
        print(f"{len(crashed)} crashed training positions, each {args.crashed_weight} times an epoch")

    widths = [INPUT_COUNT + (CRAFTED_INPUTS if args.crafted else 0), *args.hidden, len(OUTPUTS)]
    modules: list[torch.nn.Module] = []
    for i, (a, b) in enumerate(itertools.pairwise(widths)):
        modules.append(torch.nn.Linear(a, b))
        if i < len(widths) - 2:
            modules.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*modules)
    if args.init is not None:
        start_from = Network(args.init.read_bytes())
        if [start_from.header["inputs"], *start_from.header["layers"]] != widths:
            raise SystemExit(
                f"--init has {start_from.header['inputs']} inputs and layers {start_from.header['layers']},"
                f" expected {widths[0]} and {widths[1:]}"
            )
        with torch.no_grad():
            linear = [m for m in model if isinstance(m, torch.nn.Linear)]
            for depth, (layer, (weights, biases)) in enumerate(zip(linear, start_from.layers, strict=True)):
                matrix = torch.tensor(weights)  # the file is input-major, per count for the crafted inputs
                if depth == 0 and args.crafted:
                    matrix[INPUT_COUNT:] *= torch.from_numpy(CRAFTED_SCALE)[:, None]
                layer.weight.copy_(matrix.T)
                layer.bias.copy_(torch.tensor(biases))
        print(f"starting from {args.init}")
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, T_max=args.epochs)
    bce = torch.nn.functional.binary_cross_entropy_with_logits

    def teacher_loss(idx: torch.Tensor) -> torch.Tensor:
        return bce(model(x[idx])[:, :5], gnubg_targets[idx])

    began = time.time()
    validation = torch.arange(cut, count)
    if args.epochs == 0:  # with --init: only the double-game units below are trained
        with torch.no_grad():
            mae = equity_error(torch.sigmoid(model(x[validation])), gnubg_targets[validation])
    for epoch in range(args.epochs):
        model.train()
        order = epoch_positions[torch.randperm(len(epoch_positions))]
        for start in range(0, len(order), args.batch):
            idx = order[start : start + args.batch]
            teacher = teacher_loss(idx)
            optimiser.zero_grad()
            teacher.backward()
            optimiser.step()
        schedule.step()
        model.eval()
        with torch.no_grad():
            teacher = teacher_loss(validation)
            pred = torch.sigmoid(model(x[validation]))
            mae = equity_error(pred, gnubg_targets[validation])
        print(
            f"epoch {epoch + 1}: held-out teacher loss {float(teacher):.5f}, equity MAE {mae:.4f},"
            f" {time.time() - began:.0f} s",
            flush=True,
        )

    # Stage 2: the Toutes tables double-game units on outcomes, on frozen hidden features.
    last = [m for m in model if isinstance(m, torch.nn.Linear)][-1]
    features = model[:-1]

    def hidden(idx: torch.Tensor) -> torch.Tensor:
        with torch.no_grad():
            return features(x[idx])

    for parameter in model.parameters():
        parameter.requires_grad_(False)
    head = torch.nn.Linear(last.in_features, 2)
    with torch.no_grad():
        head.weight.copy_(last.weight[5:])
        head.bias.copy_(last.bias[5:])
    head_optimiser = torch.optim.Adam(head.parameters(), lr=1e-3)
    toutes_train = torch.nonzero(toutes[:cut] > 0).flatten()
    toutes_held = cut + torch.nonzero(toutes[cut:] > 0).flatten()

    def report(when: str) -> None:
        with torch.no_grad():
            logits = head(hidden(toutes_held))
            held_loss = float(bce(logits, outcome[toutes_held, 1:3]))  # against what happened, whatever the targets
            predicted = torch.sigmoid(logits).mean(dim=0).tolist()
            seen = outcome[toutes_held, 1:3].mean(dim=0).tolist()
        print(
            f"{when}: held-out loss {held_loss:.4f}; double game won predicted"
            f" {predicted[0]:.4f} seen {seen[0]:.4f}, lost predicted {predicted[1]:.4f} seen {seen[1]:.4f}",
            flush=True,
        )

    report("outcome units as they start")
    for epoch in range(args.outcome_epochs):
        order = toutes_train[torch.randperm(len(toutes_train))]
        for start in range(0, len(order), args.batch):
            idx = order[start : start + args.batch]
            loss = bce(head(hidden(idx)), toutes_targets[idx])
            head_optimiser.zero_grad()
            loss.backward()
            head_optimiser.step()
        report(f"outcome epoch {epoch + 1}")
    with torch.no_grad():
        last.weight[5:] = head.weight
        last.bias[5:] = head.bias

    header = {
        "inputs": widths[0],
        "layers": widths[1:],
        "outputs": list(OUTPUTS),
        "training": {
            "data": [p.name for p in args.data],
            "positions": count,
            "epochs": args.epochs,
            "batch": args.batch,
            "lr": args.lr,
            "seed": args.seed,
            "outcome_epochs": args.outcome_epochs,
            "hidden": args.hidden,
            "held_out_equity_mae": round(mae, 5),
            "crafted": args.crafted,
        },
    }
    if args.init is not None:
        header["training"]["init"] = args.init.name
    if args.crashed_weight > 1:
        header["training"]["crashed_weight"] = args.crashed_weight
    if args.only_crashed:
        header["training"]["only_crashed"] = True
    if args.outcome_lambda < 1.0:
        header["training"]["outcome_lambda"] = args.outcome_lambda
    blob = bytearray(MAGIC)
    text = json.dumps(header, sort_keys=True).encode("utf-8")
    blob += struct.pack("<I", len(text)) + text
    for depth, layer in enumerate(m for m in model if isinstance(m, torch.nn.Linear)):
        weights = layer.weight.detach().numpy().T.copy()  # input-major
        if depth == 0 and args.crafted:
            weights[INPUT_COUNT:] /= CRAFTED_SCALE[:, None]  # per count, as the engine reads them
        blob += weights.astype("<f2").tobytes() + layer.bias.detach().numpy().astype("<f2").tobytes()
    # The first layer's smallest weights rounded to 2**-21, so the engine runs it in 32-bit lanes.
    blob = bytearray(narrow_first_layer(bytes(blob)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(bytes(blob))
    print(f"wrote {args.out} ({len(blob)} bytes)")


if __name__ == "__main__":
    main()
