"""Positions: validation with clear errors, the text literal, numberings and the gnubg Position ID."""

from __future__ import annotations

import random

import pytest

from toutes_tables import BLACK, WHITE, Game, InvalidPositionError, Position, start_position


# -- validation ------------------------------------------------------------------------------


def test_too_many_checkers_is_an_invalid_position() -> None:
    with pytest.raises(InvalidPositionError, match="has 16 checkers"):
        Position([1] + [0] * 5 + [15] + [0] * 19, [15] + [0] * 25)
    with pytest.raises(InvalidPositionError, match=r"more than 15 checkers on one side in 'white 6:16 / 6:1'"):
        Position.from_text("white 6:16 / 6:1")


def test_too_few_checkers_is_an_invalid_position() -> None:
    with pytest.raises(InvalidPositionError, match="has 14 checkers"):
        Position([0] * 6 + [14] + [0] * 19, [15] + [0] * 25)


def test_both_colours_on_one_point_is_an_invalid_position(pos) -> None:
    # The mover's 6 point is the opponent's 19.
    with pytest.raises(InvalidPositionError, match="both colours on one point: .* 2 on 6, the opponent 1 .*their 19"):
        pos("white 6:2 / 19:1")


def test_negative_or_fractional_counts_are_invalid() -> None:
    with pytest.raises(InvalidPositionError, match="non-negative integers"):
        Position([16, -1] + [0] * 24, [15] + [0] * 25)


def test_a_malformed_literal_names_the_bad_item() -> None:
    with pytest.raises(InvalidPositionError, match=r"bad item '6-2' in position literal"):
        Position.from_text("white 6-2 / 6:1")
    with pytest.raises(InvalidPositionError, match="needs 'mine / theirs'"):
        Position.from_text("white 6:2")
    with pytest.raises(InvalidPositionError, match="out of range"):
        Position.from_text("white 26:1 / 6:1")


