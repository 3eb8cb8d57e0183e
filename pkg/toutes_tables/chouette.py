"""Chouette: three to eight players at one backgammon board, the *box* against a team led by a *captain*.

A :class:`Chouette` is the referee of a whole session: the order of the players, each game
between the box and the captain (an ordinary :class:`~toutes_tables.Game`), every team
member's answer to a double, the running totals and the rotation between games. Every
action is checked and either applied whole or refused with
:class:`~toutes_tables.IllegalMoveError`, leaving the session exactly as it was. Act on
the board through the session (:meth:`Chouette.roll`, :meth:`Chouette.play`, ...), never
on :attr:`Chouette.game` directly: the session keeps its own history for saving.

>>> from toutes_tables.chouette import Chouette
>>> ch = Chouette(["Ann", "Bob", "Cy"], order_rolls=[{"Ann": 3, "Bob": 6, "Cy": 5}])
>>> ch.order, ch.box, ch.captain
(('Bob', 'Cy', 'Ann'), 'Bob', 'Cy')

Decisions the rules leave open, written down here as the rules book gives them (docs/rules/chouette.md):

* **The order** comes from one die each, highest first; only the members of a tie roll
  again, and a re-roll orders them among themselves only. Players are given by name (3 to
  8, distinct). A newcomer (:meth:`Chouette.join`) joins at the bottom, between games (or
  before the first action of a game, when he plays in it).
* **Colours**: the box plays White, the team Black; the opening roll decides who starts.
* **Starts** (225 sets): as in a match, a start is drawn for games 1, 3, 5, ... and played
  again in games 2, 4, 6, ... (unless :meth:`Chouette.next_game` is given another).
* **Separate scores**: every game is settled between the box and each team member still
  in it, for that member's own cube value times the outcome (single, gammon, backgammon,
  with the game's options such as Jacoby). A total is kept per player; the box's gains are
  the members' losses, so the totals always sum to zero.
* **The box's double** is answered by every team member separately, in any order. A member
  who drops pays the box his stake before the double at once and is out of the game. When
  all have answered: if nobody took, the game ends (the box wins it by the drop); otherwise
  the takers play on with their cubes doubled, owning the cube. If the captain dropped, he
  loses his place: he goes to the bottom of the order at once, and the highest-ranked taker
  is captain for the rest of the game.
* **The captain's double** (for the team) is answered first by every other team member
  still in the game: a member who joins the double plays on with it; a member who refuses
  pays the box his stake before the double at once and is out of the game (each member
  answers for himself: docs/rules/chouette.md, "Doubles in a chouette"). Then the
  box takes (the cubes of the captain and of every member who joined are doubled, and the
  box owns the cube) or drops (he pays each of them his stake before the double).
* **The cubes**: each team member's cube value is tracked on its own
  (:attr:`Chouette.cubes`). Since every double is answered by each member with a take or
  a drop that puts him out, the members still in a game always hold equal cubes; the
  underlying game's cube is theirs, and the team owns it when the box doubled.
* **Rotation**, when a game ends: if the box lost, he goes to the bottom and the (acting)
  captain becomes the box; if the box won, the acting captain (if any member is still in)
  goes to the bottom. The highest-ranked other player is then the next captain. Taking or
  dropping changes nobody's rank except the captain who drops.
* **Resigning** is for the box or the acting captain (for the whole team), and not while
  a double waits for its answers.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .errors import IllegalMoveError, InvalidRecordError, shown
from .messages import Words, colour_word, languages, phase_words, reason, say, worded
from .game import Double, Game, GameOptions, GameResult, OpeningRoll, Phase, Played, Resign, Roll, agreed_options
from .play import Move, Play
from .position import BLACK, WHITE, Color
from .record import action_from_json, action_to_json, check_save_format
from .rules import RULE_SETS, Outcome, RuleSet
from .starts import DiceSource, DrawnStart, start_number

MIN_PLAYERS = 3
MAX_PLAYERS = 8
BOX_COLOR = WHITE
TEAM_COLOR = BLACK
CHOUETTE_FORMAT = "toutes-tables/chouette"
CHOUETTE_JSON_VERSION = 1
CHOUETTE_DEFAULT_RULES = "backgammon"
"""The chouette's rule set when none is named. Not the engine's :data:`~toutes_tables.rules.DEFAULT_RULES`
(Toutes Tables 225): a chouette is played for the cube (docs/rules/chouette.md), and that set has none."""

Role = Literal["box", "captain", "member", "out"]
OrderRound = Mapping[str, int]


# -- the person at the screen, in the session's sentences -----------------------------------


def is_you(name: object) -> bool:
    """Whether ``name`` is the person at the screen: the web setup's first name, "You", or its word in any of
    the engine's languages ("Vous"). Sentences about him say "you": "it waits for you", "on vous attend".

    >>> is_you("Vous"), is_you(" you "), is_you("Ann")
    (True, True, False)
    """
    said = str(name).strip().casefold()
    return said == "you" or any(said == say(lang, "chouette.you").casefold() for lang in languages())


def _you(key: str, name: object) -> str:
    """``key``, or its second person's form ``key.you`` when ``name`` (the sentence's subject) is :func:`is_you`."""
    return f"{key}.you" if is_you(name) else key


def in_sentence(name: object, quoted: bool = False) -> object:
    """A player's name inside a sentence: "you" ("vous") for :func:`is_you`, any other as it is (or its repr)."""
    if is_you(name):
        return Words("chouette.you_in_sentence")
    return repr(name) if quoted else name


