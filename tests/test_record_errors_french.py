"""A record pasted or a .mat file imported on the review page that cannot be read: the error names the line
and says what is wrong in the page's language (``services.dispatch`` rewords it), in English in Python and on
an English page (docs/translations.md)."""

from __future__ import annotations

import random
import pytest

from toutes_tables import InvalidRecordError, Match, services
from toutes_tables.record import game_from_text
from toutes_tables.matfile import match_to_mat
from toutes_tables.matimport import MatImportError, read_mat

RECORD = """Toutes Tables record 1
Rules: backgammon
Options: cube=on jacoby=off auto-doubles=0 auto-double-mode=double point-game=off winner-opens=off

Game 1
Start: 64
Opening: black 3 white 1
black 3-1: 8/5 6/5
white 6-4: 24/18 13/9
"""


def _review_error(record: str) -> str:
    with pytest.raises(InvalidRecordError) as refused:
        services.dispatch("review_start", {"record": record})
    return str(refused.value)


def test_the_record_reads() -> None:  # the record the other tests spoil is a good one
    assert len(game_from_text(RECORD).history) == 4


def test_a_bad_record_line_is_english_in_python_and_on_an_english_page() -> None:
    bad = RECORD.replace("Start: 64", "Start: 300")
    with pytest.raises(InvalidRecordError, match=r"^line 6: start numbers are 1-225, not 300: '300'$"):
        game_from_text(bad)
    assert _review_error(bad) == "line 6: start numbers are 1-225, not 300: '300'"


def test_a_bad_record_line_is_french_on_a_french_page(french: None) -> None:
    assert _review_error(RECORD.replace("Start: 64", "Start: 300")) == (
        "ligne 6\u00a0: les départs sont numérotés de 1 à 225, pas 300\u00a0: '300'"
    )
    assert _review_error(RECORD.replace("Rules: backgammon", "Rules: chess")) == (
        "ligne 2\u00a0: jeu inconnu 'chess'\u00a0; les jeux sont toutes-tables-225, toutes-tables, backgammon-225,"
        " backgammon"
    )
    ended = _review_error(RECORD.split("Rules:")[0])
    assert ended == "ligne 2\u00a0: l'enregistrement s'arrête là où l'on attendait «\u00a0Rules: ...\u00a0»"


def test_an_action_out_of_turn_is_said_in_french_with_its_line(french: None) -> None:
    turn = _review_error(RECORD.replace("white 6-4: 24/18 13/9", "black 6-4: 24/18 13/9"))
    assert turn == (
        "ligne 9\u00a0: Noir ne peut pas lancer les dés\u00a0: c'est à Blanc de jouer\u00a0: 'black 6-4: 24/18 13/9'"
    )


def test_a_play_the_game_refuses_is_said_in_french_with_its_line(french: None) -> None:
    said = _review_error(RECORD.replace("24/18 13/9", "24/1"))
    assert said.startswith("ligne 9\u00a0: coup interdit '24/1'\u00a0; coups permis\u00a0: 24/18 13/9, ")
    assert "Position.from_text" not in said  # the player's form: the page shows the board


def test_a_bad_mat_file_names_its_line_in_french(french: None) -> None:
    match = Match("backgammon", 3, rng=random.Random(0))
    match.game.roll_opening((1, 3))
    match.game.play("8/5 6/5")
    match.game.offer_double()
    match.game.drop()
    mat = match_to_mat(match)
    read_mat(mat)  # it reads as written
    lines = mat.splitlines()
    number = next(i for i, line in enumerate(lines) if "Doubles" in line)
    lines[number] = lines[number].replace("Doubles => 2", "Doubles => 8")
    bad = "\n".join(lines) + "\n"
    with pytest.raises(MatImportError, match=rf"^\.mat line {number + 1}: a double now turns the cube to 2, not 8"):
        read_mat(bad)
    assert _review_error(bad).startswith(
        f"ligne {number + 1} du .mat\u00a0: un double porte maintenant le videau à 2, pas à 8\u00a0: "
    )
    assert _review_error(" 3 point match\n") == "le fichier .mat n'a pas de «\u00a0Game 1\u00a0»"
