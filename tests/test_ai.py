"""The trained computer opponent: exact payoffs, the network's folding, mirror symmetry, legal plays at every level."""

from __future__ import annotations

import dataclasses
import itertools
import random
import struct
from collections.abc import Callable, Iterator

import pytest

from toutes_tables import RULE_SETS, Position, get_rules, legal_plays, start_position
from toutes_tables.ai import LEVELS, chances, choose_play, equity, equity_after, rank_plays, rank_plays_deeper
from toutes_tables.ai.search import ScoredPlay, rank_plays_deepest
from toutes_tables.ai.features import INPUT_COUNT, dense_inputs
from toutes_tables.ai.network import OUTPUTS, default_network
from toutes_tables.ai.search import one_ply_equity
from toutes_tables.position import BLACK, WHITE

SelfPlay = Callable[..., Iterator[tuple[Position, tuple[int, int]]]]


# -- finished games -----------------------------------------------------------------------

# The loser's checkers (own numbering) once the opponent has borne off all 15, and what that scores.
FINISHED = [
    # loser's literal, backgammon payoff, Toutes tables payoff
    ("1:3 2:2", 1, 1),  # ten borne off: single everywhere
    ("6:15", 2, 1),  # none off but all home: gammon, yet only a single game in Toutes tables
    ("7:1 6:14", 2, 2),  # none off, one outside: gammon / double game
    ("19:1 6:14", 3, 2),  # one in the winner's home quarter: backgammon, still a double game
    ("bar:1 6:14", 3, 2),  # one on the bar
]


@pytest.mark.parametrize(("loser", "backgammon", "toutes"), FINISHED)
@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_finished_game_evaluates_to_its_payoff(loser: str, backgammon: int, toutes: int, rules: str) -> None:
    payoff = backgammon if get_rules(rules).backgammon_scoring else toutes
    lost = Position.from_text(f"white {loser} / -")  # the player on roll has lost
    assert equity(lost, rules) == -payoff
    # Seen from the winner, who has just moved, the same position is worth the payoff.
    assert equity_after(lost, rules) == payoff
    assert equity(lost.swapped().swapped(), rules) == -payoff


def test_the_last_checker_borne_off_is_the_best_play_and_scores_the_game() -> None:
    position = Position.from_text("white 1:1 / 7:1 6:14")  # I bear off my last; they have none off, one out
    for rules, payoff in (("backgammon", 2.0), ("toutes-tables", 2.0)):
        best = rank_plays(position, (6, 5), rules)[0]
        assert best.play.result.winner() is WHITE
        assert best.equity == payoff
        assert one_ply_equity(best.play.result, get_rules(rules), default_network()) == payoff


# -- the network ----------------------------------------------------------------------------


def _dense_forward(weights_file: str, mine: tuple[int, ...], theirs: tuple[int, ...]) -> list[float]:
    """The network computed the slow way from the weights file: dense inputs times every weight."""
    import json
    import math
    from importlib import resources

    blob = (resources.files("toutes_tables") / "data" / weights_file).read_bytes()
    (length,) = struct.unpack_from("<I", blob, 4)
    header = json.loads(blob[8 : 8 + length])
    offset = 8 + length
    values = dense_inputs(mine, theirs, crafted=header["inputs"] > INPUT_COUNT)
    widths = [header["inputs"], *header["layers"]]
    for i, (n_in, n_out) in enumerate(itertools.pairwise(widths)):
        flat = struct.unpack_from(f"<{n_in * n_out}e", blob, offset)
        offset += 2 * n_in * n_out
        biases = struct.unpack_from(f"<{n_out}e", blob, offset)
        offset += 2 * n_out
        sums = [biases[j] + sum(values[k] * flat[k * n_out + j] for k in range(n_in)) for j in range(n_out)]
        last = i == len(widths) - 2
        values = [1 / (1 + math.exp(-s)) for s in sums] if last else [max(s, 0.0) for s in sums]
    return values


@pytest.mark.parametrize(("weights_file", "part"), [("evaluator.bin", "main"), ("crashed.bin", "crashed_network")])
def test_the_folded_network_computes_the_dense_network(
    weights_file: str, part: str, selfplay: SelfPlay, scattered: Callable
) -> None:
    network = getattr(default_network(), part)
    rng = random.Random(3)
    positions = [p for p, _ in selfplay(4, 60, "toutes-tables-225")] + [scattered(rng) for _ in range(20)]
    for position in positions:
        fast = network.outputs(position.mine, position.theirs)
        slow = _dense_forward(weights_file, position.mine, position.theirs)
        assert len(fast) == len(OUTPUTS)
        assert fast == pytest.approx(slow, abs=1e-9)


