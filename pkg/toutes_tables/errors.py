"""The engine's exceptions: few, precise, and all ``ValueError`` subclasses.

Catch :class:`ValueError` to handle any bad input; catch a subclass to tell them apart.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class InvalidPositionError(ValueError):
    """A position that cannot exist: wrong checker counts, both colours on one point, a malformed ID."""


class InvalidNotationError(ValueError):
    """Text that is not a well-formed play, e.g. ``"24/18 13/"``."""


class IllegalMoveError(ValueError):
    """A well-formed play, or a game action, that the position or the game does not allow."""


class InvalidRecordError(ValueError):
    """A saved game or match record, or a Match ID, that cannot be read."""


class InvalidArgumentError(ValueError):
    """A call with an argument of the wrong kind or out of range; the message names the parameter."""


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 80
_SHORT.maxlevel = 3


def shown(value: object) -> str:
    """``value`` for an error message: short, and never failing (huge numbers, deep nesting)."""
    if type(value) is int and value.bit_length() > 256:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"


def check_instance(value: object, kind: type[T], name: str, accepts: str) -> T:
    """``value`` if it is a ``kind``; else :class:`InvalidArgumentError` naming ``name`` and what it ``accepts``."""
    if not isinstance(value, kind):
        raise InvalidArgumentError(f"{name} must be {accepts}, got {type(value).__name__} {shown(value)}")
    return value


def check_int(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``low`` to ``high``; else :class:`InvalidArgumentError`."""
    if type(value) is not int or not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be a whole number from {low} to {high}, got {shown(value)}")
    return value


def check_sequence(value: object, name: str, accepts: str) -> Sequence[Any]:
    """``value`` if it is a list or a tuple (its items are the caller's to check), else an error."""
    if not isinstance(value, (tuple, list)):
        raise InvalidArgumentError(f"{name} must be {accepts}, got {type(value).__name__} {shown(value)}")
    return value
