"""Positions: where the 30 checkers stand and who is on roll.

A :class:`Position` is immutable and hashable. It stores each side's checkers in that
side's own *player numbering* (docs/rules/board.md, "Two ways of numbering the points"):
the home quarter is 1-6, the bar is 25 and index 0 counts the checkers borne off. ``mine``
belongs to the player on roll, ``theirs`` to the opponent; a point ``p`` of the player on
roll is the opponent's point ``25 - p``.

Absolute numbering (points 1-24, Black travelling 1 -> 24) is the same as White's player
numbering; Black's player point is ``25 - absolute``.
"""

from __future__ import annotations

import base64
import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from .display import Pictured
from .errors import InvalidPositionError, shown
from .checks import check_int
from .messages import DEFAULT_LANGUAGE, Words, colour_word, reason, say, worded

CHECKERS = 15
BAR = 25
OFF = 0


class Color(enum.Enum):
    """The two sides: Black (dark checkers) travels 1 -> 24, White (light) 24 -> 1."""

    BLACK = "black"
    WHITE = "white"

    @property
    def other(self) -> Color:
        return OPPONENT[self]

    def __repr__(self) -> str:
        return f"{self.name}"


BLACK = Color.BLACK
WHITE = Color.WHITE
# A plain dict: an enum property costs about a microsecond, and every play's result asks.
OPPONENT = {BLACK: WHITE, WHITE: BLACK}


def to_absolute(point: int, color: Color) -> int:
    """Player point ``point`` (1-24) of ``color`` in absolute numbering."""
    return point if color is WHITE else 25 - point


def from_absolute(point: int, color: Color) -> int:
    """Absolute point ``point`` (1-24) in ``color``'s player numbering."""
    return point if color is WHITE else 25 - point


def _validate_side(side: str, checkers: Sequence[int]) -> tuple[int, ...]:
    """The 26 counts of one side (``side``: its message key, ``position.side.*``), checked."""
    if not isinstance(checkers, (tuple, list)):
        raise InvalidPositionError(
            f"{say(DEFAULT_LANGUAGE, side)}: checker counts must be a list or tuple, got {shown(checkers)}"
        )
    if len(checkers) == 25:  # points 1-24 + bar, the borne-off count implied
        counts = list(checkers)
        if any(type(c) is not int or c < 0 for c in counts):
            raise InvalidPositionError(
                f"{say(DEFAULT_LANGUAGE, side)}: checker counts must be non-negative integers, got {list(checkers)!r}"
            )
        on_board = sum(counts)
        if on_board > CHECKERS:
            raise worded(InvalidPositionError, "position.on_board", side=Words(side), count=on_board, most=CHECKERS)
        return (CHECKERS - on_board, *counts)
    if len(checkers) != 26:
        raise InvalidPositionError(
            f"{say(DEFAULT_LANGUAGE, side)}: expected 26 counts (off, points 1-24, bar) or 25 (points 1-24, bar), "
            f"got {len(checkers)}"
        )
    counts = list(checkers)
    if any(type(c) is not int or c < 0 for c in counts):
        raise InvalidPositionError(
            f"{say(DEFAULT_LANGUAGE, side)}: checker counts must be non-negative integers, got {list(checkers)!r}"
        )
    total = sum(counts)
    if total != CHECKERS:
        raise worded(InvalidPositionError, "position.total", side=Words(side), count=total, most=CHECKERS)
    return tuple(counts)


