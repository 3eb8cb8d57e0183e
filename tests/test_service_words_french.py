"""The words inside the service's errors are the page's language too (docs/translations.md): a method's description
of what a parameter holds (two dice, a Position ID, a chouette player's seat), the review's level and known
decisions, and what is wrong with JSON that does not parse, never Python's English."""

from __future__ import annotations

import json

import pytest

from toutes_tables import Game, services
from toutes_tables import analysis
from toutes_tables.record import game_to_json, game_to_text


def _refused(method: str, params: dict[str, object]) -> str:
    with pytest.raises(ValueError) as refused:
        services.dispatch(method, params)
    return str(refused.value)


def _record() -> str:
    return game_to_text(Game(None, 64))


def test_bad_dice_are_said_in_french(french: None) -> None:
    assert _refused("explore", {"rules": "backgammon", "start": 64, "dice": "6-1"}) == (
        "dice doit être deux dés de 1 à 6, pas '6-1'"
    )
    assert _refused("rollout_start", {"position": "4HPwATDgc/ABMA", "dice": 61}) == (
        "dice doit être deux dés de 1 à 6, pas 61"
    )


def test_bad_dice_stay_english_on_an_english_page() -> None:
    assert _refused("explore", {"rules": "backgammon", "start": 64, "dice": "6-1"}) == "dice is two dice 1-6, got '6-1'"


def test_too_many_dice_are_counted_not_said_as_two_dice_of_at_most_two_items(french: None) -> None:
    # "two dice" says the length already: not "deux dés de 1 à 6 d'au plus 2 éléments"
    assert _refused("explore", {"rules": "backgammon", "start": 64, "dice": [6, 1, 3]}) == (
        "dice doit être deux dés de 1 à 6, pas 3 valeurs"
    )
    services.dispatch("set_language", {"lang": "en"})
    assert _refused("explore", {"rules": "backgammon", "start": 64, "dice": [6, 1, 3]}) == (
        "dice is two dice 1-6, got 3 values"
    )


def test_the_parameters_descriptions_are_french(french: None) -> None:
    assert _refused("explore", {"rules": "backgammon", "position": 5}) == (
        "position doit être un Position ID de gnubg, pas 5"
    )
    assert _refused("explore", {"rules": "backgammon", "start": 64, "steps": "24/18"}) == (
        "steps doit être une liste de paires [départ, arrivée], pas '24/18'"
    )
    assert _refused("study_position", {"xgid": 5}) == "xgid doit être un XGID, pas 5"
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "robot"}, {"name": "Cy", "kind": "human"}]
    assert _refused("chouette_new", {"players": players}) == (
        "joueur 2 (Bob)\u00a0: kind est l'un de 'human', 'computer', pas 'robot'"
    )
    players[1] = {"name": "B" * 300, "kind": "human"}
    refused = _refused("chouette_new", {"players": players})
    assert refused.startswith("joueur 2\u00a0: name doit être du texte d'au plus ")


def test_a_bad_review_level_is_said_in_french(french: None) -> None:
    refused = _refused("review_start", {"record": _record(), "level": "godlike"})
    assert refused.startswith("le niveau est l'un de ") and refused.endswith(", pas 'godlike'")


def test_a_bad_review_level_is_english_in_python_and_on_an_english_page() -> None:
    with pytest.raises(analysis.ReviewError, match=r"^level must be one of .*, got 'godlike'$"):
        analysis.reviewing_level("godlike")
    assert _refused("review_start", {"record": _record(), "level": "godlike"}).startswith("level must be one of ")


def test_a_corrupt_known_decision_is_said_in_french(french: None) -> None:
    assert _refused("review_start", {"record": _record(), "known": [5]}) == (
        "known[0] doit être une décision (un objet JSON), pas 5"
    )
    assert _refused("review_start", {"record": _record(), "known": [{"cube_value": 3}]}) == (
        "known[0].cube_value doit être une valeur du videau (une puissance de 2 jusqu'à 4096), pas 3"
    )


def test_json_past_pythons_digit_limit_is_said_in_french(french: None) -> None:
    record = json.dumps(game_to_json(Game(None, 64)))[:-1] + ', "big": ' + "9" * 5000 + "}"
    refused = _refused("review_start", {"record": record})
    assert refused.startswith(
        "record\u00a0: ce n'est pas un enregistrement\u00a0: le JSON ne se lit pas (un nombre entier de plus de 4300 "
        "chiffres)\u00a0: "
    )
    assert "Exceeds" not in refused


def test_a_json_fault_of_a_later_python_is_said_in_french(french: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's Pyodide (Python 3.13 and later) says a trailing comma in words Python 3.11 does not have."""

    def later_python(text: str) -> object:
        position = text.index(",}")
        raise json.JSONDecodeError("Illegal trailing comma before end of object", text, position)

    monkeypatch.setattr(analysis.json, "loads", later_python)
    assert _refused("review_start", {"record": '{"format": 1,}'}).startswith(
        "record\u00a0: ce n'est pas un enregistrement\u00a0: le JSON ne se lit pas (virgule interdite avant la fin de "
        "l'objet\u00a0: ligne 1, colonne 13 (caractère 12))"
    )

    def newer_still(text: str) -> object:
        raise json.JSONDecodeError("Some fault of Python 3.20", text, 0)

    monkeypatch.setattr(analysis.json, "loads", newer_still)
    refused = _refused("review_start", {"record": '{"format": 1,}'})
    assert "(JSON mal formé\u00a0: ligne 1, colonne 1 (caractère 0))" in refused and "Python" not in refused
