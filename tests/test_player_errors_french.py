"""The errors a player meets in the engine's own modules, in the page's language: the chouette's rules
(toutes_tables.chouette), a play typed (toutes_tables.notation), a Position ID (toutes_tables.position).

They are made by ``messages.worded``: English for Python callers (``str(error)``), and said in the
JSON service's language by ``services.dispatch`` (docs/translations.md)."""

from __future__ import annotations

import pytest

from toutes_tables import IllegalMoveError, InvalidNotationError, InvalidPositionError, Position, parse_play, services
from toutes_tables.chouette import Chouette
from toutes_tables.messages import reworded, worded


def _chouette_in_play() -> None:
    players = [{"name": name, "kind": "human"} for name in ("Anne", "Bruno", "Claire")]
    services.dispatch("chouette_new", {"players": players, "seed": 3})
    services.dispatch("chouette_roll")  # the opening roll: the game has begun


def test_a_worded_error_is_english_for_python_and_keeps_its_type_in_another_language() -> None:
    error = worded(IllegalMoveError, "chouette.rule.already_in", name="'Anne'")
    assert str(error) == "'Anne' is already in the chouette"
    again = reworded(error, "fr")
    assert type(again) is IllegalMoveError and str(again) == "'Anne' est déjà dans la chouette"
    assert reworded(ValueError("plain"), "fr").args == ("plain",)  # an error not worded stays as it is


def test_the_chouettes_rule_errors_stay_english_in_python() -> None:
    chouette = Chouette(["Anne", "Bruno", "Claire"], rng=None)
    chouette.roll_opening((3, 1))
    with pytest.raises(IllegalMoveError, match="^'Denis' can join between games, not during game 1$"):
        chouette.join("Denis")
    with pytest.raises(IllegalMoveError, match="cannot answer: no double is offered"):
        chouette.answer("Bruno", True)


def test_the_chouettes_rule_errors_are_french_on_a_french_page(french: None) -> None:
    _chouette_in_play()
    with pytest.raises(IllegalMoveError) as joined:
        services.dispatch("chouette_join", {"player": {"name": "Denis", "kind": "human"}})
    assert str(joined.value) == "'Denis' peut entrer entre deux parties, pas pendant la partie 1"
    with pytest.raises(IllegalMoveError) as answered:
        services.dispatch("chouette_answer", {"name": "Bruno", "take": True})
    assert str(answered.value).startswith("'Bruno' ne peut pas répondre\u00a0: aucun double n'est proposé")
    with pytest.raises(ValueError) as named:
        twice = [{"name": name, "kind": "human"} for name in ("Anne", "Anne", "Bruno")]
        services.dispatch("chouette_new", {"players": twice})
    assert str(named.value).startswith("les joueurs doivent avoir des noms différents"), named.value


def test_the_chouettes_rule_errors_are_english_on_an_english_page() -> None:
    _chouette_in_play()
    with pytest.raises(IllegalMoveError, match="^'Denis' can join between games, not during game 1$"):
        services.dispatch("chouette_join", {"player": {"name": "Denis", "kind": "human"}})


def test_a_play_typed_in_the_chouette_is_refused_in_french_on_a_french_page(french: None) -> None:
    """A member's suggestion (chouette_suggest) is a play typed: its notation errors are the page's language."""
    players = [{"name": name, "kind": "human"} for name in ("Anne", "Bruno", "Claire")]
    services.dispatch("chouette_new", {"players": players, "seed": 1})  # seed 1: the team moves first, Claire advises
    services.dispatch("chouette_roll")
    with pytest.raises(InvalidNotationError) as unreadable:
        services.dispatch("chouette_suggest", {"name": "Claire", "play": "hello"})
    assert str(unreadable.value).startswith("impossible de lire 'hello' dans 'hello'\u00a0: on attend des coups")
    with pytest.raises(IllegalMoveError) as illegal:
        services.dispatch("chouette_suggest", {"name": "Claire", "play": "24/1"})
    assert str(illegal.value).startswith("coup interdit '24/1'\u00a0; coups permis\u00a0: "), illegal.value
    assert "illegal play" not in str(illegal.value) and "legal plays" not in str(illegal.value)


def test_a_play_refused_to_a_player_leaves_out_the_programmers_position_in_either_language() -> None:
    """The board is on the player's screen: no ``Position.from_text(...)`` in what the service says to him."""
    players = [{"name": name, "kind": "human"} for name in ("Anne", "Bruno", "Claire")]
    services.dispatch("chouette_new", {"players": players, "seed": 1})
    services.dispatch("chouette_roll")
    with pytest.raises(IllegalMoveError) as illegal:
        services.dispatch("chouette_suggest", {"name": "Claire", "play": "24/1"})
    assert str(illegal.value).startswith("illegal play '24/1'; legal plays: "), illegal.value
    assert "Position" not in str(illegal.value)
    with pytest.raises(IllegalMoveError, match=r"Position\.from_text"):  # a Python caller still reads it
        parse_play(Position.from_text("white 2:2 3:1 / 24:1"), "3/2 2/off", (6, 1), rules="toutes-tables")


