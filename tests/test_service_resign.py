"""Resigning through the service (docs/rules/scoring.md, "Resigning"): the player who must act concedes an
outcome the rules have; the computer, as his opponent, accepts when the resignation gives it at least what
it expects from playing on (toutes_tables.resignation), and refuses otherwise."""

from __future__ import annotations

from typing import Any

import pytest

from toutes_tables import Game, GameOptions, IllegalMoveError, Position
from toutes_tables.resignation import judge_resignation
from toutes_tables.rules import Outcome
from toutes_tables.service import ServiceError, dispatch

# Black on roll with all fifteen on his mid-point, White with all fifteen on his ace point: White wins a
# gammon (Black cannot bring them home in time), never a backgammon (Black is never in White's home).
SURE_GAMMON = "black 13:15 / 1:15"


def gammon_for_white(rules: str) -> dict[str, Any]:
    position = Position.from_text(SURE_GAMMON)
    return dispatch("new_match", {"rules": rules, "position": position.gnubg_id(), "turn": "black", "seed": 1})  # type: ignore[no-any-return]


def to_move(view: dict[str, Any]) -> dict[str, Any]:
    while view["phase"] in ("opening", "roll"):
        view = dispatch("roll")
    return view


@pytest.mark.parametrize(("rules", "enough"), [("backgammon", "gammon"), ("toutes-tables", "double")])
def test_the_computer_refuses_a_single_game_when_it_expects_more_and_accepts_what_it_expects(
    rules: str, enough: str
) -> None:
    view = gammon_for_white(rules)
    assert view["actor"] == "black"
    single = dispatch("resignation_answer", {"outcome": "single"})
    assert single["receiver"] == "white" and single["accepts"] is False, single
    assert single["offered"] == 1 and single["playing_on"] > 1.5, single
    assert "refuses" in single["reason"]
    more = dispatch("resignation_answer", {"outcome": enough})
    assert more["accepts"] is True and more["offered"] == 2, more
    # the answer changes nothing: the game goes on as it was
    assert dispatch("state")["record"] == view["record"]


def test_the_computer_accepts_a_single_game_at_the_start_where_playing_on_is_worth_about_nothing() -> None:
    view = to_move(dispatch("new_match", {"rules": "backgammon", "match_length": 3, "seed": 4}))
    answer = dispatch("resignation_answer", {"outcome": "single"})
    assert answer["receiver"] != view["actor"] and answer["accepts"] is True, answer
    assert abs(answer["playing_on"]) < 0.5, answer


def test_a_resignation_ends_the_game_scored_as_won_that_way_times_the_cube() -> None:
    gammon_for_white("backgammon")
    view = dispatch("double")  # Black doubles, White takes: the cube is at 2
    view = dispatch("take")
    view = dispatch("resign", {"outcome": "gammon"})
    assert view["phase"] == "over"
    assert view["result"]["winner"] == "white" and view["result"]["outcome"] == "gammon"
    assert view["result"]["reason"] == "resigned" and view["result"]["points"] == 4
    assert view["moves"][-1] == {"kind": "resign", "text": "Black resigns."}


def test_a_resignation_in_a_match_scores_and_the_match_goes_on_to_the_next_game() -> None:
    view = to_move(dispatch("new_match", {"rules": "backgammon", "match_length": 3, "seed": 4}))
    loser = view["actor"]
    view = dispatch("resign", {"outcome": "single"})
    winner = "white" if loser == "black" else "black"
    assert view["phase"] == "over" and view["match"]["score"] == {winner: 1, loser: 0}
    assert not view["match"]["over"]
    view = dispatch("next_game")
    assert view["game_number"] == 2 and view["match"]["score"][winner] == 1


@pytest.mark.parametrize(
    ("rules", "outcome", "error", "message"),
    [
        ("backgammon", "double", ServiceError, "outcome is one of 'single', 'gammon', 'backgammon', got 'double'"),
        ("toutes-tables", "gammon", ServiceError, "outcome is one of 'single', 'double', got 'gammon'"),
        ("backgammon", 2, ServiceError, "outcome is one of"),
    ],
)
def test_an_outcome_the_rules_do_not_have_is_refused_naming_it(
    rules: str, outcome: object, error: type, message: str
) -> None:
    view = gammon_for_white(rules)
    for method in ("resign", "resignation_answer"):
        with pytest.raises(error, match=message):
            dispatch(method, {"outcome": outcome})
    assert dispatch("state")["record"] == view["record"]


def test_nobody_resigns_a_game_that_is_over_or_before_the_opening_roll() -> None:
    dispatch("new_match", {"rules": "backgammon", "seed": 2})
    with pytest.raises(IllegalMoveError, match="nobody may resign in phase .opening."):
        dispatch("resignation_answer", {"outcome": "single"})
    to_move(dispatch("state"))
    dispatch("resign", {"outcome": "single"})
    for method in ("resign", "resignation_answer"):
        with pytest.raises(IllegalMoveError):
            dispatch(method, {"outcome": "single"})


def test_with_jacoby_gammons_do_not_count_before_the_cube_is_turned_so_a_single_game_is_enough() -> None:
    options = GameOptions(rules="backgammon", jacoby=True)
    game = Game("backgammon", options=options, position=Position.from_text(SURE_GAMMON))
    answer = judge_resignation(game, Outcome.SINGLE)
    assert answer.accepts and answer.offered == 1, answer
