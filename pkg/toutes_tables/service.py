"""The engine as a JSON service, for front ends that talk to it through messages.

The web game's worker calls :func:`dispatch` with a method name and JSON-able
parameters and gets JSON-able data back; nothing else crosses the boundary.
The message protocol around it is written down in ``site/engine/PROTOCOL.md``.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__
from .errors import IllegalMoveError
from .match import Match
from .player import ComputerPlayer, match_score
from .game import Double, Drop, Game, GameOptions, OpeningRoll, Played, Resign, Roll, Take, announce
from .movegen import check_dice, legal_plays
from .notation import format_play
from .play import Move, Play, apply_moves
from .position import BAR, OFF, Color, Position, from_absolute, to_absolute
from .rules import get_rules
from .starts import start_position, start_rolls

Method = Callable[..., Any]
_METHODS: dict[str, Method] = {}


class ServiceError(ValueError):
    """A request the service cannot answer: unknown method or bad parameters."""


def method(fn: Method) -> Method:
    """Register ``fn`` as a service method under its own name."""
    _METHODS[fn.__name__] = fn
    return fn


def dispatch(name: str, params: dict[str, Any] | None = None) -> Any:
    """Run the service method ``name`` with keyword ``params``; return JSON-able data."""
    try:
        fn = _METHODS[name]
    except KeyError:
        raise ServiceError(f"unknown service method {name!r}") from None
    return fn(**(params or {}))


@method
def version() -> str:
    """The engine's version, so a front end can check which wheel it loaded."""
    return __version__


# -- a turn in progress ---------------------------------------------------------------------
#
# The board moves one checker at a time, but the engine's unit is the whole play. A turn in
# progress is the list of single-die steps made so far; it stands as long as some legal play
# contains those steps (as a multiset: the order checkers are moved in does not change where
# they end up). What the board may do next is read off the remaining steps of those plays.

Location = int | str  # absolute point 1-24, "bar" or "off", as the board names them


