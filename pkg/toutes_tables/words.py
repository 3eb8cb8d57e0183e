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


def colour_word(color: Color, lang: str) -> str:
    """A colour's name for players: "White", "Blanc"."""
    return say(lang, f"colour.{color.value}")


def result_description(result: GameResult, lang: str) -> str:
    """How a game was won, without the winner: "a single game (double dropped), 1 point"."""
    reason = say(lang, f"result.reason.{result.reason}") if result.reason in ("dropped", "resigned") else ""
    points = say(lang, "result.points.one" if result.points == 1 else "result.points.many", points=result.points)
    outcome = say(lang, f"result.outcome.{result.outcome.value}")
    return say(lang, "result.description", outcome=outcome, reason=reason, points=points)
