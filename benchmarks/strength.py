"""Strength and speed of the computer's levels, judged by GNU Backgammon, and their match against it.

    python benchmarks/strength.py                          # 1,000 decisions per level, backgammon sets
    python benchmarks/strength.py --rules backgammon-225   # the same on random 225 starts only
    python benchmarks/strength.py --decisions 300 --levels expert --rules toutes-tables-225
    python benchmarks/strength.py --versus-gnubg 300 --levels advanced,expert
    nice -n 10 python benchmarks/strength.py --gnubg-positions 300   # judged by gnubg 2-ply, gnubg 0-ply beside
    nice -n 10 python benchmarks/strength.py --gnubg-positions 300 --levels expert --evaluator /tmp/candidate.bin
    nice -n 19 python benchmarks/strength.py --versus-expert 2000 --levels world-class   # Toutes Tables 225
    nice -n 10 python benchmarks/strength.py --cube-decisions 200 --levels expert   # cube, gnubg 2-ply cubeful

**Error rate.** Each level plays games against itself (the classic start for ``backgammon``, a
start drawn at random among the 225 for ``backgammon-225``; the sets given alternate game by
game, see ``selfplay.py``). Every turn with at least two distinct legal plays is a *decision*:
the level's play is timed (CPython, one core, the network already loaded), and gnubg scores every
legal play by the cubeless money equity of its result at ``--judge-plies`` (0 by default: gnubg's
own 0-ply net, the network's teacher). The *error* of a decision is the best play's equity minus
the chosen play's, in millipoints (thousandths of a point), as gnubg's "error rate per move"
counts it for money play. Toutes tables sets can be given too, but gnubg scores them with
backgammon gammons and knows nothing of the double game, so their error is only indicative.

**Head-to-head** (``--versus-gnubg GAMES``). The level plays cubeless money games of backgammon
from the classic start against gnubg at ``--judge-plies``, which plays the legal play whose result
it values most (positions compared, so equivalent move orders are one play). Who opens alternates
game by game. Printed: points per game for the level (gammons 2, backgammons 3) with a 95 %
confidence interval (normal approximation), and the wins, gammons and backgammons of each side.

**Against the expert** (``--versus-expert GAMES``, any rule set, ``toutes-tables-225`` by
default, which gnubg cannot judge): each level plays cubeless games against the expert in pairs:
the same start (drawn at random among the 225 for a ``-225`` set) and the same dice, turn by
turn, once with the level as White and once as Black (White opens both; the dice stay the same
only while the two games' turns line up, which cuts the luck out of most of the difference).
Printed: the level's points per game (a double game 2) with a 95 % confidence interval computed
over the pairs' means (normal approximation), and its wins and double games. ``--opponent`` plays
another level (or a variant, ``expert+ply=1``) in the expert's place; ``--opponent-evaluator PATH`` has
the opponent play with the network of weights file PATH (a former network: the new one against it, with
the same search), and ``--evaluator PATH`` the levels (a candidate network against the shipped one).

**Judged by gnubg 2-ply on gnubg's games** (``--gnubg-positions DECISIONS``). The positions come
not from our self-play but from gnubg 0-ply playing itself (backgammon, classic start; each play
replaced with probability ``--random-plays``, 0.15 by default, by a random legal play, so that the
positions are varied), each with its random roll. At every decision every level chooses, and so
does gnubg 0-ply (the legal play whose result its net values most); the judge is gnubg's 2-ply (or
``--judge-plies`` when given) cubeless money equity of the resulting positions (``gnubg.evaluate``), for the
best 8 plays by gnubg 0-ply plus every play a contestant chose (gnubg's own move filter keeps about
as many), and a contestant's error is the best judged equity minus its play's. Positions are
compared, not gnubg's move tuples (cut at the first bear-off). Printed side by side, one row per
contestant, with the share of decisions in the bear-off databases' reach and the error there;
``--bear-off-only`` keeps only those decisions (both sides all home), ``--position-class CLASS`` only the
decisions of one of gnubg's classes (below; e.g. ``crashed``, to judge a network made for them on enough of
them: the same games, the others skipped). ``--evaluator PATH`` (repeatable)
adds, for each level, the same level playing with the network of weights file PATH (``name@file stem``,
e.g. ``expert@evaluator-1ply``; that network in every position, crashed ones too), to compare a candidate
network with the shipped ones in one run; ``--crashed-evaluator PATH`` (repeatable) the same level playing with
the shipped main network except in crashed positions (``toutes_tables.ai.phases``), where PATH's network
evaluates in place of the shipped ``crashed.bin`` (``name@file stem in crashed``). Below
the table, each player's error by gnubg's class of the position (``gnubg.classify``, the class that picks
gnubg's network: contact, crashed, race or bear-off) and, at the end of the run, the 10 decisions that cost
each of our levels most, with the position.

**Judged by the bear-off databases** (``--bear-off-judge DECISIONS``, any rule set, Toutes tables
too, which gnubg cannot judge): decisions with both sides all home from games of the intermediate
level, each level playing with the databases and without them (``bearoff.applies`` switched off, so
the network decides, as before the databases existed), the judge being the databases' cubeless
equity of each play's result.

**Cube decisions judged by gnubg 2-ply cubeful** (``--cube-decisions DECISIONS``). The positions are
those of the same gnubg 0-ply games (random plays mixed in), taken before the roll, keeping those
where the player on roll wins at least ``--cube-min-win`` (0.6 by default) by gnubg 0-ply's cubeless
evaluation (the others are all clear no doubles). Each is judged three times, the cube centred at 1: as a
money game without the Jacoby rule, as one with it, and at one match score of a 7-point match (taken in
turn from ``MATCH_SCORES``). (Before 2026-12-01 evening the "money" judge had the Jacoby rule on, as
the binding's ``cube_info`` does by default, while the contestants played without it.) The judge is
gnubg's own cube analysis (its ``hint`` before the roll, cubeful, at ``--judge-plies``, 2 by
default): the cubeful equities of no double (ND), double/take (DT) and double/pass (DP),
normalised as gnubg shows them (DP = +1; in a match, normalised match equity). A
contestant decides whether to double and whether to take; its *error* is the equity it gives away
by the judge: as the doubler ``max(ND, min(DT, DP))`` minus the value of its action (``min(DT, DP)``
if it doubles, else ``ND``), plus, as the taker, ``|DT - DP|`` when it takes a pass or passes a
take. The contestants: our levels (``cube_advice``, no time budget) and gnubg 0-ply's own cube
analysis (double when ``min(DT, DP) > ND``, take when ``DT <= DP``). Printed side by side: the mean
error in millipoints per decision with its 95 % interval, its two parts, the doubles and takes
that cost something, and the paired difference to gnubg 0-ply with its interval.

The levels play without their time budget (``time_budget=None``) but with their evaluation budget
(``evaluation_budget``, a count of network evaluations), so a run depends only on its seed and not
on the machine's load; the judged run's ``budget cut`` column is the share of decisions where the
evaluation budget cut a level's search short (a 1-ply candidate not looked at, or a 2-ply look given up).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import gnubg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from gnubg_cube import MATCH_LENGTH, GnubgCube  # noqa: E402
from selfplay import Chooser, opening_roll, turns  # noqa: E402

from toutes_tables import Play, Position, legal_plays, start_position  # noqa: E402
from toutes_tables.ai import LEVELS, CubeState, Level, cube_advice, get_level  # noqa: E402
from toutes_tables.ai import bearoff, search  # noqa: E402
from toutes_tables.ai.network import Network, PhasedNetwork, default_network  # noqa: E402
from toutes_tables.position import BLACK, CHECKERS, OFF, WHITE  # noqa: E402
from toutes_tables.rules import Outcome, get_rules  # noqa: E402

CUBE = gnubg.cube_info()


def judge_equity(result: Position, rules_name: str, context: object) -> float:
    """gnubg's cubeless money equity of ``result`` for the player who just moved."""
    if result.theirs[OFF] == CHECKERS:
        return float(get_rules(rules_name).outcome(result, result.turn.other).multiplier)
    return -gnubg.evaluate(result.to_gnubg_board(), CUBE, context)[5]