def board_location(point: int, color: Color) -> Location:
    """A point in ``color``'s player numbering as the board names it (absolute, "bar", "off")."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return to_absolute(point, color)


def player_point(location: Location, color: Color) -> int:
    """The inverse of :func:`board_location`; raises ServiceError for anything else."""
    if location == "bar":
        return BAR
    if location == "off":
        return OFF
    if type(location) is int and 1 <= location <= 24:
        return from_absolute(location, color)
    raise ServiceError(f"a board location is 1-24, 'bar' or 'off', got {location!r}")


def parse_steps(steps: Any) -> list[Move]:
    """Steps as they come from JSON: a list of ``[from, to]`` pairs in player numbering."""
    if not isinstance(steps, list):
        raise ServiceError(f"steps must be a list of [from, to] pairs, got {steps!r}")
    parsed: list[Move] = []
    for step in steps:
        if (
            not isinstance(step, list | tuple)
            or len(step) != 2
            or any(type(p) is not int or not 0 <= p <= 25 for p in step)
        ):
            raise ServiceError(f"a step is [from, to] with points 0-25, got {step!r}")
        parsed.append((step[0], step[1]))
    return parsed


@dataclasses.dataclass(frozen=True)
class TurnInProgress:
    """The plays still open after ``steps``, and the position the board shows meanwhile."""

    position: Position  # at the start of the turn, the mover on roll
    dice: tuple[int, int]
    plays: tuple[Play, ...]  # every legal play of the turn
    steps: tuple[Move, ...]

    @classmethod
    def start(cls, position: Position, dice: Sequence[int], rules: str, steps: Sequence[Move] = ()) -> TurnInProgress:
        plays = tuple(legal_plays(position, dice, rules))
        turn = cls(position, (dice[0], dice[1]), plays, ())
        for step in steps:
            turn = turn.step(step)
        return turn

    @property
    def open_plays(self) -> list[Play]:
        made = Counter(self.steps)
        return [p for p in self.plays if not made - Counter(p.moves)]

    @property
    def current(self) -> Position:
        """The position after the steps made, the mover still on roll."""
        return apply_moves(self.position, self.steps)[0].swapped()

    @property
    def finished_play(self) -> Play | None:
        """The play the steps make, once they make a whole one (or the empty play when none is legal)."""
        if not self.plays:
            return Play(self.position, ())
        made = Counter(self.steps)
        for p in self.plays:
            if Counter(p.moves) == made:
                return p
        return None

    def paths(self) -> dict[int, dict[int, tuple[Move, ...]]]:
        """For each source point, each destination reachable now with the steps that get there.

        A destination reached by one checker using several dice is included; when two routes
        reach it, the first found is kept (the board offers one move per destination).
        """
        current = self.current
        made = Counter(self.steps)
        mine = current.mine
        sources = [BAR] if mine[BAR] else [p for p in range(24, 0, -1) if mine[p]]
        found: dict[int, dict[int, tuple[Move, ...]]] = {}
        for play in self.open_plays:
            remaining = Counter(play.moves) - made
            for src in sources:
                self._chains(src, remaining, (), found.setdefault(src, {}))
        return {src: dests for src, dests in found.items() if dests}

    @staticmethod
    def _chains(at: int, remaining: Counter[Move], path: tuple[Move, ...], out: dict[int, tuple[Move, ...]]) -> None:
        for move in remaining:
            if move[0] != at or remaining[move] == 0:
                continue
            route = (*path, move)
            out.setdefault(move[1], route)
            if move[1] != OFF:
                rest = remaining.copy()
                rest[move] -= 1
                TurnInProgress._chains(move[1], +rest, route, out)

    def step(self, move: Move) -> TurnInProgress:
        """One more single-die step; raises IllegalMoveError when no legal play contains it."""
        turn = dataclasses.replace(self, steps=(*self.steps, move))
        if self.current.mine[move[0]] == 0 or not turn.open_plays:
            raise IllegalMoveError(
                f"{move[0]}/{move[1]} is not part of any legal play of {self.dice} from {self.position!r}"
            )
        return turn

    def move(self, source: Location, destination: Location) -> TurnInProgress:
        """Move a checker as the board asks (absolute locations), through as many steps as it takes."""
        color = self.position.turn
        src, dst = player_point(source, color), player_point(destination, color)
        route = self.paths().get(src, {}).get(dst)
        if route is None:
            raise IllegalMoveError(
                f"{source}->{destination} is not a legal move now (dice {self.dice}, position {self.position!r})"
            )
        turn = self
        for m in route:
            turn = turn.step(m)
        return turn

    def undo(self) -> TurnInProgress:
        return dataclasses.replace(self, steps=self.steps[:-1])

    def dice_used(self) -> list[bool]:
        """Which dice the steps have used (four for a double), for drawing them faded.

        Each step uses the die of its distance; a bear-off from below the die uses the smallest
        larger die left. Only for display: the legality comes from the plays.
        """
        d1, d2 = self.dice
        dice = [d1] * 4 if d1 == d2 else sorted(self.dice, reverse=True)
        used = [False] * len(dice)
        distances = sorted((src - dst for src, dst in self.steps), reverse=True)
        exact = [d for d in distances if d in dice]
        for wanted in exact + [d for d in distances if d not in dice]:
            candidates = [i for i, v in enumerate(dice) if not used[i] and v >= wanted]
            if candidates:
                best = min(candidates, key=lambda i: (dice[i] != wanted, dice[i]))
                used[best] = True
        return used

    def to_json(self) -> dict[str, Any]:
        """What the board needs: the position after the steps, destinations, dice, and the play once made."""
        color = self.position.turn
        finished = self.finished_play
        dests = {
            str(board_location(src, color)): [board_location(dst, color) for dst in sorted(d, reverse=True)]
            for src, d in self.paths().items()
        }
        d1, d2 = self.dice
        values = [d1] * 4 if d1 == d2 else sorted(self.dice, reverse=True)
        return {
            "position": self.current.absolute(),
            "dice": [
                {"value": v, "used": u, "colour": color.value} for v, u in zip(values, self.dice_used(), strict=True)
            ],
            "dests": {} if finished is not None else dests,
            "steps": [list(s) for s in self.steps],
            "finished": finished is not None,
            "notation": str(finished) if finished is not None else None,
            "notation_so_far": format_play(self.position, self.steps) if self.steps else "",
            "forced": len(self.plays) <= 1,
            "no_play": not self.plays,
        }


# -- the game being played -------------------------------------------------------------------
#
# The worker keeps one match in play. Every game method answers with the same "view": what the
# board shows and what may happen next. The front end saves ``view["record"]`` and
# ``view["turn_state"]["steps"]`` after every action and gives them back to ``load``.


@dataclasses.dataclass
class Session:
    """The match (or money game) in play and the current turn's checker moves, not yet played."""

    match: Match | None
    money_game: Game | None = None  # the Jacoby rule is for money play, outside any match
    turn: TurnInProgress | None = None

    @property
    def game(self) -> Game:
        if self.match is not None:
            return self.match.game
        assert self.money_game is not None
        return self.money_game

    def record(self) -> str:
        return self.match.to_text() if self.match is not None else self.game.to_text()

    def begin_turn(self, steps: Sequence[Move] = ()) -> None:
        """Open the turn in progress once the dice are rolled (and drop it otherwise)."""
        game = self.game
        if game.phase == "move" and game.dice is not None:
            self.turn = TurnInProgress.start(game.position, game.dice, game.rules.name, steps)
        elif steps:
            raise ServiceError(f"saved checker moves {list(steps)!r} but no turn is in progress")
        else:
            self.turn = None


