"""The classic start and the 225 drawn starts, with the project's start numbers (docs/rules/drawn-starts.md).

A start is drawn with two rolls of two different dice: ``(a1, b1)`` places Black's 2 and
White's 5 in the 1-6 quarter, ``(a2, b2)`` Black's 5 and White's 3 in the 12-7 quarter,
and everything is mirrored onto the other half with the colours swapped.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Protocol

from .errors import InvalidArgumentError, shown
from .messages import worded
from .position import WHITE, Color, Position

# The 15 pairs a < b in lexicographic order: (1, 2) = 0, (1, 3) = 1 ... (5, 6) = 14.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a + 1, 7))
_PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
CLASSIC_START = 64


class DiceSource(Protocol):
    def randint(self, a: int, b: int) -> int: ...


@dataclasses.dataclass(frozen=True)
class DrawnStart:
    """A drawn start: the two rolls that made it and its number 1-225."""

    number: int
    first_roll: tuple[int, int]  # (a1, b1), a1 < b1
    second_roll: tuple[int, int]  # (a2, b2), a2 < b2
    rerolled: tuple[tuple[int, int], ...] = ()  # the doubles rolled (and set aside) on the way

    def position(self, turn: Color = WHITE) -> Position:
        return start_position(self.number, turn)


def start_number(first_roll: tuple[int, int], second_roll: tuple[int, int]) -> int:
    """The number 1-225 of the start drawn with these two rolls (each in either order, no doubles).

    >>> start_number((6, 1), (1, 5))
    64
    """
    pairs = []
    for roll in (first_roll, second_roll):
        whole = isinstance(roll, (tuple, list)) and len(roll) == 2 and all(type(d) is int for d in roll)
        pair = (min(roll), max(roll)) if whole else None
        if pair not in _PAIR_INDEX:
            raise worded(InvalidArgumentError, "game.drawing_roll", roll=shown(roll))
        pairs.append(_PAIR_INDEX[pair])
    return 15 * pairs[0] + pairs[1] + 1


def start_rolls(number: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two drawing rolls ``((a1, b1), (a2, b2))`` of start ``number``."""
    if type(number) is not int or not 1 <= number <= 225:
        raise worded(InvalidArgumentError, "starts.number", number=shown(number))
    return PAIRS[(number - 1) // 15], PAIRS[(number - 1) % 15]


def start_points(number: int) -> dict[str, dict[int, int]]:
    """Absolute ``{point: count}`` for ``"black"`` and ``"white"`` in start ``number``."""
    (a1, b1), (a2, b2) = start_rolls(number)
    black = {a1: 2, 13 - a2: 5, 25 - b1: 5, 12 + b2: 3}
    white = {b1: 5, 13 - b2: 3, 25 - a1: 2, 12 + a2: 5}
    return {"black": black, "white": white}


def start_position(number: int = CLASSIC_START, turn: Color = WHITE) -> Position:
    """The position of start ``number`` (1-225; No. 64 is the classic start) with ``turn`` on roll.

    >>> start_position(64) == start_position()
    True
    """
    if not isinstance(turn, Color):
        raise InvalidArgumentError(f"turn must be BLACK or WHITE, got {shown(turn)}")
    pts = start_points(number)
    return Position.from_points(pts["black"], pts["white"], turn)


def draw_start(rng: DiceSource | None = None) -> DrawnStart:
    """Draw a start the way the rules do: roll two dice until they differ, twice.

    ``rng`` is anything with ``randint`` (a seeded :class:`random.Random` in tests);
    the default is the operating system's generator.
    """
    source: DiceSource = rng if rng is not None else random.SystemRandom()
    if not callable(getattr(source, "randint", None)):
        raise InvalidArgumentError(f"rng must have a randint method (e.g. random.Random(seed)), got {shown(rng)}")
    rerolled: list[tuple[int, int]] = []
    rolls: list[tuple[int, int]] = []
    while len(rolls) < 2:
        d1, d2 = source.randint(1, 6), source.randint(1, 6)
        if d1 == d2:
            rerolled.append((d1, d2))
            continue
        rolls.append((min(d1, d2), max(d1, d2)))
    return DrawnStart(start_number(rolls[0], rolls[1]), rolls[0], rolls[1], tuple(rerolled))
