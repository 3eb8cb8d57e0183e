"""The cube rollout against the play rollout: games per second of each, in CPython, on the same position.

Both roll out the same position before its roll, as the analysis board does (seed 1, variance reduction on,
games cut after ``--truncate`` plies, 10 by default as in the browser; 0 plays whole games): the play rollout
(``Rollout`` without dice: one candidate, the position itself) and the cube rollout (``CubeRollout``: no double
and double/take played out, double/pass exact). Prints each one's seconds, its games played out (a game of
every candidate played out: the cube rollout plays two per game) and games per second, and the ratio of the
cube rollout's played-out games per second to the play rollout's (under 1: a cube game costs more, for its
cube decisions at every roll). Seconds vary with the machine's load, so it prints the work as well: network
evaluations per game played out, counted as ``benchmarks/analysis.py`` counts them, and their ratio.

    python benchmarks/rollout.py [--games 36] [--truncate 10] [--xgid XGID]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pkg"))

from analysis import EvaluationCounter  # noqa: E402  (benchmarks/analysis.py)
from toutes_tables.ai.cube import CubeState  # noqa: E402
from toutes_tables.rollout import CubeRollout, Rollout  # noqa: E402
from toutes_tables.xgid import XGID  # noqa: E402

# The starting position before White's roll, cube centred, money: a clear no double, but a full-length game
# for both rollouts (a position near the end would finish its games before the cut and time nothing).
XGID_DEFAULT = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def timed(rollout: Rollout | CubeRollout, games: int) -> float:
    """Seconds to play ``games`` games of every candidate of ``rollout``, in the board's requests (budget 300)."""
    began = time.perf_counter()
    while rollout.games < games or rollout.in_progress:
        rollout.run(1, 300)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=36)
    parser.add_argument("--truncate", type=int, default=10, help="plies a game is cut after (0: whole games)")
    parser.add_argument("--xgid", default=XGID_DEFAULT)
    args = parser.parse_args()
    state = XGID.parse(args.xgid)
    truncate = args.truncate or None
    plays = Rollout(state.position, None, "backgammon", seed=1, truncate=truncate)
    cube = CubeRollout(state.position, "backgammon", CubeState.from_xgid(state), seed=1, truncate=truncate)
    counter = EvaluationCounter()
    rates, work = {}, {}
    for name, rollout, played_out in (("play rollout", plays, 1), ("cube rollout", cube, 2)):
        counter.count = 0
        seconds = timed(rollout, args.games)
        games = rollout.games * played_out
        rates[name] = games / seconds
        work[name] = counter.count / games
        print(f"{name}: {rollout.games} games of each candidate, {games} played out, in {seconds:.1f} s: "
              f"{rates[name]:.2f} games per second, {work[name]:,.0f} network evaluations a game")
    cut = f"cut after {args.truncate} plies" if truncate else "whole games"
    print(f"backgammon, {args.xgid}, {cut}, seed 1, variance reduction | "
          f"cube/play games per second {rates['cube rollout'] / rates['play rollout']:.2f}, "
          f"evaluations a game {work['cube rollout'] / work['play rollout']:.2f}")


if __name__ == "__main__":
    main()
