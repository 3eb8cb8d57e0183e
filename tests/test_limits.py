"""Every input has a bound (docs/rules/decisions.md, "Limits"), refused before anything changes."""

from __future__ import annotations

import random

import pytest

from toutes_tables import Game, GameOptions, IllegalMoveError, InvalidRecordError, Match
from toutes_tables import record
from toutes_tables.rules import MAX_AUTO_DOUBLES, MAX_CUBE, MAX_MATCH_LENGTH


def _digits(n: int) -> str:
    return f"{n}" if abs(n) < 10**12 else f"about-{n.bit_length() * 3 // 10}-digits"


@pytest.mark.parametrize("length", [MAX_MATCH_LENGTH + 1, 10**9, 10**100, 10**5000, 0, -3], ids=_digits)
def test_a_match_longer_than_max_match_length_is_refused(length: int) -> None:
    with pytest.raises(ValueError, match="MAX_MATCH_LENGTH"):
        Match("backgammon", length)


def test_a_match_of_max_match_length_is_played() -> None:
    assert Match("backgammon", MAX_MATCH_LENGTH).length == MAX_MATCH_LENGTH


@pytest.mark.parametrize("limit", [MAX_AUTO_DOUBLES + 1, MAX_CUBE * 2, 10**100, 10**5000, -1], ids=_digits)
def test_an_automatic_double_limit_past_max_auto_doubles_is_refused(limit: int) -> None:
    with pytest.raises(ValueError, match="MAX_AUTO_DOUBLES"):
        Game("backgammon", options=GameOptions(rules="backgammon", auto_doubles=limit))


def _game_with_the_cube_at_max_cube() -> Game:
    """A game doubled and taken up to MAX_CUBE, the cube's owner on roll."""
    game = Game("backgammon", rng=random.Random(3))
    game.roll_opening((3, 5))
    game.play("8/3 6/3")
    while game.cube_value < MAX_CUBE:
        game.offer_double()
        game.take()
        game.roll((2, 1))  # the doubler plays a turn; then the cube's owner is on roll
        plays = game.legal_plays()
        game.play(plays[0] if plays else ())
    return game


def test_the_cube_stops_at_max_cube_and_the_refused_double_changes_nothing() -> None:
    game = _game_with_the_cube_at_max_cube()
    assert game.phase == "roll" and game.cube_owner is game.turn and not game.can_double()
    history = game.history
    with pytest.raises(IllegalMoveError, match="MAX_CUBE"):
        game.offer_double()
    assert game.history == history and game.cube_value == MAX_CUBE and game.phase == "roll"
    assert game.roll((2, 1)) == (2, 1)  # the game goes on


def test_a_record_with_a_cube_past_max_cube_is_refused_with_its_line() -> None:
    game = _game_with_the_cube_at_max_cube()
    assert game.turn is not None
    text = record.game_to_text(game) + f"{game.turn.value} doubles to {2 * MAX_CUBE}\n"
    with pytest.raises(InvalidRecordError, match=r"line \d+: .*MAX_CUBE"):
        record.game_from_text(text)


def test_a_record_longer_than_max_record_lines_is_refused_before_reading() -> None:
    with pytest.raises(InvalidRecordError, match="MAX_RECORD_LINES"):
        record.match_from_text("# a comment\n" * (record.MAX_RECORD_LINES + 1))


def test_a_record_longer_than_max_record_chars_is_refused_before_reading() -> None:
    with pytest.raises(InvalidRecordError, match="MAX_RECORD_CHARS"):
        record.game_from_text("#" * (record.MAX_RECORD_CHARS + 1))


def test_a_saved_game_with_more_than_max_game_actions_is_refused() -> None:
    data = record.game_to_json(Game("backgammon", rng=random.Random(1)))
    data["actions"] = [{"type": "opening", "black": 3, "white": 3}] * (record.MAX_GAME_ACTIONS + 1)
    with pytest.raises(InvalidRecordError, match="MAX_GAME_ACTIONS"):
        record.game_from_json(data)