_session: Session | None = None


def _current() -> Session:
    if _session is None:
        raise ServiceError("no game in play: call new_match or load first")
    return _session


def _absolute_moves(moves: Sequence[Move], color: Color) -> list[list[Location]]:
    return [[board_location(a, color), board_location(b, color)] for a, b in moves]


def _history_lines(game: Game) -> list[dict[str, Any]]:
    """The game's actions as lines of the move list, a roll and its play on one line."""
    lines: list[dict[str, Any]] = []
    rolled: tuple[int, int] | None = None
    for action in game.history:
        if isinstance(action, OpeningRoll):
            tie = " (a tie: rolled again)" if action.is_tie else ""
            lines.append({"kind": "opening", "text": f"Opening roll: Black {action.black}, White {action.white}{tie}."})
            if not action.is_tie:
                rolled = (max(action.black, action.white), min(action.black, action.white))
        elif isinstance(action, Roll):
            rolled = action.dice
        elif isinstance(action, Played):
            who = action.player.value.capitalize()
            call = f" ({announce(rolled)})" if rolled else ""
            lines.append({"kind": "play", "colour": action.player.value, "text": f"{who}{call}: {action.notation}"})
            rolled = None
        elif isinstance(action, Double):
            lines.append({"kind": "double", "text": f"{action.player.value.capitalize()} doubles to {action.value}."})
        elif isinstance(action, Take):
            lines.append({"kind": "take", "text": f"{action.player.value.capitalize()} takes."})
        elif isinstance(action, Drop):
            lines.append({"kind": "drop", "text": f"{action.player.value.capitalize()} drops."})
        elif isinstance(action, Resign):
            lines.append({"kind": "resign", "text": f"{action.player.value.capitalize()} resigns."})
    return lines


def _last_play(game: Game) -> dict[str, Any] | None:
    for action in reversed(game.history):
        if isinstance(action, Played):
            return {"colour": action.player.value, "moves": _absolute_moves(action.moves, action.player)}
    return None


