"""The engine's argument checks: a value of the wrong kind or out of range is an :class:`InvalidArgumentError`
naming the parameter and what it accepts, in the catalogues' words.

The checks sit above both :mod:`toutes_tables.errors` (the exception types) and :mod:`toutes_tables.messages`
(the catalogues, which quote bad values with :func:`~toutes_tables.errors.shown`): their errors are
:func:`~toutes_tables.messages.worded`, so a Python caller reads English (``str(error)``) and the service
says the same error in the page's language. What a parameter accepts is a message too (the constants below).

>>> from toutes_tables.messages import reworded
>>> try:
...     check_int(30, "point", 1, 24)
... except InvalidArgumentError as exc:
...     print(exc)
...     print(reworded(exc, "fr"))
point must be a whole number from 1 to 24, got 30
point doit être un nombre entier de 1 à 24, pas 30
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from .errors import InvalidArgumentError, shown
from .messages import Words, worded

T = TypeVar("T")

# what a parameter accepts, said in the error's language
A_POSITION = Words("check.what.position")
A_GAME = Words("check.what.game")
A_MATCH = Words("check.what.match")
A_MATCH_OR_NONE = Words("check.what.match_or_none")
GAMES = Words("check.what.games")
MOVES = Words("check.what.moves")  # (from, to) pairs
LEGAL_PLAYS = Words("check.what.legal_plays")
AN_ACTION = Words("check.what.action")
ACTIONS = Words("check.what.actions")
AN_OUTCOME = Words("check.what.outcome")
A_COLOUR = Words("check.what.colour")
A_CUBE_STATE = Words("check.what.cube_state")
A_MATCH_STATE = Words("check.what.match_state")
A_DECISION = Words("check.what.decision")
RESULTS = Words("check.what.results")
SCORE_PAIR = Words("check.what.score_pair")  # (Black, White) points


def check_instance(value: object, kind: type[T] | tuple[type, ...], name: str | Words, accepts: Words) -> T:
    """``value`` if it is a ``kind``; else :class:`InvalidArgumentError` naming ``name`` and what it ``accepts``."""
    if not isinstance(value, kind):
        raise _not_one(value, name, accepts)
    return value  # type: ignore[return-value]


def check_int(value: object, name: str | Words, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``low`` to ``high``; else :class:`InvalidArgumentError`."""
    if type(value) is not int or not low <= value <= high:
        raise worded(InvalidArgumentError, "check.int", name=name, low=low, high=high, value=shown(value))
    return value


def check_sequence(value: object, name: str | Words, accepts: Words) -> Sequence[Any]:
    """``value`` if it is a list or a tuple (its items are the caller's to check), else an error."""
    if not isinstance(value, (tuple, list)):
        raise _not_one(value, name, accepts)
    return value


def _not_one(value: object, name: str | Words, accepts: Words) -> InvalidArgumentError:
    return worded(InvalidArgumentError, "check.instance", name=name, accepts=accepts, kind=type(value).__name__,
                  value=shown(value))


__all__ = [
    "ACTIONS", "AN_ACTION", "AN_OUTCOME", "A_COLOUR", "A_CUBE_STATE", "A_DECISION", "A_GAME", "A_MATCH",
    "A_MATCH_OR_NONE", "A_MATCH_STATE", "A_POSITION", "GAMES", "LEGAL_PLAYS", "MOVES", "RESULTS", "SCORE_PAIR",
    "InvalidArgumentError", "check_instance", "check_int", "check_sequence",
]