def test_chances_are_probabilities_and_nested(selfplay: SelfPlay) -> None:
    for rules in ("backgammon", "toutes-tables-225"):
        for position, _ in selfplay(8, 300, rules):
            if position.winner() is not None:
                continue
            c = chances(position)
            assert 0.0 <= c.win <= 1.0
            assert 0.0 <= c.win_backgammon <= c.win_gammon <= c.win
            assert 0.0 <= c.lose_backgammon <= c.lose_gammon <= 1.0 - c.win
            assert 0.0 <= c.win_double <= c.win and 0.0 <= c.lose_double <= 1.0 - c.win
            if position.theirs[0]:
                assert c.win_gammon == c.win_double == 0.0


def _mirrored(position: Position) -> Position:
    """The same game with the colours exchanged: every checker moved to the mirror point, the other colour on roll."""
    data = position.absolute()
    points = data["points"]
    black = {25 - p: -n for p, n in enumerate(points, start=1) if n < 0}
    white = {25 - p: n for p, n in enumerate(points, start=1) if n > 0}
    bars = data["bar"]
    return Position.from_points(black, white, position.turn.other, black_bar=bars["white"], white_bar=bars["black"])


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_position_and_its_mirror_evaluate_the_same(rules: str, selfplay: SelfPlay) -> None:
    seen = 0
    for position, dice in selfplay(12, 200, rules):
        mirror = _mirrored(position)
        assert mirror.turn is not position.turn and _mirrored(mirror) == position
        assert equity(mirror, rules) == equity(position, rules)
        if seen < 10 and legal_plays(position, dice, rules):
            mine = [(str(s.play), s.equity) for s in rank_plays(position, dice, rules)]
            theirs = [(str(s.play), s.equity) for s in rank_plays(mirror, dice, rules)]
            assert mine == theirs  # plays are written in the mover's numbering, so they read the same
            seen += 1


def test_the_start_is_about_even_and_the_player_on_roll_is_ahead() -> None:
    for number in (64, 1, 113, 225):
        for rules in ("backgammon-225", "toutes-tables-225"):
            value = equity(start_position(number, BLACK), rules)
            assert -0.35 < value < 0.35


# -- search and levels -------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_level_returns_a_legal_play(rules: str, selfplay: SelfPlay) -> None:
    rng = random.Random(21)
    for i, (position, dice) in enumerate(selfplay(31, 120, rules)):
        plays = legal_plays(position, dice, rules)
        for name, level in LEVELS.items():
            if level.ply and i % (6 * 4 ** (level.ply - 1)):
                continue  # the levels that look ahead are slower: every sixth pair at 1-ply, every 24th at 2
            chosen = choose_play(position, dice, rules, name, rng)
            if plays:
                assert chosen in plays, (name, position, dice)
            else:
                assert chosen is None


def test_world_class_looks_two_rolls_ahead_on_close_plays_and_keeps_every_play_once() -> None:
    position, dice = start_position(64, WHITE), (2, 1)  # several openings within a few hundredths
    deepest = rank_plays_deepest(position, dice, "backgammon", deep_candidates=2, deep_margin=1.0)
    deeper = rank_plays_deeper(position, dice, "backgammon")
    assert sorted(map(str, (s.play for s in deepest))) == sorted(map(str, (s.play for s in deeper)))
    assert [s.ply for s in deepest[:5]] == [2, 2, 1, 1, 0]
    assert deepest[0].equity >= deepest[1].equity
    assert deepest[2:] == deeper[2:]  # the rest keep their 1-ply and 0-ply ranking


def test_world_class_makes_no_two_ply_look_on_a_clear_decision_or_a_spent_budget() -> None:
    position, dice = start_position(64, WHITE), (2, 1)
    deeper = rank_plays_deeper(position, dice, "backgammon")
    assert rank_plays_deepest(position, dice, "backgammon", deep_margin=0.0) == deeper
    cut = rank_plays_deepest(position, dice, "backgammon", time_budget=0.0)
    assert all(s.ply < 2 for s in cut) and cut == rank_plays_deeper(position, dice, "backgammon", time_budget=0.0)