def names_in_sentence(names: Sequence[str]) -> object:
    """Players' names inside a sentence: "Ann, Bob", "you", "Ann and you" ("Anne et vous")."""
    others = [n for n in names if not is_you(n)]
    if len(others) == len(names):
        return ", ".join(names)
    if not others:
        return Words("chouette.you_in_sentence")
    return Words("chouette.names_and_you", {"names": ", ".join(others)})


def waiting_key(key: str, names: Sequence[str]) -> str:
    """``key``, or ``key.for_you`` when the only one waited for is the person at the screen ("on vous attend")."""
    return f"{key}.for_you" if len(names) == 1 and is_you(names[0]) else key


# -- the order from the opening dice --------------------------------------------------------


def _check_names(names: Sequence[str]) -> tuple[str, ...]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise worded(ValueError, "chouette.rule.players_list", names=repr(names))
    names = tuple(names)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise worded(ValueError, "chouette.rule.players_count", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names),
                     names=repr(names))
    for name in names:
        _check_name(name)
    if len(set(names)) != len(names):
        raise worded(ValueError, "chouette.rule.names_differ", names=repr(names))
    return names


def _check_name(name: object, kind: type[ValueError] = ValueError) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise worded(kind, "chouette.rule.name", name=repr(name))
    return name


def order_from_rolls(names: Sequence[str], rounds: Sequence[OrderRound]) -> tuple[str, ...]:
    """The players ranked by their opening dice: box first, then captain, then the rest.

    ``rounds[0]`` has every player's die; each later round has the dice of exactly the
    players still tied (every tie rolls in the same round), who are ranked among
    themselves only. Raises ``ValueError`` for a missing, extra or wrong round.

    >>> order_from_rolls(["A", "B", "C", "D"], [{"A": 5, "B": 2, "C": 5, "D": 1}, {"A": 3, "C": 4}])
    ('C', 'A', 'B', 'D')
    """
    groups: list[list[str]] = [list(_check_names(names))]
    for i, dice in enumerate(rounds):
        rolling = [g for g in groups if len(g) > 1]
        if not rolling:
            raise worded(ValueError, "chouette.order.decided", round=i + 1, dice=shown(dict(dice)))
        expected = {n for g in rolling for n in g}
        if not isinstance(dice, Mapping) or set(dice) != expected:
            raise worded(ValueError, "chouette.order.due", round=i + 1, names=repr(sorted(expected)), dice=shown(dice))
        for name, die in dice.items():
            if type(die) is not int or not 1 <= die <= 6:
                raise worded(ValueError, "chouette.order.die", round=i + 1, name=name, die=shown(die))
        regrouped: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                regrouped.append(group)
                continue
            for value in sorted({dice[n] for n in group}, reverse=True):
                regrouped.append([n for n in group if dice[n] == value])
        groups = regrouped
    tied = [g for g in groups if len(g) > 1]
    if tied:
        raise worded(ValueError, "chouette.order.tied", tied=repr(tied))
    return tuple(g[0] for g in groups)


