"""Deeper labels for some positions of generate.py's files: gnubg at ``--plies`` instead of the 0-ply it labelled with.

The crashed network (``crashed.bin``, ``ai/phases.py``) is fine-tuned on the crashed positions of reproduce.sh's files
alone, labelled by gnubg 0-ply, the teacher it can at best equal. This relabels those positions (or all of them, or a
shard of either) at a deeper ply and writes them to a new file, with their other columns unchanged, ready for
``train.py --only-crashed``. The plays of the games stay as generate.py chose them: only the labels change.

At 2 plies a position costs about 11 ms of one core, so the 271,819 crashed positions of reproduce.sh's three files
take some 50 minutes; ``--shard K/N`` splits a file so that the cores share it (each shard its own output)::

    python training/relabel.py training/data/positions-1.npz --only-crashed --plies 2 --shard 1/2 --out c2-1a.npz
    python training/relabel.py training/data/positions-1.npz --only-crashed --plies 2 --shard 2/2 --out c2-1b.npz

The selection and the relabelling are plain Python, so that the tests check them without numpy, which only the
reading and writing of the files need.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import gnubg

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from toutes_tables import Position  # noqa: E402
from toutes_tables.ai.phases import crashed  # noqa: E402

SLOTS = 26  # one side's counts in a stored board: off, points 1-24, bar
MAX_PLIES = 3  # gnubg's 3-ply costs about a second a position: deeper is beyond any file of this size
CUBELESS = gnubg.cube_info()

Labels = tuple[float, float, float, float, float]


def parse_shard(text: str) -> tuple[int, int]:
    """``"K/N"`` as (K, N): the K-th of N equal shares, counted from 1."""
    try:
        k, n = (int(part) for part in text.split("/"))
    except ValueError:
        raise ValueError(f"shard {text!r} is not K/N, two whole numbers such as 1/2") from None
    if not 1 <= k <= n <= 64:
        raise ValueError(f"shard {text!r} needs 1 <= K <= N <= 64")
    return k, n


def position_of(board: Sequence[int]) -> Position:
    """The position of a stored board: the mover's 26 counts then the opponent's (validated by Position)."""
    if len(board) != 2 * SLOTS:
        raise ValueError(f"a stored board has {2 * SLOTS} counts, this one {len(board)}")
    counts = [int(n) for n in board]
    return Position(counts[:SLOTS], counts[SLOTS:])


def selected_rows(boards: Sequence[Sequence[int]], only_crashed: bool, shard: tuple[int, int] = (1, 1)) -> list[int]:
    """The rows to relabel: every row, or the crashed ones (gnubg's class, as the engine uses it), then the K-th of
    N shares of those in order."""
    rows = [
        i
        for i, board in enumerate(boards)
        if not only_crashed or crashed([int(n) for n in board[:SLOTS]], [int(n) for n in board[SLOTS:]])
    ]
    k, n = shard
    size = -(-len(rows) // n)
    return rows[(k - 1) * size : k * size]


def gnubg_labeller(plies: int) -> Callable[[Position], Labels]:
    """gnubg's cubeless (win, win gammon, win backgammon, lose gammon, lose backgammon) for the player on roll at
    ``plies``: 0 as generate.py labels, deeper pruned as gnubg's own analysis is (the context generate.py's
    ``--label-plies`` uses)."""
    if not 0 <= plies <= MAX_PLIES:
        raise ValueError(f"plies {plies!r} is not between 0 and {MAX_PLIES}")
    context = gnubg.eval_context(0, plies, 1, 1 if plies else 0, 0.0)

    def labels(position: Position) -> Labels:
        p = gnubg.evaluate(position.to_gnubg_board(), CUBELESS, context)
        return (p[0], p[1], p[2], p[3], p[4])

    return labels


def relabel(
    boards: Sequence[Sequence[int]],
    rows: Sequence[int],
    label: Callable[[Position], Labels],
    progress: Callable[[int], None] = lambda done: None,
) -> list[Labels]:
    """The new labels of ``rows`` of ``boards``, in their order; ``progress`` hears how many are done now and then."""
    out = []
    for done, row in enumerate(rows, 1):
        out.append(label(position_of(boards[row])))
        if done % 1000 == 0:
            progress(done)
    return out


def main() -> None:
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path, help="a file of generate.py")
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--only-crashed", action="store_true", help="relabel and keep the crashed positions alone")
    parser.add_argument("--shard", default="1/1", help="K/N: the K-th of N equal shares of the rows (default 1/1)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    try:
        shard = parse_shard(args.shard)
        label = gnubg_labeller(args.plies)
    except ValueError as error:
        parser.error(str(error))
    data = dict(np.load(args.source))
    boards = data["board"].tolist()
    rows = selected_rows(boards, args.only_crashed, shard)
    print(f"{args.source}: {len(rows)} of {len(boards)} positions to relabel at {args.plies}-ply", flush=True)
    began = time.time()

    def progress(done: int) -> None:
        elapsed = time.time() - began
        print(f"{done} relabelled, {elapsed:.0f} s, {1000 * elapsed / done:.1f} ms a position", flush=True)

    labels = relabel(boards, rows, label, progress)
    kept = {key: value[rows] for key, value in data.items()}
    kept["gnubg"] = np.array(labels, dtype=np.float32).reshape(len(rows), 5)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **kept)
    elapsed = time.time() - began
    print(f"wrote {len(rows)} positions to {args.out}, labels at {args.plies}-ply; {elapsed:.0f} s")


if __name__ == "__main__":
    main()
