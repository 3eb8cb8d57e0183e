"""Strength and speed of the computer's levels, judged by GNU Backgammon.

    python benchmarks/strength.py                          # 1,000 decisions per level, backgammon sets
    python benchmarks/strength.py --decisions 300 --levels expert --rules toutes-tables-225

Each level plays games against itself (the classic start for ``backgammon``, the 225 drawn
starts in turn for ``backgammon-225``; the sets given share the decisions). Every turn with at
least two distinct legal plays is a *decision*: the level's play is timed (CPython, one core,
the network already loaded), and gnubg scores every legal play by the cubeless money equity of
its result at ``--judge-plies`` (0 by default: gnubg's own 0-ply net, the network's teacher).
The *error* of a decision is the best play's equity minus the chosen play's, in millipoints
(thousandths of a point), as gnubg's "error rate per move" counts it for money play.

Toutes tables sets can be given too, but gnubg scores them with backgammon gammons and knows
nothing of the double game, so their error is only indicative there.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import gnubg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

from toutes_tables import Position, legal_plays, start_position  # noqa: E402
from toutes_tables.ai import LEVELS, choose_play  # noqa: E402
from toutes_tables.ai.network import default_network  # noqa: E402
from toutes_tables.position import CHECKERS, OFF, WHITE  # noqa: E402
from toutes_tables.rules import get_rules  # noqa: E402

CUBE = gnubg.cube_info()


def judge_equity(result: Position, rules_name: str, context: object) -> float:
    """gnubg's cubeless money equity of ``result`` for the player who just moved."""
    if result.theirs[OFF] == CHECKERS:
        return float(get_rules(rules_name).outcome(result, result.turn.other).multiplier)
    return -gnubg.evaluate(result.to_gnubg_board(), CUBE, context)[5]


def measure(level: str, rules_list: list[str], decisions: int, seed: int, context: object) -> dict[str, float]:
    rng = random.Random(seed)
    errors: list[float] = []
    times: list[float] = []
    best_chosen = 0
    game = 0
    while len(errors) < decisions:
        rules = rules_list[game % len(rules_list)]
        start = (game // len(rules_list)) % 225 + 1 if rules.endswith("-225") else 64
        game += 1
        position = start_position(start, WHITE)
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if dice[0] != dice[1]:
                break
        while len(errors) < decisions:
            plays = legal_plays(position, dice, rules)
            began = time.perf_counter()
            chosen = choose_play(position, dice, rules, level, rng)
            elapsed = time.perf_counter() - began
            if len(plays) >= 2:
                scores = {play.result: judge_equity(play.result, rules, context) for play in plays}
                assert chosen is not None
                best = max(scores.values())
                error = best - scores[chosen.result]
                errors.append(1000.0 * error)
                times.append(elapsed)
                best_chosen += error <= 1e-9
            position = chosen.result if chosen is not None else position.swapped()
            if position.theirs[OFF] == CHECKERS:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    return {
        "decisions": len(errors),
        "games": game,
        "error": statistics.fmean(errors),
        "best": best_chosen / len(errors),
        "median_ms": 1000 * statistics.median(times),
        "mean_ms": 1000 * statistics.fmean(times),
        "p95_ms": 1000 * sorted(times)[int(0.95 * len(times))],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--rules", default="backgammon,backgammon-225")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-plies", type=int, default=0)
    args = parser.parse_args()
    context = gnubg.eval_context(0, args.judge_plies, 1, 0, 0.0)
    network = default_network()  # load once, outside the timings
    sample = [start_position(n) for n in range(1, 226)]
    began = time.perf_counter()
    for _ in range(4):
        for position in sample:
            network.outputs(position.mine, position.theirs)
    per_call = (time.perf_counter() - began) / (4 * len(sample))
    hidden = network.header["layers"][:-1]
    print(f"network: {hidden} hidden units, one evaluation {1e6 * per_call:.0f} us (the 225 starts)")
    rules_list = args.rules.split(",")
    print(f"rules {', '.join(rules_list)}; judge gnubg {args.judge_plies}-ply; Python {sys.version.split()[0]}")
    print(
        f"{'level':<13}{'decisions':>10}{'games':>7}{'error mp/move':>15}{'best play':>11}"
        f"{'median ms':>11}{'mean ms':>9}{'p95 ms':>8}"
    )
    for level in args.levels.split(","):
        r = measure(level, rules_list, args.decisions, args.seed, context)
        print(
            f"{level:<13}{r['decisions']:>10}{r['games']:>7}{r['error']:>15.1f}{r['best']:>11.1%}"
            f"{r['median_ms']:>11.1f}{r['mean_ms']:>9.1f}{r['p95_ms']:>8.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