def roll_for_order(names: Sequence[str], rng: DiceSource) -> list[dict[str, int]]:
    """Roll the opening dice for ``names`` with ``rng`` until no two players are tied."""
    names = _check_names(names)
    rounds: list[dict[str, int]] = []
    while True:
        try:
            order_from_rolls(names, rounds)
            return rounds
        except ValueError:
            groups = _tied_groups(names, rounds)
            rounds.append({n: rng.randint(1, 6) for g in groups for n in g})


def _tied_groups(names: Sequence[str], rounds: Sequence[OrderRound]) -> list[list[str]]:
    groups: list[list[str]] = [list(names)]
    for dice in rounds:
        regrouped: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                regrouped.append(group)
            else:
                for value in sorted({dice[n] for n in group}, reverse=True):
                    regrouped.append([n for n in group if dice[n] == value])
        groups = regrouped
    return [g for g in groups if len(g) > 1]


# -- the session's own actions, as stored in its history ------------------------------------


@dataclasses.dataclass(frozen=True)
class Answer:
    """A player's answer to the pending double: ``take`` (or join the captain's double) or not."""

    name: str
    take: bool


@dataclasses.dataclass(frozen=True)
class Join:
    """A newcomer joins at the bottom of the order."""

    name: str


@dataclasses.dataclass(frozen=True)
class NextGame:
    """The next game begins, from ``start`` (a number, or a drawn start with its dice)."""

    start: int | DrawnStart


ChouetteAction = OpeningRoll | Roll | Played | Double | Resign | Answer | Join | NextGame


@dataclasses.dataclass(frozen=True)
class Settlement:
    """How one game of the chouette ended: ``payments[name]`` is what each player gained at its end (box included).

    Drops paid during the game (a member refusing a double) are in :attr:`Chouette.totals`
    already and not repeated here.
    """

    game: int  # 1-based
    box: str
    captain: str | None  # the acting captain at the end; None when every member dropped
    result: GameResult
    payments: dict[str, int]
    totals: dict[str, int] = dataclasses.field(default_factory=dict)  # everyone's total once settled


