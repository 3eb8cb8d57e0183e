"""Dice announcements the way each language's players say them (docs/rules/moving.md, "Announcing the roll")."""

from __future__ import annotations

import itertools
import re

import pytest

from toutes_tables.dice_words import announce, call, double_name
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


@pytest.mark.parametrize("number", range(1, 7))
def test_a_double_called_alone_in_english_shows_its_dice_beside_a_french_name(number: int) -> None:
    # "Your move: Carmes." tells an English player nothing: where no figures stand beside the name (the
    # status line, the screen reader's announcement), English glosses the French names with the dice
    name, dice = ENGLISH_DOUBLES[number], f"{number}-{number}"
    if name == "Double two":
        assert call((number, number)) == name  # an English name needs no gloss
    else:
        assert call((number, number)) == call((number, number), "en") == f"{name} ({dice})"
    assert call((number, number), "fr") == FRENCH_DOUBLES[number]  # French players know their names


@pytest.mark.parametrize("lang", languages())
def test_every_call_starts_with_the_announcement_and_names_no_other_dice(lang: str) -> None:
    for d1, d2 in itertools.combinations_with_replacement(range(1, 7), 2):
        called, announced = call((d1, d2), lang), announce((d1, d2), lang)
        assert called.startswith(announced), (lang, d1, d2, called)
        assert set(re.findall(r"\d", called)) <= {str(d1), str(d2)}, (lang, d1, d2, called)


def test_the_services_dice_call_is_the_glossed_one() -> None:
    # the page's status line and its announcements say the service's dice_call as it comes
    from toutes_tables.service import dispatch

    answer = dispatch("explore", {"rules": "backgammon", "start": 64, "dice": [4, 4]})
    assert answer["dice_call"] == "Carmes (4-4)"
    assert dispatch("explore", {"rules": "backgammon", "start": 64, "dice": [2, 2]})["dice_call"] == "Double two"