def _dice_view(session: Session) -> list[dict[str, Any]]:
    """Dice for the board: the roll being played, or an opening tie (one die each, in its colour)."""
    game = session.game
    last = game.history[-1] if game.history else None
    if game.phase == "opening" and isinstance(last, OpeningRoll):
        return [
            {"value": last.black, "used": False, "colour": "black"},
            {"value": last.white, "used": False, "colour": "white"},
        ]
    if session.turn is None:
        return []
    dice: list[dict[str, Any]] = session.turn.to_json()["dice"]
    if isinstance(last, OpeningRoll) and len(dice) == 2:
        # the opening turn plays the two dice rolled one each: keep each in its roller's colour
        mover = game.position.turn
        for die in dice:
            rolled_by_mover = die["value"] == max(last.black, last.white)
            die["colour"] = mover.value if rolled_by_mover else mover.other.value
        if dice[0]["colour"] == dice[1]["colour"]:
            dice[1]["colour"] = mover.other.value
    return dice


_IDLE_TURN: dict[str, Any] = {
    "dests": {},
    "steps": [],
    "finished": False,
    "notation": None,
    "notation_so_far": "",
    "forced": False,
    "no_play": False,
}


def view(session: Session) -> dict[str, Any]:
    """Everything the front end draws and decides from, as plain JSON."""
    game = session.game
    turn_state = session.turn.to_json() if session.turn is not None else dict(_IDLE_TURN)
    position = session.turn.current if session.turn is not None else game.position
    result = None
    if game.result is not None:
        r = game.result
        unit = "point" if r.points == 1 else "points"
        how = {"dropped": " (double dropped)", "resigned": " (resigned)"}.get(r.reason, "")
        result = {
            "winner": r.winner.value,
            "outcome": r.outcome.value,
            "points": r.points,
            "reason": r.reason,
            "description": f"a {r.outcome.label}{how}, {r.points} {unit}",
        }
    start = None
    if game.rules.drawn_starts:
        first, second = start_rolls(game.start_number)
        start = {"number": game.start_number, "rolls": [list(first), list(second)]}
    cube = None
    if game.cube_enabled:
        cube = {
            "value": game.cube_value,
            "owner": game.cube_owner.value if game.cube_owner else None,
            "offered_by": game.position.turn.value if game.phase == "double-offered" else None,
        }
    to_act = game.to_act
    return {
        "rules": game.rules.name,
        "phase": game.phase,
        "actor": to_act.value if to_act else None,
        "turn": game.turn.value if game.turn and game.phase != "over" else None,
        "position": position.absolute(),
        "position_id": game.position.gnubg_id(),
        "pips": {c.value: position.pips(c) for c in Color},
        "dice": _dice_view(session),
        "dice_call": game.announce() if game.dice is not None else None,
        "turn_state": turn_state,
        "cube": cube,
        "cube_actions": ["double"] if game.can_double() else [],
        "start": start,
        "moves": _history_lines(game),
        "last_play": _last_play(game),
        "result": result,
        "game_number": len(session.match.games) if session.match is not None else 1,
        "match": _match_view(session),
        "record": session.record(),
    }


@method
def state() -> dict[str, Any]:
    """The view of the match in play."""
    return view(_current())


@method
def roll() -> dict[str, Any]:
    """Roll for whoever is due: the opening roll (one die each) or the player on roll's two dice."""
    session = _current()
    game = session.game
    if game.phase == "opening":
        game.roll_opening()
    else:
        game.roll()
    session.begin_turn()
    return view(session)


@method
def move(**params: Any) -> dict[str, Any]:
    """Move one checker as the board asks: ``{"from": 13, "to": 7}`` (absolute, "bar", "off")."""
    if set(params) != {"from", "to"}:
        raise ServiceError(f"move takes 'from' and 'to', got {sorted(params)!r}")
    session = _current()
    if session.turn is None:
        raise IllegalMoveError(f"no checker may move in phase {session.game.phase!r}")
    session.turn = session.turn.move(params["from"], params["to"])
    return view(session)


