"""The service's bounds: every call refused beyond them changes nothing, and the session stays usable.

A cube doubled without end once grew past what Python can write as a number, and the refused
double after it left every call (``state()`` included) raising. Now the cube stops at
``MAX_CUBE`` before anything changes, a record beyond the bounds is refused at ``load``, and the
view's record is kept between actions instead of being rewritten from the whole match each time.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from toutes_tables import Game, GameOptions, IllegalMoveError, Match
from toutes_tables.record import game_from_text, game_to_text, match_to_text
from toutes_tables.service import MAX_CUBE, MAX_MATCH_LENGTH
from toutes_tables.services import dispatch


def money_game_with_the_cube_at(value: int, seed: int = 5) -> str:
    """A money game's record in which the cube was doubled and taken up to ``value``, the owner on roll."""
    game = Game("backgammon", options=GameOptions(rules="backgammon"), rng=random.Random(seed))
    game.roll_opening()
    while True:
        if game.phase == "move":
            plays = game.legal_plays()
            game.play(plays[0] if plays else ())
        elif game.cube_value < value:
            game.offer_double()
            game.take()
            game.roll()
        else:
            assert game.cube_owner is game.turn and game.phase == "roll"
            return game_to_text(game)
        assert not game.is_over, "a longer game is needed: change the seed"


def money_game_doubled_past_the_cube_limit() -> str:
    """A record whose last line doubles the cube past MAX_CUBE (the engine never makes one: written by hand)."""
    record = money_game_with_the_cube_at(MAX_CUBE)
    owner = game_from_text(record).turn
    assert owner is not None
    return record + f"{owner.value} doubles to {2 * MAX_CUBE}\n"


def hostile_calls() -> list[tuple[str, dict[str, Any]]]:
    return [
        ("double", {}),
        ("new_match", {"match_length": 10**100}),
        ("new_match", {"match_length": MAX_MATCH_LENGTH + 1}),
        ("new_match", {"rules": "backgammon", "auto_doubles": True, "auto_double_limit": 10**9}),
        ("load", {"record": money_game_doubled_past_the_cube_limit(), "steps": []}),
        ("load", {"record": "x" * 3_000_000, "steps": []}),
        ("load", {"record": "", "steps": {}}),
        ("confirm", {"show_cost": "false"}),
        ("move", {"from": 24, "to": 18}),
        ("take", {}),
        ("next_game", {}),
    ]


def test_the_cube_stops_at_its_maximum_and_every_refused_call_leaves_the_session_usable() -> None:
    before = dispatch("load", {"record": money_game_with_the_cube_at(MAX_CUBE), "steps": []})
    assert before["cube"]["value"] == MAX_CUBE
    assert before["phase"] == "roll"
    assert before["cube_actions"] == []  # the cube is at its highest: no double is offered
    for name, params in hostile_calls():
        with pytest.raises(ValueError):
            dispatch(name, params)
        assert dispatch("state") == before, name
    with pytest.raises(IllegalMoveError, match=f"the cube goes up to {MAX_CUBE}"):
        dispatch("double")
    assert dispatch("roll")["phase"] == "move"  # and the game goes on


def test_a_double_up_to_the_maximum_cube_is_still_allowed() -> None:
    view = dispatch("load", {"record": money_game_with_the_cube_at(MAX_CUBE // 2), "steps": []})
    assert view["cube_actions"] == ["double"]
    assert dispatch("double")["phase"] == "double-offered"
    assert dispatch("take")["cube"]["value"] == MAX_CUBE


def test_a_saved_match_longer_than_the_bound_is_refused_at_load() -> None:
    record = match_to_text(Match("backgammon", 5)).replace("Match: 5 ", f"Match: {MAX_MATCH_LENGTH + 1} ")
    before = dispatch("new_match", {"rules": "backgammon", "match_length": 3})
    with pytest.raises(ValueError, match=f"1-{MAX_MATCH_LENGTH} points"):
        dispatch("load", {"record": record, "steps": []})
    assert dispatch("state") == before


def test_the_views_record_kept_between_actions_is_the_matchs_record() -> None:
    """The record the view keeps (finished games once, the game in play as it changes) is Match.to_text's."""
    from toutes_tables import service

    match = Match("backgammon", 3, rng=random.Random(11))
    service._session = service.Session(match)
    games_seen = set()
    for step in range(2000):
        view = dispatch("state")
        if step % 16 == 0 or view["phase"] in ("over", "opening"):  # often, and at every game's end and start
            assert view["record"] == match_to_text(match)
        games_seen.add(view["game_number"])
        if view["match"]["over"]:
            break
        game = match.game
        if game.phase == "over":
            dispatch("next_game")
        elif game.phase in ("opening", "roll"):
            dispatch("roll")
        else:
            plays = game.legal_plays()
            game.play(plays[0] if plays else ())
    assert view["match"]["over"]
    assert len(games_seen) >= 2  # the kept record crossed a game's end


@pytest.mark.parametrize(
    ("position_id", "reason"),
    [
        ("27YBAHDbtgEAcA", "both sides have checkers on the bar against a closed board"),  # an endless game
        ("AAAAAAAAAAAAAA", "the game would be over before it begins"),  # a game already over
    ],
)
def test_a_position_no_game_can_be_played_from_is_refused_where_a_game_starts(position_id: str, reason: str) -> None:
    before = dispatch("new_match", {"rules": "backgammon", "match_length": 3})
    with pytest.raises(ValueError, match=reason):
        dispatch("new_match", {"rules": "backgammon", "position": position_id})
    with pytest.raises(ValueError, match=reason):
        dispatch("explore", {"rules": "backgammon", "position": position_id})
    assert dispatch("state") == before
