"""Sentences about a game in a language: the words the service and the terminal game share.

The templates are the message catalogues' (:mod:`toutes_tables.messages`); this module only picks
the keys from the game's data (a colour, an outcome, a reason) and fills in the values.

>>> from toutes_tables.game import GameResult
>>> from toutes_tables.position import WHITE
>>> from toutes_tables.rules import Outcome
>>> result_description(GameResult(WHITE, Outcome.GAMMON, 2, "resigned"), "fr")
'un gammon (abandon), 2 points'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .messages import say
from .position import Color

if TYPE_CHECKING:
    from .game import GameResult
    from .rules import Outcome


def colour_word(color: Color, lang: str) -> str:
    """A colour's name for players: "White", "Blanc"."""
    return say(lang, f"colour.{color.value}")


def points_words(points: float, lang: str) -> str:
    """A number of points in words: "1 point", "2 points", "1.5 points"."""
    return say(lang, "result.points.one" if points == 1 else "result.points.many", points=f"{points:g}")


def outcome_words(outcome: Outcome, lang: str) -> str:
    """An outcome with its article: "a gammon", "une partie simple"."""
    return say(lang, f"result.outcome.{outcome.value}")


def result_description(result: GameResult, lang: str) -> str:
    """How a game was won, without the winner: "a single game (double dropped), 1 point"."""
    reason = say(lang, f"result.reason.{result.reason}") if result.reason in ("dropped", "resigned") else ""
    points, outcome = points_words(result.points, lang), outcome_words(result.outcome, lang)
    return say(lang, "result.description", outcome=outcome, reason=reason, points=points)
