"""The JSON service the web game talks to: turns in progress and the game methods."""

from __future__ import annotations

import json

import pytest

from toutes_tables import IllegalMoveError, Position, start_position
from toutes_tables.service import ServiceError, TurnInProgress, dispatch


def test_unknown_method_is_a_service_error() -> None:
    with pytest.raises(ServiceError, match="unknown service method 'nope'"):
        dispatch("nope")


def test_destinations_include_both_dice_moves_and_skip_blocked_points() -> None:
    turn = TurnInProgress.start(start_position(64), (6, 1), "backgammon")
    dests = turn.to_json()["dests"]
    # White from 13: 7 with the six, 6 with both; 12 is Black's square
    assert dests == {"24": [23, 18], "13": [7, 6], "8": [7, 2], "6": [5]}


def test_a_both_dice_move_is_made_of_its_single_steps_and_finishes_the_play() -> None:
    turn = TurnInProgress.start(start_position(64), (6, 1), "backgammon").move(13, 6)
    assert turn.steps == ((13, 7), (7, 6))
    view = turn.to_json()
    assert view["finished"] and view["notation"] == "13/6"
    assert view["dests"] == {}
    assert [d["used"] for d in view["dice"]] == [True, True]


def test_steps_in_either_order_make_the_same_play() -> None:
    start = TurnInProgress.start(start_position(64), (6, 1), "backgammon")
    a = start.move(13, 7).move(8, 7)
    b = start.move(8, 7).move(13, 7)
    assert a.finished_play == b.finished_play
    assert str(a.finished_play) == "13/7 8/7"


def test_after_one_step_only_the_other_die_is_offered() -> None:
    turn = TurnInProgress.start(start_position(64), (6, 1), "backgammon").move(24, 18)
    view = turn.to_json()
    # 18/17 and 13/12 land on Black's squares
    assert set(view["dests"]) == {"24", "8", "6"}
    # the six is used: every remaining destination is one pip away
    for src, dests in view["dests"].items():
        assert all(int(src) - d == 1 for d in dests)
    assert [d["used"] for d in view["dice"]] == [True, False]


def test_checkers_on_the_bar_must_enter_first() -> None:
    pos = Position.from_text("white bar:1 6:5 8:3 13:5 / 6:5 8:3 13:5 24:2")
    view = TurnInProgress.start(pos, (6, 3), "backgammon").to_json()
    assert list(view["dests"]) == ["bar"]
    # the six would enter on 19, Black's square; the three enters on 22 and may go on to 16
    assert view["dests"]["bar"] == [22, 16]


def test_a_move_no_legal_play_contains_is_refused_and_changes_nothing() -> None:
    turn = TurnInProgress.start(start_position(64), (6, 1), "backgammon")
    with pytest.raises(IllegalMoveError):
        turn.move(13, 12)
    with pytest.raises(IllegalMoveError):
        turn.step((6, 0))
    assert turn.steps == ()


def test_undo_takes_back_the_last_step() -> None:
    turn = TurnInProgress.start(start_position(64), (6, 1), "backgammon").move(13, 6)
    assert turn.undo().steps == ((13, 7),)
    assert turn.undo().undo().steps == ()


def test_maximum_pips_bear_off_offers_only_the_longest_play() -> None:
    pos = Position.from_text("white 3:1 2:2 / 24:1")
    toutes = TurnInProgress.start(pos, (6, 1), "toutes-tables").to_json()["dests"]
    backgammon = TurnInProgress.start(pos, (6, 1), "backgammon").to_json()["dests"]
    assert toutes == {"3": ["off"], "2": [1]}
    assert backgammon == {"3": [2, "off"], "2": [1, "off"]}
    assert (
        str(TurnInProgress.start(pos, (6, 1), "toutes-tables").move(2, 1).move(3, "off").finished_play) == "3/off 2/1*"
    )


def test_a_turn_with_no_legal_play_is_finished_at_once() -> None:
    # White on the bar against a closed board
    pos = Position.from_text("white bar:1 6:14 / 1:2 2:2 3:2 4:2 5:2 6:2 7:3")
    view = TurnInProgress.start(pos, (6, 5), "backgammon").to_json()
    assert view["no_play"] and view["finished"] and view["notation"] == "(no play)"
    assert view["dests"] == {}


def test_a_double_has_four_dice_used_one_by_one() -> None:
    turn = TurnInProgress.start(start_position(64), (3, 3), "backgammon").move(8, 5)
    assert [d["used"] for d in turn.to_json()["dice"]] == [True, False, False, False]


def test_black_moves_are_shown_in_absolute_numbering() -> None:
    view = TurnInProgress.start(start_position(64).swapped(), (6, 1), "backgammon").to_json()
    # Black travels 1 -> 24: from 1 (his 24) a six goes to 7
    assert view["dests"]["1"] == [2, 7]
    assert view["dice"][0]["colour"] == "black"
    json.dumps(view)


def test_explore_shows_a_start_by_number_without_dice() -> None:
    answer = dispatch("explore", {"start": 64})
    assert answer["position_id"] == "4HPwATDgc/ABMA"
    assert answer["pips"] == {"black": 167, "white": 167}
    assert answer["turn_state"]["dests"] == {}


def test_explore_lists_the_legal_plays_of_the_six_ace_example_in_both_families() -> None:
    pid = Position.from_text("white 3:1 2:2 / 24:1").gnubg_id()
    toutes = dispatch("explore", {"rules": "toutes-tables", "position": pid, "dice": [6, 1]})
    backgammon = dispatch("explore", {"rules": "backgammon", "position": pid, "dice": [6, 1]})
    assert toutes["plays"] == ["3/off 2/1*"]
    assert backgammon["plays"] == ["3/2 2/off", "3/off 2/1*"]
    assert toutes["dice_call"] == "Six-ace"


def test_explore_carries_a_turn_in_progress_through_steps_and_one_more_move() -> None:
    pid = Position.from_text("white 3:1 2:2 / 24:1").gnubg_id()
    first = dispatch("explore", {"rules": "backgammon", "position": pid, "dice": [6, 1], "move": {"from": 3, "to": 2}})
    assert first["turn_state"]["steps"] == [[3, 2]]
    second = dispatch(
        "explore",
        {
            "rules": "backgammon",
            "position": pid,
            "dice": [6, 1],
            "steps": first["turn_state"]["steps"],
            "move": {"from": 2, "to": "off"},
        },
    )
    assert second["turn_state"]["finished"] and second["turn_state"]["notation"] == "3/2 2/off"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "either a position"),
        ({"start": 64, "position": "4HPwATDgc/ABMA"}, "either a position"),
        ({"start": 64, "turn": "red"}, "turn must be"),
        ({"start": 64, "steps": [[13, 7]]}, "checker moves need dice"),
        ({"start": 64, "dice": [6, 1], "move": {"from": 13}}, "move is"),
    ],
)
def test_explore_rejects_bad_requests_with_a_service_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(ServiceError, match=message):
        dispatch("explore", params)


def test_explore_rejects_a_bad_position_id_and_dice() -> None:
    with pytest.raises(ValueError, match="Position ID"):
        dispatch("explore", {"position": "not-an-id"})
    with pytest.raises(ValueError, match="dice"):
        dispatch("explore", {"start": 64, "dice": [7, 1]})
