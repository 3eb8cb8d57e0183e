"""The JSON service the web game talks to: turns in progress and the game methods."""

from __future__ import annotations

import json
from typing import Any

import pytest

from toutes_tables import IllegalMoveError, Position, start_position
from toutes_tables.service import ServiceError, TurnInProgress, dispatch, move_on_board, turn_view


def test_unknown_method_is_a_service_error() -> None:
    with pytest.raises(ServiceError, match="unknown service method 'nope'"):
        dispatch("nope")


def begin(position: Position, dice: tuple[int, int], rules: str = "backgammon") -> TurnInProgress:
    return TurnInProgress(position, dice, rules)


def board_move(turn: TurnInProgress, source: int | str, destination: int | str) -> TurnInProgress:
    return move_on_board(turn, source, destination)


def test_destinations_include_both_dice_moves_and_skip_blocked_points() -> None:
    dests = turn_view(begin(start_position(64), (6, 1)))["dests"]
    # White from 13: 7 with the six, 6 with both; 12 is Black's square
    assert dests == {"24": [23, 18], "13": [7, 6], "8": [7, 2], "6": [5]}


def test_a_both_dice_move_is_made_of_its_single_steps_and_finishes_the_play() -> None:
    turn = board_move(begin(start_position(64), (6, 1)), 13, 6)
    assert turn.steps == ((13, 7), (7, 6))
    view = turn_view(turn)
    assert view["finished"] and view["notation"] == "13/6"
    assert view["dests"] == {}
    assert [d["used"] for d in view["dice"]] == [True, True]


def test_steps_in_either_order_make_the_same_play() -> None:
    start = begin(start_position(64), (6, 1))
    a = board_move(board_move(start, 13, 7), 8, 7)
    b = board_move(board_move(start, 8, 7), 13, 7)
    assert a.finished_play == b.finished_play
    assert turn_view(a)["notation"] == "13/7 8/7"
    assert turn_view(a)["notation_so_far"] == "13/7 8/7"


def test_after_one_step_only_the_other_die_is_offered() -> None:
    view = turn_view(board_move(begin(start_position(64), (6, 1)), 24, 18))
    # 18/17 and 13/12 land on Black's squares
    assert set(view["dests"]) == {"24", "8", "6"}
    for src, dests in view["dests"].items():
        assert all(int(src) - d == 1 for d in dests)
    assert [d["used"] for d in view["dice"]] == [True, False]
    assert view["notation_so_far"] == "24/18"


def test_checkers_on_the_bar_must_enter_first() -> None:
    pos = Position.from_text("white bar:1 6:5 8:3 13:5 / 6:5 8:3 13:5 24:2")
    view = turn_view(begin(pos, (6, 3)))
    # the six would enter on 19, Black's square; the three enters on 22 and may go on to 16
    assert view["dests"] == {"bar": [22, 16]}


def test_a_move_no_legal_play_allows_is_refused_and_changes_nothing() -> None:
    turn = begin(start_position(64), (6, 1))
    with pytest.raises(IllegalMoveError):
        board_move(turn, 13, 12)
    with pytest.raises(ServiceError, match="a board location"):
        board_move(turn, 13, 25)
    assert turn.steps == ()


def test_maximum_pips_bear_off_offers_only_the_longest_play() -> None:
    pos = Position.from_text("white 3:1 2:2 / 24:1")
    toutes = turn_view(begin(pos, (6, 1), "toutes-tables"))["dests"]
    backgammon = turn_view(begin(pos, (6, 1), "backgammon"))["dests"]
    assert toutes == {"3": ["off"], "2": [1]}
    # 2/off with the six waits until the 3 has moved down: a die bears off the highest checker first
    assert backgammon == {"3": [2, "off"], "2": [1]}
    made = board_move(board_move(begin(pos, (6, 1), "toutes-tables"), 2, 1), 3, "off")
    assert turn_view(made)["notation"] == "3/off 2/1*"


def test_a_turn_with_no_legal_play_is_finished_at_once() -> None:
    # White on the bar against a closed board
    pos = Position.from_text("white bar:1 6:14 / 1:2 2:2 3:2 4:2 5:2 6:2 7:3")
    view = turn_view(begin(pos, (6, 5)))
    assert view["no_play"] and view["finished"] and view["notation"] == "(no play)"
    assert view["dests"] == {}


