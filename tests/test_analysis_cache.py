"""The review's cache of network evaluations (ai.network.CachedNetwork): same figures, bounded, and the cube's
look at its 21 rolls paid by what the checker search already valued (docs/benchmarks.md, "The review of a game")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from toutes_tables import Game, Position, start_position
from toutes_tables.ai import CubeState, choose_play, should_double, should_take
from toutes_tables.ai import cube as cube_module
from toutes_tables.ai.evaluate import BACKGAMMON_UNITS, TOUTES_TABLES_UNITS
from toutes_tables.ai.network import CachedNetwork, default_network
from toutes_tables import analysis
from toutes_tables.analysis import review

SEED, TURNS = 7, 16  # an Advanced self-play game whose first 16 turns hold close cube decisions and a double/take
MIDDLE = Position.from_text("white 6:4 8:3 13:4 24:2 22:1 11:1 / 6:5 8:2 13:4 24:2 21:2")


def advanced_game(seed: int = SEED, turns: int = TURNS) -> Game:
    """The Advanced level playing both sides of a seeded backgammon game, cube included, for ``turns`` turns."""
    game = Game("backgammon", rng=random.Random(seed))
    played = 0
    while not game.is_over and played < turns:
        if game.phase == "opening":
            game.roll_opening()
        elif game.phase == "roll":
            state = CubeState.from_game(game)
            game.offer_double() if game.can_double() and should_double(
                game.position, "backgammon", state, "advanced") else game.roll()
        elif game.phase == "double-offered":
            state = CubeState.from_game(game)
            game.take() if should_take(game.position, "backgammon", state, "advanced") else game.drop()
        else:
            played += 1
            assert game.dice is not None
            play = choose_play(game.position, game.dice, "backgammon", "advanced")
            game.play(play) if play is not None else game.pass_turn()
    return game


def figures(game: Game) -> str:
    return json.dumps([d.to_json() for d in review(game)], sort_keys=True)


@pytest.fixture(scope="module")
def game() -> Game:
    return advanced_game()


def test_the_cached_network_gives_the_networks_outputs_to_the_last_bit() -> None:
    network = default_network()
    cached = CachedNetwork(network, size=4)
    positions = [MIDDLE, MIDDLE.swapped(), start_position(64), start_position(7)]
    for units in (None, BACKGAMMON_UNITS, TOUTES_TABLES_UNITS):
        for position in positions * 2:
            assert cached.outputs(position.mine, position.theirs, units) == network.outputs(
                position.mine, position.theirs, units
            )
    # three sets of units are three answers for one position; each asked twice
    assert (cached.misses, cached.hits) == (12, 12)
    outputs = cached.outputs(MIDDLE.mine, MIDDLE.theirs)
    outputs[0] = 2.0  # a caller's copy: changing it changes nothing remembered
    assert cached.outputs(MIDDLE.mine, MIDDLE.theirs) == network.outputs(MIDDLE.mine, MIDDLE.theirs)


def test_the_cached_network_is_bounded_and_keeps_what_was_asked_last() -> None:
    network = default_network()
    cached = CachedNetwork(network, size=3)
    game = advanced_game(seed=1, turns=12)
    seen = [game.position]
    replay = game.replayed()
    for action in game.history:
        replay.apply(action)
        seen.append(replay.position)
    distinct = list(dict.fromkeys(seen))
    assert len(distinct) > 10
    for position in distinct:
        cached.outputs(position.mine, position.theirs)
        assert len(cached) <= 2 * 3
    misses = cached.misses
    last = distinct[-1]
    cached.outputs(last.mine, last.theirs)
    assert cached.misses == misses  # the last one asked is still there
    first = distinct[0]
    cached.outputs(first.mine, first.theirs)
    assert cached.misses == misses + 1  # the first one was dropped long ago
    with pytest.raises(ValueError, match="size"):
        CachedNetwork(network, size=0)


def test_the_reviews_figures_are_the_same_with_and_without_its_cache(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached = figures(game)
    decisions = json.loads(cached)
    assert {"cube", "take"} <= {d["kind"] for d in decisions}, f"seed {SEED}: no double/take to compare"
    monkeypatch.setattr(analysis, "REVIEW_CACHE_SIZE", 2)  # a tiny cache, always dropping
    assert figures(game) == cached, f"seed {SEED}"
    monkeypatch.setattr(analysis, "CachedNetwork", lambda network, size: network)  # no cache at all
    assert figures(game) == cached, f"seed {SEED}"


def test_the_reviews_cube_look_costs_no_new_evaluation_and_no_time_budget(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 21 rolls' plays and the positions they leave were valued by the last move's replies (the luck needs
    them): the cube's one-roll look (the strongest level's, without its time budget) finds them in the cache."""
    network = default_network()
    original = network.outputs
    count = [0]

    def counted(*args: Any, **kwargs: Any) -> list[float]:
        count[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(network, "outputs", counted)
    budgets: list[float | None] = []
    roll_leaves = cube_module.roll_leaves

    def recorded(position: Position, rules: Any, time_budget: float | None = None, network: Any = None) -> Any:
        budgets.append(time_budget)
        return roll_leaves(position, rules, time_budget, network)

    monkeypatch.setattr(cube_module, "roll_leaves", recorded)
    cube_cost = [0]
    advice = analysis.cube_advice

    def measured(*args: Any, **kwargs: Any) -> Any:
        before = count[0]
        try:
            return advice(*args, **kwargs)
        finally:
            cube_cost[0] += count[0] - before

    monkeypatch.setattr(analysis, "cube_advice", measured)
    decisions = list(review(game))
    assert any(d.kind == "cube" for d in decisions)
    assert budgets and set(budgets) == {None}, f"seed {SEED}: the review's cube look had a time budget: {budgets}"
    cube_points = len(budgets)
    # at most the position's own glance at each cube point; without the cache each look costs hundreds
    assert cube_cost[0] <= cube_points, f"seed {SEED}: {cube_cost[0]} evaluations for {cube_points} cube looks"
