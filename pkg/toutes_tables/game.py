"""One game from the opening roll to the result: turns, the cube, scoring and the options.

A :class:`Game` is the mutable referee around the immutable :class:`~toutes_tables.Position`:
it knows whose action is due (:attr:`Game.phase`), checks every action against the rules
and either applies it whole or raises :class:`~toutes_tables.IllegalMoveError` leaving the
game exactly as it was. Every action is appended to :attr:`Game.history`; replaying the
history on a fresh game (:meth:`Game.replay`) reproduces the game, with no seed involved.
Saving and loading are :mod:`toutes_tables.record`'s (``game_to_text``, ``game_from_json``...):
records read and write games, and games know nothing of records.

>>> import toutes_tables as tt
>>> game = tt.Game("backgammon")
>>> game.phase
'opening'
>>> game.roll_opening((3, 5))        # Black rolls 3, White 5: White opens with 5-3
(3, 5)
>>> game.turn, game.dice, game.announce()
(WHITE, (5, 3), 'Five-three')
>>> game.play("8/3 6/3")
<Play '8/3 6/3' from 'white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2'>
>>> game.phase, game.turn
('roll', BLACK)

Decisions the rules leave open, written down here (the rules book repeats them):

* **Phases.** ``"opening"`` (the opening roll is due), ``"roll"`` (the player on roll may
  double, in the backgammon sets, or roll), ``"double-offered"`` (the opponent must take or
  drop), ``"move"`` (the dice are rolled and the player on roll must play), ``"over"``.
* **A turn with no legal play is passed explicitly**: after :meth:`Game.roll` the game stays
  in ``"move"`` with :meth:`Game.legal_plays` empty, so a front end can show the dice and
  announce the pass; ``game.play(())`` (or ``"(no play)"``, or :meth:`Game.pass_turn`) ends
  the turn. Passing when a play exists is illegal. The opening roll always has a play.
* **The opening roll** is one die each, Black's first; a tie is recorded and rolled again.
  The higher die moves first and plays both dice, announced higher first (``game.dice`` is
  ``(higher, lower)``). With ``opener`` set (the 1698 winner-opens option) there is no opening
  roll: that player starts in ``"roll"`` and rolls two dice of his own.
* **The cube** (backgammon sets, ``options.cube``): offered by the player on roll before
  rolling; the first double by either player, later ones only by the owner. Taking doubles
  the value and gives the cube to the taker, who then waits while the doubler rolls; dropping
  ends the game, the doubler winning the stake before the double as a single game. No
  doubling in a Crawford game. The cube goes no higher than :data:`~toutes_tables.rules.MAX_CUBE`
  (4096, gnubg's limit): at that value nobody may double.
* **A game set up with the cube turned** (``cube_value``, ``cube_owner``: the analysis board's
  "Play from here", a shared link): the cube starts at that value (a power of two up to
  ``MAX_CUBE``) with that owner; a value above 1 has an owner and 1 is centred, as after real
  doubles. Only for a set and options with the cube, and not in a Crawford game (nobody has
  doubled in it). For the Jacoby rule a cube set up above 1 counts as turned.
* **Automatic doubles** (backgammon sets): each tie of the opening roll doubles the stake
  (``"double"``) or adds one (``"plus-one"``) as long as the new value stays within
  ``auto_doubles`` (at most ``MAX_AUTO_DOUBLES``, 64); the cube stays in the middle and counts
  as not yet turned. They do not apply in a Crawford game.
* **Jacoby** (backgammon sets, money play only: :class:`~toutes_tables.Match` refuses it):
  a gammon or backgammon counts as a single game unless a double was offered and taken
  during the game (automatic doubles do not count).
* **Point game** (backgammon sets): the winner scores, for each of the loser's checkers
  still on the board, 1 in the loser's home quarter, 2 in his outer quarter, 3 in the
  winner's outer quarter, 4 in the winner's home quarter or on the bar; that sum is
  multiplied by the cube value. The outcome (single, gammon, backgammon) is still reported
  but not multiplied in. A dropped double scores the stake before the double, as in the
  ordinary game.
* **Resigning** (any phase but ``"over"``): ends the game at once with the outcome the
  resigning player concedes (a single game by default), scored like a game won that way
  (in the point game: the point count of the position as it stands). Accepting a
  resignation, if wanted, is the front end's business before it calls :meth:`Game.resign`.
* **Toutes tables sets** have no cube and no backgammon options; asking for one of these
  options with them is an error, except ``cube`` (on by default) which simply has no effect.
  ``winner_opens`` is for the Toutes tables sets only.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Literal

from .dice_words import announce as announce
from .display import Pictured
from .errors import IllegalMoveError, InvalidArgumentError, InvalidNotationError, shown
from .checks import ACTIONS, AN_OUTCOME, A_COLOUR, check_instance, check_sequence
from .messages import Words, colour_word, retyped, worded
from .movegen import check_dice, legal_plays, play_from_moves
from .notation import parse_play
from .play import Move, Play
from .position import BAR, CHECKERS, OFF, WHITE, Color, Position
from .rules import DEFAULT_RULES, MAX_AUTO_DOUBLES, MAX_CUBE, Outcome, RuleSet, get_rules
from .starts import CLASSIC_START, DiceSource, DrawnStart, draw_start, start_number, start_position, start_rolls

Phase = Literal["opening", "roll", "move", "double-offered", "over"]
AutoDoubleMode = Literal["double", "plus-one"]
Dice = tuple[int, int]

@dataclasses.dataclass(frozen=True)
class GameOptions:
    """The options agreed before a game; the rule set names what they apply to.

    ``cube`` has no effect in the Toutes tables sets (they have no cube); the other
    backgammon options (``jacoby``, ``auto_doubles``, ``point_game``) are refused there, and
    ``winner_opens`` (the 1698 option) is refused in the backgammon sets.
    """

    rules: str = DEFAULT_RULES
    cube: bool = True
    jacoby: bool = False
    auto_doubles: int = 0  # the highest cube value automatic doubles may reach; 0 = off
    auto_double_mode: AutoDoubleMode = "double"
    point_game: bool = False
    winner_opens: bool = False

    def validate(self) -> RuleSet:
        """The rule set, after checking the options make sense with it (``ValueError`` if not)."""
        rules = get_rules(self.rules)
        for name in ("cube", "jacoby", "point_game", "winner_opens"):
            if type(getattr(self, name)) is not bool:
                raise worded(ValueError, "game.option_boolean", name=name, value=repr(getattr(self, name)))
        if type(self.auto_doubles) is not int or not 0 <= self.auto_doubles <= MAX_AUTO_DOUBLES:
            raise worded(InvalidArgumentError, "game.option_auto_doubles", most=MAX_AUTO_DOUBLES,
                         value=shown(self.auto_doubles))
        if self.auto_double_mode not in ("double", "plus-one"):
            raise worded(ValueError, "game.option_auto_double_mode", value=repr(self.auto_double_mode))
        if not rules.cube:
            backgammon_only = {"jacoby": self.jacoby, "auto_doubles": self.auto_doubles, "point_game": self.point_game}
            for name, on in backgammon_only.items():
                if on:
                    raise worded(ValueError, "game.option_no_cube", rules=rules.title, name=name)
        elif self.winner_opens:
            raise worded(ValueError, "game.option_winner_opens", rules=rules.title)
        return rules

    def to_json(self) -> dict[str, object]:
        return dataclasses.asdict(self)


def agreed_options(
    options: GameOptions | None, rules: str | RuleSet | None, default_rules: str = DEFAULT_RULES
) -> GameOptions:
    """The options a game, a match or a chouette is played with: ``options`` (by default those of
    ``default_rules``, every option as :class:`GameOptions` sets it), with ``rules``, when given, naming the set.

    ``ValueError`` for ``options`` that are not a :class:`GameOptions`; the caller validates them.
    """
    if options is None:
        options = GameOptions(rules=default_rules)
    if not isinstance(options, GameOptions):
        raise ValueError(f"options must be a GameOptions, got {options!r}")
    if rules is not None:
        options = dataclasses.replace(options, rules=get_rules(rules).name)
    return options


@dataclasses.dataclass(frozen=True)
class GameResult:
    """How a game ended: who won, how (single, double, gammon, backgammon) and for how many points.

    ``reason`` is ``"borne off"``, ``"dropped"`` (a double was declined) or ``"resigned"``.
    """

    winner: Color
    outcome: Outcome
    points: int
    reason: str = "borne off"

    def __str__(self) -> str:
        unit = "point" if self.points == 1 else "points"
        how = {"dropped": " (double dropped)", "resigned": " (resigned)"}.get(self.reason, "")
        return f"{self.winner.value} wins a {self.outcome.label}{how}, {self.points} {unit}"


# -- the actions of a game, as stored in its history --------------------------------------


@dataclasses.dataclass(frozen=True)
class OpeningRoll:
    """One die each; a tie (``black == white``) is rolled again."""

    black: int
    white: int

    @property
    def is_tie(self) -> bool:
        return self.black == self.white


@dataclasses.dataclass(frozen=True)
class Roll:
    player: Color
    dice: Dice


@dataclasses.dataclass(frozen=True)
class Played:
    """A whole turn's play; ``moves`` is empty for a passed turn."""

    player: Color
    moves: tuple[Move, ...]
    notation: str