class Position(tuple[tuple[int, ...], tuple[int, ...], Color], Pictured):
    """The checkers of both sides and the colour on roll.

    ``mine`` and ``theirs`` are 26 counts each, in their owner's player numbering:
    index 0 = borne off, 1-24 = points, 25 = bar (a 25-long sequence without the
    borne-off count is accepted too).

    A position is a value: immutable, hashable, equal to another with the same checkers
    and turn. It is built on a tuple ``(mine, theirs, turn)`` because the move generator
    makes thousands of them a second and a tuple is the cheapest immutable object to make,
    hash and compare.

    >>> from toutes_tables import start_position
    >>> pos = start_position(64)
    >>> pos.pip_count()
    (167, 167)
    >>> Position.from_gnubg_id(pos.gnubg_id()) == pos
    True

    In a notebook a position shows its board, drawn by :mod:`toutes_tables.svg` (:mod:`toutes_tables.notebook`).
    """

    __slots__ = ()

    if TYPE_CHECKING:
        mine: tuple[int, ...]
        theirs: tuple[int, ...]
        turn: Color
    else:
        mine = property(itemgetter(0), doc="The 26 counts of the player on roll, in his numbering.")
        theirs = property(itemgetter(1), doc="The 26 counts of the opponent, in his numbering.")
        turn = property(itemgetter(2), doc="The colour on roll.")

    def __new__(cls, mine: Sequence[int], theirs: Sequence[int], turn: Color = WHITE) -> Position:
        if not isinstance(turn, Color):
            raise InvalidPositionError(f"turn must be BLACK or WHITE, got {turn!r}")
        m = _validate_side("position.side.on_roll", mine)
        t = _validate_side("position.side.opponent", theirs)
        for p in range(1, 25):
            if m[p] and t[25 - p]:
                raise worded(InvalidPositionError, "position.shared_point", mine=m[p], point=p, theirs=t[25 - p],
                             their_point=25 - p)
        return tuple.__new__(cls, (m, t, turn))

    @classmethod
    def _trusted(cls, mine: tuple[int, ...], theirs: tuple[int, ...], turn: Color) -> Position:
        """Build without validation, for the move generator's known-good results (a hot path)."""
        return tuple.__new__(cls, (mine, theirs, turn))

    def __getnewargs__(self) -> tuple[tuple[int, ...], tuple[int, ...], Color]:
        return (self[0], self[1], self[2])  # so that pickle and copy rebuild through __new__

    def __repr__(self) -> str:
        return f"Position.from_text({self.text()!r})"

    # -- views ------------------------------------------------------------------------

    def checkers(self, color: Color) -> tuple[int, ...]:
        """The 26 counts of ``color`` in its own player numbering (0 = off, 25 = bar)."""
        if color is self.turn:
            return self.mine
        if color is not self.turn.other:
            raise InvalidPositionError(f"color must be BLACK or WHITE, got {shown(color)}")
        return self.theirs

    def at(self, point: int) -> tuple[Color | None, int]:
        """``(colour, count)`` on absolute point ``point`` (1-24); ``(None, 0)`` when empty."""
        check_int(point, Words("check.name.absolute_point"), 1, 24)
        for color in (BLACK, WHITE):
            n = self.checkers(color)[from_absolute(point, color)]
            if n:
                return color, n
        return None, 0

    def bar(self, color: Color) -> int:
        return self.checkers(color)[BAR]

    def borne_off(self, color: Color) -> int:
        return self.checkers(color)[OFF]

    def pip_count(self) -> tuple[int, int]:
        """Pips left to bear off: ``(player on roll, opponent)``."""
        return (sum(i * n for i, n in enumerate(self.mine)), sum(i * n for i, n in enumerate(self.theirs)))

    def pips(self, color: Color) -> int:
        return sum(i * n for i, n in enumerate(self.checkers(color)))

    def all_home(self, color: Color) -> bool:
        """All of ``color``'s checkers still on the board are in its home quarter (1-6)."""
        c = self.checkers(color)
        return not any(c[7:26])

    def winner(self) -> Color | None:
        """The colour that has borne off all 15, if any."""
        for color in (self.turn, self.turn.other):
            if self.checkers(color)[OFF] == CHECKERS:
                return color
        return None

    def check_playable(self) -> Position:
        """This position if a game can be played from it; else :class:`InvalidPositionError` with the reason.

        Refused (docs/rules/decisions.md, "Positions a game can start from"): a position whose game
        is over (a side has borne off all 15), and the deadlock where both sides have checkers on
        the bar against a closed board, where nobody can ever move. Checker counts and shared points
        are already checked when a position is built.
        """
        for color in (self.turn, self.turn.other):
            if self.checkers(color)[OFF] == CHECKERS:
                raise worded(InvalidPositionError, "position.borne_off", colour=colour_word(color), most=CHECKERS,
                             position=repr(self))
        if all(side[BAR] and all(other[p] >= 2 for p in range(1, 7)) for side, other in self._sides()):
            raise worded(InvalidPositionError, "position.deadlock", position=repr(self))
        return self

    def _sides(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """``(side, opponent)`` both ways; a side enters on the opponent's home points 1-6 (its own 24-19)."""
        return ((self.mine, self.theirs), (self.theirs, self.mine))

    def swapped(self) -> Position:
        """The same checkers with the other player on roll."""
        return Position._trusted(self.theirs, self.mine, OPPONENT[self.turn])

    def with_turn(self, color: Color) -> Position:
        if color is self.turn:
            return self
        if color is not self.turn.other:
            raise InvalidPositionError(f"color must be BLACK or WHITE, got {shown(color)}")
        return self.swapped()

    # -- construction from absolute data -------------------------------------------------

    @classmethod
    def from_points(
        cls,
        black: Mapping[int, int] | Iterable[tuple[int, int]],
        white: Mapping[int, int] | Iterable[tuple[int, int]],
        turn: Color = WHITE,
        *,
        black_bar: int = 0,
        white_bar: int = 0,
    ) -> Position:
        """Build from ``{absolute point: count}`` for each colour; the rest are borne off.

        >>> Position.from_points({1: 2, 12: 5, 17: 3, 19: 5}, {6: 5, 8: 3, 13: 5, 24: 2}).text()
        'white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2'
        """
        sides = {}
        for color, points, on_bar in ((BLACK, black, black_bar), (WHITE, white, white_bar)):
            counts = [0] * 26
            for point, n in dict(points).items():
                if not (type(point) is int and 1 <= point <= 24):
                    raise worded(InvalidPositionError, "position.absolute_point", colour=colour_word(color),
                                 point=repr(point))
                counts[from_absolute(point, color)] += n
            counts[BAR] = on_bar
            counts[OFF] = CHECKERS - sum(counts)
            if counts[OFF] < 0:
                raise worded(InvalidPositionError, "position.colour_total", colour=colour_word(color),
                             count=sum(counts) - counts[OFF], most=CHECKERS)
            sides[color] = counts
        return cls(sides[turn], sides[turn.other], turn)

    def absolute(self) -> dict[str, object]:
        """A JSON-able view in absolute numbering: ``points`` (24 signed counts, + Black / - White), bars, off, turn."""
        points = []
        for p in range(1, 25):
            color, n = self.at(p)
            points.append(n if color is BLACK else -n)
        return {
            "points": points,
            "bar": {"black": self.bar(BLACK), "white": self.bar(WHITE)},
            "off": {"black": self.borne_off(BLACK), "white": self.borne_off(WHITE)},
            "turn": self.turn.value,
        }

    # -- the compact text literal ---------------------------------------------------------

    def text(self) -> str:
        """Compact literal: ``"<turn> <mine> / <theirs>"``, each side as ``point:count`` in its own numbering.

        The bar is ``bar:n``; borne-off checkers are implied. An empty side is ``-``.
        """

        def side(c: tuple[int, ...]) -> str:
            parts = [f"{p}:{c[p]}" for p in range(1, 25) if c[p]]
            if c[BAR]:
                parts.append(f"bar:{c[BAR]}")
            return " ".join(parts) or "-"

        return f"{self.turn.value} {side(self.mine)} / {side(self.theirs)}"

    _TEXT_RE = re.compile(r"^\s*(?:(black|white)\s+)?(.*?)\s*/\s*(.*?)\s*$", re.IGNORECASE)
    _ITEM_RE = re.compile(r"^(bar|\d{1,2}):(\d{1,2})$", re.IGNORECASE)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Parse :meth:`text`'s literal (the turn word is optional, White by default).

        >>> Position.from_text("3:1 2:2 / 24:1 bar:0").pip_count()
        (7, 24)
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"text must be a str such as 'white 6:5 8:3 / 6:5 8:3', got {shown(text)}")
        m = cls._TEXT_RE.match(text)
        if not m:
            raise InvalidPositionError(f"position literal needs 'mine / theirs', got {text!r}")
        turn = Color(m.group(1).lower()) if m.group(1) else WHITE
        sides = []
        for part in (m.group(2), m.group(3)):
            counts = [0] * 26
            if part not in ("", "-"):
                for item in part.split():
                    im = cls._ITEM_RE.match(item)
                    if not im:
                        raise InvalidPositionError(f"bad item {item!r} in position literal {text!r}")
                    where = BAR if im.group(1).lower() == "bar" else int(im.group(1))
                    if not 1 <= where <= 25:
                        raise InvalidPositionError(f"point {where} out of range 1-24 in {text!r}")
                    counts[where] += int(im.group(2))
            counts[OFF] = CHECKERS - sum(counts)
            if counts[OFF] < 0:
                raise InvalidPositionError(f"more than 15 checkers on one side in {text!r}")
            sides.append(counts)
        return cls(sides[0], sides[1], turn)

    # -- gnubg Position ID ----------------------------------------------------------------

    def gnubg_key(self) -> bytes:
        """gnubg's 10-byte position key: the opponent's 25 slots then the player on roll's."""
        bits = 0
        nbit = 0
        for side in (self.theirs, self.mine):
            for i in range(1, 26):
                n = side[i]
                bits |= ((1 << n) - 1) << nbit
                nbit += n + 1
        return bits.to_bytes(10, "little")

    def gnubg_id(self) -> str:
        """The 14-character gnubg Position ID (the player on roll is the ID's player on roll)."""
        return base64.b64encode(self.gnubg_key()).decode("ascii").rstrip("=")

    @classmethod
    def from_gnubg_id(cls, pid: str, turn: Color = WHITE) -> Position:
        """Decode a gnubg Position ID; ``turn`` names the colour of its player on roll.

        >>> Position.from_gnubg_id("4HPwATDgc/ABMA").pip_count()
        (167, 167)
        """
        if not isinstance(pid, str) or not re.fullmatch(r"[A-Za-z0-9+/]{14}", pid.strip()):
            raise worded(InvalidPositionError, "position.id_form", pid=repr(pid))
        bits = int.from_bytes(base64.b64decode(pid.strip() + "=="), "little")
        sides: list[list[int]] = []
        for _ in range(2):
            counts = [0] * 26
            for i in range(1, 26):
                n = 0
                while bits & 1:
                    n += 1
                    bits >>= 1
                bits >>= 1
                counts[i] = n
            total = sum(counts)
            if total > CHECKERS:
                raise worded(InvalidPositionError, "position.id_checkers", pid=repr(pid), total=total)
            counts[OFF] = CHECKERS - total
            sides.append(counts)
        if bits:
            raise worded(InvalidPositionError, "position.id_bits", pid=repr(pid))
        theirs, mine = sides
        try:
            return cls(mine, theirs, turn)
        except InvalidPositionError as exc:
            raise worded(InvalidPositionError, "position.id_invalid", pid=repr(pid), reason=reason(exc)) from None

    def to_gnubg_board(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The board as gnubg's Python bindings take it: ``(opponent[25], player on roll[25])``."""
        return (tuple(self.theirs[1:26]), tuple(self.mine[1:26]))
