"""Rollouts (toutes_tables.rollout): reproducible, exact where the game is decided, narrowing with games."""

from __future__ import annotations

import pytest

from toutes_tables import RULE_SETS, Position, get_rules, legal_plays, start_position
from toutes_tables.rollout import Rollout, RolloutError, rollout

# White bears off his last two checkers with any roll; Black has borne off none and stands outside his home.
FORCED_WIN = Position.from_text("white 1:2 / 13:15")
# A short bear-off race with contact gone: the result is uncertain, the games are short.
RACE = Position.from_text("white 6:2 5:2 4:1 2:2 / 6:1 5:1 3:2 1:1")


def test_the_same_seed_gives_the_same_rollout_however_it_is_chunked() -> None:
    for reduction in (False, True):
        whole = Rollout(RACE, (6, 1), "backgammon", seed=7, variance_reduction=reduction).run(6)
        chunked = Rollout(RACE, (6, 1), "backgammon", seed=7, variance_reduction=reduction).run(2).run(4)
        assert [c.to_json() for c in whole.candidates] == [c.to_json() for c in chunked.candidates]
    other = Rollout(RACE, (6, 1), "backgammon", seed=8, variance_reduction=False).run(6)
    assert [c.total for c in other.candidates] != [c.total for c in whole.candidates]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_forced_win_has_the_equity_of_its_result(rules: str) -> None:
    # A double game (Toutes tables) or a gammon (backgammon): two points, every time.
    for reduction in (False, True):
        results = rollout(FORCED_WIN, (2, 1), rules, games=3, seed=1, variance_reduction=reduction)
        assert [(c.mean, c.win_rate, c.standard_error) for c in results] == [(2.0, 1.0, 0.0)] * len(results)
    # Black all home: a single game in Toutes tables (no double game), still a gammon in backgammon.
    home = Position.from_text("white 1:2 / 6:15")
    expected = 2.0 if get_rules(rules).backgammon_scoring else 1.0
    assert rollout(home, (2, 1), rules, games=2, variance_reduction=False)[0].mean == expected


def test_the_interval_shrinks_with_more_games() -> None:
    play = legal_plays(RACE, (6, 1), "backgammon")[0]
    done = Rollout(RACE, (6, 1), "backgammon", [play], seed=3, variance_reduction=False)
    widths = []
    for games in (8, 24, 64):
        done.run(games - done.games)
        low, high = done.candidates[0].interval
        widths.append(high - low)
    assert widths[0] > widths[1] > widths[2] > 0


def test_variance_reduction_narrows_the_interval_without_moving_the_mean_far() -> None:
    play = legal_plays(RACE, (6, 1), "backgammon")[0]
    plain = Rollout(RACE, (6, 1), "backgammon", [play], seed=5, variance_reduction=False).run(36).candidates[0]
    reduced = Rollout(RACE, (6, 1), "backgammon", [play], seed=5).run(36).candidates[0]
    assert reduced.standard_error < plain.standard_error / 2
    assert abs(reduced.mean - plain.mean) < 3 * plain.standard_error


def test_a_position_is_rolled_out_before_its_roll() -> None:
    done = Rollout(FORCED_WIN, None, "backgammon", seed=2, variance_reduction=False).run(2)
    assert [c.notation for c in done.candidates] == ["(before the roll)"] and done.candidates[0].mean == 2.0


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_rule_set_rolls_out(rules: str) -> None:
    start = start_position(17 if "225" in rules else 64)
    done = Rollout(start, (6, 5), rules, seed=1, truncate=3).run(2)
    assert done.games == 2 and len(done.candidates) >= 1
    assert all(-3.0 <= c.mean <= 3.0 for c in done.candidates)
    assert done.candidates[0].to_json()["games"] == 2


def test_bad_rollouts_are_refused() -> None:
    with pytest.raises(RolloutError, match="games is a whole number"):
        Rollout(RACE, (6, 1), "backgammon").run(0)
    with pytest.raises(RolloutError, match="truncate"):
        Rollout(RACE, (6, 1), "backgammon", truncate=0)
    other = legal_plays(RACE, (5, 2), "backgammon")[0]
    with pytest.raises(RolloutError, match="not a legal play"):
        Rollout(RACE, (6, 1), "backgammon", [other])
    with pytest.raises(RolloutError, match="game is over"):
        Rollout(Position.from_text("white - / 6:1"), (6, 1), "backgammon")
    with pytest.raises(RolloutError, match="need the dice"):
        Rollout(RACE, None, "backgammon", [other])