def test_a_double_has_four_dice_used_one_by_one() -> None:
    turn = board_move(begin(start_position(64), (3, 3)), 8, 5)
    assert sorted(d["used"] for d in turn_view(turn)["dice"]) == [False, False, False, True]


def test_black_moves_are_shown_in_absolute_numbering() -> None:
    view = turn_view(begin(start_position(64).swapped(), (6, 1)))
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
        ({"start": 64, "turn": "red"}, "turn is one of"),
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


# -- the game methods ---------------------------------------------------------------------------


def play_out_turn(view: dict[str, Any]) -> dict[str, Any]:
    """Move checkers as the board would (first source, first destination) until the play is made."""
    while not view["turn_state"]["finished"]:
        src, dests = next(iter(view["turn_state"]["dests"].items()))
        view = dispatch("move", {"from": src if src == "bar" else int(src), "to": dests[0]})
    return dispatch("confirm")


def test_a_new_match_waits_for_the_opening_roll_then_offers_the_openers_moves() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "match_length": 3})
    assert view["phase"] == "opening" and view["actor"] is None
    assert view["match"] == {
        "length": 3,
        "score": {"black": 0, "white": 0},
        "crawford": False,
        "over": False,
        "winner": None,
    }
    while view["phase"] == "opening":
        view = dispatch("roll")
    assert view["phase"] == "move"
    assert view["actor"] == view["turn"]
    assert view["turn_state"]["dests"]
    opening = [m for m in view["moves"] if m["kind"] == "opening"][-1]
    assert "Opening roll" in opening["text"]
    # the opening dice are drawn one in each colour
    assert {d["colour"] for d in view["dice"]} == {"black", "white"}
    assert view["dice_call"]


def test_a_checker_move_is_undone_and_a_finished_play_confirmed_into_the_record() -> None:
    view = dispatch("new_match", {"rules": "toutes-tables"})
    while view["phase"] == "opening":
        view = dispatch("roll")
    before = view["position"]
    src, dests = next(iter(view["turn_state"]["dests"].items()))
    moved = dispatch("move", {"from": int(src), "to": dests[-1]})
    assert moved["position"] != before
    undone = dispatch("undo")
    while undone["turn_state"]["steps"]:
        undone = dispatch("undo")
    assert undone["position"] == before
    mover = view["turn"]
    played = play_out_turn(undone)
    assert played["turn"] != mover and played["phase"] == "roll"
    assert played["moves"][-1]["colour"] == mover
    assert played["moves"][-1]["text"].split(": ")[1] in played["record"]


def test_one_undo_takes_back_a_checker_carried_with_both_dice() -> None:
    # docs/play.md: a drag or a tap carrying one checker 8/4 with a 3-1 is one move, taken back by one Undo
    view = dispatch(
        "new_match", {"rules": "backgammon", "position": "4HPwATDgc/ABMA", "turn": "white", "dice": [3, 1]}
    )
    before = view["position"]
    carried = dispatch("move", {"from": 8, "to": 4})
    assert len(carried["turn_state"]["steps"]) == 2  # recorded die by die: 8/5 5/4 or 8/7 7/4
    undone = dispatch("undo")
    assert undone["turn_state"]["steps"] == [] and undone["position"] == before
    # one die at a time, then one Undo each
    dispatch("move", {"from": 8, "to": 5})
    dispatch("move", {"from": 6, "to": 5})
    assert dispatch("undo")["turn_state"]["steps"] == [[8, 5]]


def test_the_move_list_shows_plays_in_gnubgs_compact_notation_and_the_record_keeps_them_as_entered() -> None:
    view = dispatch(
        "new_match", {"rules": "backgammon", "position": "4HPwATDgc/ABMA", "turn": "white", "dice": [4, 4]}
    )
    for source, destination in ((13, 9), (13, 9), (9, 5), (9, 5)):
        view = dispatch("move", {"from": source, "to": destination})
    view = dispatch("confirm")
    assert view["moves"][-1]["colour"] == "white"
    assert view["moves"][-1]["text"].endswith(": 13/5(2)")  # as the review writes it
    assert "13/9 13/5 9/5" in view["record"]  # format_play's words, as they were entered