def unbudgeted(name: str) -> Level:
    """The level without its time budget: the same play whatever the machine's load.

    ``name`` may change the level's search, to measure a variant: ``expert+candidates=8+margin=0.25``.
    """
    base, *changes = name.split("+")
    level = get_level(base)
    fields: dict[str, object] = {}
    for change in changes:
        field, _, value = change.partition("=")
        if field not in {f.name for f in dataclasses.fields(Level)} or field in {"name", "title"}:
            raise SystemExit(f"no such search setting in a level: {change!r}")
        kind = type(getattr(level, field))
        fields[field] = value.lower() in {"1", "true"} if kind is bool else kind(value)
    return dataclasses.replace(level, name=name, time_budget=None, **fields)


def watch_budget_cuts() -> list[bool]:
    """A one-item list set True whenever a budget cuts a search short (a deeper look not made or given up).

    It wraps the search's ``_rescored``, whose ``value`` returns None exactly when a budget stops the search:
    the benchmark's only hook into the search, so that a run says how often the evaluation budget cut it.
    """
    cut = [False]
    rescored = search._rescored

    def watched(ranked: list, chosen: list, value: Callable, ply: int) -> list:
        def looked(index: int, result: Position) -> float | None:
            equity = value(index, result)
            if equity is None:
                cut[0] = True
            return equity

        return rescored(ranked, chosen, looked, ply)

    search._rescored = watched
    return cut


