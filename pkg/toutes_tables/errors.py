"""The engine's exceptions: few, precise, and all ``ValueError`` subclasses.

Catch :class:`ValueError` to handle any bad input; catch a subclass to tell them apart. The checks that raise
:class:`InvalidArgumentError` for an argument of the wrong kind (``check_instance``, ``check_int``,
``check_sequence``) are in :mod:`toutes_tables.checks`, above the message catalogues that word them.
"""

from __future__ import annotations

import reprlib


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
