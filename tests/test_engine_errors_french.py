"""The errors quoted inside a French line (a play the move generator refuses, a move or a match the engine
refuses, a start number) in the page's language (``services.dispatch`` rewords
them, docs/translations.md), naming the input; English in Python and on an English page."""

from __future__ import annotations

import json

import pytest

import toutes_tables as tt
from toutes_tables import IllegalMoveError, InvalidArgumentError, services
from toutes_tables.messages import reworded
from toutes_tables.movegen import play_from_moves
from toutes_tables.play import format_play
from toutes_tables.record import game_to_json


def _french(error: ValueError) -> str:
    return str(reworded(error, "fr", to_player=True))


def _refused(method: str, params: dict[str, object] | None = None) -> str:
    with pytest.raises(ValueError) as refused:
        services.dispatch(method, params)
    return str(refused.value)


def test_an_illegal_play_is_english_in_python_and_french_to_a_french_player() -> None:
    with pytest.raises(IllegalMoveError) as refused:
        play_from_moves(tt.start_position(64), (6, 5), [(24, 1)], "backgammon")
    assert str(refused.value) == (
        "illegal play [(24, 1)] with dice (6, 5) in Position.from_text('white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2')"
    )
    assert _french(refused.value) == "coup interdit [(24, 1)] avec les dés (6, 5)"  # the board is in front of him


def test_the_inner_errors_name_their_input_in_both_languages() -> None:
    errors = []
    start = tt.start_position(64)
    for call in (lambda: tt.start_rolls(300), lambda: tt.Match(None, 0), lambda: tt.legal_plays(start, (7, 1)),
                 lambda: format_play(start, [(24, 30)])):
        with pytest.raises(InvalidArgumentError) as refused:
            call()
        errors.append(refused.value)
    assert [str(e) for e in errors] == [
        "start numbers are 1-225, got 300",
        "length: a match is played to 1-99 points (MAX_MATCH_LENGTH), got 0",
        "dice must be two integers 1-6, got (7, 1)",
        "move must be a (from, to) pair of points 0-25 (25 the bar, 0 off), from higher to lower, got (24, 30)",
    ]
    assert [_french(e) for e in errors] == [
        "les départs sont numérotés de 1 à 225, pas 300",
        "length\u00a0: un match se joue en 1 à 99 points, pas 0",
        "les dés sont deux nombres entiers de 1 à 6, pas (7, 1)",
        "move doit être une paire (départ, arrivée) de flèches numérotées de 0 à 25 (25 la barre, 0 la sortie), de la"
        " plus haute à la plus basse, pas (24, 30)",
    ]


def test_a_match_refuses_the_next_game_before_its_game_is_over_in_french() -> None:
    match = tt.Match(None, 1)
    with pytest.raises(IllegalMoveError) as refused:
        match.next_game()
    assert str(refused.value).startswith("game 1 is not over (")
    assert _french(refused.value) == "la partie 1 n'est pas finie"


def test_an_illegal_play_in_a_json_save_is_said_in_french_on_the_review_page(french: None) -> None:
    save = game_to_json(tt.Game(None, 64))
    save["actions"] = [{"type": "opening", "black": 3, "white": 1}, {"type": "play", "player": "black",
                                                                     "moves": [[24, 1]]}]
    assert _refused("review_start", {"record": json.dumps(save)}) == (
        "sauvegarde de partie invalide\u00a0: game.actions[1]\u00a0: coup interdit [(24, 1)] avec les dés (3, 1)"
    )
    save["options"] = {"cube": "yes"}
    assert _refused("review_start", {"record": json.dumps(save)}) == (
        "sauvegarde de partie invalide\u00a0: game\u00a0: l'option cube vaut True ou False, pas 'yes'"
    )
