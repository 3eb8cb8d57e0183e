"""The engine's exceptions: few, precise, and all ``ValueError`` subclasses.

Catch :class:`ValueError` to handle any bad input; catch a subclass to tell them apart.
"""


class InvalidPositionError(ValueError):
    """A position that cannot exist: wrong checker counts, both colours on one point, a malformed ID."""


class InvalidNotationError(ValueError):
    """Text that is not a well-formed play, e.g. ``"24/18 13/"``."""


class IllegalMoveError(ValueError):
    """A well-formed play, or a game action, that the position or the game does not allow."""


class InvalidRecordError(ValueError):
    """A saved game or match record, or a Match ID, that cannot be read."""