def test_an_unfinished_play_cannot_be_confirmed_and_nothing_changes() -> None:
    view = dispatch("new_match", {"rules": "toutes-tables"})
    while view["phase"] == "opening":
        view = dispatch("roll")
    with pytest.raises(IllegalMoveError, match="not finished"):
        dispatch("confirm")
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        dispatch("undo")
    assert dispatch("state") == view


def test_a_saved_record_and_steps_resume_the_turn_exactly() -> None:
    view = dispatch("new_match", {"rules": "backgammon-225", "match_length": 5})
    while view["phase"] == "opening":
        view = dispatch("roll")
    src, dests = next(iter(view["turn_state"]["dests"].items()))
    mid_turn = dispatch("move", {"from": int(src), "to": dests[0]})
    dispatch("new_match", {})  # something else in between
    resumed = dispatch("load", {"record": mid_turn["record"], "steps": mid_turn["turn_state"]["steps"]})
    assert resumed == mid_turn


@pytest.mark.parametrize(
    ("record", "steps"),
    [("Toutes Tables record 1\nRules: chess\n", []), ("garbage", []), (None, [])],
)
def test_a_bad_saved_record_is_refused(record: object, steps: list[list[int]]) -> None:
    with pytest.raises(ValueError):
        dispatch("load", {"record": record, "steps": steps})


def test_saved_steps_without_a_turn_in_progress_are_refused() -> None:
    view = dispatch("new_match", {"rules": "backgammon"})
    with pytest.raises(ServiceError, match="no turn is in progress"):
        dispatch("load", {"record": view["record"], "steps": [[13, 7]]})


def test_the_cube_is_offered_and_taken_and_then_belongs_to_the_taker() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "match_length": 7})
    while view["phase"] == "opening":
        view = dispatch("roll")
    view = play_out_turn(view)
    doubler = view["actor"]
    assert view["cube_actions"] == ["double"]
    offered = dispatch("double")
    assert offered["phase"] == "double-offered"
    assert offered["actor"] != doubler and offered["cube"]["offered_by"] == doubler
    taken = dispatch("take")
    taker = "black" if doubler == "white" else "white"
    assert taken["cube"] == {"value": 2, "owner": taker, "offered_by": None}
    assert taken["actor"] == doubler and taken["phase"] == "roll"
    assert taken["cube_actions"] == []
    assert [m["kind"] for m in taken["moves"][-2:]] == ["double", "take"]


def test_the_cube_is_dead_in_a_match_to_1_point_so_the_service_offers_no_double() -> None:
    """docs/rules/cube.md, "A match to 1 point": no cube in the view, no double offered, a double refused."""
    view = dispatch("new_match", {"rules": "backgammon", "match_length": 1, "cube": True, "auto_doubles": True})
    while view["phase"] == "opening":
        view = dispatch("roll")
    view = play_out_turn(view)
    assert view["phase"] == "roll" and view["cube"] is None and view["cube_actions"] == []
    assert "cube=off" in view["record"] and "auto-doubles=0" in view["record"]
    with pytest.raises(IllegalMoveError, match="without the cube"):
        dispatch("double")
    assert dispatch("state")["phase"] == "roll"


def test_a_dropped_double_ends_the_game_and_the_next_game_follows_the_match() -> None:
    view = dispatch("new_match", {"rules": "backgammon-225", "match_length": 3})
    first_start = view["start"]["number"]
    while view["phase"] == "opening":
        view = dispatch("roll")
    view = play_out_turn(view)
    doubler = view["actor"]
    dispatch("double")
    over = dispatch("drop")
    assert over["phase"] == "over"
    assert over["result"]["winner"] == doubler and over["result"]["points"] == 1
    assert over["match"]["score"][doubler] == 1 and not over["match"]["over"]
    second = dispatch("next_game")
    assert second["game_number"] == 2 and second["phase"] == "opening"
    assert second["start"]["number"] == first_start  # the 225 sets play each start twice


def test_the_computer_plays_whole_games_one_action_at_a_time() -> None:
    view = dispatch("new_match", {"rules": "toutes-tables-225", "match_length": 1})
    actions = 0
    while view["phase"] != "over":
        view = dispatch("roll") if view["phase"] == "opening" else dispatch("computer_action")
        actions += 1
        assert actions < 2000
    assert view["match"]["over"] and view["result"]["points"] in (1, 2)
    assert view["turn"] is None and view["actor"] is None  # nobody is on roll after the end
    assert view["result"]["description"].startswith(("a single game", "a double game"))


