"""A corrupt chouette save (``Chouette.from_json``, the chouette page's ``chouette_load``): the error says where
the save is wrong and why in the page's language (``services.dispatch`` rewords it), in English in Python and
on an English page (docs/translations.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from toutes_tables import InvalidRecordError, services
from toutes_tables.chouette import Chouette
from toutes_tables.messages import reworded

SEED = 20261202


def _save() -> dict[str, Any]:
    chouette = Chouette(["Ann", "Bob", "Cy"], order_rolls=[{"Ann": 3, "Bob": 6, "Cy": 5}], rng=random.Random(SEED))
    chouette.roll_opening((3, 1))
    return chouette.to_json()


def _refused(change: dict[str, Any]) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as refused:
        Chouette.from_json({**_save(), **change})
    return refused.value


# each corruption, and the French words of what is wrong (after "sauvegarde de chouette invalide : <where> : ")
CORRUPTIONS = [
    ({"rules": "nope"}, "chouette", "jeu inconnu 'nope'"),
    ({"options": 5}, "chouette", "'options' doit être un objet, pas 5"),
    ({"options": {"colour": 1}}, "chouette", "options inconnues ['colour']"),
    ({"options": {"jacoby": "yes"}}, "chouette", "l'option jacoby vaut True ou False, pas 'yes'"),
    ({"order_rolls": 3}, "chouette", "'order_rolls' doit être une liste, pas 3"),
    ({"order_rolls": [[["Ann", 3], ["Bob"]]]}, "chouette",
     "un tour du tirage de l'ordre est une liste de paires [nom, dé], pas [['Ann', 3], ['Bob']]"),
    ({"order_rolls": [[["Ann", 3], ["Ann", 4], ["Cy", 1]]]}, "chouette",
     "chaque joueur ne lance qu'une fois par tour du tirage de l'ordre, pas [['Ann', 3], ['Ann', 4], ['Cy', 1]]"),
    ({"order_rolls": [[["Ann", 3], ["Bob", 3], ["Cy", 1]]]}, "chouette",
     "l'ordre n'est pas décidé\u00a0: [['Ann', 'Bob']] sont à égalité et doivent relancer"),
    ({"order_rolls": [[["Ann", 9], ["Bob", 3], ["Cy", 1]]]}, "chouette",
     "tirage de l'ordre, tour 1\u00a0: le dé de Ann va de 1 à 6, pas 9"),
    ({"order_rolls": [[["Ann", 2], ["Bob", 3]]]}, "chouette",
     "tirage de l'ordre, tour 1\u00a0: on attend les dés de ['Ann', 'Bob', 'Cy'] et d'eux seuls, "
     "pas {'Ann': 2, 'Bob': 3}"),
    ({"players": "Ann"}, "chouette", "'players' doit être une liste, pas 'Ann'"),
    ({"start": 5}, "chouette", "un départ est {'number': ..., 'drawn': ...}, pas 5"),
    ({"start": {"number": 5, "drawn": [1]}}, "chouette", "'drawn' doit être deux jets, pas [1]"),
    ({"start": {"number": 5, "drawn": [[1, 2], [3, 4]]}}, "chouette",
     "les jets du tirage [[1, 2], [3, 4]] ne donnent pas le départ nº 5"),
    ({"start": {"number": 5, "drawn": [[1, 9], [3, 4]]}}, "chouette", "on attendait deux dés de 1 à 6, pas [1, 9]"),
    ({"actions": [5]}, "chouette.actions[0]", "une action est un objet JSON, pas 5"),
    ({"actions": [{"type": "answer", "name": 3}]}, "chouette.actions[0]",
     "une réponse a un 'name' et un 'take' true ou false, pas {'name': 3, 'type': 'answer'}"),
    ({"actions": [{"type": "take", "player": "black"}]}, "chouette.actions[0]",
     "une chouette enregistre des réponses, pas des actions 'take'"),
    ({"actions": [{"type": "opening", "black": 3, "white": 1},
                  {"type": "play", "player": "white", "moves": [[8, 5], [6, 5]]}]},
     "chouette.actions[1]", "Blanc ne peut pas jouer\u00a0: c'est à Noir de jouer"),
    ({"totals": {"Ann": 1}}, "chouette",
     "les totaux enregistrés, {'Ann': 1}, ne sont pas ceux de la session rejouée, {'Ann': 0, 'Bob': 0, 'Cy': 0}"),
]


@pytest.mark.parametrize(("change", "where", "french"), CORRUPTIONS)
def test_a_corrupt_chouette_save_says_where_and_why_in_french(change: dict[str, Any], where: str, french: str) -> None:
    if isinstance(change.get("options"), dict):
        change = {"options": {**_save()["options"], **change["options"]}}
    refused = _refused(change)
    assert str(reworded(refused, "fr")) == f"sauvegarde de chouette invalide\u00a0: {where}\u00a0: {french}"
    english = str(refused)
    assert english.startswith(f"invalid saved chouette: {where}: ") and "sauvegarde" not in english


def test_the_chouette_page_says_a_corrupt_save_in_its_language(french: None) -> None:
    save = {**_save(), "start": {"number": 5, "drawn": [[1, 2], [3, 4]]}}
    seats = {name: {"kind": "human"} for name in save["players"]}
    with pytest.raises(InvalidRecordError) as refused:
        services.dispatch("chouette_load", {"save": save, "seats": seats})
    assert str(refused.value) == (
        "sauvegarde de chouette invalide\u00a0: chouette\u00a0: les jets du tirage [[1, 2], [3, 4]] ne donnent pas le "
        "départ nº 5"
    )


def test_the_chouette_save_is_english_on_an_english_page() -> None:
    save = {**_save(), "totals": {"Ann": 1}}
    english = r"^invalid saved chouette: chouette: the recorded totals \{'Ann': 1\}"
    with pytest.raises(InvalidRecordError, match=english):
        services.dispatch("chouette_load", {"save": save, "seats": {n: {"kind": "human"} for n in save["players"]}})