@dataclasses.dataclass(frozen=True)
class Double:
    player: Color
    value: int  # the cube value if taken


@dataclasses.dataclass(frozen=True)
class Take:
    player: Color


@dataclasses.dataclass(frozen=True)
class Drop:
    player: Color


@dataclasses.dataclass(frozen=True)
class Resign:
    player: Color
    outcome: Outcome


Action = OpeningRoll | Roll | Played | Double | Take | Drop | Resign


def _point_game_count(position: Position, loser: Color) -> int:
    """The loser's checkers valued by where they stand (docs/rules/cube.md, "The point game")."""
    c = position.checkers(loser)
    total = 0
    for point in range(1, 26):
        if c[point]:
            total += c[point] * (4 if point == BAR else (point + 5) // 6)
    return total


def _resolve_start(rules: RuleSet, start: int | DrawnStart | None, rng: DiceSource) -> tuple[int, DrawnStart | None]:
    drawn: DrawnStart | None
    if start is None:
        if not rules.drawn_starts:
            return CLASSIC_START, None
        drawn = draw_start(rng)
        return drawn.number, drawn
    if isinstance(start, DrawnStart):
        if start_number(start.first_roll, start.second_roll) != start.number:
            raise ValueError(f"drawn start {start!r}: the rolls do not give start No. {start.number}")
        number, drawn = start.number, start
    elif type(start) is int:
        start_rolls(start)  # validates 1-225
        number, drawn = start, None
    else:
        raise ValueError(f"start must be a number 1-225, a DrawnStart or None, got {start!r}")
    if not rules.drawn_starts and number != CLASSIC_START:
        raise worded(ValueError, "game.classic_start", rules=rules.title, classic=CLASSIC_START, number=number)
    return number, drawn


class Game(Pictured):
    """A game of one of the four rule sets, from the opening roll to its result.

    ``start``: a start number, a :class:`~toutes_tables.DrawnStart` (keeping the drawing
    dice) or ``None`` (the classic start for the classic sets, a start drawn from ``rng``
    for the 225 sets). ``rng`` (anything with ``randint``) rolls the dice when an action is
    not given them; the default is the operating system's generator. ``is_crawford``
    forbids doubling (set by :class:`~toutes_tables.Match`). ``opener`` skips the opening
    roll: that player rolls first. ``position`` sets the game up from any position (for
    studies, tests and shared links): its player on roll rolls first, and the start number
    is only nominal (the classic one unless ``start`` says otherwise; nothing is drawn).

    In a notebook a game shows its current position, the dice, the cube and what is due (or the result).
    """

    def __init__(
        self,
        rules: str | RuleSet | None = None,
        start: int | DrawnStart | None = None,
        options: GameOptions | None = None,
        *,
        rng: DiceSource | None = None,
        is_crawford: bool = False,
        opener: Color | None = None,
        position: Position | None = None,
        cube_value: int = 1,
        cube_owner: Color | None = None,
    ) -> None:
        options = agreed_options(options, rules)
        self.rules: RuleSet = options.validate()
        self.options: GameOptions = options
        self.rng: DiceSource = rng if rng is not None else random.SystemRandom()
        if position is not None and not isinstance(position, Position):
            raise ValueError(f"position must be a Position, got {position!r}")
        if position is not None and start is None:
            start = CLASSIC_START
        self.start_number, self.drawn_start = _resolve_start(self.rules, start, self.rng)
        if opener is not None and not isinstance(opener, Color):
            raise ValueError(f"opener must be BLACK, WHITE or None, got {opener!r}")
        if position is not None:
            position.check_playable()  # not over, not a deadlock
            if opener is not None and opener is not position.turn:
                raise ValueError(f"opener {opener!r} is not the player on roll in {position!r}")
            opener = position.turn
        self.is_crawford: bool = bool(is_crawford)
        self.opener: Color | None = opener
        self.initial_position: Position | None = position  # None: the start's position
        self.position: Position = position or start_position(self.start_number, opener or WHITE)
        self.phase: Phase = "opening" if opener is None else "roll"
        self.dice: Dice | None = None
        _check_cube(self, cube_value, cube_owner)
        self.initial_cube: tuple[int, Color | None] = (cube_value, cube_owner)  # (1, None): centred
        self.cube_value: int = cube_value
        self.cube_owner: Color | None = cube_owner
        self.cube_turned: bool = cube_value > 1  # a double was offered and taken (for Jacoby)
        self.result: GameResult | None = None
        self._history: list[Action] = []
        self._plays: list[Play] | None = None

    def __repr__(self) -> str:
        return f"<Game {self.rules.name} start {self.start_number} {self.phase} {self.position.text()!r}>"

    # -- state ------------------------------------------------------------------------------

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order (ties of the opening roll included)."""
        return tuple(self._history)

    @property
    def turn(self) -> Color | None:
        """The player on roll; ``None`` before the opening roll has decided it."""
        return None if self.phase == "opening" else self.position.turn

    @property
    def to_act(self) -> Color | None:
        """Who must act now: the player on roll, the opponent when a double is offered, ``None`` when nobody."""
        if self.phase == "double-offered":
            return self.position.turn.other
        if self.phase in ("opening", "over"):
            return None
        return self.position.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def cube_enabled(self) -> bool:
        """The doubling cube is in use: a backgammon set with ``options.cube``."""
        return self.rules.cube and self.options.cube

    def can_double(self) -> bool:
        """Whether the player on roll may offer a double now."""
        return (
            self.phase == "roll"
            and self.cube_enabled
            and not self.is_crawford
            and self.cube_owner in (None, self.position.turn)
            and self.cube_value * 2 <= MAX_CUBE
        )

    def legal_plays(self) -> list[Play]:
        """The legal plays for the dice rolled (empty when the turn must be passed, or no dice)."""
        if self.phase != "move" or self.dice is None:
            return []
        if self._plays is None:
            self._plays = legal_plays(self.position, self.dice, self.rules)
        return list(self._plays)

    def announce(self, dice: Sequence[int] | None = None, lang: str = "en") -> str:
        """The traditional announcement of ``dice`` (the current roll by default) in ``lang`` (see dice_words)."""
        if dice is None:
            if self.dice is None:
                raise IllegalMoveError(f"no dice to announce in phase {self.phase!r}")
            dice = self.dice
        return announce(dice, lang)

    def pip_counts(self) -> dict[Color, int]:
        return {c: self.position.pips(c) for c in Color}

    # -- actions ----------------------------------------------------------------------------

    def _expect(self, *phases: Phase, action: str) -> None:
        if self.phase not in phases:
            wanted = " or ".join(repr(p) for p in phases)
            raise worded(IllegalMoveError, "game.phase", action=Words(f"game.action.{action}"), phase=repr(self.phase),
                         wanted=wanted, position=repr(self.position))

    def _roll_dice(self, dice: Sequence[int] | None, action: str) -> Dice:
        if dice is None:
            return self.rng.randint(1, 6), self.rng.randint(1, 6)
        try:
            return check_dice(tuple(dice) if isinstance(dice, list) else dice)
        except (ValueError, TypeError):
            raise worded(IllegalMoveError, "game.dice", action=Words(f"game.action.{action}"),
                         dice=repr(dice)) from None

    def roll_opening(self, dice: Sequence[int] | None = None) -> Dice:
        """Roll the opening dice ``(black's die, white's die)``; a tie is recorded and rolled again.

        Returns the two dice. After a tie the game stays in ``"opening"`` (with automatic
        doubles, the stake goes up); otherwise the higher die's player is on roll in
        ``"move"`` with both dice.
        """
        self._expect("opening", action="roll_opening")
        black, white = self._roll_dice(dice, "roll_opening")
        self._history.append(OpeningRoll(black, white))
        if black == white:
            limit = self.options.auto_doubles
            if limit and self.rules.cube and not self.is_crawford:
                raised = self.cube_value * 2 if self.options.auto_double_mode == "double" else self.cube_value + 1
                if raised <= limit:
                    self.cube_value = raised
            return black, white
        opener = Color.BLACK if black > white else Color.WHITE
        self.position = self.position.with_turn(opener)
        self.dice = (max(black, white), min(black, white))
        self.phase = "move"
        self._plays = None
        return black, white

    def roll(self, dice: Sequence[int] | None = None) -> Dice:
        """Roll for the player on roll (``dice`` given for replays and tests); the game goes to ``"move"``."""
        self._expect("roll", action="roll")
        rolled = self._roll_dice(dice, "roll")
        self._history.append(Roll(self.position.turn, rolled))
        self.dice = rolled
        self.phase = "move"
        self._plays = None
        return rolled

    def _find_play(self, play: Play | str | Sequence[Move]) -> Play:
        plays = self.legal_plays()
        assert self.dice is not None
        if isinstance(play, Play):
            if play.position == self.position:
                for legal in plays:
                    if legal is play:  # the common case: a play taken from legal_plays()
                        return legal
                for legal in plays:
                    if legal == play:
                        return legal
                if not plays and not play.moves:
                    return Play(self.position, ())
            raise worded(IllegalMoveError, "game.illegal_play", play=repr(str(play)), dice=repr(self.dice),
                         position=repr(self.position))
        if isinstance(play, str):
            try:
                return parse_play(self.position, play, plays, self.dice)
            except InvalidNotationError as exc:
                raise retyped(IllegalMoveError, exc) from None
        try:
            moves = tuple((int(a), int(b)) for a, b in play)
        except (TypeError, ValueError):
            raise IllegalMoveError(f"a play is notation, a Play or (from, to) moves, got {play!r}") from None
        if not moves:
            if plays:
                raise worded(IllegalMoveError, "game.cannot_pass", dice=repr(self.dice), position=repr(self.position),
                             play=repr(str(plays[0])))
            return Play(self.position, ())
        if any(not (0 <= a <= 25 and 0 <= b <= 25) for a, b in moves):
            raise worded(IllegalMoveError, "game.points", moves=repr(list(moves)))
        try:
            return play_from_moves(self.position, self.dice, moves, self.rules)
        except IllegalMoveError:
            raise
        except (ValueError, IndexError):
            raise worded(IllegalMoveError, "game.illegal_play", play=repr(list(moves)), dice=repr(self.dice),
                         position=repr(self.position)) from None

    def play(self, play: Play | str | Sequence[Move]) -> Play:
        """Play one whole turn: a legal :class:`Play`, standard notation, or ``(from, to)`` moves.

        ``()`` (or ``"(no play)"``) passes a turn that has no legal play. Returns the play made.
        """
        self._expect("move", action="play")
        chosen = self._find_play(play)
        mover = self.position.turn
        after = chosen.result if chosen.moves else self.position.swapped()
        self._history.append(Played(mover, chosen.moves, str(chosen)))
        self.position = after
        self.dice = None
        self._plays = None
        if after.checkers(mover)[OFF] == CHECKERS:
            self._finish(mover, self.rules.outcome(after, mover), "borne off")
        else:
            self.phase = "roll"
        return chosen

    def pass_turn(self) -> None:
        """Pass a turn that has no legal play (the same as ``play(())``)."""
        self.play(())

    def offer_double(self) -> int:
        """The player on roll offers to double the stake; returns the value if taken."""
        if not self.can_double():
            self._expect("roll", action="double")
            if not self.cube_enabled:
                raise worded(IllegalMoveError, "game.no_cube", rules=self.rules.title)
            if self.is_crawford:
                raise worded(IllegalMoveError, "game.crawford")
            if self.cube_value * 2 > MAX_CUBE:
                raise worded(IllegalMoveError, "game.cube_at_most", most=MAX_CUBE, value=self.cube_value)
            assert self.cube_owner is not None  # centred, the cube can be doubled by the player on roll
            raise worded(IllegalMoveError, "game.cube_owned", colour=colour_word(self.position.turn),
                         owner=colour_word(self.cube_owner))
        value = self.cube_value * 2
        self._history.append(Double(self.position.turn, value))
        self.phase = "double-offered"
        return value

    def take(self) -> None:
        """The opponent accepts the double: the stake doubles and the cube is his."""
        self._expect("double-offered", action="take")
        taker = self.position.turn.other
        self._history.append(Take(taker))
        self.cube_value *= 2
        self.cube_owner = taker
        self.cube_turned = True
        self.phase = "roll"

    def drop(self) -> None:
        """The opponent declines the double and loses the stake before it."""
        self._expect("double-offered", action="drop")
        dropper = self.position.turn.other
        self._history.append(Drop(dropper))
        self.phase = "over"
        self.result = GameResult(self.position.turn, Outcome.SINGLE, self.cube_value, "dropped")

    @property
    def resign_outcomes(self) -> tuple[Outcome, ...]:
        """What a player may concede, least first (docs/rules/scoring.md, "Resigning")."""
        if self.rules.backgammon_scoring:
            return (Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON)
        return (Outcome.SINGLE, Outcome.DOUBLE)

    def resign(self, outcome: Outcome = Outcome.SINGLE, player: Color | None = None) -> GameResult:
        """``player`` concedes ``outcome``; by default whoever must act (named before the opening roll)."""
        self._expect("opening", "roll", "move", "double-offered", action="resign")
        allowed = self.resign_outcomes
        check_instance(outcome, Outcome, "outcome", AN_OUTCOME)
        if outcome not in allowed:
            raise worded(IllegalMoveError, "game.resign_outcome", rules=self.rules.title, outcome=repr(outcome),
                         allowed=repr(allowed))
        if player is None:
            if self.phase == "opening":
                raise worded(IllegalMoveError, "game.resign_who")
            player = self.to_act or self.position.turn
        if not isinstance(player, Color):
            raise IllegalMoveError(f"player must be BLACK or WHITE, got {player!r}")
        self._history.append(Resign(player, outcome))
        self.dice = None
        self._plays = None
        self._finish(player.other, outcome, "resigned")
        assert self.result is not None
        return self.result

    def _finish(self, winner: Color, outcome: Outcome, reason: str) -> None:
        self.phase = "over"
        self.result = GameResult(winner, outcome, self.score(winner, outcome), reason)

    def score(self, winner: Color, outcome: Outcome) -> int:
        """The points ``winner`` scores winning ``outcome`` in the current position, with the options."""
        check_instance(winner, Color, "winner", A_COLOUR)
        check_instance(outcome, Outcome, "outcome", AN_OUTCOME)
        if self.rules.cube and self.options.point_game:
            return _point_game_count(self.position, winner.other) * self.cube_value
        multiplier = outcome.multiplier
        if self.options.jacoby and not self.cube_turned:
            multiplier = 1
        return multiplier * self.cube_value

    # -- records ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one recorded action (dice included), as :meth:`replay` does."""
        if isinstance(action, OpeningRoll):
            self.roll_opening((action.black, action.white))
        elif isinstance(action, Roll):
            self._check_actor(action.player, self.position.turn, "roll")
            self.roll(action.dice)
        elif isinstance(action, Played):
            self._check_actor(action.player, self.position.turn, "play")
            self.play(action.moves)
        elif isinstance(action, Double):
            self._check_actor(action.player, self.position.turn, "double")
            value = self.cube_value * 2
            if action.value != value:
                raise worded(IllegalMoveError, "game.double_value", value=value, written=action.value)
            self.offer_double()
        elif isinstance(action, (Take, Drop)):
            self._check_actor(action.player, self.position.turn.other, "answer")
            self.take() if isinstance(action, Take) else self.drop()
        elif isinstance(action, Resign):
            self.resign(action.outcome, action.player)
        else:
            raise IllegalMoveError(f"not a game action: {action!r}")

    def _check_actor(self, recorded: Color, expected: Color, action: str) -> None:
        check_instance(recorded, Color, Words("check.name.action_player"), A_COLOUR)
        if self.phase != "opening" and recorded is not expected:
            raise worded(IllegalMoveError, "game.actor", colour=colour_word(recorded),
                         action=Words(f"game.action.{action}"),
                         expected=colour_word(expected))

    @classmethod
    def replay(
        cls,
        actions: Sequence[Action],
        rules: str | RuleSet | None = None,
        start: int | DrawnStart | None = None,
        options: GameOptions | None = None,
        *,
        is_crawford: bool = False,
        opener: Color | None = None,
        position: Position | None = None,
        cube_value: int = 1,
        cube_owner: Color | None = None,
    ) -> Game:
        """A new game with ``actions`` applied in order; raises :class:`IllegalMoveError` at the first bad one.

        ``start`` defaults to the classic start even in the 225 sets: a replay draws nothing.
        """
        game = cls(
            rules,
            start if start is not None else _no_draw(rules, options),
            options,
            is_crawford=is_crawford,
            opener=opener,
            position=position,
            cube_value=cube_value,
            cube_owner=cube_owner,
        )
        for action in check_sequence(actions, "actions", ACTIONS):
            game.apply(action)
        return game

    def replayed(self, actions: Sequence[Action] = ()) -> Game:
        """A new game set up as this one was (rules, start, options, Crawford game, opener, position, cube) with
        ``actions`` applied: none gives the game before its first action, ``history[:i]`` the game as it was then.
        """
        return Game.replay(
            actions,
            self.rules,
            self.drawn_start or self.start_number,
            self.options,
            is_crawford=self.is_crawford,
            opener=self.opener,
            position=self.initial_position,
            cube_value=self.initial_cube[0],
            cube_owner=self.initial_cube[1],
        )


def _check_cube(game: Game, value: object, owner: object) -> None:
    """Refuse (:class:`InvalidArgumentError`) a cube set up that the game cannot start with."""
    if type(value) is not int or not 1 <= value <= MAX_CUBE or value & (value - 1):
        raise worded(InvalidArgumentError, "game.cube_value", most=MAX_CUBE, value=shown(value))
    if owner is not None and not isinstance(owner, Color):
        raise worded(InvalidArgumentError, "game.cube_owner", value=shown(owner))
    if value == 1 and owner is None:
        return
    if (value == 1) != (owner is None):
        raise worded(InvalidArgumentError, "game.cube_owner_value", value=value)
    if not game.cube_enabled:
        raise worded(InvalidArgumentError, "game.cube_without", rules=game.rules.title, value=value)
    if game.is_crawford:
        raise worded(InvalidArgumentError, "game.cube_crawford", value=value)


def _no_draw(rules: str | RuleSet | None, options: GameOptions | None) -> int | None:
    """Replaying must not draw a start from an RNG: default to the classic start."""
    name = rules if rules is not None else (options.rules if options is not None else DEFAULT_RULES)
    return CLASSIC_START if get_rules(name).drawn_starts else None


__all__ = [
    "Action",
    "Double",
    "Drop",
    "Game",
    "GameOptions",
    "GameResult",
    "OpeningRoll",
    "Phase",
    "Played",
    "Resign",
    "Roll",
    "Take",
    "announce",
]