def measure(level_name: str, rules_list: list[str], decisions: int, seed: int, context: object) -> dict[str, float]:
    rng = random.Random(seed)
    level = unbudgeted(level_name)
    errors: list[float] = []
    times: list[float] = []
    elapsed = 0.0
    best_chosen = 0

    def timed_choice(position: Position, dice: tuple[int, int], rules: str) -> Play | None:
        nonlocal elapsed
        began = time.perf_counter()
        play = level.choose(position, dice, rules, rng)
        elapsed = time.perf_counter() - began
        return play

    games = 0
    for turn in turns(timed_choice, rules_list, rng):
        games = turn.game
        if not turn.is_decision:
            continue
        assert turn.play is not None
        scores = {play.result: judge_equity(play.result, turn.rules, context) for play in turn.plays}
        error = max(scores.values()) - scores[turn.play.result]
        errors.append(1000.0 * error)
        times.append(elapsed)
        best_chosen += error <= 1e-9
        if len(errors) == decisions:
            break
    return {
        "decisions": len(errors),
        "games": games,
        "error": statistics.fmean(errors),
        "best": best_chosen / len(errors),
        "median_ms": 1000 * statistics.median(times),
        "mean_ms": 1000 * statistics.fmean(times),
        "p95_ms": 1000 * sorted(times)[int(0.95 * len(times))],
    }


def gnubg_play(position: Position, dice: tuple[int, int], context: object) -> Play | None:
    """The legal play whose result gnubg values most for the mover (None when none is possible)."""
    plays = legal_plays(position, dice, "backgammon")
    if not plays:
        return None
    scores: dict[Position, float] = {}
    for play in plays:
        if play.result not in scores:
            scores[play.result] = judge_equity(play.result, "backgammon", context)
    return max(plays, key=lambda play: scores[play.result])


def versus_gnubg(level_name: str, games: int, seed: int, context: object) -> None:
    """Cubeless money games of the level against gnubg; prints progress and the points per game."""
    rng = random.Random(seed)
    level = unbudgeted(level_name)
    rules = get_rules("backgammon")
    points: list[int] = []
    outcomes = {side: dict.fromkeys(Outcome, 0) for side in ("level", "gnubg")}
    computer = WHITE
    began = time.perf_counter()
    for game in range(games):
        opener = WHITE if game % 2 == 0 else BLACK  # who opens alternates
        position = start_position(64, opener)
        dice = opening_roll(rng)
        while True:
            if position.turn is computer:
                play = level.choose(position, dice, rules, rng)
            else:
                play = gnubg_play(position, dice, context)
            position = play.result if play is not None else position.swapped()
            if position.theirs[OFF] == CHECKERS:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        winner = position.turn.other
        outcome = rules.outcome(position, winner)
        points.append(outcome.multiplier if winner is computer else -outcome.multiplier)
        outcomes["level" if winner is computer else "gnubg"][outcome] += 1
        if (game + 1) % 25 == 0 or game + 1 == games:
            minutes = (time.perf_counter() - began) / 60
            print(f"  {level_name} vs gnubg: {game + 1} games, {statistics.fmean(points):+.3f} ppg ({minutes:.1f} min)")
            sys.stdout.flush()
    mean = statistics.fmean(points)
    half_width = 1.96 * statistics.stdev(points) / math.sqrt(len(points))
    print(
        f"{level_name:<13}{len(points):>6} games {mean:+.3f} ppg, 95 % CI {mean - half_width:+.3f} to "
        f"{mean + half_width:+.3f}; "
        + "; ".join(
            f"{side} won {sum(counts.values())} ({counts[Outcome.GAMMON]} gammons, "
            f"{counts[Outcome.BACKGAMMON]} backgammons)"
            for side, counts in outcomes.items()
        ),
        flush=True,
    )


def play_out(white: Chooser, black: Chooser, rules: str, number: int, dice_seed: int) -> tuple[Position, int]:
    """One cubeless game from start ``number``, White opening, the dice from ``dice_seed``: (end, turns)."""
    dice_rng = random.Random(dice_seed)
    position = start_position(number, WHITE)
    dice = opening_roll(dice_rng)
    count = 0
    while True:
        choose = white if position.turn is WHITE else black
        play = choose(position, dice, rules)
        position = play.result if play is not None else position.swapped()
        count += 1
        if position.theirs[OFF] == CHECKERS:
            return position, count
        dice = (dice_rng.randint(1, 6), dice_rng.randint(1, 6))


@contextlib.contextmanager
def bear_off_databases_off() -> Iterator[None]:
    """Inside the block the computer judges every bear-off by its network, as before the databases existed."""
    applies = bearoff.applies
    bearoff.applies = lambda mine, theirs: False  # type: ignore[assignment]
    try:
        yield
    finally:
        bearoff.applies = applies