@method
def undo() -> dict[str, Any]:
    """Take back the last checker moved this turn."""
    session = _current()
    if session.turn is None or not session.turn.steps:
        raise IllegalMoveError("nothing to undo: no checker has moved this turn")
    session.turn = session.turn.undo()
    return view(session)


@method
def confirm() -> dict[str, Any]:
    """End the turn with the play the checkers make (or pass a turn that has no legal play)."""
    session = _current()
    if session.turn is None:
        raise IllegalMoveError(f"no turn to confirm in phase {session.game.phase!r}")
    finished = session.turn.finished_play
    if finished is None:
        raise IllegalMoveError("the play is not finished: move the remaining checkers first")
    session.game.play(finished.moves)
    session.turn = None
    return view(session)


@method
def play_forced() -> dict[str, Any]:
    """Play the only legal play of the turn (for the auto-play option); the turn still needs confirming."""
    session = _current()
    if session.turn is None or len(session.turn.plays) != 1:
        raise IllegalMoveError("the play is not forced: there is a choice")
    turn = TurnInProgress.start(session.turn.position, session.turn.dice, session.game.rules.name)
    for step in session.turn.plays[0].moves:
        turn = turn.step(step)
    session.turn = turn
    return view(session)


@method
def double() -> dict[str, Any]:
    """The player on roll offers to double."""
    session = _current()
    session.game.offer_double()
    return view(session)


@method
def take() -> dict[str, Any]:
    session = _current()
    session.game.take()
    return view(session)


@method
def drop() -> dict[str, Any]:
    session = _current()
    session.game.drop()
    return view(session)


# -- a position without a game, for the rules book's live boards -------------------------------


def _color(name: Any) -> Color:
    if name not in ("black", "white"):
        raise ServiceError(f"turn must be 'black' or 'white', got {name!r}")
    return Color(name)


@method
def explore(
    rules: str = "toutes-tables-225",
    position: str | None = None,
    start: int | None = None,
    turn: str = "white",
    dice: list[int] | None = None,
    steps: list[list[int]] | None = None,
    move: dict[str, Location] | None = None,
) -> dict[str, Any]:
    """A position to show or try moves in, outside any game (the embeddable board uses it).

    The position is a gnubg Position ID (``turn`` says whose roll it is) or a start number.
    With ``dice``, the answer carries the legal destinations after ``steps`` (checker moves
    already made, as returned by the previous answer) and ``move`` (one more, in board
    locations), and every legal play of the roll in notation.
    """
    rule_set = get_rules(rules)
    color = _color(turn)
    if (position is None) == (start is None):
        raise ServiceError("give either a position (a Position ID) or a start number")
    if position is not None:
        pos = Position.from_gnubg_id(position, color)
    else:
        if type(start) is not int:
            raise ServiceError(f"a start number is 1-225, got {start!r}")
        pos = start_position(start, color)
    answer: dict[str, Any] = {
        "rules": rule_set.name,
        "turn": color.value,
        "position_id": pos.gnubg_id(),
        "position": pos.absolute(),
        "pips": {c.value: pos.pips(c) for c in Color},
        "dice": [],
        "turn_state": dict(_IDLE_TURN),
        "plays": [],
    }
    if dice is None:
        if steps or move:
            raise ServiceError("checker moves need dice")
        return answer
    turn_in_progress = TurnInProgress.start(pos, check_dice(dice), rule_set.name, parse_steps(steps or []))
    if move is not None:
        if not isinstance(move, dict) or set(move) != {"from", "to"}:
            raise ServiceError(f"move is {{'from': ..., 'to': ...}}, got {move!r}")
        turn_in_progress = turn_in_progress.move(move["from"], move["to"])
    state = turn_in_progress.to_json()
    answer.update(
        position=state.pop("position"),
        pips={c.value: turn_in_progress.current.pips(c) for c in Color},
        dice=state.pop("dice"),
        turn_state=state,
        dice_call=announce(dice),
        plays=sorted(str(p) for p in turn_in_progress.plays),
    )
    return answer