@pytest.mark.parametrize("bad_id", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMA!", "4HPw ATDgc/ABMA", 42])
def test_a_malformed_gnubg_id_is_an_invalid_position(bad_id: object) -> None:
    with pytest.raises(InvalidPositionError, match=r"a gnubg Position ID is 14 base64 characters, got"):
        Position.from_gnubg_id(bad_id)  # type: ignore[arg-type]


def test_a_gnubg_id_with_too_many_checkers_is_an_invalid_position() -> None:
    with pytest.raises(InvalidPositionError, match=r"Position ID '//////////////' gives one side 80 checkers"):
        Position.from_gnubg_id("//////////////")


def test_a_gnubg_id_with_both_colours_on_one_point_names_the_id() -> None:
    # Every checker of both sides on its own 24 point is fine; on points that face each other it is not.
    clash = Position._trusted((0, 15, *[0] * 24), (0, *[0] * 23, 15, 0), WHITE)  # mover's 1 = opponent's 24
    with pytest.raises(InvalidPositionError, match=rf"Position ID {clash.gnubg_id()!r}: both colours on one point"):
        Position.from_gnubg_id(clash.gnubg_id())


def test_invalid_position_error_is_a_value_error() -> None:
    assert issubclass(InvalidPositionError, ValueError)


# -- value semantics and views ---------------------------------------------------------------


def test_positions_are_immutable_and_hashable(pos) -> None:
    a, b = pos("white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"), start_position(64)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.turn = BLACK  # type: ignore[misc]


def test_text_literal_round_trips_and_repr_rebuilds(selfplay) -> None:
    for position, _ in selfplay(3, 300):
        assert Position.from_text(position.text()) == position
        assert eval(repr(position), {"Position": Position}) == position


def test_turn_defaults_to_white_and_bar_is_written_bar(pos) -> None:
    position = pos("3:1 bar:2 / 24:1")
    assert position.turn is WHITE and position.bar(WHITE) == 2
    assert position.text() == "white 3:1 bar:2 / 24:1"
    assert position.borne_off(WHITE) == 12 and position.borne_off(BLACK) == 14


def test_absolute_numbering_is_white_numbering_and_black_is_mirrored(pos) -> None:
    position = pos("black 1:2 / 6:5")  # Black's 1 point is absolute 24; White's 6 is absolute 6
    assert position.at(24) == (BLACK, 2)
    assert position.at(6) == (WHITE, 5)
    assert position.at(1) == (None, 0)
    view = position.absolute()
    assert view["points"][23] == 2 and view["points"][5] == -5 and view["turn"] == "black"


def test_from_points_takes_absolute_points(pos) -> None:
    classic = Position.from_points({1: 2, 12: 5, 17: 3, 19: 5}, {6: 5, 8: 3, 13: 5, 24: 2}, WHITE)
    assert classic == start_position(64)
    assert classic.swapped() == Position.from_points({1: 2, 12: 5, 17: 3, 19: 5}, {6: 5, 8: 3, 13: 5, 24: 2}, BLACK)


def test_swapped_twice_is_the_same_position(selfplay) -> None:
    for position, _ in selfplay(4, 100):
        assert position.swapped().swapped() == position
        assert position.swapped().pip_count() == position.pip_count()[::-1]


def test_pip_count_counts_the_bar_as_25(pos) -> None:
    assert pos("white bar:1 6:1 / 1:1").pip_count() == (31, 1)


# -- the gnubg Position ID -------------------------------------------------------------------


def test_classic_start_has_gnubgs_well_known_id() -> None:
    assert start_position(64).gnubg_id() == "4HPwATDgc/ABMA"


def test_gnubg_id_round_trips_on_random_positions(selfplay, scattered) -> None:
    rng = random.Random(8)
    positions = [p for p, _ in selfplay(5, 500)] + [scattered(rng) for _ in range(500)]
    for position in positions:
        decoded = Position.from_gnubg_id(position.gnubg_id(), position.turn)
        assert decoded == position


def test_gnubg_id_equals_gnubgs_own(selfplay, scattered) -> None:
    gnubg = pytest.importorskip("gnubg")
    rng = random.Random(9)
    positions = [p for p, _ in selfplay(6, 500)] + [scattered(rng) for _ in range(500)]
    for position in positions:
        board = position.to_gnubg_board()
        assert position.gnubg_id() == gnubg.position_id(board)
        assert tuple(map(tuple, gnubg.position_from_id(position.gnubg_id()))) == board


def test_a_mutual_closeout_with_checkers_on_both_bars_is_refused_as_a_deadlock() -> None:
    deadlock = Position.from_gnubg_id("27YBAHDbtgEAcA")
    with pytest.raises(InvalidPositionError, match="nobody can ever move"):
        deadlock.check_playable()
    with pytest.raises(InvalidPositionError, match="nobody can ever move"):
        Game("backgammon", position=deadlock)


def test_a_position_with_all_checkers_off_is_refused_as_a_game_already_over() -> None:
    with pytest.raises(InvalidPositionError, match="over before it begins"):
        Position.from_gnubg_id("AAAAAAAAAAAAAA").check_playable()
    with pytest.raises(InvalidPositionError, match="over before it begins"):
        Position.from_text("white 1:1 / -").check_playable()


def test_one_side_closed_out_on_the_bar_is_playable(pos) -> None:
    closed_out = pos("white 13:14 bar:1 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3")
    assert closed_out.check_playable() is closed_out
    assert closed_out.swapped().check_playable() == closed_out.swapped()


@pytest.mark.parametrize("pid", ["27YBAHDbtgEAcA", "AAAAAAAAAAAAAA"])
def test_the_service_refuses_to_start_or_explore_an_unplayable_position(pid: str) -> None:
    from toutes_tables.service import dispatch

    for command in ("explore", "new_match"):
        with pytest.raises(InvalidPositionError):
            dispatch(command, {"rules": "backgammon", "position": pid})