def chooser(level: Level, network: Network | None, rng: random.Random, databases: bool = True) -> Chooser:
    """``level.choose``, or with ``network`` in place of the shipped one when given (``rng``: its noise).

    ``databases=False``: the level plays as before the bear-off databases, its network judging every bear-off
    (``bear_off_databases_off`` around its moves only).
    """
    if network is None and databases:
        return level.choose

    def choose(position: Position, dice: tuple[int, int], rules: str) -> Play | None:
        with contextlib.nullcontext() if databases else bear_off_databases_off():
            if network is None:
                return level.choose(position, dice, rules)
            return chosen_with(level, network, position, dice, rng, rules)

    return choose


def versus_expert(
    level_name: str, rules_name: str, games: int, seed: int, opponent: str = "expert",
    opponent_network: Network | None = None, level_network: Network | None = None, opponent_databases: bool = True,
) -> None:
    """Pairs of games of the level against the expert (or ``opponent``), sides swapped on the same start and dice.

    ``opponent_network``: the opponent plays with that network instead of the shipped one (a former network,
    to measure a new one against it: the same search, another evaluation); ``level_network``: the level plays
    with that one (a candidate network, before it is shipped); ``opponent_databases=False``: the opponent judges
    the bear-off by its network, as every level did before the databases (the expert as issue 14 found it is
    ``expert+ply=1`` with the former network and no databases).
    """
    rng = random.Random(seed)
    level = chooser(unbudgeted(level_name), level_network, random.Random(seed + 2))
    expert = chooser(unbudgeted(opponent), opponent_network, random.Random(seed + 1), opponent_databases)
    if opponent_network is not None:
        opponent = f"{opponent}@former"
    if not opponent_databases:
        opponent = f"{opponent}-no-databases"

    rules = get_rules(rules_name)
    pair_means: list[float] = []
    won = doubles = lost_doubles = 0
    began = time.perf_counter()
    for _ in range(max(1, games // 2)):
        number = rng.randint(1, 225) if rules_name.endswith("-225") else 64
        dice_seed = rng.getrandbits(64)
        points = []
        for colour in (WHITE, BLACK):
            white, black = (level, expert) if colour is WHITE else (expert, level)
            end, _ = play_out(white, black, rules_name, number, dice_seed)
            winner = end.turn.other
            multiplier = rules.outcome(end, winner).multiplier
            points.append(multiplier if winner is colour else -multiplier)
            won += winner is colour
            doubles += winner is colour and multiplier > 1
            lost_doubles += winner is not colour and multiplier > 1
        pair_means.append(statistics.fmean(points))
        # After every pair, so that a run cut short still says what it measured.
        minutes = (time.perf_counter() - began) / 60
        load = os.getloadavg()[0]
        print(f"  {level_name} vs {opponent}: {_interval(pair_means)} ({minutes:.1f} min, load average {load:.1f})")
        sys.stdout.flush()
    played = 2 * len(pair_means)
    print(
        f"{level_name:<13} in {rules_name}: {_interval(pair_means)}; won {won}, with {doubles} double games; "
        f"lost {played - won}, {lost_doubles} of them double ({(time.perf_counter() - began) / 60:.1f} min)",
        flush=True,
    )


def _interval(pair_means: list[float]) -> str:
    """Games played, points per game and its 95 % interval, from the pairs' mean points."""
    mean = statistics.fmean(pair_means)
    half_width = 1.96 * statistics.stdev(pair_means) / math.sqrt(len(pair_means)) if len(pair_means) > 1 else math.inf
    low, high = mean - half_width, mean + half_width
    return f"{2 * len(pair_means)} games ({len(pair_means)} pairs), {mean:+.3f} ppg, 95 % CI {low:+.3f} to {high:+.3f}"


def both_home(position: Position) -> bool:
    """Every checker of both sides home: the bear-off databases' reach (``bearoff.applies``)."""
    return not any(position.mine[7:26]) and not any(position.theirs[7:26])


def gnubg_decisions(
    count: int,
    seed: int,
    random_share: float,
    zero_ply: object,
    bear_off_only: bool = False,
    keep: Callable[[Position], bool] | None = None,
) -> list[tuple[Position, tuple[int, int]]]:
    """``count`` (position, roll) decisions from gnubg 0-ply self-play with random plays mixed in.

    ``keep``, when given, is asked about each position (before its roll) that is kept otherwise.
    """
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    while len(found) < count:
        position = start_position(64, WHITE)
        dice = opening_roll(rng)
        while len(found) < count:
            plays = legal_plays(position, dice, "backgammon")
            if (
                len({play.result for play in plays}) >= 2
                and (both_home(position) or not bear_off_only)
                and (keep is None or keep(position))
            ):
                found.append((position, dice))
            if not plays:
                play = None
            elif rng.random() < random_share:
                play = rng.choice(plays)
            else:
                play = gnubg_play(position, dice, zero_ply)
            position = play.result if play is not None else position.swapped()
            if position.theirs[OFF] == CHECKERS:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
    return found


def judge_on_gnubg_positions(
    level_names: list[str],
    count: int,
    seed: int,
    random_share: float,
    plies: int,
    bear_off_only: bool,
    evaluators: list[Path] | None = None,
    only_class: str | None = None,
    crashed_evaluators: list[Path] | None = None,
) -> None:
    """Every level and gnubg 0-ply on the same gnubg-game decisions, judged by gnubg at ``plies``.

    Each weights file of ``evaluators`` adds every level again, playing with that network (``name@stem``); each
    of ``crashed_evaluators``, playing with the shipped network but that one in crashed positions.
    """
    zero_ply = gnubg.eval_context(0, 0, 1, 0, 0.0)
    judge = gnubg.eval_context(0, plies, 1, 1, 0.0)
    keep = None if only_class is None else (lambda position: position_class(position) == only_class)
    decisions = gnubg_decisions(count, seed, random_share, zero_ply, bear_off_only, keep)
    levels: dict[str, tuple[Level, Network | None]] = {name: (unbudgeted(name), None) for name in level_names}
    for path in evaluators or []:
        network = Network(path.read_bytes())
        for name in level_names:
            levels[f"{name}@{path.stem}"] = (unbudgeted(name), network)
    for path in crashed_evaluators or []:
        network = PhasedNetwork(default_network().main, Network(path.read_bytes()))
        for name in level_names:
            levels[f"{name}@{path.stem} in crashed"] = (unbudgeted(name), network)
    names = [*levels, "gnubg 0-ply"]
    width = max(13, *(len(name) + 2 for name in names))
    errors: dict[str, list[float]] = {name: [] for name in names}
    times: dict[str, list[float]] = {name: [] for name in levels}
    cuts: dict[str, int] = {name: 0 for name in levels}
    cut = watch_budget_cuts()
    in_reach: list[bool] = []
    classes: list[str] = []
    rng = random.Random(seed)
    began = time.perf_counter()
    for number, (position, dice) in enumerate(decisions, 1):
        plays = legal_plays(position, dice, "backgammon")
        by_result = {play.result: play for play in plays}
        shallow = {result: judge_equity(result, "backgammon", zero_ply) for result in by_result}
        chosen: dict[str, Position] = {"gnubg 0-ply": max(shallow, key=lambda r: shallow[r])}
        for name, (level, network) in levels.items():
            start = time.perf_counter()
            cut[0] = False
            if network is None:
                play = level.choose(position, dice, "backgammon", rng)
            else:
                play = chosen_with(level, network, position, dice, rng)
            times[name].append(time.perf_counter() - start)
            cuts[name] += cut[0]
            assert play is not None
            chosen[name] = play.result
        for name, error in judged_errors(shallow, chosen, judge).items():
            errors[name].append(error)
        in_reach.append(both_home(position))
        classes.append(position_class(position))
        if number % 25 == 0 or number == len(decisions):
            print(f"  {number} decisions ({(time.perf_counter() - began) / 60:.1f} min)", flush=True)
            # The table so far, so that a run cut short still says what it measured.
            reach = [i for i, r in enumerate(in_reach) if r]
            print(
                f"{number} decisions from gnubg 0-ply self-play ({random_share:.0%} random plays), seed {seed}, "
                f"judged by gnubg {plies}-ply; {len(reach)} in the bear-off databases' reach"
                + (f"; {only_class} positions only" if only_class else "")
            )
            columns = (
                ("error mp/move", 15), ("best play", 11), ("bear-off mp", 13), ("median ms", 11), ("p90 ms", 10),
                ("budget cut", 12),
            )
            print(f"{'player':<{width}}" + "".join(f"{title:>{w}}" for title, w in columns))
            for name in names:
                e = errors[name]
                there = statistics.fmean(e[i] for i in reach) if reach else float("nan")
                timing = ""
                if name in times:
                    ms = sorted(1000 * t for t in times[name])
                    timing = f"{statistics.median(ms):>11.1f}{ms[int(0.9 * len(ms))]:>10.1f}"
                    timing += f"{cuts[name] / number:>12.1%}"
                best_share = sum(x <= 1e-6 for x in e) / len(e)
                print(
                    f"{name:<{width}}{statistics.fmean(e):>15.2f}{best_share:>11.1%}{there:>13.2f}{timing}", flush=True
                )
            if (evaluators or crashed_evaluators) and number > 1:
                print("each level with another network minus the same level with the shipped one, paired (95 % CI):")
                for name in levels:
                    if "@" in name:
                        shipped = errors[name.split("@")[0]]
                        gaps = [x - y for x, y in zip(errors[name], shipped, strict=True)]
                        print(f"  {name:<{width}}{mean_interval(gaps):>30} mp/move")
            print_breakdown(decisions, errors, classes, worst=number == len(decisions))


def judged_errors(shallow: dict[Position, float], chosen: dict[str, Position], judge: object) -> dict[str, float]:
    """Each player's error (mp) in one decision: the judge's equity of the best result minus that of its own.

    ``shallow`` holds every legal result's gnubg 0-ply equity; the judge (deeper, so slower) only sees the eight
    best of them and the players' choices, one of which is gnubg 0-ply's own, so no player is judged against a
    result the judge did not look at.
    """
    candidates = set(sorted(shallow, key=lambda r: -shallow[r])[:8]) | set(chosen.values())
    scores = {result: judge_equity(result, "backgammon", judge) for result in candidates}
    best = max(scores.values())
    return {name: 1000.0 * (best - scores[result]) for name, result in chosen.items()}


def chosen_with(
    level: Level, network: Network, position: Position, dice: tuple[int, int], rng: random.Random,
    rules: str = "backgammon",
) -> Play | None:
    """``level.choose`` with ``network`` in place of the shipped one (the same search, the same noise rule)."""
    scored = level.rank(position, dice, rules, network)
    if not scored:
        return None
    if not level.noise:
        return scored[0].play
    return max(scored, key=lambda s: s.equity + rng.gauss(0.0, level.noise)).play


def position_class(position: Position) -> str:
    """gnubg's class of the position before the roll, as its evaluation picks a network: ``contact``, ``crashed``,
    ``race`` or ``bear-off`` (gnubg's own bear-off databases' reach, not ours)."""
    number = gnubg.classify(position.to_gnubg_board())
    return {10: "contact", 9: "crashed", 8: "race"}.get(number, "bear-off")


POSITION_CLASSES = ("contact", "crashed", "race", "bear-off")


def print_breakdown(
    decisions: list[tuple[Position, tuple[int, int]]],
    errors: dict[str, list[float]],
    classes: list[str],
    worst: bool,
) -> None:
    """Each player's error by gnubg's class of the position and (``worst``) the decisions that carry most of it."""
    print("error by class of position (gnubg's): decisions, then each player's mp/move and share of its error")
    for kind in ("contact", "crashed", "race", "bear-off"):
        where = [i for i, c in enumerate(classes) if c == kind]
        if not where:
            continue
        cells = []
        for name, e in errors.items():
            total = sum(e) or 1.0
            part = sum(e[i] for i in where)
            cells.append(f"{name} {part / len(where):.2f} ({part / total:.0%})")
        print(f"  {kind:<9}{len(where):>5}  " + "; ".join(cells))
    for name, e in errors.items():
        if name == "gnubg 0-ply" or not worst:
            continue
        costly = sorted(range(len(e)), key=lambda i: -e[i])[:10]
        share = sum(e[i] for i in costly) / (sum(e) or 1.0)
        print(
            f"the 10 decisions that cost {name} most ({share:.0%} of its error): number, class, roll, its error, "
            "gnubg 0-ply's, the position"
        )
        for i in costly:
            position, dice = decisions[i]
            print(
                f"  {i + 1:>4} {classes[i]:<9}{dice[0]}-{dice[1]} {e[i]:>7.1f} {errors['gnubg 0-ply'][i]:>7.1f}  "
                f"{position!r}"
            )


# The match scores of the cube measurement, as (points the player on roll still needs, the opponent's), 7-point match.
MATCH_SCORES = ((7, 7), (3, 5), (5, 3), (2, 4))


def cube_error(judged: tuple[float, float, float], double: bool, take: bool) -> tuple[float, float]:
    """The doubler's and the taker's error (mp) of the decisions ``double`` and ``take`` by the judge's equities."""
    nd, dt, dp = judged
    doubled = min(dt, dp)
    doubler = max(nd, doubled) - (doubled if double else nd)
    taker = max(0.0, dt - dp) if take else max(0.0, dp - dt)
    return 1000.0 * doubler, 1000.0 * taker


def mean_interval(values: list[float]) -> str:
    """The mean and its 95 % interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:.2f} ({mean - half:.2f} to {mean + half:.2f})"


def judge_cube_decisions(
    level_names: list[str], count: int, seed: int, random_share: float, plies: int, min_win: float
) -> None:
    """Every level and gnubg 0-ply take the same cube decisions, judged by gnubg's cubeful cube analysis."""
    zero_ply = gnubg.eval_context(0, 0, 1, 0, 0.0)
    cubeless = gnubg.cube_info()

    def doubling_candidate(position: Position) -> bool:
        return position.winner() is None and gnubg.evaluate(position.to_gnubg_board(), cubeless, zero_ply)[0] >= min_win

    decisions = gnubg_decisions(count, seed, random_share, zero_ply, keep=doubling_candidate)
    analysis = GnubgCube()
    levels = {name: unbudgeted(name) for name in level_names}
    names = [*level_names, "gnubg 0-ply"]
    settings = ("money", "jacoby", "match")
    errors = {(name, setting): [] for name in names for setting in settings}  # (doubler, taker) per decision
    # wrong doubles (or no doubles), takes of a pass, passes of a take
    wrong = {(name, setting): [0, 0, 0] for name in names for setting in settings}
    began = time.perf_counter()
    for number, (position, _) in enumerate(decisions, 1):
        match_away = MATCH_SCORES[(number - 1) % len(MATCH_SCORES)]
        for setting, away in (("money", None), ("jacoby", None), ("match", match_away)):
            jacoby = setting == "jacoby"
            judged = analysis.equities(position, away, plies, jacoby)
            nd, dt, dp = analysis.equities(position, away, 0, jacoby)
            choices = {"gnubg 0-ply": (min(dt, dp) > nd, dt <= dp)}
            cube = CubeState(jacoby=jacoby) if away is None else CubeState(match_length=MATCH_LENGTH, away=away)
            for name, level in levels.items():
                advice = cube_advice(position, "backgammon", cube, level)
                choices[name] = (advice.double, advice.take)
            for name, (double, take) in choices.items():
                doubler, taker = cube_error(judged, double, take)
                errors[name, setting].append((doubler, taker))
                # Wrong: it costs something (where doubling and not are worth the same, neither is wrong).
                wrong[name, setting][0] += doubler > 0.0
                wrong[name, setting][1 if take else 2] += taker > 0.0
        if number % 25 == 0 or number == len(decisions):
            print(f"  {number} positions ({(time.perf_counter() - began) / 60:.1f} min)", flush=True)
            print(
                f"{number} positions before the roll from gnubg 0-ply self-play ({random_share:.0%} random plays), "
                f"seed {seed}, the player on roll winning >= {min_win:.0%} by gnubg 0-ply; cube centred; "
                f"judged by gnubg {plies}-ply cubeful: money without and with the Jacoby rule, "
                f"and {MATCH_LENGTH}-point match scores "
                + ", ".join(f"{a}-{b} away" for a, b in MATCH_SCORES)
                + " in turn"
            )
            print(
                f"{'player':<13}{'setting':<7}{'error mp/decision (95 % CI)':>30}{'doubler':>9}{'taker':>7}"
                f"{'wrong doubles':>15}{'took a pass':>13}{'passed a take':>15}{'minus gnubg 0-ply (95 % CI)':>30}"
            )
            for setting in settings:
                reference = [sum(e) for e in errors["gnubg 0-ply", setting]]
                for name in names:
                    e = errors[name, setting]
                    total = [sum(pair) for pair in e]
                    doubler = statistics.fmean(pair[0] for pair in e)
                    taker = statistics.fmean(pair[1] for pair in e)
                    difference = (
                        ""
                        if name == "gnubg 0-ply"
                        else mean_interval([a - b for a, b in zip(total, reference, strict=True)])
                    )
                    w = wrong[name, setting]
                    print(
                        f"{name:<13}{setting:<7}{mean_interval(total):>30}{doubler:>9.2f}{taker:>7.2f}"
                        f"{w[0]:>15}{w[1]:>13}{w[2]:>15}{difference:>30}",
                        flush=True,
                    )


def judge_by_the_bear_off_databases(level_names: list[str], rules: str, count: int, seed: int) -> None:
    """The levels with and without the bear-off databases, judged by the databases, in both-home positions."""
    from toutes_tables.ai import equity_after  # noqa: PLC0415 - only this mode needs it

    rng = random.Random(seed)
    source = get_level("intermediate")  # its games give the positions (a little noise, for variety)
    decisions: list[tuple[Position, tuple[int, int]]] = []
    for turn in turns(lambda p, d, r: source.choose(p, d, r, rng), [rules], rng):
        if turn.is_decision and both_home(turn.position):
            decisions.append((turn.position, turn.dice))
            if len(decisions) == count:
                break
    print(f"{count} decisions with both sides all home, from {rules} games of the intermediate level, seed {seed}")
    print("judged by the bear-off databases (cubeless equity of each play's result)")
    print(f"{'player':<30}{'error mp/move':>15}{'best play':>11}{'worst mp':>10}{'median ms':>11}")
    for with_databases in (False, True):
        for name in level_names:
            level = unbudgeted(name)
            errors: list[float] = []
            times: list[float] = []
            for position, dice in decisions:
                scores = {p.result: equity_after(p.result, rules) for p in legal_plays(position, dice, rules)}
                with contextlib.nullcontext() if with_databases else bear_off_databases_off():
                    began = time.perf_counter()
                    play = level.choose(position, dice, rules, rng)
                    times.append(time.perf_counter() - began)
                assert play is not None
                errors.append(1000.0 * (max(scores.values()) - scores[play.result]))
            label = f"{name} ({'databases' if with_databases else 'network only'})"
            print(
                f"{label:<30}{statistics.fmean(errors):>15.2f}{sum(e <= 1e-9 for e in errors) / len(errors):>11.1%}"
                f"{max(errors):>10.1f}{1000 * statistics.median(times):>11.2f}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--rules", default="backgammon,backgammon-225")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-plies", type=int, default=0)
    parser.add_argument("--versus-gnubg", type=int, default=0, metavar="GAMES", help="play GAMES against gnubg")
    parser.add_argument(
        "--versus-expert", type=int, default=0, metavar="GAMES", help="play GAMES (in pairs) against the expert"
    )
    parser.add_argument("--opponent", default="expert", help="the level --versus-expert plays against")
    parser.add_argument(
        "--opponent-evaluator", type=Path, metavar="PATH", help="--versus-expert: the opponent plays with this network"
    )
    parser.add_argument(
        "--opponent-without-databases",
        action="store_true",
        help="--versus-expert: the opponent judges the bear-off by its network, not the bear-off databases",
    )
    parser.add_argument(
        "--gnubg-positions", type=int, default=0, metavar="DECISIONS", help="judge on gnubg self-play decisions"
    )
    parser.add_argument(
        "--bear-off-judge", type=int, default=0, metavar="DECISIONS", help="judge by the bear-off databases"
    )
    parser.add_argument("--bear-off-only", action="store_true", help="only decisions with both sides all home")
    parser.add_argument(
        "--position-class",
        choices=POSITION_CLASSES,
        help="with --gnubg-positions: only decisions of this class of gnubg's",
    )
    parser.add_argument(
        "--cube-decisions", type=int, default=0, metavar="POSITIONS", help="judge cube decisions by gnubg cubeful"
    )
    parser.add_argument("--cube-min-win", type=float, default=0.6, help="the cube positions' least winning chance")
    parser.add_argument(
        "--crashed-evaluator",
        type=Path,
        action="append",
        default=[],
        metavar="PATH",
        help="with --gnubg-positions: every level again with the shipped network, but this one in crashed positions",
    )
    parser.add_argument("--random-plays", type=float, default=0.15, help="share of random plays in gnubg's games")
    parser.add_argument(
        "--evaluator",
        type=Path,
        action="append",
        default=[],
        metavar="PATH",
        help="with --gnubg-positions: every level again with this weights file's network (repeatable);"
        " with --versus-expert: the levels play with the first one",
    )
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
    if args.bear_off_judge:
        for rules in args.rules.split(","):
            judge_by_the_bear_off_databases(args.levels.split(","), rules, args.bear_off_judge, args.seed)
        return
    if args.versus_expert:
        rules_name = args.rules if args.rules != parser.get_default("rules") else "toutes-tables-225"
        against = args.opponent + (f"@{args.opponent_evaluator.stem}" if args.opponent_evaluator else "")
        against += " without the bear-off databases" if args.opponent_without_databases else ""
        print(f"head-to-head against {against}, cubeless; Python {sys.version.split()[0]}; seed {args.seed}")
        former = Network(args.opponent_evaluator.read_bytes()) if args.opponent_evaluator else None
        candidate = Network(args.evaluator[0].read_bytes()) if args.evaluator else None
        if candidate is not None:
            print(f"the levels play with {args.evaluator[0]}: training {candidate.header.get('training')}")
        for level in args.levels.split(","):
            versus_expert(
                level, rules_name, args.versus_expert, args.seed, args.opponent, former, candidate,
                not args.opponent_without_databases,
            )
        return
    if args.cube_decisions:
        plies = args.judge_plies or 2
        print(
            f"judge gnubg {plies}-ply cubeful; Python {sys.version.split()[0]}; gnubg {gnubg.version}; seed {args.seed}"
        )
        judge_cube_decisions(
            args.levels.split(","), args.cube_decisions, args.seed, args.random_plays, plies, args.cube_min_win
        )
        return
    if args.gnubg_positions:
        plies = args.judge_plies or 2
        print(f"judge gnubg {plies}-ply; Python {sys.version.split()[0]}; seed {args.seed}")
        for path in [*args.evaluator, *args.crashed_evaluator]:
            header = Network(path.read_bytes()).header
            print(f"network {path}: {header['layers'][:-1]} hidden units, training {header.get('training')}")
        judge_on_gnubg_positions(
            args.levels.split(","),
            args.gnubg_positions,
            args.seed,
            args.random_plays,
            plies,
            args.bear_off_only,
            args.evaluator,
            args.position_class,
            args.crashed_evaluator,
        )
        return
    print(f"gnubg {args.judge_plies}-ply; Python {sys.version.split()[0]}; seed {args.seed}")
    if args.versus_gnubg:
        print("head-to-head, cubeless money games of backgammon from the classic start")
        for level in args.levels.split(","):
            versus_gnubg(level, args.versus_gnubg, args.seed, context)
        return
    rules_list = args.rules.split(",")
    print(f"error rate per move; rules {', '.join(rules_list)}")
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
