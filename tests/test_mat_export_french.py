"""The reason a reviewed record cannot be written as a .mat file, in the page's language (issue 15): the review
page's note 'Pas de fichier .mat : ...' says it in French on /fr/play-review/, in English on an English page and
in Python (``MatExportError``'s English ``str()``, docs/translations.md)."""

from __future__ import annotations

import random

import pytest

from toutes_tables import GameOptions, MatExportError, Match, match_to_mat
from toutes_tables.record import match_to_text
from toutes_tables.services import dispatch

from .test_review_service import short_record


def finished_match(rules: str = "backgammon", *, options: GameOptions | None = None, start: int | None = None) -> Match:
    """A 3-point match, its first game over: the opener plays the first legal play and the other side resigns
    (seeded, random.Random(0))."""
    match = Match(rules, 3, options=options, rng=random.Random(0), start=start)
    game = match.game
    game.roll_opening((1, 3))
    game.play(game.legal_plays()[0])
    game.resign()
    assert game.result is not None
    return match


SINGLE = short_record()
TOUTES = match_to_text(Match("toutes-tables", 3, rng=random.Random(1)))  # the set is refused first
START = match_to_text(finished_match("backgammon-225", start=12))
POINT = match_to_text(finished_match(options=GameOptions(point_game=True)))

# (the record, what its English reason says, what its French reason says)
CASES = {
    "single game": (SINGLE, "a single game is not a match", "une partie seule n'est pas un match"),
    "Toutes tables set": (TOUTES, "is not backgammon", "n'est pas du backgammon"),
    "start other than classic": (START, "game 1 starts from No. 12", "la partie 1 part du nº 12"),
    "point game": (POINT, "game 1 is a point game", "la partie 1 se joue au point"),
}


@pytest.mark.parametrize("case", CASES)
def test_the_reason_there_is_no_mat_file_is_french_on_a_french_page(case: str, french: None) -> None:
    record, english, in_french = CASES[case]
    problem = dispatch("review_files", {"record": record})["mat_problem"]
    assert in_french in problem and english not in problem, problem


@pytest.mark.parametrize("case", CASES)
def test_the_reason_there_is_no_mat_file_is_english_on_an_english_page(case: str) -> None:
    record, english, _ = CASES[case]
    files = dispatch("review_files", {"record": record})
    assert files["mat"] is None and english in files["mat_problem"], files["mat_problem"]


def test_the_export_errors_stay_english_in_python() -> None:
    with pytest.raises(MatExportError) as refused:
        match_to_mat(finished_match("backgammon-225", start=12))
    assert str(refused.value) == (
        "game 1 starts from No. 12; a .mat file cannot give a start, so only games from the classic start (No. 64) "
        "can be exported"
    )
    with pytest.raises(MatExportError, match=r"^game 1 is a point game, which \.mat files cannot score$"):
        match_to_mat(finished_match(options=GameOptions(point_game=True)))