@pytest.mark.parametrize(
    ("params", "french_start"),
    [
        ({"position_id": "xx"}, "un Position ID de gnubg a 14 caractères base64, pas 'xx'"),
        ({"gnubg_id": "4HPwATDgc/ABMA:zzz"}, "un Match ID de gnubg a 12 caractères base64"),
        ({"xgid": "XGID=abc:1"}, "un XGID a 10 champs séparés par ':', et non 2"),
    ],
)
def test_a_bad_position_typed_on_the_analysis_board_is_refused_in_french(
    french: None, params: dict[str, str], french_start: str
) -> None:
    with pytest.raises(ValueError) as refused:
        services.dispatch("study_position", {"rules": "backgammon", **params})
    assert str(refused.value).startswith(french_start), refused.value


@pytest.mark.parametrize(
    ("params", "english", "french_words"),
    [
        (
            {"position_id": "WeIAhFMPZFUgDL"},
            "Position ID 'WeIAhFMPZFUgDL': both colours on one point: the player on roll has 4 on 2, the opponent 3",
            "Position ID 'WeIAhFMPZFUgDL'\u00a0: deux couleurs sur une même flèche\u00a0: le joueur qui a le dé en a"
            " 4 sur sa flèche 2, l'adversaire 3 sur la même flèche (sa flèche 23)",
        ),
        (
            {"gnubg_id": "4HPwATDgc/ABMA:5lRDXNfPxOMF"},
            "Match ID '5lRDXNfPxOMF': cube owner field is 2; it must be 0, 1 or 3 (centred)",
            "Match ID '5lRDXNfPxOMF'\u00a0: le champ du propriétaire du videau vaut 2\u00a0; il vaut 0, 1 ou 3",
        ),
        (
            {"xgid": "XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10"},  # White's 24 point holds 3
            "XGID 'XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10': white has 16 checkers; a side has 15",
            "XGID 'XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10'\u00a0: Blanc a 16 dames\u00a0; un camp en a 15",
        ),
    ],
)
def test_the_detail_of_an_impossible_position_is_said_in_the_pages_language(
    french: None, params: dict[str, str], english: str, french_words: str
) -> None:
    with pytest.raises(ValueError) as refused:
        services.dispatch("study_position", {"rules": "backgammon", **params})
    assert str(refused.value).startswith(french_words), refused.value
    services.dispatch("set_language", {"lang": "en"})
    with pytest.raises(ValueError) as in_english:
        services.dispatch("study_position", {"rules": "backgammon", **params})
    assert str(in_english.value).startswith(english), in_english.value


def test_a_bad_position_id_stays_english_in_python() -> None:
    with pytest.raises(InvalidPositionError, match="^a gnubg Position ID is 14 base64 characters, got 'xx'$"):
        Position.from_gnubg_id("xx")


def test_an_xgids_field_is_named_in_the_language_of_the_page(french: None) -> None:
    """A worded error's value may be a message itself (messages.Words): the field's name, the bar's colour."""
    bad_cube = "XGID=-b----E-C---eE---c-e----B-:99:0:1:00:0:0:0:0:10"
    with pytest.raises(ValueError) as refused:
        services.dispatch("study_position", {"rules": "backgammon", "xgid": bad_cube})
    assert "le champ videau (log2) doit être un nombre entier de 0 à" in str(refused.value), refused.value
    with pytest.raises(ValueError) as bar:
        black_bar_white = "Ab" + bad_cube[7:].replace(":99:", ":0:", 1)  # a white checker on Black's bar
        services.dispatch("study_position", {"rules": "backgammon", "xgid": black_bar_white})
    assert "le caractère 0 est la barre de Noir, pas 'A'" in str(bar.value), bar.value


def test_an_xgids_field_is_named_in_english_in_python() -> None:
    from toutes_tables.xgid import XGID

    with pytest.raises(ValueError, match=r"the cube \(log2\) must be a whole number 0-"):
        XGID.parse("XGID=-b----E-C---eE---c-e----B-:99:0:1:00:0:0:0:0:10")


def test_a_malformed_service_call_is_said_in_the_pages_language(french: None) -> None:
    """A page reaches these only through a bug, but its player reads them in his language all the same."""
    from toutes_tables.service_calls import ServiceError

    with pytest.raises(ServiceError) as unknown:
        services.dispatch("no_such_method")
    assert str(unknown.value) == "méthode de service inconnue 'no_such_method'"
    with pytest.raises(ServiceError) as missing:
        services.dispatch("set_language")
    assert str(missing.value) == "set_language demande le paramètre 'lang'\u00a0; il prend 'lang'"
    with pytest.raises(ServiceError) as bad:
        services.dispatch("review_start", {"record": 7})
    assert str(bad.value).startswith("record doit être "), bad.value


def test_a_malformed_service_call_stays_english_on_an_english_page() -> None:
    from toutes_tables.service_calls import ServiceError

    with pytest.raises(ServiceError, match="^unknown service method 'no_such_method'$"):
        services.dispatch("no_such_method")
