"""gnubg's Match ID: the 12-character code for the cube, score and turn state of a backgammon match.

The ID packs 66 bits, least significant first, into 9 bytes written as base64 (gnubg's
``matchid.c``):

====  =====  ==========================================================
bits  width  field
====  =====  ==========================================================
0     4      log2 of the cube value
4     2      cube owner: 0 or 1, 3 when centred
6     1      player on roll (gnubg's ``fMove``)
7     1      this is the Crawford game
8     3      game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
11    1      player who must act now (``fTurn``; differs from the player
             on roll while a double or a resignation is being answered)
12    1      a double is being offered
13    2      resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
15    3      higher die (0 = not rolled)
18    3      lower die
21    15     match length (0 = money game)
36    15     player 0's score
51    15     player 1's score
66    1      the Jacoby rule is **off** (gnubg stores the negation)
====  =====  ==========================================================

Players are 0 and 1 as in gnubg: in a match of this project player 0 is Black
(see :func:`player_index`).

>>> state = MatchState(cube=2, cube_owner=0, player_on_roll=1, dice=(3, 5), match_length=7, score=(2, 4))
>>> state.match_id()
'QYnuACAAIAAE'
>>> MatchState.from_match_id('QYnuACAAIAAE') == state
True
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import enum
import re
from typing import TYPE_CHECKING

from .errors import InvalidRecordError
from .checks import A_GAME, A_MATCH_OR_NONE, A_MATCH_STATE, A_POSITION, check_instance
from .messages import Words, worded
from .position import BLACK, WHITE, Color, Position

if TYPE_CHECKING:
    from .game import Game
    from .match import Match

MATCH_ID_LENGTH = 12
MATCH_ID_MAX_LENGTH = 64
"""The longest match a gnubg Match ID records (gnubg's MAXSCORE). The engine plays longer matches, up to
:data:`toutes_tables.rules.MAX_MATCH_LENGTH` (99); what speaks to gnubg in its IDs (a Match ID, an XGID,
the terminal game that shows them) stops here (docs/rules/decisions.md, "Bounds on what the game accepts")."""
_FIELD_MAX = 0x7FFF  # the 15-bit fields


class GameState(enum.IntEnum):
    """gnubg's ``gamestate``."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


class Resignation(enum.IntEnum):
    NONE = 0
    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def player_index(color: Color) -> int:
    """gnubg's player number for ``color``: Black is player 0, White player 1."""
    return 0 if color is BLACK else 1


@dataclasses.dataclass(frozen=True)
class MatchState:
    """Everything a gnubg Match ID holds. ``cube_owner`` is ``None`` when the cube is centred."""

    cube: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: GameState = GameState.PLAYING
    turn: int | None = None  # who must act now; None means the player on roll
    doubled: bool = False
    resigned: Resignation = Resignation.NONE
    dice: tuple[int, int] = (0, 0)  # stored higher first
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        if self.turn is None:
            object.__setattr__(self, "turn", self.player_on_roll)
        object.__setattr__(self, "game_state", GameState(self.game_state))
        object.__setattr__(self, "resigned", Resignation(self.resigned))
        # gnubg keeps the higher die first; so does this state, so that decoding round-trips.
        object.__setattr__(self, "dice", tuple(sorted(self.dice, reverse=True)))
        object.__setattr__(self, "score", tuple(self.score))
        problem = self._problem()
        if problem:
            raise ValueError(f"invalid match state {self!r}: {problem}")

    def _problem(self) -> str | None:
        cube = self.cube
        if type(cube) is not int or cube < 1 or cube & (cube - 1) or cube > 1 << 15:
            return f"the cube must be a power of two 1-32768, got {cube!r}"
        if self.cube_owner not in (None, 0, 1):
            return f"cube_owner must be 0, 1 or None (centred), got {self.cube_owner!r}"
        for name in ("player_on_roll", "turn"):
            if getattr(self, name) not in (0, 1):
                return f"{name} must be 0 or 1, got {getattr(self, name)!r}"
        d1, d2 = self.dice if len(self.dice) == 2 else (-1, -1)
        if not (d1 == d2 == 0 or (1 <= d1 <= 6 and 1 <= d2 <= 6)):
            return f"dice must be two values 1-6, or (0, 0) before the roll, got {self.dice!r}"
        if type(self.match_length) is not int or not 0 <= self.match_length <= MATCH_ID_MAX_LENGTH:
            return f"match_length must be 0 (money) to {MATCH_ID_MAX_LENGTH}, got {self.match_length!r}"
        if len(self.score) != 2 or any(type(s) is not int or s < 0 for s in self.score):
            return f"score must be two non-negative integers, got {self.score!r}"
        if any(s > _FIELD_MAX for s in self.score):
            return f"scores above {_FIELD_MAX} do not fit a Match ID: {self.score!r}"
        if self.crawford and not self.match_length:
            return "a money game (match length 0) has no Crawford game"
        return None

    # -- encoding ----------------------------------------------------------------------

    def match_key(self) -> bytes:
        """The 9-byte key that the ID writes in base64."""
        high, low = max(self.dice), min(self.dice)
        fields = (
            (self.cube.bit_length() - 1, 4),
            (3 if self.cube_owner is None else self.cube_owner, 2),
            (self.player_on_roll, 1),
            (int(self.crawford), 1),
            (int(self.game_state), 3),
            (self.turn, 1),
            (int(self.doubled), 1),
            (int(self.resigned), 2),
            (high, 3),
            (low, 3),
            (self.match_length, 15),
            (self.score[0], 15),
            (self.score[1], 15),
            (int(not self.jacoby), 1),
        )
        bits = 0
        shift = 0
        for value, width in fields:
            bits |= int(value) << shift  # type: ignore[arg-type]
            shift += width
        return bits.to_bytes(9, "little")

    def match_id(self) -> str:
        """The 12-character gnubg Match ID."""
        return base64.b64encode(self.match_key()).decode("ascii")

    @classmethod
    def in_play(
        cls,
        on_roll: Color,
        *,
        cube: int,
        cube_owner: Color | None,
        crawford: bool,
        doubled: bool,
        dice: tuple[int, int] | None,
        match_length: int,
        score: tuple[int, int],
        jacoby: bool,
    ) -> MatchState:
        """The state of a game in play, in the engine's colours: while a double is offered the taker acts."""
        return cls(
            cube=cube,
            cube_owner=None if cube_owner is None else player_index(cube_owner),
            player_on_roll=player_index(on_roll),
            crawford=crawford,
            game_state=GameState.PLAYING,
            turn=player_index(on_roll.other if doubled else on_roll),
            doubled=doubled,
            dice=dice or (0, 0),
            match_length=match_length,
            score=score,
            jacoby=jacoby,
        )

    # -- decoding ----------------------------------------------------------------------

    @classmethod
    def from_match_id(cls, match_id: str) -> MatchState:
        """Decode a gnubg Match ID; raises :class:`InvalidRecordError` naming what is wrong.

        >>> MatchState.from_match_id("cAgAAAAAAAAA").cube_owner is None
        True
        """
        if not isinstance(match_id, str):
            raise InvalidRecordError(f"a gnubg Match ID is a string of 12 base64 characters, got {match_id!r}")
        text = match_id.strip()
        if not re.fullmatch(r"[A-Za-z0-9+/]{12}", text):
            key = "matchid.form_length" if len(text) != MATCH_ID_LENGTH else "matchid.form"
            raise worded(InvalidRecordError, key, id=repr(match_id), count=len(text))
        try:
            bits = int.from_bytes(base64.b64decode(text, validate=True), "little")
        except binascii.Error as exc:  # pragma: no cover - the pattern above rules this out
            raise InvalidRecordError(f"Match ID {match_id!r} is not base64: {exc}") from None

        def take(width: int) -> int:
            nonlocal bits
            value = bits & ((1 << width) - 1)
            bits >>= width
            return value

        log_cube, owner, on_roll, crawford, game_state = take(4), take(2), take(1), take(1), take(3)
        turn, doubled, resigned, high, low = take(1), take(1), take(2), take(3), take(3)
        length, score0, score1, jacoby_off = take(15), take(15), take(15), take(1)

        def bad(why: str, **values: object) -> InvalidRecordError:
            return worded(InvalidRecordError, "matchid.field", id=repr(match_id), reason=Words(why, values))

        if bits:
            raise bad("matchid.bits")
        if owner == 2:
            raise bad("matchid.owner")
        if game_state > GameState.DROPPED:
            raise bad("matchid.state", state=game_state)
        if high > 6 or low > 6:
            raise bad("matchid.die", high=high, low=low)
        if (high == 0) != (low == 0):
            raise bad("matchid.both_dice", high=high, low=low)
        if high < low:
            raise bad("matchid.higher_first", high=high, low=low)
        if length > MATCH_ID_MAX_LENGTH:
            raise bad("matchid.length", length=length, most=MATCH_ID_MAX_LENGTH)
        if length and (score0 > length or score1 > length) and game_state < GameState.OVER:
            # gnubg writes such scores once the match is won (a 7-point match ends 1-10, say) but
            # refuses to read them back; here they are read when the game is over, refused otherwise.
            raise bad("matchid.score", score=f"{score0}-{score1}", length=length)
        if crawford and not length:
            raise bad("matchid.crawford")
        return cls(
            cube=1 << log_cube,
            cube_owner=None if owner == 3 else owner,
            player_on_roll=on_roll,
            crawford=bool(crawford),
            game_state=GameState(game_state),
            turn=turn,
            doubled=bool(doubled),
            resigned=Resignation(resigned),
            dice=(high, low),
            match_length=length,
            score=(score0, score1),
            jacoby=not jacoby_off,
        )


def match_state(game: Game, match: Match | None = None) -> MatchState:
    """The Match ID state of a backgammon-set ``game`` (in ``match``, or a money game without it).

    It is what gnubg shows while stepping through the same game (checked in the tests by
    importing our ``.mat`` files into gnubg): during a turn the dice are the ones rolled;
    while a double is offered the doubler stays on roll and the taker must act; after a
    drop the state is "dropped" with the taker to act; after a resignation gnubg keeps the
    resignation (1 single, 2 gammon, 3 backgammon) and the double it interrupted, if any.
    The score counts the finished games, this one included, and so goes past the match
    length when the match is won, as gnubg writes it.
    """
    from .game import Double, Game, Resign
    from .match import Match

    check_instance(game, Game, "game", A_GAME)
    if match is not None:
        check_instance(match, Match, "match", A_MATCH_OR_NONE)

    if not game.rules.cube:
        raise ValueError(f"gnubg Match IDs are for the backgammon sets, not {game.rules.title}")
    on_roll = game.position.turn
    to_act = game.to_act or on_roll
    doubled = game.phase == "double-offered"
    game_state = GameState.PLAYING
    resigned = Resignation.NONE
    if game.result is not None:
        reason = game.result.reason
        game_state = {"dropped": GameState.DROPPED, "resigned": GameState.RESIGNED}.get(reason, GameState.OVER)
        if reason == "dropped":
            to_act = on_roll.other
        history = game.history
        if reason == "resigned" and isinstance(history[-1], Resign):
            offered = history[-1].outcome.multiplier if game.rules.backgammon_scoring else 1
            resigned = Resignation(offered)
            doubled = len(history) > 1 and isinstance(history[-2], Double)
            to_act = on_roll.other if doubled else on_roll
    score = match.score if match is not None else {BLACK: 0, WHITE: 0}
    return MatchState(
        cube=game.cube_value,
        cube_owner=None if game.cube_owner is None else player_index(game.cube_owner),
        player_on_roll=player_index(on_roll),
        crawford=game.is_crawford,
        game_state=game_state,
        turn=player_index(to_act),
        doubled=doubled,
        resigned=resigned,
        dice=game.dice if game.phase == "move" and game.dice is not None else (0, 0),
        match_length=match.length if match is not None else 0,
        score=(score[BLACK], score[WHITE]),
        jacoby=game.options.jacoby,
    )


def gnubg_id(position: Position, state: MatchState) -> str:
    """gnubg's combined ``PositionID:MatchID``, as ``set gnubgid`` reads it.

    The position's player on roll must be the state's player on roll (Black = player 0).
    """
    check_instance(position, Position, "position", A_POSITION)
    check_instance(state, MatchState, "state", A_MATCH_STATE)
    if player_index(position.turn) != state.player_on_roll:
        raise ValueError(
            f"the position has {position.turn.value} on roll but the match state player {state.player_on_roll}"
        )
    return f"{position.gnubg_id()}:{state.match_id()}"


__all__ = ["GameState", "MatchState", "Resignation", "gnubg_id", "match_state", "player_index"]
