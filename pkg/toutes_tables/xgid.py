"""XGID: eXtreme Gammon's one-line code for a position with its cube, score and dice, read and written.

An XGID is ``XGID=`` (optional when reading) then ten fields separated by ``:``, as XG writes
them and gnubg reads them (``set xgid``, in gnubg's ``set.c``)::

    XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10

========  ==============================================================================
field     meaning
========  ==============================================================================
position  26 characters: the top player's bar, points 1-24 as the bottom player numbers
          them, the bottom player's bar. ``-`` is an empty point, ``A``-``P`` 1-16 of the
          bottom player's checkers, ``a``-``p`` the top player's; borne-off checkers are
          implied
cube      log2 of the cube's value (0: a 1-cube)
owner     1 the bottom player owns the cube, -1 the top player, 0 centred
turn      1 the bottom player is on roll, -1 the top player
dice      ``00`` not rolled yet, two digits the dice rolled, ``D`` a double offered (the
          player on roll doubled; his opponent must answer)
score     the bottom player's score, then the top player's (two fields)
rules     in a match: 1 this is the Crawford game, else 0; in a money game: 1 the Jacoby
          rule, plus 2 beavers allowed
length    the match length; 0 for a money game
max cube  log2 of the highest cube value allowed (XG writes 10, a 1024-cube, by default;
          gnubg reads and ignores it)
========  ==============================================================================

The bottom player is **White** (moving from absolute point 24 to 1, numbered as White
numbers them), the top player **Black**: the same as gnubg, whose player 1 is the bottom
player and, in this project, White (:mod:`toutes_tables.matchid`). So an XGID, gnubg's
Position ID and its Match ID describe the same thing (a test checks it against gnubg's own
``set xgid``).

>>> x = XGID.parse("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10")
>>> x.position.turn, x.dice, x.jacoby, x.beaver, x.gnubg_id()
(WHITE, (5, 2), True, True, '4HPwATDgc/ABMA:cIkKAAAAAAAA')
>>> x.text() == "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
True
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .errors import InvalidPositionError, shown
from .checks import A_GAME, A_MATCH_OR_NONE, check_instance
from .messages import Words, reason, worded
from .matchid import MATCH_ID_MAX_LENGTH, MatchState
from .position import BLACK, WHITE, Color, Position, to_absolute

if TYPE_CHECKING:
    from .game import Game
    from .match import Match

MAX_XGID_CHARS = 120  # an XGID is about 60 characters; anything much longer is not one
POSITION_CHARS = 26
MAX_CUBE_LOG2 = 15  # a Match ID holds cubes up to 2**15
DEFAULT_MAX_CUBE_LOG2 = 10  # what XG writes unless told otherwise
PREFIX = "XGID="


class InvalidXGIDError(InvalidPositionError):
    """Text that is not a well-formed XGID, or one describing an impossible position or state."""


def _owner_code(owner: Color | None) -> int:
    return 0 if owner is None else (1 if owner is WHITE else -1)


@dataclasses.dataclass(frozen=True)
class XGID:
    """Everything an XGID holds. ``score`` is (Black, White), as elsewhere in the engine."""

    position: Position  # its player on roll is the XGID's player on roll
    cube: int = 1
    cube_owner: Color | None = None
    dice: tuple[int, int] | None = None  # None: not rolled yet
    doubled: bool = False  # the player on roll has doubled; his opponent must take or drop
    score: tuple[int, int] = (0, 0)
    match_length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False
    max_cube_log2: int = DEFAULT_MAX_CUBE_LOG2

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise InvalidXGIDError(f"invalid XGID state: {problem}")

    def _problem(self) -> str | None:
        if not isinstance(self.position, Position):
            return f"position must be a Position, got {shown(self.position)}"
        if self.cube_owner is not None and not isinstance(self.cube_owner, Color):
            return f"cube_owner must be BLACK, WHITE or None (centred), got {shown(self.cube_owner)}"
        if self.dice is not None and not isinstance(self.dice, tuple):
            return f"dice must be a tuple of two values 1-6 or None, got {shown(self.dice)}"
        if not isinstance(self.score, tuple):
            return f"score must be a (Black, White) tuple of whole numbers, got {shown(self.score)}"
        for name in ("doubled", "crawford", "jacoby", "beaver"):
            if type(getattr(self, name)) is not bool:
                return f"{name} must be True or False, got {shown(getattr(self, name))}"
        cube = self.cube
        if type(cube) is not int or cube < 1 or cube & (cube - 1) or cube > 1 << MAX_CUBE_LOG2:
            return f"cube: the cube is a power of two up to {1 << MAX_CUBE_LOG2}, got {shown(cube)}"
        if self.dice is not None and (
            len(self.dice) != 2 or not all(type(d) is int and 1 <= d <= 6 for d in self.dice)
        ):
            return f"dice are two values 1-6 or None, got {shown(self.dice)}"
        if self.doubled and self.dice is not None:
            return "a double is offered before the roll: no dice with a double"
        if type(self.match_length) is not int or not 0 <= self.match_length <= MATCH_ID_MAX_LENGTH:
            return f"match_length is 0 (money) to {MATCH_ID_MAX_LENGTH}, got {shown(self.match_length)}"
        if len(self.score) != 2 or not all(type(s) is int and 0 <= s <= 0x7FFF for s in self.score):
            return f"score: the score is two whole numbers >= 0, got {shown(self.score)}"
        if self.match_length and (self.jacoby or self.beaver):
            return "the Jacoby rule and beavers are for money games"
        if not self.match_length and self.crawford:
            return "a money game has no Crawford game"
        if not (type(self.max_cube_log2) is int and 0 <= self.max_cube_log2 <= MAX_CUBE_LOG2):
            return f"max_cube_log2: the max cube is a log2 0-{MAX_CUBE_LOG2}, got {shown(self.max_cube_log2)}"
        return None

    # -- writing -----------------------------------------------------------------------

    def position_text(self) -> str:
        """The 26 position characters."""
        chars = []
        for slot in range(POSITION_CHARS):
            if slot == 0:
                color, n = (BLACK, self.position.bar(BLACK))
            elif slot == 25:
                color, n = (WHITE, self.position.bar(WHITE))
            else:
                owner, n = self.position.at(slot)  # slot = White's point = the absolute point
                color = owner or WHITE
            if not n:
                chars.append("-")
            else:
                chars.append(chr((ord("A") if color is WHITE else ord("a")) + n - 1))
        return "".join(chars)

    def text(self) -> str:
        """The XGID, ``XGID=`` first."""
        turn = 1 if self.position.turn is WHITE else -1
        if self.doubled:
            dice = "D"
        elif self.dice is None:
            dice = "00"
        else:
            dice = f"{self.dice[0]}{self.dice[1]}"
        if self.match_length:
            rules = int(self.crawford)
        else:
            rules = int(self.jacoby) + 2 * int(self.beaver)
        fields = [
            self.position_text(),
            str(self.cube.bit_length() - 1),
            str(_owner_code(self.cube_owner)),
            str(turn),
            dice,
            str(self.score[1]),  # the bottom player's (White's) first
            str(self.score[0]),
            str(rules),
            str(self.match_length),
            str(self.max_cube_log2),
        ]
        return PREFIX + ":".join(fields)

    def __str__(self) -> str:
        return self.text()

    # -- reading -----------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> XGID:
        """Read an XGID (``XGID=`` optional); raises :class:`InvalidXGIDError` naming the text."""
        if not isinstance(text, str):
            raise InvalidXGIDError(f"text: an XGID is text, got {type(text).__name__} {shown(text)}")
        if len(text) > MAX_XGID_CHARS:
            raise worded(InvalidXGIDError, "xgid.too_long", most=MAX_XGID_CHARS, count=len(text), start=repr(text[:40]))
        body = text.strip()
        if body[: len(PREFIX)].upper() == PREFIX:
            body = body[len(PREFIX) :]
        fields = body.split(":")
        if len(fields) != 10:
            raise worded(InvalidXGIDError, "xgid.fields", count=len(fields), text=repr(text))
        chars, cube, owner, turn, dice, score_bottom, score_top, rules, length, max_cube = fields

        def number(value: str, field: str, low: int, high: int) -> int:
            """A field's number; ``field`` names it in the catalogues' ``xgid.field.*``."""
            digits = value[1:] if value[:1] == "-" else value
            n = int(value) if digits.isascii() and digits.isdigit() else low - 1
            if not low <= n <= high or value.strip() != value:
                raise worded(InvalidXGIDError, "xgid.number", text=repr(text), name=Words(f"xgid.field.{field}"),
                             low=low, high=high, value=repr(value))
            return n

        cube_log2 = number(cube, "cube", 0, MAX_CUBE_LOG2)
        owner_code = number(owner, "cube_owner", -1, 1)
        turn_code = number(turn, "turn", -1, 1)
        if turn_code == 0:
            raise worded(InvalidXGIDError, "xgid.turn_zero", text=repr(text))
        match_length = number(length, "match_length", 0, MATCH_ID_MAX_LENGTH)
        rule_bits = number(rules, "rules", 0, 1 if match_length else 3)
        on_roll = WHITE if turn_code == 1 else BLACK
        rolled: tuple[int, int] | None = None
        doubled = False
        if dice == "D":
            doubled = True
        elif dice in ("B", "R"):
            raise worded(InvalidXGIDError, "xgid.beavers", text=repr(text), dice=repr(dice))
        elif len(dice) == 2 and dice.isdigit():
            d1, d2 = int(dice[0]), int(dice[1])
            if (d1, d2) != (0, 0):
                if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
                    raise worded(InvalidXGIDError, "xgid.dice_digits", text=repr(text), dice=repr(dice))
                rolled = (d1, d2)
        else:
            raise worded(InvalidXGIDError, "xgid.dice_field", text=repr(text), dice=repr(dice))
        try:
            return cls(
                position=_position(chars, on_roll, text),
                cube=1 << cube_log2,
                cube_owner=None if owner_code == 0 else (WHITE if owner_code == 1 else BLACK),
                dice=rolled,
                doubled=doubled,
                score=(
                    number(score_top, "top_score", 0, 0x7FFF),
                    number(score_bottom, "bottom_score", 0, 0x7FFF),
                ),
                match_length=match_length,
                crawford=bool(match_length and rule_bits & 1),
                jacoby=bool(not match_length and rule_bits & 1),
                beaver=bool(not match_length and rule_bits & 2),
                max_cube_log2=number(max_cube, "max_cube", 0, MAX_CUBE_LOG2),
            )
        except InvalidXGIDError:
            raise
        except InvalidPositionError as exc:
            raise worded(InvalidXGIDError, "xgid.position", text=repr(text), reason=reason(exc)) from None

    # -- the same state in gnubg's and the engine's terms ---------------------------------

    def match_state(self) -> MatchState:
        """gnubg's Match ID state for this XGID (Black is gnubg's player 0, White player 1)."""
        return MatchState.in_play(
            self.position.turn,
            cube=self.cube,
            cube_owner=self.cube_owner,
            crawford=self.crawford,
            doubled=self.doubled,
            dice=self.dice,
            match_length=self.match_length,
            score=self.score,
            jacoby=self.jacoby,
        )

    def gnubg_id(self) -> str:
        """gnubg's ``PositionID:MatchID`` for the same position and state."""
        return f"{self.position.gnubg_id()}:{self.match_state().match_id()}"

    @classmethod
    def from_game(cls, game: Game, match: Match | None = None) -> XGID:
        """The XGID of a game's present state (in ``match``, or a money game without it).

        The score is the match score before this game (an XGID describes a game in progress).
        """
        from .game import Game
        from .match import Match

        check_instance(game, Game, "game", A_GAME)
        if match is not None:
            check_instance(match, Match, "match", A_MATCH_OR_NONE)
        score = {BLACK: 0, WHITE: 0}
        if match is not None:
            for played in match.games:
                if played is game:
                    break
                if played.result is not None:
                    score[played.result.winner] += played.result.points
        return cls(
            position=game.position,
            cube=game.cube_value,
            cube_owner=game.cube_owner,
            dice=game.dice if game.phase == "move" else None,
            doubled=game.phase == "double-offered",
            score=(score[BLACK], score[WHITE]),
            match_length=match.length if match is not None else 0,
            crawford=game.is_crawford,
            jacoby=game.options.jacoby and match is None,
        )


