"""The review's words in a language: gnubg's marks, ratings and luck words, and the cube actions, as players read them.

The review (:mod:`toutes_tables.analysis`) names its marks and ratings in gnubg's English words, and a
cube decision's played and best action in the engine's (``"no double"``, ``"take"``), as data
(``"very bad"``, ``"World class"``, ``"Go to Las Vegas"``): those names are what the JSON and the
page decide from. This module only puts them into a language for players, through the message
catalogues (:mod:`toutes_tables.messages`, the ``review.*`` keys), the French in the rules book's
words (docs/review.fr.md).

>>> mark_word("very bad", "fr"), rating_word("World class", "fr"), luck_word("unlucky", "fr")
('très mauvais', 'Classe mondiale', 'malchanceux')
>>> luck_rating_word("Go to Las Vegas", "en"), action_word("take", "fr"), action_word("no double", "fr")
('Go to Las Vegas', 'accepte', 'pas de double')
"""

from __future__ import annotations

import re

from .analysis import AWFUL, LUCK_RATINGS, MARK_SIGNS, RATINGS
from .messages import say

LUCK_MARKS = ("very lucky", "lucky", "unlucky", "very unlucky")
# The cube actions as the engine names them, as data: a cube decision's played and best (the review) and
# the cube choices of a hint's equities (the service).
CUBE_ACTIONS = ("no double", "double", "take", "drop", "double, take", "double, pass")


def slug(name: str) -> str:
    """A review word's catalogue key part: ``"Bad dice, man!"`` is ``"bad_dice_man"``."""
    return re.sub(r"\W+", "_", name.lower()).strip("_")


def mark_word(mark: str, lang: str) -> str:
    """A decision's mark (``"doubtful"``, ``"bad"``, ``"very bad"``) in ``lang``; no mark is ``""``."""
    return say(lang, f"review.mark.{slug(mark)}") if mark else ""


def luck_word(mark: str, lang: str) -> str:
    """A roll's luck mark (``"very lucky"`` ... ``"very unlucky"``) in ``lang``; no mark is ``""``."""
    return say(lang, f"review.luck.{slug(mark)}") if mark else ""


def rating_word(rating: str | None, lang: str) -> str:
    """A player's rating in gnubg's words (``"Expert"``, ``"Awful!"``) in ``lang``; None (no decision) as such."""
    return say(lang, "review.rating.none" if rating is None else f"review.rating.{slug(rating)}")


def luck_rating_word(rating: str, lang: str) -> str:
    """A player's luck rating in gnubg's words (``"Go to bed"`` ... ``"Go to Las Vegas"``) in ``lang``."""
    return say(lang, f"review.luck_rating.{slug(rating)}")


def action_word(action: str, lang: str) -> str:
    """A cube action as the engine names it (``"no double"``, ``"take"``, ``"double, pass"``) in ``lang``."""
    return say(lang, f"review.action.{slug(action)}")


def review_keys() -> list[str]:
    """Every key this module builds from the review's names: a test checks the catalogues have them all."""
    keys = [f"review.mark.{slug(m)}" for m in MARK_SIGNS if m]
    keys += [f"review.luck.{slug(m)}" for m in LUCK_MARKS]
    keys += [f"review.rating.{slug(name)}" for _, name in RATINGS]
    keys += [f"review.rating.{slug(AWFUL)}", "review.rating.none"]  # none: a player with no decision to rate
    keys += [f"review.luck_rating.{slug(name)}" for name in LUCK_RATINGS]
    keys += [f"review.action.{slug(action)}" for action in CUBE_ACTIONS]
    return keys