class Chouette:
    """A chouette session of 3 to 8 named players in a backgammon set.

    ``rules`` is a backgammon set (:data:`CHOUETTE_DEFAULT_RULES`, ``"backgammon"``, unless ``options`` names one).
    ``order_rolls`` gives the opening dice (rounds of ``{name: die}``, see
    :func:`order_from_rolls`); without it they are rolled with ``rng`` (default: the
    operating system's generator), which also rolls every game's dice not given. ``start``
    chooses the first game's start (225 sets).
    """

    def __init__(
        self,
        names: Sequence[str],
        rules: str | RuleSet | None = None,
        options: GameOptions | None = None,
        *,
        rng: DiceSource | None = None,
        order_rolls: Sequence[OrderRound] | None = None,
        start: int | DrawnStart | None = None,
    ) -> None:
        options = agreed_options(options, rules, CHOUETTE_DEFAULT_RULES)
        self.rules: RuleSet = options.validate()
        if not self.rules.cube:
            raise worded(ValueError, "chouette.rule.backgammon_sets", rules=self.rules.title)
        self.options: GameOptions = options
        self.rng: DiceSource = rng if rng is not None else random.SystemRandom()
        self.players: tuple[str, ...] = _check_names(names)
        if order_rolls is None:
            order_rolls = roll_for_order(self.players, self.rng)
        self.order_rolls: tuple[dict[str, int], ...] = tuple(dict(r) for r in order_rolls)
        self._order: list[str] = list(order_from_rolls(self.players, self.order_rolls))
        self.totals: dict[str, int] = {n: 0 for n in self.players}
        self.settlements: list[Settlement] = []
        self._history: list[ChouetteAction] = []
        self._sides: list[tuple[str, str | None]] = []  # (box, captain) as they were at each action
        self.games: list[Game] = []
        self._begin(start)

    def __repr__(self) -> str:
        return f"<Chouette {self.rules.name} game {len(self.games)} {self.phase}: {' > '.join(self._order)}>"

    # -- state ------------------------------------------------------------------------------

    def _begin(self, start: int | DrawnStart | None) -> None:
        self.games.append(Game(None, start, self.options, rng=self.rng))
        self._box: str = self._order[0]
        self._captain: str | None = self._order[1]
        self.cubes: dict[str, int] = {n: 1 for n in self._order[1:]}
        self._doubler: Color | None = None
        self._answers: dict[str, bool] = {}

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once over). Read it; act through the session."""
        return self.games[-1]

    @property
    def history(self) -> tuple[ChouetteAction, ...]:
        """Every action since the order was decided, in order (replayed by :meth:`from_json`)."""
        return tuple(self._history)

    @property
    def sides(self) -> tuple[tuple[str, str | None], ...]:
        """For each action of :attr:`history`, who were the box and the captain as it was made.

        A move list names the players by it: a captain who drops a double is at the bottom of
        the order at once, and the one who takes over plays the team's next moves.
        """
        return tuple(self._sides)

    def _log(self, action: ChouetteAction) -> None:
        self._history.append(action)
        self._sides.append((self._box, self._captain))

    @property
    def order(self) -> tuple[str, ...]:
        """Everyone's rank now: the box first, then the rest (a dropped captain already at the bottom)."""
        return tuple(self._order)

    @property
    def box(self) -> str:
        return self._box

    @property
    def captain(self) -> str | None:
        """Who plays for the team now; ``None`` once every member has dropped a double."""
        return self._captain

    @property
    def team(self) -> tuple[str, ...]:
        """The team members still in this game, by rank (the captain first)."""
        return tuple(n for n in self._order if n in self.cubes)

    @property
    def phase(self) -> Phase:
        return self.game.phase

    @property
    def awaiting(self) -> tuple[str, ...]:
        """Who may answer the pending double now: the team members yet to answer, then (a captain's double) the box."""
        if self._doubler is None:
            return ()
        waiting = tuple(n for n in self.team if n != self._captain_if(self._doubler) and n not in self._answers)
        if waiting or self._doubler is BOX_COLOR:
            return waiting
        return (self._box,)

    def _captain_if(self, doubler: Color) -> str | None:
        return self._captain if doubler is TEAM_COLOR else None

    @property
    def to_act(self) -> str | None:
        """The player whose action is due (the first of :attr:`awaiting` for a double); ``None`` when nobody."""
        if self._doubler is not None:
            return self.awaiting[0]
        side = self.game.to_act
        if side is None:
            return None
        return self._box if side is BOX_COLOR else self._captain

    def role(self, name: str) -> Role:
        """``"box"``, ``"captain"``, ``"member"`` (in the game for the team) or ``"out"`` (dropped this game)."""
        if name not in self._order:
            raise worded(ValueError, "chouette.rule.not_in", name=repr(name), players=", ".join(self._order))
        if name == self._box:
            return "box"
        if name == self._captain:
            return "captain"
        return "member" if name in self.cubes else "out"

    def scoreboard(self) -> list[dict[str, object]]:
        """Every player by rank: ``rank`` (1 = box), ``name``, ``role``, ``cube`` (members in the game), ``total``."""
        return [
            {"rank": i, "name": n, "role": self.role(n), "cube": self.cubes.get(n), "total": self.totals[n]}
            for i, n in enumerate(self._order, 1)
        ]

    def _side_name(self, color: Color) -> str | None:
        return self._box if color is BOX_COLOR else self._captain

    # -- board actions (the box or the captain) ---------------------------------------------

    def _no_pending(self, action: str) -> None:
        if self._doubler is not None:
            raise worded(IllegalMoveError, waiting_key(f"chouette.rule.{action}_waits", self.awaiting),
                         who=names_in_sentence(self.awaiting))

    def _record_board_action(self) -> None:
        action = self.game.history[-1]
        assert isinstance(action, (OpeningRoll, Roll, Played, Double, Resign))
        self._log(action)

    def roll_opening(self, dice: Sequence[int] | None = None) -> tuple[int, int]:
        """The opening roll ``(team's die, box's die)``, as :meth:`Game.roll_opening` (the team plays Black)."""
        rolled = self.game.roll_opening(dice)
        self._record_board_action()
        for member in self.cubes:  # automatic doubles raise every member's stake alike
            self.cubes[member] = self.game.cube_value
        return rolled

    def roll(self, dice: Sequence[int] | None = None) -> tuple[int, int]:
        rolled = self.game.roll(dice)
        self._record_board_action()
        return rolled

    def play(self, play: Play | str | Sequence[Move]) -> Play:
        """Play the turn of the box or the captain (as :meth:`Game.play`); a finished game is settled at once."""
        chosen = self.game.play(play)
        self._record_board_action()
        if self.game.is_over:
            self._settle()
        return chosen

    def pass_turn(self) -> None:
        self.play(())

    def resign(self, outcome: Outcome = Outcome.SINGLE, name: str | None = None) -> GameResult:
        """The box, or the captain for the whole team, concedes ``outcome`` (by default whoever is on roll)."""
        self._no_pending("resign")
        if name is None:
            name = self.to_act
            if name is None:
                raise worded(IllegalMoveError, "chouette.rule.nobody_on_roll", phase=phase_words(self.phase))
        if name == self._box:
            color = BOX_COLOR
        elif name == self._captain:
            color = TEAM_COLOR
        else:
            raise worded(IllegalMoveError, "chouette.rule.who_resigns", box=in_sentence(self._box),
                         captain=in_sentence(self._captain), name=in_sentence(name, quoted=True))
        result = self.game.resign(outcome, color)
        self._record_board_action()
        self._settle()
        return result

    # -- the cube ---------------------------------------------------------------------------

    def offer_double(self) -> int:
        """The box or the captain, on roll, doubles; returns the cube value if taken. Answers go to :meth:`answer`."""
        value = self.game.offer_double()
        self._doubler = self.game.position.turn
        self._answers = {}
        self._record_board_action()
        return value

    def take(self, name: str) -> None:
        self.answer(name, True)

    def drop(self, name: str) -> None:
        self.answer(name, False)

    def answer(self, name: str, take: bool) -> None:
        """``name`` takes (or joins the captain's double) or drops it; see the module notes for who may answer."""
        if type(take) is not bool:
            raise worded(IllegalMoveError, "chouette.rule.answer_kind", take=repr(take))
        if self._doubler is None:
            raise worded(IllegalMoveError, _you("chouette.rule.no_double", name), name=repr(name),
                         phase=phase_words(self.phase))
        if name not in self.awaiting:
            key = _you("chouette.rule.answer_waits", name) if is_you(name) else waiting_key(
                "chouette.rule.answer_waits", self.awaiting)
            raise worded(IllegalMoveError, key, name=repr(name),
                         who=names_in_sentence(self.awaiting))
        self._log(Answer(name, take))
        if name == self._box:
            self._box_answers(take)
            return
        self._answers[name] = take
        if not take:
            self._pay(name, -self.cubes.pop(name))
        if self._doubler is BOX_COLOR and not self.awaiting:
            self._team_answered_box()

    def _pay(self, member: str, amount: int) -> None:
        """``member`` gains ``amount`` from the box (a loss when negative)."""
        self.totals[member] += amount
        self.totals[self._box] -= amount

    def _team_answered_box(self) -> None:
        takers = [n for n in self._order if self._answers.get(n)]
        captain = self._captain
        assert captain is not None
        if not self._answers[captain]:
            self._order.remove(captain)
            self._order.append(captain)
            self._captain = takers[0] if takers else None
        self._doubler = None
        if not takers:
            self.game.drop()
            self._settle()
            return
        for n in takers:
            self.cubes[n] *= 2
        self.game.take()

    def _box_answers(self, take: bool) -> None:
        self._doubler = None
        if take:
            for n in self.cubes:
                self.cubes[n] *= 2
            self.game.take()
        else:
            self.game.drop()
            self._settle()

    # -- the end of a game, and between games -----------------------------------------------

    def _settle(self) -> None:
        result = self.game.result
        assert result is not None
        before = dict(self.totals)
        box_won = result.winner is BOX_COLOR
        for member, cube in self.cubes.items():
            points = result.points * cube // self.game.cube_value
            self._pay(member, -points if box_won else points)
        payments = {n: self.totals[n] - before[n] for n in self._order}
        self.settlements.append(
            Settlement(len(self.games), self._box, self._captain, result, payments, dict(self.totals))
        )
        # payments above cover this game's end; drops paid earlier are in the totals already
        if not box_won:
            self._order.remove(self._box)
            self._order.append(self._box)
            assert self._captain is not None
            self._order.remove(self._captain)
            self._order.insert(0, self._captain)
        elif self._captain is not None:
            self._order.remove(self._captain)
            self._order.append(self._captain)

    def next_game(self, start: int | DrawnStart | None = None) -> Game:
        """Begin the next game once this one is over: the new box against the new captain."""
        if not self.game.is_over:
            raise worded(IllegalMoveError, "chouette.rule.game_not_over", number=len(self.games),
                         phase=phase_words(self.phase))
        if start is None and self.rules.drawn_starts and len(self.games) % 2 == 1:
            start = self.game.drawn_start or self.game.start_number  # the 225 sets redraw every two games
        self._begin(start)
        game = self.game
        self._log(NextGame(game.drawn_start or game.start_number))
        return game

    def join(self, name: str) -> None:
        """A newcomer joins at the bottom of the order: between games, or before a game's first action."""
        _check_name(name, IllegalMoveError)
        if name in self._order:
            raise worded(IllegalMoveError, "chouette.rule.already_in", name=repr(name))
        if len(self._order) >= MAX_PLAYERS:
            raise worded(IllegalMoveError, "chouette.rule.full", most=MAX_PLAYERS, players=", ".join(self._order))
        fresh = not self.game.history
        if not (self.game.is_over or fresh):
            raise worded(IllegalMoveError, "chouette.rule.join_between_games", name=repr(name), number=len(self.games))
        self._log(Join(name))
        self._order.append(name)
        self.totals[name] = 0
        if fresh:
            self.cubes[name] = 1

    # -- records ----------------------------------------------------------------------------

    def apply(self, action: ChouetteAction) -> None:
        """Apply one recorded action (dice included), as :meth:`from_json` does."""
        if isinstance(action, OpeningRoll):
            self.roll_opening((action.black, action.white))
        elif isinstance(action, Roll):
            self._check_side(action.player, "roll")
            self.roll(action.dice)
        elif isinstance(action, Played):
            self._check_side(action.player, "play")
            self.play(action.moves)
        elif isinstance(action, Double):
            self._check_side(action.player, "double")
            if action.value != self.game.cube_value * 2:
                raise worded(IllegalMoveError, "chouette.rule.double_value", value=self.game.cube_value * 2,
                             offered=action.value)
            self.offer_double()
        elif isinstance(action, Resign):
            self.resign(action.outcome, self._side_name(action.player))
        elif isinstance(action, Answer):
            self.answer(action.name, action.take)
        elif isinstance(action, Join):
            self.join(action.name)
        elif isinstance(action, NextGame):
            self.next_game(action.start)
        else:
            raise worded(IllegalMoveError, "chouette.rule.not_an_action", action=repr(action))

    def _check_side(self, recorded: Color, action: str) -> None:
        if self.phase in ("roll", "move") and recorded is not self.game.position.turn:
            raise worded(IllegalMoveError, "game.actor", colour=colour_word(recorded),
                         action=Words(f"game.action.{action}"), expected=colour_word(self.game.position.turn))

    def to_json(self) -> dict[str, Any]:
        """Plain data (with a format version) that :meth:`from_json` restores by replaying it."""
        first = self.games[0]
        return {
            "format": CHOUETTE_FORMAT,
            "version": CHOUETTE_JSON_VERSION,
            "rules": self.rules.name,
            "options": self.options.to_json(),
            "players": list(self.players),
            "order_rolls": [[[n, d] for n, d in r.items()] for r in self.order_rolls],
            "start": _start_to_json(first.drawn_start or first.start_number),
            "actions": [_action_to_json(a) for a in self._history],
            "totals": dict(self.totals),
        }

    @classmethod
    def from_json(cls, data: object, *, rng: DiceSource | None = None) -> Chouette:
        """Restore a session saved with :meth:`to_json`; raises :class:`~toutes_tables.InvalidRecordError`
        saying where the save is wrong and why (worded: said in the page's language by the service)."""
        check_save_format(data, CHOUETTE_FORMAT, CHOUETTE_JSON_VERSION)
        assert isinstance(data, dict)  # checked just above; for the type checker
        where = "chouette"
        try:
            rules = data.get("rules")
            if rules not in RULE_SETS:
                raise worded(ValueError, "chouette.save.rule_set", rules=shown(rules))
            options = _options_from_json(data.get("options"), rules)
            rounds = data.get("order_rolls")
            if not isinstance(rounds, list):
                raise worded(ValueError, "chouette.save.list", key=repr("order_rolls"), value=shown(rounds))
            order_rolls = [_round_from_json(r) for r in rounds]
            session = cls(
                _list(data, "players"),
                None,
                options,
                rng=rng,
                order_rolls=order_rolls,
                start=_start_from_json(data.get("start")),
            )
            for i, raw in enumerate(_list(data, "actions")):
                where = f"chouette.actions[{i}]"
                session.apply(_action_from_json(raw))
            where = "chouette"
            if data.get("totals") != session.totals:
                raise worded(ValueError, "chouette.save.totals", recorded=shown(data.get("totals")),
                             replayed=shown(session.totals))
        except ValueError as exc:
            raise worded(InvalidRecordError, "chouette.save.invalid", where=where, reason=reason(exc)) from None
        except (TypeError, KeyError):  # a value of a kind no check above foresaw: Python's words are a programmer's
            raise worded(InvalidRecordError, "chouette.save.invalid", where=where,
                         reason=Words("chouette.save.malformed")) from None
        return session