def _position(chars: str, on_roll: Color, text: str) -> Position:
    if len(chars) != POSITION_CHARS:
        raise worded(InvalidXGIDError, "xgid.position_length", text=repr(text), most=POSITION_CHARS, count=len(chars))
    black: dict[int, int] = {}
    white: dict[int, int] = {}
    bars = {BLACK: 0, WHITE: 0}
    for slot, char in enumerate(chars):
        if char == "-":
            continue
        if "A" <= char <= "P":
            color, n = WHITE, ord(char) - ord("A") + 1
        elif "a" <= char <= "p":
            color, n = BLACK, ord(char) - ord("a") + 1
        else:
            raise worded(InvalidXGIDError, "xgid.position_char", text=repr(text), slot=slot, char=repr(char))
        if slot in (0, 25):
            expected = BLACK if slot == 0 else WHITE
            if color is not expected:
                raise worded(InvalidXGIDError, "xgid.bar_char", text=repr(text), slot=slot,
                             colour=Words(f"colour.{expected.value}"), char=repr(char))
            bars[color] = n
        else:
            (white if color is WHITE else black)[to_absolute(slot, WHITE)] = n
    return Position.from_points(black, white, on_roll, black_bar=bars[BLACK], white_bar=bars[WHITE])


__all__ = ["InvalidXGIDError", "XGID", "MAX_XGID_CHARS"]