def test_a_money_game_with_the_jacoby_rule_is_a_single_game() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "jacoby": True})
    assert view["match"]["length"] == 0
    resumed = dispatch("load", {"record": view["record"], "steps": []})
    assert resumed["match"]["length"] == 0
    with pytest.raises(IllegalMoveError):
        dispatch("next_game")


def test_a_money_game_without_the_jacoby_rule_keeps_a_live_cube_and_counts_gammons() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "money_game": True})
    assert view["match"]["length"] == 0 and view["match"]["crawford"] is False
    assert view["cube"] == {"value": 1, "owner": None, "offered_by": None}
    assert "cube=on jacoby=off" in view["record"]
    resumed = dispatch("load", {"record": view["record"], "steps": []})
    assert resumed["match"]["length"] == 0 and "jacoby=off" in resumed["record"]
    with pytest.raises(IllegalMoveError):
        dispatch("next_game")


def test_a_shared_position_starts_a_single_game_with_its_player_on_roll_and_resumes() -> None:
    shared = "AACAWAAAAAAAAA"  # the six-ace bear-off example: White 3:1 2:2, Black 24:1
    view = dispatch("new_match", {"rules": "toutes-tables-225", "start": 17, "position": shared, "turn": "white"})
    assert view["phase"] == "roll" and view["turn"] == "white" and view["actor"] == "white"
    assert view["position_id"] == shared
    assert view["start"]["number"] == 17
    assert view["match"]["length"] == 0  # a single game: matches begin at a start
    assert "Position: white 2:2 3:1 / 24:1" in view["record"]
    rolled = dispatch("roll")
    assert rolled["phase"] == "move" and rolled["turn"] == "white"
    resumed = dispatch("load", {"record": rolled["record"], "steps": []})
    assert resumed["position_id"] == shared and resumed["dice"] == rolled["dice"]


def test_a_shared_position_for_black_is_read_from_blacks_side() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "position": "4HPwATDgc/ABMA", "turn": "black"})
    assert view["turn"] == "black" and view["phase"] == "roll"
    assert view["position_id"] == "4HPwATDgc/ABMA"


@pytest.mark.parametrize(
    ("position", "turn", "message"),
    [
        ("4HPwATDgc/ABM!", "white", "14 base64"),
        ("////////////AA", "white", "72 checkers"),
        ("AAAAAAAAAAAAAA", "white", "over before it begins"),
        ("4HPwATDgc/ABMA", "red", "turn is one of"),
        (12, "white", "Position ID"),
    ],
)
def test_a_bad_shared_position_is_refused_and_the_game_in_play_is_kept(
    position: object, turn: str, message: str
) -> None:
    before = dispatch("new_match", {"rules": "backgammon", "match_length": 3})
    with pytest.raises(ValueError, match=message):
        dispatch("new_match", {"rules": "backgammon", "position": position, "turn": turn})
    assert dispatch("state")["record"] == before["record"]


def test_a_shared_position_with_its_dice_opens_with_that_roll_to_play() -> None:
    # the analysis board's "Play from here" (docs/analysis.md): the player on roll plays the board's dice
    view = dispatch("new_match", {"rules": "backgammon", "position": "4HPwATDgc/ABMA", "turn": "white", "dice": [5, 2]})
    assert view["phase"] == "move" and view["turn"] == "white"
    assert [d["value"] for d in view["dice"]] == [5, 2]
    resumed = dispatch("load", {"record": view["record"], "steps": []})
    assert [d["value"] for d in resumed["dice"]] == [5, 2]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"position": "4HPwATDgc/ABMA", "dice": [7, 1]}, "dice"),
        ({"position": "4HPwATDgc/ABMA", "dice": [3]}, "dice"),
        ({"position": "4HPwATDgc/ABMA", "dice": "5-2"}, "dice"),
        ({"dice": [5, 2]}, "with a position only"),
    ],
)
def test_bad_dice_for_a_shared_position_are_refused_and_the_game_in_play_is_kept(params: dict, message: str) -> None:
    before = dispatch("new_match", {"rules": "backgammon", "match_length": 3})
    with pytest.raises(ValueError, match=message):
        dispatch("new_match", {"rules": "backgammon", **params})
    assert dispatch("state")["record"] == before["record"]