@pytest.mark.parametrize("changed", [True, False])
def test_a_deep_look_when_changed_is_made_only_where_the_1_ply_look_changed_the_best_play(
    changed: bool, first_opening: Callable[..., tuple[Position, tuple[int, int], list[ScoredPlay]] | None]
) -> None:
    """With ``deep_when_changed``, only a decision whose 1-ply best is not its 0-ply best gets the 2-ply look.

    The first opening roll whose 1-ply look changes the best play (or keeps it), whichever rolls
    those are for the network shipped (they change with each training): from the classic start,
    else from the 225 starts in turn (the 229-input network agrees with its 1-ply look on every
    classic opening).
    """

    def deeper_if_as_wanted(position: Position, dice: tuple[int, int]) -> list[ScoredPlay] | None:
        deeper = rank_plays_deeper(position, dice, "backgammon")
        looked_changed = deeper[0].play.result != rank_plays(position, dice, "backgammon")[0].play.result
        return deeper if looked_changed is changed else None

    found = first_opening(deeper_if_as_wanted)
    assert found is not None, f"no opening roll where the 1-ply look {'changes' if changed else 'keeps'} the best play"
    position, dice, deeper = found
    deepest = rank_plays_deepest(
        position, dice, "backgammon", deep_candidates=2, deep_margin=1.0, deep_when_changed=True
    )
    assert [s.ply for s in deepest[:2]] == ([2, 2] if changed else [1, 1])
    if not changed:
        assert deepest == deeper


def test_world_class_looks_one_roll_ahead_on_more_plays_than_the_expert() -> None:
    """The world class level's 1-ply look takes its best 8 plays within 0.3 (docs/computer.md, the five levels)."""
    position, dice = start_position(64, WHITE), (2, 1)  # many openings within a few tenths
    world = dataclasses.replace(LEVELS["world-class"], time_budget=None)
    shallow = rank_plays(position, dice, "backgammon")
    within = [s for s in shallow[: world.candidates] if s.equity >= shallow[0].equity - world.margin]
    ranked = world.rank(position, dice, "backgammon")
    assert len(within) > LEVELS["expert"].candidates
    assert sum(s.ply >= 1 for s in ranked) == len(within)
    assert 2 <= sum(s.ply == 2 for s in ranked) <= world.deep_candidates


def test_world_class_within_a_spent_budget_looks_at_one_play_only() -> None:
    """However wide its search, a spent budget leaves the 0-ply best looked at 1-ply, the rest as they were."""
    position, dice = start_position(64, WHITE), (2, 1)
    spent = dataclasses.replace(LEVELS["world-class"], time_budget=0.0)
    ranked = spent.rank(position, dice, "backgammon")
    assert [s.ply for s in ranked].count(1) == 1 and all(s.ply < 2 for s in ranked)
    assert ranked[1:] == rank_plays(position, dice, "backgammon")[1:]


def test_deeper_ranking_keeps_every_play_once() -> None:
    position = start_position(64, WHITE)
    deeper = rank_plays_deeper(position, (4, 2), "backgammon", candidates=3)
    shallow = rank_plays(position, (4, 2), "backgammon")
    assert sorted(map(str, (s.play for s in deeper))) == sorted(map(str, (s.play for s in shallow)))
    assert [s.ply for s in deeper[:3]] == [1, 1, 1] and all(s.ply == 0 for s in deeper[3:])
    assert deeper[0].equity >= deeper[1].equity >= deeper[2].equity


def test_noise_makes_weak_levels_err_on_close_plays_but_not_wildly() -> None:
    position = start_position(64, WHITE)
    ranked = rank_plays(position, (6, 4), "backgammon")
    best = ranked[0].equity
    rng = random.Random(1)
    beginner_losses = []
    for _ in range(100):
        chosen = choose_play(position, (6, 4), "backgammon", "beginner", rng)
        beginner_losses.append(best - next(s.equity for s in ranked if s.play == chosen))
    assert any(loss > 0 for loss in beginner_losses)  # mistakes happen
    assert max(beginner_losses) < 0.6  # but never a blunder of more than half a point here
    assert choose_play(position, (6, 4), "backgammon", "advanced") == ranked[0].play


def test_opening_plays_are_the_book_ones() -> None:
    position = start_position(64, WHITE)
    for dice, book in (((3, 1), "8/5 6/5"), ((4, 2), "8/4 6/4"), ((6, 1), "13/7 8/7"), ((5, 3), "8/3 6/3")):
        assert str(choose_play(position, dice, "backgammon", "expert")) == book


def test_a_rule_set_computes_only_its_chances_and_the_same_values(selfplay: SelfPlay) -> None:
    for rules in ("backgammon", "toutes-tables"):
        rule_set = get_rules(rules)
        for position, _ in selfplay(17, 100, rules):
            if position.winner() is not None:
                continue
            full = chances(position)
            part = chances(position, rules=rule_set)
            assert part.equity(rule_set) == pytest.approx(full.equity(rule_set), abs=1e-12)
            assert equity(position, rules) == pytest.approx(full.equity(rule_set), abs=1e-12)
