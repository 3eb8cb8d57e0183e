"""Toutes Tables 225 judged by gnubg 2-ply, as near as gnubg can: what a level's error costs in points a game.

    nice -n 5 python benchmarks/toutes_judge.py --decisions 600 --seed 31
    nice -n 5 python benchmarks/toutes_judge.py --decisions 600 --seed 32 --levels expert,world-class

gnubg knows nothing of the double game or the maximum-pips bear-off, so it cannot judge Toutes tables
(docs/benchmarks.md, *What +0.10 a game asks*). This judge comes as near as it can, in three parts, for the
player who just moved:

* a finished game is worth its payoff under the rules (a double game 2);
* with both sides all home, the engine's own bear-off databases, which hold the maximum-pips bear-off exactly
  (``toutes_tables.ai.bearoff``; no double game is possible there);
* elsewhere, gnubg's cubeless chances at ``--judge-plies`` (2 by default), read under Toutes tables scoring:
  ``2 W - 1 + WD - LD``, gnubg's gammon standing for the double game, which it is but for the loser who gets
  all fifteen home without bearing one off; the engine's exact corrections apply as in
  ``toutes_tables.ai.evaluate.chances`` (a side that has borne off a checker, or is all home out of
  contact, cannot lose a double game).

**The decisions** are those of whole Toutes Tables 225 games (a start drawn among the 225 for each game) that
``--games-by`` plays against itself: by default the expert as issue 14 found it (``expert+ply=1`` with
``--games-evaluator``, the 256-unit network of that day, judging the bear-off by its network), since what any
player can win from it in whole games is about what it gives away in the positions its own games reach. At each
decision (two or more distinct legal results) the games' player has chosen; every level of ``--levels`` chooses
too, and so does gnubg 0-ply (the result whose Toutes reading at 0 ply is highest); the judge scores the 8 best
results by that 0-ply reading plus every player's choice, and a player's error is the best score minus its own,
in millipoints.

**Printed**, every 50 decisions: each player's error a decision, and the decisions each side makes in a game
(counted over the games finished), so that *decisions a game x error* is the points a game that a player
without error would take from that player; for each level, the paired difference from the games' player with
its 95 % interval, times the decisions a game: the head-to-head result that the judge foretells.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import gnubg

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selfplay import turns  # noqa: E402
from strength import CUBE, both_home, chooser, mean_interval, unbudgeted  # noqa: E402

from toutes_tables import Position  # noqa: E402
from toutes_tables.ai import bearoff  # noqa: E402
from toutes_tables.ai.features import in_contact  # noqa: E402
from toutes_tables.ai.network import Network  # noqa: E402
from toutes_tables.position import CHECKERS, OFF  # noqa: E402
from toutes_tables.rules import get_rules  # noqa: E402

RULES = "toutes-tables-225"
CANDIDATES = 8


def toutes_equity(result: Position, context: object) -> float:
    """The judge's cubeless Toutes tables equity of ``result`` for the player who just moved (see the module)."""
    mine, theirs = result.mine, result.theirs  # the opponent's side is ``mine``: the opponent is on roll
    if theirs[OFF] == CHECKERS:
        return float(get_rules(RULES).outcome(result, result.turn.other).multiplier)
    if bearoff.applies(mine, theirs):
        win, _, _ = bearoff.race_chances(mine, theirs, True, False)
        return -(2.0 * win - 1.0)
    chances = gnubg.evaluate(result.to_gnubg_board(), CUBE, context)
    win, win_double, lose_double = chances[0], chances[1], chances[3]
    if theirs[OFF]:
        win_double = 0.0
    if mine[OFF]:
        lose_double = 0.0
    if not in_contact(mine, theirs):
        if not any(theirs[7:26]):
            win_double = 0.0
        if not any(mine[7:26]):
            lose_double = 0.0
    return -(2.0 * win - 1.0 + win_double - lose_double)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="expert", help="the levels judged beside the games' player")
    parser.add_argument("--games-by", default="expert+ply=1", help="the level whose self-play gives the decisions")
    parser.add_argument(
        "--games-evaluator",
        type=Path,
        metavar="PATH",
        help="the games' player plays with this network (the 256-unit one of issue 14's filing, for its expert)",
    )
    parser.add_argument(
        "--games-with-databases",
        action="store_true",
        help="the games' player judges the bear-off by the databases (by default by its network, as before them)",
    )
    parser.add_argument("--judge-plies", type=int, default=2)
    args = parser.parse_args()

    zero_ply = gnubg.eval_context(0, 0, 1, 0, 0.0)
    judge = gnubg.eval_context(0, args.judge_plies, 1, 1, 0.0)
    network = Network(args.games_evaluator.read_bytes()) if args.games_evaluator else None
    games_player = f"{args.games_by}" + (f"@{args.games_evaluator.stem}" if args.games_evaluator else "")
    play_games = chooser(
        unbudgeted(args.games_by), network, random.Random(args.seed + 1), databases=args.games_with_databases
    )
    levels = {name: unbudgeted(name) for name in args.levels.split(",")}
    errors: dict[str, list[float]] = {games_player: [], **{name: [] for name in levels}, "gnubg 0-ply": []}
    print(
        f"{RULES} decisions of {games_player}'s self-play, judged by gnubg {args.judge_plies}-ply read under Toutes"
        f" tables scoring, the bear-off databases where both sides are home; seed {args.seed}"
    )
    rng = random.Random(args.seed)
    decisions_in_finished_games = decisions_this_game = games = in_reach = 0
    game = 1
    began = time.perf_counter()
    for turn in turns(play_games, [RULES], rng):
        if turn.game != game:
            game, games = turn.game, games + 1
            decisions_in_finished_games += decisions_this_game
            decisions_this_game = 0
        if not turn.is_decision:
            continue
        assert turn.play is not None
        decisions_this_game += 1
        shallow = {play.result: toutes_equity(play.result, zero_ply) for play in turn.plays}
        chosen = {games_player: turn.play.result}
        for name, level in levels.items():
            play = level.choose(turn.position, turn.dice, RULES)
            assert play is not None
            chosen[name] = play.result
        chosen["gnubg 0-ply"] = max(shallow, key=lambda result: shallow[result])
        candidates = set(sorted(shallow, key=lambda result: -shallow[result])[:CANDIDATES]) | set(chosen.values())
        scores = {result: toutes_equity(result, judge) for result in candidates}
        best = max(scores.values())
        for name, result in chosen.items():
            errors[name].append(1000.0 * (best - scores[result]))
        in_reach += both_home(turn.position)
        number = len(errors[games_player])
        if number % 50 and number != args.decisions:
            continue
        a_game = decisions_in_finished_games / games / 2 if games else float("nan")
        print(
            f"{number} decisions ({in_reach} with both sides home), {games} games finished, {a_game:.1f} decisions"
            f" a side a game ({(time.perf_counter() - began) / 60:.1f} min)"
        )
        print(f"  {'player':<28}{'error mp':>10}{'x decisions a game':>20}")
        for name, values in errors.items():
            mean = statistics.fmean(values)
            print(f"  {name:<28}{mean:>10.2f}{a_game * mean / 1000:>+17.3f} ppg")
        print(f"  {games_player} minus each level, paired (95 % CI), mp a decision, and x decisions a game:")
        for name in levels:
            gaps = [x - y for x, y in zip(errors[games_player], errors[name], strict=True)]
            mean = statistics.fmean(gaps)
            print(f"    {name:<26}{mean_interval(gaps):>28}  {a_game * mean / 1000:+.3f} ppg foretold", flush=True)
        if number == args.decisions:
            break


if __name__ == "__main__":
    main()
