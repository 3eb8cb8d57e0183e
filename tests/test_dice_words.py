"""Dice announcements the way each language's players say them (docs/rules/moving.md, "Announcing the roll")."""

from __future__ import annotations

import itertools

import pytest

from toutes_tables.dice_words import announce, double_name
from toutes_tables.game import Game
from toutes_tables.messages import languages
from toutes_tables.svg import dice_text

FRENCH_DOUBLES = {6: "Sonnés", 5: "Quines", 4: "Carmes", 3: "Ternes", 2: "Double deux", 1: "Bezas"}
ENGLISH_DOUBLES = {6: "Sonnés", 5: "Quines", 4: "Carmes", 3: "Ternes", 2: "Double two", 1: "Bezas"}


@pytest.mark.parametrize("number", range(1, 7))
def test_doubles_have_their_traditional_names_in_each_language(number: int) -> None:
    assert announce((number, number), "fr") == double_name(number, "fr") == FRENCH_DOUBLES[number]
    assert announce((number, number)) == announce((number, number), "en") == ENGLISH_DOUBLES[number]


@pytest.mark.parametrize(
    ("dice", "english", "french"),
    [((6, 1), "Six-ace", "Six et as"), ((1, 6), "Six-ace", "Six et as"), ((4, 2), "Four-two", "Quatre et deux"),
     ((2, 5), "Five-two", "Cinq et deux"), ((3, 1), "Three-ace", "Trois et as")],
)
def test_the_higher_die_is_called_first_and_a_one_is_the_ace(dice: tuple[int, int], english: str, french: str) -> None:
    assert announce(dice, "en") == english
    assert announce(dice, "fr") == french


@pytest.mark.parametrize("lang", languages())
def test_every_roll_has_an_announcement_in_every_language(lang: str) -> None:
    calls = {announce(dice, lang) for dice in itertools.combinations_with_replacement(range(1, 7), 2)}
    assert len(calls) == 21 and all(call and "{" not in call for call in calls)


def test_the_game_and_the_diagrams_announce_from_the_same_words() -> None:
    game = Game()
    assert game.announce((5, 5), lang="fr") == "Quines"
    assert dice_text((2, 2)) == "2-2 (Double two)" and dice_text((2, 2), "fr") == "2-2 (Double deux)"


def test_bad_dice_are_refused_in_any_language() -> None:
    with pytest.raises(ValueError, match="7"):
        announce((7, 1), "fr")
