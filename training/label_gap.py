"""How far gnubg's labels at two depths are apart on the same positions, and where networks stand between them.

``generate.py`` plays its games at 0-ply whatever ``--label-plies`` says, so one seed gives the same positions at
any label depth: label a seed twice (say 0 and 2 plies) and this prints the mean and root-mean-square gap of their
cubeless money equities, in contact and without it (by the network's own contact input), then each weights file's
equity against both labels. Positions of a seed no network was trained on measure how a network judges new ones::

    python training/generate.py --games 1500 --seed 101 --label-plies 0 --out ply0-s101.npz
    python training/generate.py --games 1500 --seed 101 --label-plies 2 --out ply2-s101.npz
    python training/label_gap.py ply0-s101.npz ply2-s101.npz --evaluator pkg/toutes_tables/data/evaluator.bin

The network runs in numpy, in floating point, from the layers ``toutes_tables.ai.network`` reads (the inputs are
``train.py``'s batch encoding, so torch must be installed as for training).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from toutes_tables.ai.network import Network  # noqa: E402

from train import dense_inputs  # noqa: E402  (training/, this script's folder)


def money_equity(chances: np.ndarray) -> np.ndarray:
    """Cubeless money equity 2W-1+WG+WBG-LG-LBG of gnubg's five cumulative outputs, one row a position."""
    p = chances.clip(0, 1)
    return 2 * p[:, 0] - 1 + p[:, 1] + p[:, 2] - p[:, 3] - p[:, 4]


def network_chances(weights: Path, inputs: np.ndarray) -> np.ndarray:
    """The network's five backgammon outputs for each row of ``inputs`` (ReLU hidden layers, sigmoid outputs)."""
    values = inputs
    layers = Network(weights.read_bytes()).layers
    for depth, (matrix, biases) in enumerate(layers):  # input-major matrices, as the file stores them
        values = values @ np.asarray(matrix, dtype=np.float32) + np.asarray(biases, dtype=np.float32)
        if depth < len(layers) - 1:
            values = np.maximum(values, 0)
    return 1 / (1 + np.exp(-values[:, :5]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("shallow", type=Path, help="generate.py's file of a seed, labelled at the lesser depth")
    parser.add_argument("deep", type=Path, help="the same seed labelled deeper")
    parser.add_argument("--evaluator", type=Path, action="append", default=[], metavar="PATH", help="repeatable")
    args = parser.parse_args()
    shallow, deep = np.load(args.shallow), np.load(args.deep)
    if shallow["board"].shape != deep["board"].shape or not (shallow["board"] == deep["board"]).all():
        raise SystemExit(f"{args.shallow} and {args.deep} do not hold the same positions (same seed and games?)")
    inputs = dense_inputs(shallow["board"])
    contact = inputs[:, -1] > 0
    labels = {args.shallow: money_equity(shallow["gnubg"]), args.deep: money_equity(deep["gnubg"])}
    gap = labels[args.shallow] - labels[args.deep]
    print(f"{len(gap)} positions ({int(contact.sum())} in contact); equity gap between the labels:")
    for name, rows in (("all", slice(None)), ("contact", contact), ("no contact", ~contact)):
        print(f"  {name:<11} mean {np.abs(gap[rows]).mean():.4f}, rms {np.sqrt((gap[rows] ** 2).mean()):.4f}")
    for weights in args.evaluator:
        equity = money_equity(network_chances(weights, inputs))
        against = ", ".join(f"{path} {np.abs(equity - value).mean():.4f}" for path, value in labels.items())
        print(f"{weights.name}: mean equity error against {against}")


if __name__ == "__main__":
    main()
