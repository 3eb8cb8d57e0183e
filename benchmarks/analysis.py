"""The review against the game it reviews: a level playing both sides of a game, then the review of it.

Prints, in CPython, the seconds the level took to play the game (checker plays and cube
decisions, as the web game's computer makes them), the seconds the review took, the time per
reviewed decision and their ratio (review / play: under 1 the review is faster than the game
was), the same in this process's CPU seconds (which a loaded machine moves less than the wall
clock's), and in network evaluations, the work itself (seconds on a shared machine vary with its
load; the evaluations do not). Like with like: the game is played at the level the review searches
as (``--level``: World class, the review's default, or the Expert), both without the level's time
budget (the review never has it: its figures must not depend on the load), both with its
evaluation budget when it has one. ``--budget`` has the level play with its time budget instead, as
the web game's computer does (a loaded machine reaches it more often, and then the game played did
less work than the review). The browser's figure (the same review in the Pyodide worker, and its
ratio to CPython) is ``benchmarks/review_browser.py``'s.

    python benchmarks/analysis.py [--rules backgammon] [--seed 1] [--games 1] [--level world-class] [--budget]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pkg"))

from toutes_tables import Game  # noqa: E402
from toutes_tables.ai import LEVELS, CubeState, Level, choose_play, should_double, should_take  # noqa: E402
from toutes_tables.ai.network import default_network  # noqa: E402
from toutes_tables.analysis import REVIEW_LEVEL, REVIEW_LEVELS, review, reviewing_level  # noqa: E402


class EvaluationCounter:
    """Counts the network's evaluations (the work, whatever else the machine is doing)."""

    def __init__(self) -> None:
        self.count = 0
        network = default_network()
        original = network.outputs

        def counted(*args: object, **kwargs: object) -> list[float]:
            self.count += 1
            return original(*args, **kwargs)  # type: ignore[arg-type]

        network.outputs = counted  # type: ignore[method-assign]


def level_game(rules: str, seed: int, level: Level = LEVELS["expert"]) -> tuple[Game, float, float]:
    """A game ``level`` plays against itself, and the seconds its decisions took (wall clock, CPU)."""
    game = Game(rules, rng=random.Random(seed))
    thinking = cpu = 0.0
    while not game.is_over:
        began, began_cpu = time.perf_counter(), time.process_time()
        if game.phase == "opening":
            game.roll_opening()  # a tie is rolled again
        elif game.phase == "roll":
            if game.can_double() and should_double(game.position, rules, CubeState.from_game(game), level):
                game.offer_double()
            else:
                game.roll()
        elif game.phase == "double-offered":
            doubler = CubeState.from_game(game)
            game.take() if should_take(game.position, rules, doubler, level) else game.drop()
        else:
            assert game.dice is not None
            play = choose_play(game.position, game.dice, rules, level)
            game.play(play) if play is not None else game.pass_turn()
        thinking += time.perf_counter() - began
        cpu += time.process_time() - began_cpu
    return game, thinking, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="backgammon")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--level", default=REVIEW_LEVEL, choices=REVIEW_LEVELS,
                        help="the level that plays the game and the review searches as (default: the review's)")
    parser.add_argument("--budget", action="store_true",
                        help="the level plays with its time budget, as the web game does (by default without it, "
                        "as the review searches)")
    args = parser.parse_args()
    level = LEVELS[args.level] if args.budget else reviewing_level(args.level)
    counter = EvaluationCounter()
    how = f"{args.level} {'with its time budget' if args.budget else 'without time budget, as the review searches'}"
    for n in range(args.games):
        counter.count = 0
        game, played, played_cpu = level_game(args.rules, args.seed + n, level)
        played_evaluations = counter.count
        turns = sum(1 for a in game.history if type(a).__name__ == "Played")
        counter.count = 0
        began, began_cpu = time.perf_counter(), time.process_time()
        decisions = list(review(game, level=args.level))
        reviewed, reviewed_cpu = time.perf_counter() - began, time.process_time() - began_cpu
        reviewed_evaluations = counter.count
        print(
            f"{args.rules} seed {args.seed + n} ({how}): {turns} turns, "
            f"{len(decisions)} decisions reviewed | "
            f"played in {played:.1f} s, reviewed in {reviewed:.1f} s "
            f"({1000 * reviewed / max(1, len(decisions)):.0f} ms per decision) | review/play {reviewed / played:.2f} | "
            f"CPU: played {played_cpu:.1f} s, reviewed {reviewed_cpu:.1f} s, "
            f"review/play {reviewed_cpu / played_cpu:.2f} | "
            f"network evaluations: played {played_evaluations}, reviewed {reviewed_evaluations} "
            f"(ratio {reviewed_evaluations / max(1, played_evaluations):.2f})"
        )


if __name__ == "__main__":
    main()
