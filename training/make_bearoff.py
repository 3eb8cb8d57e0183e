"""Build ``pkg/toutes_tables/data/bearoff.bin``: the one-sided bear-off databases (see ai/bearoff.py).

Every position of at most 15 checkers on the six home points, every one of the 21 rolls, the
engine's own legal plays (``toutes_tables.legal_plays``, so the Toutes tables table follows the
maximum-pips rule exactly as the game does): a dynamic programme from the empty board upwards in
pip count, each roll played to the successor with the fewest expected rolls (ties: the lowest
index, so the file is reproducible bit for bit). Nothing random; no gnubg.

Run (about 6 minutes on one core; the xz compression of the last step takes a few seconds)::

    nice -n 10 python training/make_bearoff.py --out pkg/toutes_tables/data/bearoff.bin
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from toutes_tables import Position, legal_plays  # noqa: E402
from toutes_tables.ai import bearoff  # noqa: E402
from toutes_tables.ai.search import ROLLS  # noqa: E402
from toutes_tables.position import CHECKERS  # noqa: E402

# The opponent parked on his own ace point: no contact, nothing of his in the mover's way.
PARKED = (0, CHECKERS) + (0,) * 24
Distribution = list[float]  # index n: the chance of needing exactly n rolls


def successors(index: int, rules: str) -> list[tuple[int, list[int]]]:
    """For each of the 21 rolls, its weight and the indices of the home boards the legal plays reach."""
    home = bearoff.unrank(index)
    mine = (CHECKERS - sum(home), *home) + (0,) * 19
    position = Position(mine, PARKED)
    moves = []
    for dice, weight in ROLLS:
        reached = sorted({bearoff.rank(play.result.theirs[1:7]) for play in legal_plays(position, dice, rules)})
        moves.append((weight, reached))
    return moves


def by_pips() -> list[int]:
    """Every index, fewest pips first (every play lowers the pip count, so successors come first)."""
    pips = [sum((p + 1) * c for p, c in enumerate(bearoff.unrank(i))) for i in range(bearoff.POSITIONS)]
    return sorted(range(bearoff.POSITIONS), key=lambda i: (pips[i], i))


def mean(d: Distribution) -> float:
    return sum(n * p for n, p in enumerate(d))


def solve(order: list[int], moves: dict[int, list[tuple[int, list[int]]]], done: list[bool]) -> dict[int, Distribution]:
    """The distribution of rolls to reach a ``done`` position, each roll minimising the expected rolls."""
    dist: dict[int, Distribution] = {}
    means: dict[int, float] = {}
    for index in order:
        if done[index]:
            dist[index], means[index] = [1.0], 0.0
            continue
        total: Distribution = [0.0]
        for weight, reached in moves[index]:
            best = min(reached, key=lambda r: (means[r], r))
            d = dist[best]
            if len(total) < len(d) + 1:
                total.extend([0.0] * (len(d) + 1 - len(total)))
            for n, p in enumerate(d):
                total[n + 1] += weight * p / 36.0
        dist[index], means[index] = total, mean(total)
    return dist


def quantise(d: Distribution) -> tuple[int, list[int]]:
    """``(lo, counts)``: the chances in units of ``bearoff.ONE``, from the first to the last non-zero one.

    The cumulative chances are rounded, not each chance, so the counts sum to exactly ``ONE`` and
    no chance is off by more than one rounding.
    """
    cumulative, total, counts = 0, 0.0, []
    for p in d:
        total += p
        rounded = round(min(total, 1.0) * bearoff.ONE)
        counts.append(rounded - cumulative)
        cumulative = rounded
    counts[-1] += bearoff.ONE - cumulative  # the float sum may fall short of 1 by a rounding
    nonzero = [n for n, v in enumerate(counts) if v]
    lo, hi = nonzero[0], nonzero[-1]
    return lo, counts[lo : hi + 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    began = time.perf_counter()
    order = by_pips()
    empty = [i == 0 for i in range(bearoff.POSITIONS)]
    tables: dict[str, list[tuple[int, list[int]]]] = {}
    standard_moves: dict[int, list[tuple[int, list[int]]]] = {}
    for name, rules in (("standard", "backgammon"), ("max-pips", "toutes-tables")):
        moves = {i: successors(i, rules) for i in order if i}
        if name == "standard":
            standard_moves = moves
        dist = solve(order, moves, empty)
        tables[name] = [quantise(dist[i]) for i in range(bearoff.POSITIONS)]
        print(f"{name}: {time.perf_counter() - began:.0f} s", file=sys.stderr)
    # First checker off (standard rules): done as soon as fewer than 15 checkers are on the board.
    fifteen = [sum(bearoff.unrank(i)) == CHECKERS for i in range(bearoff.POSITIONS)]
    first = solve(order, standard_moves, [not f for f in fifteen])
    tables["first-off"] = [quantise(first[i]) if fifteen[i] else (0, []) for i in range(bearoff.POSITIONS)]
    meta = {"generator": "training/make_bearoff.py", "policy": "minimum expected rolls"}
    blob = bearoff.encode(tables, {"max-pips": "standard"}, meta)
    args.out.write_bytes(blob)
    digest = hashlib.sha256(blob).hexdigest()[:16]
    print(f"{args.out}: {len(blob):,} bytes, sha256 {digest}, {time.perf_counter() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