# -- JSON helpers ---------------------------------------------------------------------------

_OPTION_FIELDS = frozenset(f.name for f in dataclasses.fields(GameOptions)) - {"rules"}


def _options_from_json(raw: object, rules: str) -> GameOptions:
    if not isinstance(raw, dict):
        raise worded(ValueError, "chouette.save.options", value=shown(raw))
    unknown = set(raw) - _OPTION_FIELDS - {"rules"}
    if unknown:
        raise worded(ValueError, "chouette.save.unknown_options", options=repr(sorted(map(str, unknown))))
    return GameOptions(**{**raw, "rules": rules})


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise worded(ValueError, "chouette.save.list", key=repr(key), value=shown(value))
    return value


def _round_from_json(raw: object) -> dict[str, int]:
    if not isinstance(raw, list) or not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in raw):
        raise worded(ValueError, "chouette.save.round", value=shown(raw))
    round_ = {p[0]: p[1] for p in raw}
    if len(round_) != len(raw):
        raise worded(ValueError, "chouette.save.round_once", value=shown(raw))
    return round_


def _dice(raw: object) -> tuple[int, int]:
    if not (isinstance(raw, list) and len(raw) == 2 and all(type(d) is int and 1 <= d <= 6 for d in raw)):
        raise worded(ValueError, "chouette.save.dice", value=shown(raw))
    return raw[0], raw[1]


