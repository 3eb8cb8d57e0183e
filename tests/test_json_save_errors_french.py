"""A JSON save pasted on the review page that cannot be read (a game's or a match's, corrupt or of another
format): the error names what is wrong and where in the page's language (``services.dispatch`` rewords it),
in English in Python and on an English page (docs/translations.md)."""

from __future__ import annotations

import json

import pytest

from toutes_tables import Game, InvalidRecordError, Match, services
from toutes_tables.analysis import ReviewError, read_record
from toutes_tables.record import game_from_json, game_to_json, match_from_json, match_to_json


def _save() -> dict[str, object]:
    return game_to_json(Game(None, 64))


def _review_error(record: str) -> str:
    with pytest.raises(ValueError) as refused:
        services.dispatch("review_start", {"record": record})
    return str(refused.value)


def _spoiled(**changes: object) -> str:
    return json.dumps({**_save(), **changes})


def test_a_corrupt_game_save_is_english_in_python_and_on_an_english_page() -> None:
    bad = {**_save(), "actions": [{"type": "roll", "player": "green", "dice": [3, 1]}]}
    with pytest.raises(InvalidRecordError) as refused:
        game_from_json(bad)
    english = "invalid saved game: game.actions[0]: expected 'black' or 'white', got 'green'"
    assert str(refused.value) == english
    assert _review_error(json.dumps(bad)) == english
    assert _review_error('{"format": ').startswith("record: not a record: the JSON does not parse (")


def test_a_corrupt_game_save_is_french_on_a_french_page(french: None) -> None:
    colour = _spoiled(actions=[{"type": "roll", "player": "green", "dice": [3, 1]}])
    assert _review_error(colour) == (
        "sauvegarde de partie invalide\u00a0: game.actions[0]\u00a0: on attendait 'black' ou 'white', pas 'green'"
    )
    invalid = "sauvegarde de partie invalide\u00a0: "
    assert _review_error(_spoiled(rules="chess")) == invalid + "game\u00a0: jeu inconnu 'chess'"
    assert _review_error(_spoiled(format="x")) == "ce n'est pas une sauvegarde toutes-tables/game (format 'x')"
    unparsed = _review_error('{"format": ')
    assert unparsed.startswith("record\u00a0: ce n'est pas un enregistrement\u00a0: le JSON ne se lit pas (")
    assert unparsed.endswith("\u00a0: '{\"format\": '")


def test_an_action_the_game_refuses_is_said_in_french_inside_the_save_error(french: None) -> None:
    # a roll before the opening roll: the game's own refusal, in its player's form (no Position.from_text)
    refused = _review_error(_spoiled(actions=[{"type": "roll", "player": "black", "dice": [3, 1]}]))
    assert refused == (
        "sauvegarde de partie invalide\u00a0: game.actions[0]\u00a0: on ne peut pas lancer les dés maintenant"
    )


def test_a_corrupt_match_save_is_french_on_a_french_page_and_english_in_python(french: None) -> None:
    match = Match(None, 3)
    data = {**match_to_json(match), "games": []}
    with pytest.raises(InvalidRecordError, match=r"^invalid saved match: match: no games$"):
        match_from_json(data)
    assert _review_error(json.dumps(data)) == "sauvegarde de match invalide\u00a0: match\u00a0: aucune partie"


def test_a_record_of_the_wrong_kind_names_it_in_both_languages(french: None) -> None:
    with pytest.raises(ReviewError, match=r"^record must be a Game, a Match or a record \(text or JSON\), got int 5$"):
        read_record(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match=r"^saved data must be a JSON object, got list$"):
        game_from_json([])


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ('{"format": ', "Expecting value: line 1 column 12 (char 11)",
         "on attendait une valeur\u00a0: ligne 1, colonne 12 (caractère 11)"),
        ('{"a" 1}', "Expecting ':' delimiter: line 1 column 6 (char 5)",
         "on attendait le séparateur ':'\u00a0: ligne 1, colonne 6 (caractère 5)"),
        ("{} x", "Extra data: line 1 column 4 (char 3)",
         "données en trop après le JSON\u00a0: ligne 1, colonne 4 (caractère 3)"),
    ],
)
def test_why_json_does_not_parse_is_said_in_the_pages_language(text: str, english: str, french: str) -> None:
    with pytest.raises(ReviewError) as refused:
        read_record(text)
    assert str(refused.value) == f"record: not a record: the JSON does not parse ({english}): {text!r}"
    services.dispatch("set_language", {"lang": "fr"})
    try:
        assert _review_error(text) == (
            f"record\u00a0: ce n'est pas un enregistrement\u00a0: le JSON ne se lit pas ({french})\u00a0: {text!r}"
        )
    finally:
        services.dispatch("set_language", {"lang": "en"})