def _match_view(session: Session) -> dict[str, Any]:
    game = session.game
    if session.match is None:  # a money game
        score = {"black": 0, "white": 0}
        if game.result is not None:
            score[game.result.winner.value] = game.result.points
        winner = game.result.winner.value if game.result is not None else None
        return {"length": 0, "score": score, "crawford": False, "over": winner is not None, "winner": winner}
    match = session.match
    return {
        "length": match.length,
        "score": {c.value: n for c, n in match.score.items()},
        "crawford": game.is_crawford,
        "over": match.is_over,
        "winner": match.winner.value if match.winner else None,
    }


@method
def new_match(
    rules: str = "toutes-tables-225",
    match_length: int = 1,
    start: int | None = None,
    cube: bool = True,
    crawford: bool = True,
    jacoby: bool = False,
    auto_doubles: bool = False,
    auto_double_limit: int = 2,
    point_game: bool = False,
    winner_opens: bool = False,
) -> dict[str, Any]:
    """Start a match to ``match_length`` points (with ``jacoby``, a money game) and return its view.

    ``start`` chooses the first start of a 225 set (drawn when None); the options are the
    engine's :class:`~toutes_tables.GameOptions` (``auto_doubles`` on raises the stake up to
    ``auto_double_limit``).
    """
    global _session
    options = GameOptions(
        rules=rules,
        cube=cube,
        jacoby=jacoby,
        auto_doubles=auto_double_limit if auto_doubles else 0,
        point_game=point_game,
        winner_opens=winner_opens,
    )
    if jacoby:
        session = Session(None, Game(start=start, options=options))
    else:
        session = Session(Match(None, match_length, options, crawford=crawford, start=start))
    _session = session
    return view(session)


_MATCH_LINE = re.compile(r"^Match:", re.MULTILINE)


@method
def load(record: str, steps: list[list[int]]) -> dict[str, Any]:
    """Resume from a saved record (``view["record"]``) and the steps of the turn in progress."""
    global _session
    if not isinstance(record, str):
        raise ServiceError("a record is text")
    if _MATCH_LINE.search(record):
        session = Session(Match.from_record(record))
    else:
        session = Session(None, Game.from_text(record))
    session.begin_turn(parse_steps(steps))
    _session = session
    return view(session)


@method
def next_game() -> dict[str, Any]:
    """Begin the match's next game once the current one is over."""
    session = _current()
    if session.match is None:
        raise IllegalMoveError("a money game is a single game: start a new one")
    session.match.next_game()
    session.turn = None
    return view(session)


def _computer(session: Session) -> ComputerPlayer:
    return ComputerPlayer(session.game.rules)


@method
def computer_action() -> dict[str, Any]:
    """The computer takes one action for whoever must act now: answer a double, double or roll, or play.

    One action per call, so the front end shows the computer's dice before its checkers move.
    """
    session = _current()
    game = session.game
    actor = game.to_act
    computer = _computer(session)
    if game.phase in ("roll", "double-offered") and actor is not None:
        score = match_score(session.match, actor) if session.match is not None else None
        decision = computer.cube_decision(game, score)
        if decision == "double":
            game.offer_double()
        elif decision == "take":
            game.take()
        elif decision == "drop":
            game.drop()
        else:
            game.roll()
            session.begin_turn()
    elif game.phase == "move" and game.dice is not None:
        game.play(computer.choose_play(game.position, game.dice))
        session.turn = None
    else:
        raise IllegalMoveError(f"nothing for the computer to do in phase {game.phase!r}")
    return view(session)
