"""The engine's argument checks (``toutes_tables.checks``) and its other refusals of a call are worded from the
catalogues: English in Python, the page's language through the service (docs/translations.md)."""

from __future__ import annotations

import pytest

from toutes_tables import Game, IllegalMoveError, InvalidArgumentError, Position, services
from toutes_tables.starts import start_position
from toutes_tables.checks import A_POSITION, check_instance, check_int, check_sequence
from toutes_tables.messages import UnknownLanguageError, check_language, reworded
from toutes_tables.movegen import legal_plays
from toutes_tables.notation import check_notation
from toutes_tables.resignation import resigner
from toutes_tables.turn import TurnInProgress


def _both(call: object) -> tuple[str, str]:
    with pytest.raises(ValueError) as refused:
        call()  # type: ignore[operator]
    return str(refused.value), str(reworded(refused.value, "fr"))


def test_each_check_is_english_in_python_and_french_reworded() -> None:
    assert _both(lambda: check_int(30, "point", 1, 24)) == (
        "point must be a whole number from 1 to 24, got 30", "point doit être un nombre entier de 1 à 24, pas 30"
    )
    assert _both(lambda: check_instance("x", Position, "position", A_POSITION)) == (
        "position must be a Position, got str 'x'", "position doit être une Position, pas str 'x'"
    )
    assert _both(lambda: legal_plays(None, (6, 5), "backgammon")) == (  # type: ignore[arg-type]
        "position must be a Position, got NoneType None", "position doit être une Position, pas NoneType None"
    )


def test_a_check_keeps_its_type_and_names_its_input() -> None:
    with pytest.raises(InvalidArgumentError) as refused:
        check_sequence(5, "moves", A_POSITION)
    again = reworded(refused.value, "fr")
    assert type(again) is InvalidArgumentError and isinstance(again, ValueError) and str(again).startswith("moves ")


def test_the_point_of_a_position_is_checked_in_french() -> None:
    english, french = _both(lambda: start_position(64).at(25))
    assert english.startswith("point (absolute) must be a whole number from 1 to 24")
    assert french.startswith("point (absolu) doit être un nombre entier de 1 à 24")


def test_a_turn_and_a_resignation_refuse_in_french() -> None:
    turn = TurnInProgress(start_position(64), (6, 1), "backgammon")
    assert _both(turn.undo)[1] == "aucune dame n'a encore bougé dans ce tour de 6-1"
    game = Game(None, 64)
    with pytest.raises(IllegalMoveError) as refused:
        resigner(game)
    assert str(reworded(refused.value, "fr")) == (
        "personne ne peut abandonner maintenant\u00a0: seulement une fois le jet d'ouverture joué"
    )


def test_an_unknown_language_is_worded() -> None:
    with pytest.raises(UnknownLanguageError) as refused:
        check_language("xx")
    assert str(refused.value) == "language is one of en, fr, got 'xx'"
    assert str(reworded(refused.value, "fr")) == "la langue est l'une de en, fr, pas 'xx'"


def test_the_service_says_a_check_in_its_language(french: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The service's readers check a page's parameters before an engine check can see them, so only a bug lets one
    through: it is French too (``services.dispatch`` rewords every worded error)."""

    def buggy_method(name: object, params: object = None) -> object:
        return check_int(0, "src", 1, 25)

    monkeypatch.setattr(services, "_dispatch", buggy_method)
    with pytest.raises(InvalidArgumentError, match=r"^src doit être un nombre entier de 1 à 25, pas 0$"):
        services.dispatch("explore", {})


def test_an_illegal_step_or_a_long_play_is_french_on_a_french_page(french: None) -> None:
    with pytest.raises(IllegalMoveError) as refused:
        services.dispatch("explore", {"rules": "backgammon", "start": 64, "dice": [6, 1], "steps": [[24, 1]]})
    assert str(refused.value) == "24/1 ne peut faire partie d'aucun coup permis de 6-1"
    # after a step: the steps in notation, never a Python list ("après []" was said before any step)
    with pytest.raises(IllegalMoveError) as refused:
        services.dispatch("explore", {"rules": "backgammon", "start": 64, "dice": [6, 1], "steps": [[13, 7], [24, 1]]})
    assert str(refused.value) == "24/1 ne peut faire partie d'aucun coup permis de 6-1 après 13/7"
    with pytest.raises(ValueError) as too_long:
        check_notation("6/5" * 30)
    said = str(reworded(too_long.value, "fr", to_player=True))
    assert said.startswith("le coup '6/56/5") and said.endswith(" a 90 caractères\u00a0; un coup s'écrit en 80 au plus")


def test_an_illegal_step_names_the_position_in_python() -> None:
    with pytest.raises(IllegalMoveError, match=r"^24/1 cannot be part of a legal play of 6-1 from Position"):
        TurnInProgress(start_position(64), (6, 1), "backgammon").step((24, 1))
    with pytest.raises(IllegalMoveError, match=r"^24/1 cannot be part of a legal play of 6-1 after 13/7 from Position"):
        TurnInProgress(start_position(64), (6, 1), "backgammon").step((13, 7)).step((24, 1))
    with pytest.raises(IllegalMoveError, match=r"^24/1 is not a legal move now with 6-1 from Position"):
        TurnInProgress(start_position(64), (6, 1), "backgammon").move(24, 1)
