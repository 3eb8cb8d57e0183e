"""The deeper search's evaluation budget: a bound counted in network evaluations, the same on every machine."""

from __future__ import annotations

import dataclasses
import functools
import itertools
from typing import Any
from unittest import mock

import pytest

from toutes_tables import WHITE, start_position
from toutes_tables.ai import LEVELS, search
from toutes_tables.ai.network import default_network
from toutes_tables.ai.search import ROLLS, one_ply_equity, rank_plays, rank_plays_deeper, rank_plays_deepest
from toutes_tables.movegen import legal_plays
from toutes_tables.position import Position
from toutes_tables.rules import get_rules

RULES = get_rules("backgammon")
OPENING, DICE = start_position(64, WHITE), (2, 1)  # several openings within a few hundredths: 1-ply and 2-ply looks
DEEP = {"deep_candidates": 2, "deep_margin": 1.0}  # a 2-ply look on the best two, however far apart


BUDGETS = (0, 1, 2500, 9000)  # none, the first 1-ply look, all the 1-ply looks and part of the 2-ply ones


@functools.cache
def budgeted(budget: int) -> tuple[list[search.ScoredPlay], int]:
    """The opening's search with an evaluation budget, and the evaluations it made (the positions its ``known``
    remembers, counted as _mover_equity adds them)."""
    count = 0
    evaluate = search._mover_equity

    def counting(position: Position, rules: Any, network: Any, known: dict[Any, float]) -> float:
        nonlocal count
        before = len(known)
        value = evaluate(position, rules, network, known)
        count += len(known) - before
        return value

    with mock.patch.object(search, "_mover_equity", counting):
        ranked = rank_plays_deepest(OPENING, DICE, RULES, evaluation_budget=budget, **DEEP)
    return ranked, count


@functools.cache
def unbounded() -> tuple[list[search.ScoredPlay], int]:
    """The opening's search without a budget, and the most evaluations one of its steps makes on its own."""
    full = rank_plays_deepest(OPENING, DICE, RULES, **DEEP)
    steps = [look_cost(s.play.result) for s in full if s.ply >= 1]
    steps += [cost for s in full if s.ply == 2 for cost in two_ply_step_costs(s.play.result)]
    return full, max(steps)


def look_cost(result: Position) -> int:
    """The evaluations of one 1-ply look at ``result`` on its own (a search sharing its evaluations makes fewer)."""
    known: search.Known = {}
    one_ply_equity(result, RULES, default_network(), known)
    return len(known)


def two_ply_step_costs(result: Position) -> list[int]:
    """The evaluations of each opponent roll of a 2-ply look at ``result`` on its own: his answers, then one 1-ply
    look from the position his best answer leaves (``search._two_ply``'s step)."""
    costs = []
    for dice, _ in ROLLS:
        known: search.Known = {}
        plays = legal_plays(result, dice, RULES)
        if plays:
            net = default_network()
            reached = min(plays, key=lambda play: search._mover_equity(play.result, RULES, net, known)).result
        else:
            reached = result.swapped()
        one_ply_equity(reached, RULES, default_network(), known)
        costs.append(len(known))
    return costs


def test_the_budget_gives_the_same_answer_whatever_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that jumps an hour at every reading changes nothing: the evaluation budget never reads it."""
    ticks = itertools.count()
    expert = dataclasses.replace(LEVELS["expert"], time_budget=None)  # as a seeded session plays it
    quiet = expert.rank(OPENING, DICE, RULES)
    monkeypatch.setattr(search.time, "perf_counter", lambda: 3600.0 * next(ticks))
    assert expert.rank(OPENING, DICE, RULES) == quiet
    for budget in BUDGETS[1:3]:
        assert rank_plays_deepest(OPENING, DICE, RULES, evaluation_budget=budget, **DEEP) == budgeted(budget)[0]


@pytest.mark.parametrize("budget", BUDGETS)
def test_a_budget_of_n_evaluations_makes_at_most_n_minus_1_plus_one_steps(budget: int) -> None:
    """The bound rank_plays_deepest states: N - 1 + the costliest step (N = 0: the first 1-ply look only)."""
    full, step = unbounded()
    ranked, count = budgeted(budget)
    assert count <= max(budget - 1, 0) + step
    if budget == 0:
        assert count == look_cost(rank_plays(OPENING, DICE, RULES)[0].play.result)
    if ranked != full:  # cut short: only once the budget was reached
        assert count >= budget
    assert sorted(map(str, (s.play for s in ranked))) == sorted(map(str, (s.play for s in full)))


def test_the_budget_cuts_the_search_and_a_larger_one_searches_at_least_as_far() -> None:
    full, _ = unbounded()
    plies = [sum(s.ply for s in budgeted(budget)[0]) for budget in BUDGETS]
    assert plies == sorted(plies) and plies[0] < plies[-1] < sum(s.ply for s in full)  # 9,000 cut the 2-ply looks
    assert [s.ply for s in budgeted(2500)[0][:4]] == [1, 1, 1, 1]  # every 1-ply candidate, no 2-ply look
    assert rank_plays_deepest(OPENING, DICE, RULES, evaluation_budget=10**9, **DEEP) == full


def test_the_first_candidate_is_always_searched() -> None:
    """A budget of 0 (or 1): the 0-ply best looked at 1-ply, the others in 0-ply order, no 2-ply look; as a spent
    time budget leaves it."""
    shallow = rank_plays(OPENING, DICE, RULES)
    for budget in (0, 1):
        cut = rank_plays_deeper(OPENING, DICE, RULES, evaluation_budget=budget)
        assert cut[0].play == shallow[0].play and cut[0].ply == 1 and cut[1:] == shallow[1:]
        assert budgeted(budget)[0] == cut
        assert cut == rank_plays_deeper(OPENING, DICE, RULES, time_budget=0.0)


def test_the_levels_that_search_deeper_have_an_evaluation_budget_the_world_class_one_the_larger() -> None:
    expert, world = LEVELS["expert"], LEVELS["world-class"]
    assert expert.evaluation_budget is not None and world.evaluation_budget is not None
    assert 0 < expert.evaluation_budget < world.evaluation_budget
    assert all(level.evaluation_budget is None for level in LEVELS.values() if level.ply == 0)