def _start_to_json(start: int | DrawnStart) -> dict[str, Any]:
    if isinstance(start, DrawnStart):
        return {
            "number": start.number,
            "drawn": [list(start.first_roll), list(start.second_roll)],
            "rerolled": [list(r) for r in start.rerolled],
        }
    return {"number": start, "drawn": None, "rerolled": []}


def _start_from_json(raw: object) -> int | DrawnStart:
    if not isinstance(raw, dict) or type(raw.get("number")) is not int:
        raise worded(ValueError, "chouette.save.start", value=shown(raw))
    number: int = raw["number"]
    drawn = raw.get("drawn")
    if drawn is None:
        return number
    if not (isinstance(drawn, list) and len(drawn) == 2):
        raise worded(ValueError, "chouette.save.drawn", value=shown(drawn))
    first, second = (tuple(sorted(_dice(r))) for r in drawn)
    rerolled = tuple(_dice(r) for r in _list(raw, "rerolled")) if raw.get("rerolled") else ()
    if start_number(first, second) != number:  # type: ignore[arg-type]
        raise worded(ValueError, "chouette.save.drawn_start", drawn=shown(drawn), number=number)
    return DrawnStart(number, first, second, rerolled)  # type: ignore[arg-type]


def _action_to_json(action: ChouetteAction) -> dict[str, Any]:
    """A chouette action as JSON data: its own kinds here, the board's as a game save writes them."""
    if isinstance(action, Answer):
        return {"type": "answer", "name": action.name, "take": action.take}
    if isinstance(action, Join):
        return {"type": "join", "name": action.name}
    if isinstance(action, NextGame):
        return {"type": "next-game", "start": _start_to_json(action.start)}
    return action_to_json(action)


def _action_from_json(raw: object) -> ChouetteAction:
    if not isinstance(raw, dict):
        raise worded(ValueError, "chouette.save.action", value=shown(raw))
    kind = raw.get("type")
    if kind == "answer":
        if not isinstance(raw.get("name"), str) or type(raw.get("take")) is not bool:
            raise worded(ValueError, "chouette.save.answer", value=shown(raw))
        return Answer(raw["name"], raw["take"])
    if kind == "join":
        return Join(_check_name(raw.get("name")))
    if kind == "next-game":
        return NextGame(_start_from_json(raw.get("start")))
    action = action_from_json(raw)
    if not isinstance(action, (OpeningRoll, Roll, Played, Double, Resign)):
        # a chouette's takes and drops are its members' answers
        raise worded(ValueError, "chouette.save.action_kind", kind=shown(kind))
    return action


__all__ = [
    "Answer",
    "Chouette",
    "ChouetteAction",
    "Join",
    "NextGame",
    "Settlement",
    "in_sentence",
    "is_you",
    "names_in_sentence",
    "order_from_rolls",
    "roll_for_order",
    "waiting_key",
]
