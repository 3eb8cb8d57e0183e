"""The engine as a JSON service, for front ends that talk to it through messages.

The web game's worker calls ``dispatch`` (of :mod:`toutes_tables.services`) with a method name and JSON-able
parameters and gets JSON-able data back; nothing else crosses the boundary.
The message protocol around it is written down in ``site/engine/PROTOCOL.md``.
This module only converts: the rules are the engine's (Game, Match, TurnInProgress,
the computer player); board locations here are absolute points 1-24, "bar" and "off".

Methods
-------
``version()``
    The engine's version.
``limits()``
    The engine's bounds a page applies before it asks, so that it keeps no copy of them (the worker sends
    them with its ready message): ``max_cube``, ``max_match_length`` (the longest match a Match ID holds,
    the analysis board's), ``max_record_chars``.
``levels()``
    The computer's levels, weakest first: ``[{name, title}]``.
``new_match(rules, match_length, start, cube, crawford, jacoby, auto_doubles,
auto_double_limit, point_game, winner_opens, position, turn, level, money_game, seed, dice, cube_value,
cube_owner, score, post_crawford)``
    Start a match (with ``money_game`` or ``jacoby``: a money game; with ``position``: a game
    set up from that Position ID, ``turn`` to roll, or with ``dice`` to play that roll, the cube on
    ``cube_value`` owned by ``cube_owner``, alone or, with ``match_length``, a match taken up at
    ``score``) and
    keep it as the one in play, the computer playing at ``level``. With ``seed`` (an integer, for tests) the session is
    reproducible: the dice come from a generator seeded with it and the computer searches
    without a time limit, so the same actions give the same game.
``load(record, steps, level, show_cost_for, seed)``
    Resume from a saved ``view["record"]`` and ``view["turn_state"]["steps"]``; with
    ``show_cost_for`` (the colours whose plays are confirmed with ``show_cost``), the view's
    ``last_cost`` is worked out again from the record, as it was before the save. ``seed``: as
    for ``new_match``, for the dice rolled from here on.
``state()``, ``roll()``, ``move(from, to)``, ``undo()``, ``confirm(show_cost)``, ``play_forced()``,
``double()``, ``take()``, ``drop()``, ``resign(outcome)``, ``next_game()``, ``computer_action()``
    Act on the match in play; each returns the new view, or raises (``IllegalMoveError``
    and other ``ValueError`` subclasses) leaving everything as it was. ``move`` moves one
    checker, by one die or several; ``confirm`` plays the finished turn (with ``show_cost``,
    the view's ``last_cost`` says what the play cost); the computer makes one action per
    call (answer a double, double or roll, or play) at the session's level. ``resign`` ends the
    game with the player who must act conceding ``outcome`` (``single``, ``gammon``,
    ``backgammon`` in the backgammon sets; ``single``, ``double`` in the Toutes tables sets).
``resignation_answer(outcome)``
    The computer's answer to that resignation, as the opponent would give it (accept or refuse,
    and why); nothing changes (see :func:`resignation_answer`).
``hint()``
    Advice for whoever must act now, from the strongest level: the cube before rolling,
    take or drop facing a double, the best plays of the roll (see :func:`hint`).
``explore(rules, position | start, turn, dice, steps, move)``
    A position outside any game, with its legal destinations and plays (live boards).
``chouette_new``, ``chouette_load``, ``chouette_state``, ``chouette_roll``, ``chouette_move``,
``chouette_undo``, ``chouette_confirm``, ``chouette_double``, ``chouette_answer``,
``chouette_next_game``, ``chouette_resign``, ``chouette_join``, ``chouette_computer_action``,
``chouette_advice``, ``chouette_suggest``, ``chouette_follow_advice``
    The chouette (one box against a team, 3-8 players) for the web chouette: defined in
    :mod:`toutes_tables.chouette_service`, whose docstring describes them and their view.
    It builds its view and acts on a turn in progress with the helpers below
    (:func:`view_turn_state`, :func:`dice_view`, :func:`moved_turn`, :func:`undone_turn`,
    :func:`play_to_confirm`, :func:`roll_due`, ...); this module does not import it.

Calls
-----
The methods register in :mod:`toutes_tables.service_calls`, whose ``dispatch`` checks each
call's parameter names against the method's signature; each method reads its parameters with
that module's typed readers (a boolean is ``true``/``false``, an integer is not a boolean, a
list is a list), and every bad call raises :class:`ServiceError` (a ``ValueError``) naming
the parameter, before anything changes. :mod:`toutes_tables.services` imports every service
module: the web worker's entry point. The bounds: match lengths 1-:data:`MAX_MATCH_LENGTH`,
automatic doubles up to 64, the cube up to :data:`MAX_CUBE`, records of
:data:`MAX_RECORD_CHARS` characters.

The view
--------
``rules``, ``phase`` (``opening``, ``roll``, ``move``, ``double-offered``, ``over``),
``actor`` (who must act: ``"black"``, ``"white"`` or None), ``turn`` (on roll), ``position``
(absolute: 24 signed counts, + Black / - White, ``bar``, ``off``), ``position_id``, ``pips``,
``dice`` (``[{value, used, colour}]``), ``dice_call`` (the traditional announcement, a double glossed
with its dice where the language does so: ``dice_words.call``),
``turn_state`` (``dests`` ``{source: [destination]}``, ``steps``, ``finished``, ``notation``,
``notation_so_far``, ``forced``, ``no_play``), ``cube`` (``value``, ``owner``, ``offered_by``)
or None, ``cube_actions``, ``start`` (``number``, drawing ``rolls``) for the 225 sets,
``moves`` (the move list: ``{kind, text, colour?}``), ``last_play`` (``colour``, ``moves`` as
``[from, to]`` locations), ``result`` (``winner``, ``outcome``, ``points``, ``reason``,
``description``), ``game_number``, ``match`` (``length`` (0 = money game), ``score``,
``crawford``, ``over``, ``winner``), ``record`` (the engine's text record, to save), ``level``
(the computer's) and ``last_cost`` (``colour``, ``notation``, ``best``, ``cost``, ``mark``: the last play
confirmed with ``show_cost``, else None).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from . import __version__
from .dice_words import call as call_dice
from .errors import IllegalMoveError, InvalidRecordError
from .match import Match
from .matchid import MATCH_ID_MAX_LENGTH
from .game import Double, Drop, Game, GameOptions, GameResult, OpeningRoll, Played, Resign, Roll, Take, announce
from .movegen import check_dice
from .notation import format_play
from .play import NO_PLAY, Move, Play, apply_moves, compact_play
from .record import MAX_RECORD_CHARS, game_from_text, game_to_text, match_from_text, match_game_text, match_header_text
from .position import BAR, BLACK, OFF, WHITE, Color, Position, from_absolute, to_absolute
from .rules import MAX_AUTO_DOUBLES, MAX_CUBE, MAX_MATCH_LENGTH, RULE_SETS, Outcome, get_rules
from .service_calls import (
    POSITION_ID,
    TWO_DICE,
    ServiceError as ServiceError,
    boolean,
    choice,
    dispatch as dispatch,
    integer,
    listed,
    mapping,
    method,
    optional_integer,
    optional_text,
    shown,
    text,
)
from .resignation import judge_resignation, resigner
from .messages import Words, worded
from .service_language import said, spoken
from .starts import start_position, start_rolls
from .turn import TurnInProgress
from .words import colour_word, result_description

# The AI (toutes_tables.ai: the network, cube and advice) is imported on first use, not here: the
# worker imports this module while the page waits for the engine, and the rules are enough then.
# DEFAULT_LEVEL is the ai package's (a test checks it). The game's hint, cube advice and costs come
# from the expert, not the world class level above it: the hint looks one roll ahead on every play it
# shows, on top of the level's own search, and the world class level's search (40,000 evaluations
# against the expert's 24,000, ai/levels.py) would make every hint that much slower; the analysis board
# (study_service) uses the world class level.
DEFAULT_LEVEL = "expert"
ADVICE_LEVEL = "expert"

# The bounds of what a call may ask, so no call runs for minutes or leaves a game no one can save.
# The engine's own (MAX_MATCH_LENGTH, MAX_CUBE, MAX_AUTO_DOUBLES in rules, MAX_RECORD_CHARS in record) and:
MAX_STEPS = 4  # a turn has at most four checker moves
MAX_TEXT = 200  # a Position ID, a level or a rule set's name, a play in notation


@method
def version() -> str:
    """The engine's version, so a front end can check which wheel it loaded."""
    return __version__


@method
def limits() -> dict[str, int]:
    """The bounds the pages apply before asking: the cube's highest value, the longest match a Match ID holds, and
    a record's most characters (the pages' controls and file checks read them here, never a copy)."""
    return {"max_cube": MAX_CUBE, "max_match_length": MATCH_ID_MAX_LENGTH, "max_record_chars": MAX_RECORD_CHARS}


# -- a turn in progress ---------------------------------------------------------------------
#
# The board moves one checker at a time; the engine's TurnInProgress says which steps keep the
# turn on course for a legal play. Here its answers are put in the board's terms: absolute
# point numbers, "bar" and "off".

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
    location = location_param("location", location)
    if location == "bar":
        return BAR
    if location == "off":
        return OFF
    assert isinstance(location, int)
    return from_absolute(location, color)


def location_param(name: str, value: Any) -> Location:
    """A board location parameter: an absolute point 1-24, ``"bar"`` or ``"off"``."""
    if value in ("bar", "off") or (type(value) is int and 1 <= value <= 24):
        return value  # type: ignore[no-any-return]
    raise worded(ServiceError, "service.location", name=name, value=shown(value))


def parse_steps(steps: Any, name: str = "steps") -> list[Move]:
    """Steps as they come from JSON: a list of at most four ``[from, to]`` pairs in player numbering."""
    parsed: list[Move] = []
    for step in listed(name, steps, MAX_STEPS, Words("call.what.steps")):
        if not isinstance(step, list) or len(step) != 2 or any(type(p) is not int or not 0 <= p <= 25 for p in step):
            raise worded(ServiceError, "service.step", name=name, step=shown(step))
        parsed.append((step[0], step[1]))
    return parsed


def rules_name(rules: Any) -> str:
    """The ``rules`` parameter: the name of a rule set."""
    return choice("rules", rules, RULE_SETS)


def colour_name(name: str, value: Any) -> Color:
    """A colour parameter: ``"black"`` or ``"white"``."""
    return Color(choice(name, value, ("black", "white")))


def move_on_board(turn: TurnInProgress, source: Location, destination: Location) -> TurnInProgress:
    """The turn after moving a checker as the board asks (absolute locations), by as many steps as it takes."""
    color = turn.position.turn
    return turn.move(player_point(source, color), player_point(destination, color))


def turn_view(turn: TurnInProgress) -> dict[str, Any]:
    """What the board needs of a turn in progress: position after the steps, destinations, dice, the play once made."""
    color = turn.position.turn
    finished = turn.finished_play
    dests = {
        str(board_location(src, color)): [board_location(dst, color) for dst in sorted(reachable, reverse=True)]
        for src, reachable in sorted(turn.destinations().items(), reverse=True)
        if reachable
    }
    d1, d2 = turn.dice
    values = [d1] * 4 if d1 == d2 else [max(d1, d2), min(d1, d2)]
    return {
        "position": turn.current.absolute(),
        "dice": [{"value": v, "used": u, "colour": color.value} for v, u in zip(values, turn.dice_used(), strict=True)],
        "dests": {} if finished is not None else dests,
        "steps": [list(s) for s in turn.steps],
        "finished": finished is not None,
        "notation": str(finished) if finished is not None else None,
        "notation_so_far": format_play(turn.position, turn.steps) if turn.steps else "",
        "forced": len(turn.plays) <= 1,
        "no_play": not turn.plays,
    }


def idle_turn_state() -> dict[str, Any]:
    """The view's ``turn_state`` while no turn is in progress: no destinations, no steps, no play."""
    return {
        "dests": {},
        "steps": [],
        "finished": False,
        "notation": None,
        "notation_so_far": "",
        "forced": False,
        "no_play": False,
    }


def view_turn_state(turn: TurnInProgress | None) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
    """A view's ``turn_state`` and the dice of the turn in progress (None without one).

    The turn's position is left out: the view's own ``position`` is the turn's current one.
    """
    if turn is None:
        return idle_turn_state(), None
    turn_state = turn_view(turn)
    turn_dice = turn_state.pop("dice")
    del turn_state["position"]
    return turn_state, turn_dice


def may_double(game: Game) -> bool:
    """Whether the player on roll may double now: the game allows it and the cube stays within :data:`MAX_CUBE`."""
    return game.can_double() and game.cube_value * 2 <= MAX_CUBE


def check_double(game: Game) -> None:
    """IllegalMoveError, before anything changes, for a double that would turn the cube past :data:`MAX_CUBE`."""
    if game.can_double() and not may_double(game):
        raise IllegalMoveError(said("error.cube_at_most", most=MAX_CUBE, value=game.cube_value))


def check_bounds(game: Game, match_length: int | None) -> None:
    """InvalidRecordError for a saved game beyond the service's bounds (a record written by hand)."""
    if match_length is not None and not 1 <= match_length <= MAX_MATCH_LENGTH:
        raise worded(InvalidRecordError, "service.saved_match_length", most=MAX_MATCH_LENGTH, length=match_length)
    if game.options.auto_doubles > MAX_AUTO_DOUBLES:
        raise worded(InvalidRecordError, "service.saved_auto_doubles", most=MAX_AUTO_DOUBLES)
    if game.cube_value > MAX_CUBE:
        raise worded(InvalidRecordError, "service.saved_cube", most=MAX_CUBE)


# The actions on a turn in progress, shared by this module's game methods and the chouette's
# (chouette_service): each raises the service's errors and leaves the turn as it was.


class DiceTable(Protocol):
    """What rolls the dice: a :class:`~toutes_tables.Game` or a :class:`~toutes_tables.chouette.Chouette`."""

    @property
    def phase(self) -> str: ...

    def roll_opening(self) -> object: ...

    def roll(self) -> object: ...


def roll_due(table: DiceTable) -> None:
    """Roll for whoever is due at ``table``: the opening roll (one die each) or the player on roll's two dice."""
    if table.phase == "opening":
        table.roll_opening()
    else:
        table.roll()


def turn_after_roll(game: Game, steps: Sequence[Move] = ()) -> TurnInProgress | None:
    """The turn in progress once ``game``'s dice are rolled, after the saved ``steps``; None before.

    Saved steps with no turn in progress raise ServiceError (a corrupt save).
    """
    if game.phase == "move" and game.dice is not None:
        return TurnInProgress(game.position, game.dice, game.rules, steps)
    if steps:
        raise worded(ServiceError, "service.saved_steps", steps=repr(list(steps)))
    return None


def moved_turn(turn: TurnInProgress | None, params: dict[str, Any], phase: str, method_name: str) -> TurnInProgress:
    """The turn after the one checker move ``params`` asks for: ``{"from": 13, "to": 7}`` in board locations.

    ``method_name`` and ``phase`` word the errors: ServiceError for other parameters,
    IllegalMoveError when no turn is in progress or the move is not legal.
    """
    if set(params) != {"from", "to"}:
        raise worded(ServiceError, "service.from_to", name=method_name, params=shown(sorted(map(str, params))))
    for name in ("from", "to"):
        location_param(name, params[name])
    if turn is None:
        raise IllegalMoveError(said("error.no_move_in_phase", phase=repr(phase)))
    return move_on_board(turn, params["from"], params["to"])


def undone_turn(turn: TurnInProgress | None) -> TurnInProgress:
    """The turn without its last checker move; IllegalMoveError when no checker has moved."""
    if turn is None or not turn.steps:
        raise IllegalMoveError(said("error.nothing_to_undo"))
    return turn.undo()


def play_to_confirm(turn: TurnInProgress | None, phase: str) -> Play:
    """The play the turn's checkers make, to confirm; IllegalMoveError when there is no turn or it is unfinished.

    A turn with no legal play gives the empty play (the turn passes).
    """
    if turn is None:
        raise IllegalMoveError(said("error.no_turn_to_confirm", phase=repr(phase)))
    finished = turn.finished_play
    if finished is None:
        raise IllegalMoveError(said("error.play_unfinished"))
    return finished


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
    level: str = DEFAULT_LEVEL  # the computer's
    last_cost: dict[str, Any] | None = None  # what the last play confirmed with show_cost cost
    # The record, kept between views: a finished game's lines never change, and the game in play's
    # change only with its history, so an action costs the game in play's lines, not the match's.
    _finished_games: list[str] = dataclasses.field(default_factory=list)
    _current_game: tuple[int, str] = (-1, "")  # (history length, its lines)
    # a seeded session (tests): the computer's noise, seeded too, and it searches without a time limit
    choices: random.Random | None = None

    @property
    def game(self) -> Game:
        if self.match is not None:
            return self.match.game
        assert self.money_game is not None
        return self.money_game

    def record(self) -> str:
        """The engine's text record of the match (or money game), as :meth:`Match.to_text` writes it."""
        moment = len(self.game.history)
        if self.match is None:
            if self._current_game[0] != moment:
                self._current_game = (moment, game_to_text(self.game))
            return self._current_game[1]
        match, finished = self.match, self._finished_games
        in_play = len(match.games) - 1
        if len(finished) != in_play:
            finished += [match_game_text(match, i) for i in range(len(finished), in_play)]
            self._current_game = (-1, "")
        if self._current_game[0] != moment:
            self._current_game = (moment, match_game_text(match, in_play))
        return match_header_text(match) + "".join(finished) + self._current_game[1]

    def begin_turn(self, steps: Sequence[Move] = ()) -> None:
        """Open the turn in progress once the dice are rolled (and drop it otherwise)."""
        self.turn = turn_after_roll(self.game, steps)


_session: Session | None = None


def _current() -> Session:
    if _session is None:
        raise worded(ServiceError, "service.no_game")
    return _session


def absolute_moves(moves: Sequence[Move], color: Color) -> list[list[Location]]:
    """Moves in player numbering as ``[from, to]`` board locations (absolute points, "bar", "off")."""
    return [[board_location(a, color), board_location(b, color)] for a, b in moves]


def player_name(color: Color) -> str:
    """A colour's name for players, in the service's language ("White", "Blanc")."""
    return colour_word(color, spoken())


def play_line(who: str, rolled: Sequence[int] | None, notation: str) -> str:
    """A play's line in the move list: who played it, the roll announced, the play ("White (Six-ace): 13/7 8/7").

    A passed turn's notation, the record's ``(no play)``, is said in the service's language.
    """
    if notation == NO_PLAY:
        notation = said("moves.no_play")
    if rolled is None:
        return said("moves.play_uncalled", who=who, notation=notation)
    return said("moves.play", who=who, call=announce(rolled, spoken()), notation=notation)


def shown_plays(game: Game) -> Iterator[str]:
    """The game's plays as the move list shows them: gnubg's compact notation (``13/5(2)``, ``bar/23*/20*``), as
    the review writes them (:func:`~toutes_tables.play.compact_play`); the record keeps them as they were entered.
    The chouette's move list shows its game's plays by it too (:mod:`toutes_tables.chouette_service`)."""
    position = game.replayed().position  # the start, before the first action
    for action in game.history:
        if isinstance(action, Played):
            mover = position.with_turn(action.player)
            yield compact_play(mover, action.moves) if action.moves else action.notation
            position = apply_moves(mover, action.moves)[0] if action.moves else mover.swapped()


def _history_lines(game: Game) -> list[dict[str, Any]]:
    """The game's actions as lines of the move list, a roll and its play on one line."""
    lines: list[dict[str, Any]] = []
    rolled: tuple[int, int] | None = None
    shown = shown_plays(game)
    for action in game.history:
        if isinstance(action, OpeningRoll):
            key = "moves.opening_tie" if action.is_tie else "moves.opening"
            lines.append({"kind": "opening", "text": said(key, black=action.black, white=action.white)})
            if not action.is_tie:
                rolled = (max(action.black, action.white), min(action.black, action.white))
        elif isinstance(action, Roll):
            rolled = action.dice
        elif isinstance(action, Played):
            line = play_line(player_name(action.player), rolled, next(shown))
            lines.append({"kind": "play", "colour": action.player.value, "text": line})
            rolled = None
        elif isinstance(action, Double):
            text = said("moves.double", who=player_name(action.player), value=action.value)
            lines.append({"kind": "double", "text": text})
        elif isinstance(action, Take):
            lines.append({"kind": "take", "text": said("moves.take", who=player_name(action.player))})
        elif isinstance(action, Drop):
            lines.append({"kind": "drop", "text": said("moves.drop", who=player_name(action.player))})
        elif isinstance(action, Resign):
            lines.append({"kind": "resign", "text": said("moves.resign", who=player_name(action.player))})
    return lines


def last_play(game: Game) -> dict[str, Any] | None:
    """The view's ``last_play``: the colour and ``[from, to]`` board locations of the game's last play."""
    for action in reversed(game.history):
        if isinstance(action, Played):
            return {"colour": action.player.value, "moves": absolute_moves(action.moves, action.player)}
    return None


def dice_view(game: Game, turn_dice: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The view's ``dice``: the roll being played (``turn_dice``), or an opening tie (one die each, in its colour)."""
    last = game.history[-1] if game.history else None
    if game.phase == "opening" and isinstance(last, OpeningRoll):
        return [
            {"value": last.black, "used": False, "colour": "black"},
            {"value": last.white, "used": False, "colour": "white"},
        ]
    if turn_dice is None:
        return []
    dice = turn_dice
    if isinstance(last, OpeningRoll) and len(dice) == 2:
        # the opening turn plays the two dice rolled one each: keep each in its roller's colour
        mover = game.position.turn
        for die in dice:
            rolled_by_mover = die["value"] == max(last.black, last.white)
            die["colour"] = mover.value if rolled_by_mover else mover.other.value
        if dice[0]["colour"] == dice[1]["colour"]:
            dice[1]["colour"] = mover.other.value
    return dice


def result_view(result: GameResult | None) -> dict[str, Any] | None:
    """The view's ``result``: who won, how, how many points, and all that in words."""
    if result is None:
        return None
    return {
        "winner": result.winner.value,
        "outcome": result.outcome.value,
        "points": result.points,
        "reason": result.reason,
        "description": result_description(result, spoken()),
    }


def start_view(game: Game) -> dict[str, Any] | None:
    """The view's ``start`` for the 225 sets: the start's number and the two rolls that drew it."""
    if not game.rules.drawn_starts:
        return None
    first, second = start_rolls(game.start_number)
    return {"number": game.start_number, "rolls": [list(first), list(second)]}


def view(session: Session) -> dict[str, Any]:
    """Everything the front end draws and decides from, as plain JSON."""
    game = session.game
    turn_state, turn_dice = view_turn_state(session.turn)
    position = session.turn.current if session.turn is not None else game.position
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
        "dice": dice_view(game, turn_dice),
        "dice_call": call_dice(game.dice, spoken()) if game.dice is not None else None,
        "turn_state": turn_state,
        "cube": cube,
        "cube_actions": ["double"] if may_double(game) else [],
        "start": start_view(game),
        "moves": _history_lines(game),
        "last_play": last_play(game),
        "result": result_view(game.result),
        "game_number": len(session.match.games) if session.match is not None else 1,
        "match": _match_view(session),
        "record": session.record(),
        "level": session.level,
        "last_cost": session.last_cost,
    }


@method
def state() -> dict[str, Any]:
    """The view of the match in play."""
    return view(_current())


@method
def roll() -> dict[str, Any]:
    """Roll for whoever is due: the opening roll (one die each) or the player on roll's two dice."""
    session = _current()
    roll_due(session.game)
    session.begin_turn()
    return view(session)


@method
def move(**params: Any) -> dict[str, Any]:
    """Move one checker as the board asks: ``{"from": 13, "to": 7}`` (absolute, "bar", "off")."""
    session = _current()
    session.turn = moved_turn(session.turn, params, session.game.phase, "move")
    return view(session)


@method
def undo() -> dict[str, Any]:
    """Take back the last checker moved this turn."""
    session = _current()
    session.turn = undone_turn(session.turn)
    return view(session)


@method
def confirm(show_cost: bool = False) -> dict[str, Any]:
    """End the turn with the play the checkers make (or pass a turn that has no legal play).

    With ``show_cost``, the view's ``last_cost`` says what the play cost against the best one
    (judged at the strongest level); without, it is cleared.
    """
    show_cost = boolean("show_cost", show_cost)
    session = _current()
    finished = play_to_confirm(session.turn, session.game.phase)
    turn = session.turn
    assert turn is not None  # play_to_confirm found it
    session.game.play(finished.moves)
    session.turn = None
    session.last_cost = _play_cost(turn, finished, _advice_level(session)) if show_cost and turn.plays else None
    return view(session)


@method
def play_forced() -> dict[str, Any]:
    """Play the only legal play of the turn (for the auto-play option); the turn still needs confirming."""
    session = _current()
    if session.turn is None or len(session.turn.plays) != 1:
        raise IllegalMoveError(said("error.play_not_forced"))
    turn = session.turn
    session.turn = TurnInProgress(turn.position, turn.dice, turn.rules, turn.plays[0].moves)
    return view(session)


@method
def double() -> dict[str, Any]:
    """The player on roll offers to double (up to a cube of :data:`MAX_CUBE`)."""
    session = _current()
    check_double(session.game)
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


def _resign_outcome(game: Game, outcome: Any) -> Outcome:
    """The ``outcome`` parameter, one of those the game's rules let a player concede."""
    return Outcome(choice("outcome", outcome, [o.value for o in game.resign_outcomes]))


@method
def resign(outcome: Any = "single") -> dict[str, Any]:
    """The player who must act resigns ``outcome``, accepted (docs/rules/scoring.md, "Resigning"): the game ends.

    The front end asks the opponent first: the computer's answer is :func:`resignation_answer`.
    """
    session = _current()
    game = session.game
    conceded = _resign_outcome(game, outcome)
    game.resign(conceded, resigner(game))
    session.turn = None
    return view(session)


@method
def resignation_answer(outcome: Any = "single") -> dict[str, Any]:
    """The computer's answer, as the opponent of the player who must act, to his resignation of ``outcome``.

    ``{receiver, outcome, accepts, offered, playing_on, reason}``: it accepts when what the
    resignation scores for it (``offered``, points) is at least its expectation of playing on
    (``playing_on``, :mod:`toutes_tables.resignation`). Nothing changes: the front end then calls
    :func:`resign` if it accepts.
    """
    game = _current().game
    answer = judge_resignation(game, _resign_outcome(game, outcome))
    return {
        "receiver": answer.receiver.value,
        "outcome": answer.outcome.value,
        "accepts": answer.accepts,
        "offered": answer.offered,
        "playing_on": answer.playing_on,
        "reason": answer.reason_in(spoken()),
    }


# -- a position without a game, for the rules book's live boards -------------------------------


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
    rule_set = get_rules(rules_name(rules))
    color = colour_name("turn", turn)
    position = optional_text("position", position, MAX_TEXT, POSITION_ID)
    start = optional_integer("start", start, 1, 225)
    if (position is None) == (start is None):
        raise worded(ServiceError, "service.position_or_start")
    if position is not None:
        pos = Position.from_gnubg_id(position, color).check_playable()
    else:
        assert start is not None
        pos = start_position(start, color)
    answer: dict[str, Any] = {
        "rules": rule_set.name,
        "turn": color.value,
        "position_id": pos.gnubg_id(),
        "position": pos.absolute(),
        "pips": {c.value: pos.pips(c) for c in Color},
        "dice": [],
        "turn_state": idle_turn_state(),
        "plays": [],
    }
    moved = parse_steps([] if steps is None else steps)
    if move is not None:
        move = mapping("move", move, Words("call.what.move"))
        if set(move) != {"from", "to"}:
            raise worded(ServiceError, "service.move_from_to", move=shown(move))
    if dice is None:
        if moved or move is not None:
            raise worded(ServiceError, "service.moves_need_dice")
        return answer
    turn_in_progress = TurnInProgress(pos, check_dice(listed("dice", dice, 2, TWO_DICE)), rule_set, moved)
    if move is not None:
        turn_in_progress = move_on_board(turn_in_progress, move["from"], move["to"])
    state = turn_view(turn_in_progress)
    answer.update(
        position=state.pop("position"),
        pips={c.value: turn_in_progress.current.pips(c) for c in Color},
        dice=state.pop("dice"),
        turn_state=state,
        dice_call=call_dice(dice, spoken()),
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
    position: str | None = None,
    turn: str = "white",
    level: str = DEFAULT_LEVEL,
    money_game: bool = False,
    seed: int | None = None,
    dice: list[int] | None = None,
    cube_value: int = 1,
    cube_owner: str | None = None,
    score: dict[str, int] | None = None,
    post_crawford: bool = False,
) -> dict[str, Any]:
    """Start a match to ``match_length`` points and return its view; or a money game, one game played for
    points with a live cube (``money_game``, or ``jacoby``: the Jacoby rule is a money-play rule).

    ``start`` chooses the first start of a 225 set (drawn when None); the options are the
    engine's :class:`~toutes_tables.GameOptions` (``auto_doubles`` on raises the stake up to
    ``auto_double_limit``). With ``position`` (a gnubg Position ID read from ``turn``'s side, as
    a share link gives it), a game is set up from that position, ``turn`` to roll, with
    ``start`` as its nominal start number: a single game (a money game) when ``match_length`` is 1,
    else the first game of a match to ``match_length`` taken up at ``score`` (``{black, white}``,
    each below the length; the game is the Crawford game when one side is at the length less 1
    and the other is not, unless ``post_crawford``); ``dice`` (two dice 1-6) are then ``turn``'s
    roll, to play at once (the analysis board's "Play from here"), and the cube starts on
    ``cube_value`` (a power of 2 up to ``MAX_CUBE``) owned by ``cube_owner`` (``"black"``,
    ``"white"``, or None: centred on 1). ``dice``, ``cube_value``, ``cube_owner``, ``score`` and
    ``post_crawford`` are for a position only. A bad position raises and leaves the
    game in play as it was. The computer plays at ``level`` (a name of :func:`levels`). ``seed``
    makes the session reproducible (tests).
    """
    global _session
    level = _level_name(level)
    rolled = None if dice is None else check_dice(listed("dice", dice, 2, TWO_DICE))
    if rolled is not None and position is None:
        raise worded(ServiceError, "service.dice_with_position")
    set_up = _set_up(position, cube_value, cube_owner, score, post_crawford)
    roller = seeded_dice(seed)  # the dice rolled from here on
    match_length = integer("match_length", match_length, 1, MAX_MATCH_LENGTH)
    start = optional_integer("start", start, 1, 225)
    crawford, money_game = boolean("crawford", crawford), boolean("money_game", money_game)
    auto_double_limit = integer("auto_double_limit", auto_double_limit, 1, MAX_AUTO_DOUBLES)
    options = GameOptions(
        rules=rules_name(rules),
        cube=boolean("cube", cube),
        jacoby=boolean("jacoby", jacoby),
        auto_doubles=auto_double_limit if boolean("auto_doubles", auto_doubles) else 0,
        point_game=boolean("point_game", point_game),
        winner_opens=boolean("winner_opens", winner_opens),
    )
    position = optional_text("position", position, MAX_TEXT, POSITION_ID)
    colour = colour_name("turn", turn)
    if position is not None:
        shared = Position.from_gnubg_id(position, colour)  # Game refuses a position no game can be played from
        if match_length > 1:
            session = Session(Match(None, match_length, options, crawford=crawford, start=start, rng=roller,
                                    position=shared, **set_up))
        else:
            if set_up.pop("score") != {BLACK: 0, WHITE: 0} or set_up.pop("post_crawford"):
                raise worded(ServiceError, "service.score_needs_match")
            session = Session(None, Game(start=start, options=options, position=shared, rng=roller, **set_up))
        if rolled is not None:
            session.game.roll(rolled)
            session.begin_turn()
    elif money_game or jacoby:
        session = Session(None, Game(start=start, options=options, rng=roller))
    else:
        session = Session(Match(None, match_length, options, crawford=crawford, start=start, rng=roller))
    session.level = level
    session.choices = computer_choices(seed)
    _session = session
    return view(session)


def _set_up(position: Any, cube_value: Any, cube_owner: Any, score: Any, post_crawford: Any) -> dict[str, Any]:
    """``new_match``'s set-up of a position's game (the cube, the match score) as Game and Match take it."""
    given = {"cube_value": cube_value != 1, "cube_owner": cube_owner is not None, "score": score is not None,
             "post_crawford": post_crawford is not False}
    if position is None and any(given.values()):
        raise worded(ServiceError, "service.set_up_with_position", name=next(n for n, g in given.items() if g))
    value = integer("cube_value", cube_value, 1, MAX_CUBE)  # Game checks it is a power of 2, and may be turned
    taken = {"black": 0, "white": 0} if score is None else mapping("score", score, Words("call.what.score"))
    unknown = set(taken) - {"black", "white"}
    if unknown:
        raise worded(ServiceError, "service.score_keys", keys=", ".join(sorted(map(str, unknown)))[:80])
    return {
        "cube_value": value,
        "cube_owner": None if cube_owner is None else colour_name("cube_owner", cube_owner),
        "score": {
            BLACK: integer("score.black", taken.get("black", 0), 0, MAX_MATCH_LENGTH - 1),
            WHITE: integer("score.white", taken.get("white", 0), 0, MAX_MATCH_LENGTH - 1),
        },  # Match checks each is below the length
        "post_crawford": boolean("post_crawford", post_crawford),
    }


_MATCH_LINE = re.compile(r"^Match:", re.MULTILINE)


@method
def load(
    record: str,
    steps: list[list[int]],
    level: str = DEFAULT_LEVEL,
    show_cost_for: list[str] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Resume from a saved record (``view["record"]``) and the steps of the turn in progress.

    The level is not in the engine's record: the front end saves it (``view["level"]``) beside it.
    ``show_cost_for`` lists the colours (``"black"``, ``"white"``) whose plays the front end
    confirms with ``show_cost`` (the people's, when the option is on): the view's ``last_cost``
    is then that of the game's latest play by one of them, worked out again from the record, so
    the cost line survives a reload. Without it, ``last_cost`` is None. ``seed`` seeds the dice
    rolled from here on (tests), as for :func:`new_match`.
    """
    global _session
    record = text("record", record, MAX_RECORD_CHARS, Words("call.what.game_record"))
    saved_steps = parse_steps(steps)
    level = _level_name(level)
    cost_for = listed("show_cost_for", [] if show_cost_for is None else show_cost_for, 2)
    cost_colours = {colour_name("show_cost_for", c) for c in cost_for}
    dice = seeded_dice(seed)
    if _MATCH_LINE.search(record):
        session = Session(match_from_text(record))
    else:
        session = Session(None, game_from_text(record))
    check_bounds(session.game, session.match.length if session.match is not None else None)
    session.begin_turn(saved_steps)
    session.level = level
    session.last_cost = _last_play_cost(session.game, cost_colours, _advice_level(session))
    if dice is not None:
        if session.match is not None:
            session.match.rng = dice  # the starts of the match's later games
        session.game.rng = dice
    session.choices = computer_choices(seed)
    _session = session
    return view(session)


def seeded_dice(seed: Any) -> random.Random | None:
    """The dice generator for ``seed`` (None without one: the game rolls fair random dice)."""
    seed = optional_integer("seed", seed, 0, 2**64 - 1)
    return random.Random(seed) if seed is not None else None


def computer_choices(seed: int | None) -> random.Random | None:
    """The computer's noise in a seeded session (None unseeded), a generator apart from the dice's."""
    return random.Random(seed + 1) if seed is not None else None


@method
def next_game() -> dict[str, Any]:
    """Begin the match's next game once the current one is over."""
    session = _current()
    if session.match is None:
        raise IllegalMoveError(said("error.money_game_single"))
    session.match.next_game()
    session.turn = None
    session.last_cost = None  # a cost is the game's: the new one has no play yet
    return view(session)


# -- the computer and its advice --------------------------------------------------------------
#
# The computer plays at the session's level; advice and the cost of a play are always the
# strongest level's.

HINT_PLAYS = 5


def _level_name(level: Any) -> str:
    if level == DEFAULT_LEVEL:
        return DEFAULT_LEVEL  # known without importing the AI, which a new game does not need yet
    from .ai import LEVELS

    if not isinstance(level, str) or level not in LEVELS:
        raise worded(ServiceError, "service.level", level=shown(level), levels=", ".join(LEVELS))
    return level


@method
def levels() -> list[dict[str, str]]:
    """The computer's levels, weakest first, for the front end's level choice."""
    from .ai import LEVELS

    return [{"name": level.name, "title": level.title} for level in LEVELS.values()]


def _computer_level(session: Session) -> Any:
    """The computer's level (see :func:`_searched_level`)."""
    return _searched_level(session, session.level)


def _advice_level(session: Session) -> Any:
    """The level of the hint, the cube advice and the cost of a play (see :func:`_searched_level`)."""
    return _searched_level(session, ADVICE_LEVEL)


def _searched_level(session: Session, name: str) -> Any:
    """The level ``name``; in a seeded session searched without its time budget, so its answer is the same every
    run, whatever the machine's load (a time budget makes a search's depth, and so its answer, depend on it). Its
    evaluation budget stays: it bounds the search the same way on every machine, 2-ply look included."""
    from .ai import get_level

    level = get_level(name)
    if session.choices is None:
        return level
    return dataclasses.replace(level, time_budget=None)


def _cube_state(session: Session) -> Any:
    """The cube as the player on roll sees it (match score, Crawford, Jacoby)."""
    from .ai.cube import CubeState

    return CubeState.from_game(session.game, session.match)


def equity_figure(value: float) -> float:
    """An equity or a cost as the pages show it, to three decimals; a cost is marked as this figure."""
    return round(value, 3)


def cube_choice_equities(advice: Any) -> dict[str, float]:
    """The doubler's cubeful equities of his three choices, named as the pages say them (the catalogues'
    ``review.action.*``, :data:`toutes_tables.review_words.CUBE_ACTIONS`): the game's hint and the analysis
    board's study_advice both give them, so the two cannot name a choice differently."""
    return {
        "no double": equity_figure(advice.no_double),
        "double, take": equity_figure(advice.double_take),
        "double, pass": equity_figure(advice.double_drop),
    }


def _cube_advice_view(advice: Any, facing_double: bool) -> dict[str, Any]:
    """Cube advice as plain data for the player who must act: the doubler before rolling, else the taker.

    ``action`` is what that player should do; ``equities`` are his cubeful equities of each
    choice, normalised so that a dropped double is worth 1 to the doubler.
    """
    if not facing_double:
        return {
            "action": "double" if advice.may_double and advice.double else "roll",
            "may_double": advice.may_double,
            "verdict": advice.verdict,
            "reason": advice.reason,
            "equities": cube_choice_equities(advice),
        }
    # the advice is the doubler's; the taker gets its reason in his own words
    return {
        "action": "take" if advice.take else "drop",
        "may_double": False,
        "verdict": said("cube.verdict.take" if advice.take else "cube.verdict.drop"),
        "reason": advice.take_reason,
        "equities": {"take": equity_figure(-advice.double_take), "drop": equity_figure(-advice.double_drop)},
    }


def _play_advice_view(advice: Any, color: Color) -> dict[str, Any]:
    play: Play = advice.play
    return {
        "notation": advice.notation,
        "equity": equity_figure(advice.equity),
        "ply": advice.ply,
        "reason": advice.reason,
        "rest": advice.notation,
        "moves": absolute_moves(play.moves, color),
    }


def shown_cost(cost: float) -> dict[str, Any]:
    """A play's ``cost`` (the equity it gives away) as the pages show it, three decimals, and the review's ``mark`` of
    that figure (:func:`toutes_tables.analysis.mark`; docs/review.md): the review marks its error so, as shown to 3
    places, and the page keeps no copy of the thresholds. The hint, the analysis board and the game's ``last_cost``
    all give a cost through here."""
    from .analysis import mark

    figure = equity_figure(max(0.0, cost))
    return {"cost": figure, "mark": mark(figure)}


def with_costs(plays: list[dict[str, Any]], equities: Sequence[float]) -> list[dict[str, Any]]:
    """Each of ``plays`` (best first, as the pages show them) with its cost against the first and its mark
    (:func:`shown_cost`). ``equities`` are the plays' own, unrounded: the cost is their difference rounded once,
    as the review's error is (the difference of two equities as shown can be a thousandth off)."""
    return [{**view, **shown_cost(equities[0] - equity)} for view, equity in zip(plays, equities, strict=True)]


def continuation(turn: TurnInProgress, play: Play) -> tuple[Move, ...] | None:
    """The checker moves that finish ``play`` from where ``turn``'s checkers stand; None if its steps lead elsewhere."""
    try:
        rest = TurnInProgress(turn.position, turn.dice, turn.rules, turn.steps, plays=[play])
    except IllegalMoveError:
        return None  # a step already made is not on the way to this play
    while rest.finished_play is None:
        rest = rest.step(rest.legal_steps()[0])  # with one play in view, every legal step leads to it
    return rest.steps[len(turn.steps) :]


def _mid_turn_plays(
    turn: TurnInProgress, color: Color, level: Any
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The best plays that continue the steps already made, and the roll's best play when it is not one of them.

    The plays are the whole turn's hint (:func:`hint` without steps) that continue the steps,
    then, to make up :data:`HINT_PLAYS`, other continuing plays by their quick estimate (0-ply).
    Each play's ``moves`` are the remaining ones (the board's arrows from where the checkers
    stand) and ``rest`` their notation; ``notation`` is the whole play.
    """
    from .ai.advice import hint as advise
    from .ai.advice import play_reason
    from .ai.search import rank_plays

    deep = advise(turn.position, turn.dice, turn.rules, None, level=level, count=HINT_PLAYS, lang=spoken()).plays
    candidates = [(a.play, a.equity, a.ply) for a in deep]
    candidates += [(s.play, s.equity, s.ply) for s in rank_plays(turn.position, turn.dice, turn.rules)]
    plays: list[dict[str, Any]] = []
    equities: list[float] = []
    seen: set[Position] = set()
    for play, equity, ply in candidates:
        rest = continuation(turn, play) if play.result not in seen else None
        seen.add(play.result)
        if rest is None:
            continue
        equities.append(equity)
        plays.append(
            {
                "notation": str(play),
                "equity": equity_figure(equity),
                "ply": ply,
                "reason": play_reason(play, spoken()),
                "rest": format_play(turn.current, rest) if rest else "",
                "moves": absolute_moves(rest, color),
            }
        )
        if len(plays) == HINT_PLAYS:
            break
    best = deep[0]
    started_elsewhere = not plays or plays[0]["notation"] != best.notation
    shown = {"notation": best.notation, "equity": equity_figure(best.equity)} if started_elsewhere else None
    return with_costs(plays, equities), shown


@method
def hint() -> dict[str, Any]:
    """Advice for whoever must act now, judged by the strongest level.

    Before rolling (backgammon sets with the cube): ``cube`` says whether to double; facing a
    double: whether to take or drop (``action``, ``verdict``, ``reason``, ``may_double`` and the
    cubeful ``equities`` of each choice for the player who must act). With dice: ``plays``, the
    best plays of the roll from the start of the turn, best first, each with its ``notation``,
    cubeless ``equity`` for the mover, a plain-words ``reason`` and its ``moves`` as
    ``[from, to]`` board locations. Answer: ``{actor, phase, dice, steps, plays, best, cube}``;
    ``plays`` is empty and ``cube`` None where they do not apply.

    Asked mid-turn (``steps``: the notation of the checker moves already made), the hint is for
    the rest of the turn, from where the checkers stand: ``plays`` are the best plays that continue
    those moves, each with ``rest`` (the notation of what remains to play) and its ``moves`` the
    remaining ones only; ``best`` is the best play of the roll when the moves made lead away from
    it (``{notation, equity}``), else None.
    """
    session = _current()
    game = session.game
    actor = game.to_act
    if actor is None or game.phase not in ("roll", "move", "double-offered"):
        raise IllegalMoveError(said("error.nothing_to_advise", phase=repr(game.phase)))
    plays: list[dict[str, Any]] = []
    cube: dict[str, Any] | None = None
    dice: list[int] | None = None
    best: dict[str, Any] | None = None
    steps = ""
    if game.phase == "move":
        assert session.turn is not None
        turn = session.turn
        dice = list(turn.dice)
        if turn.plays and turn.steps:
            steps = format_play(turn.position, turn.steps)
            plays, best = _mid_turn_plays(turn, actor, _advice_level(session))
        elif turn.plays:
            from .ai.advice import hint as advise

            level = _advice_level(session)
            advice = advise(turn.position, turn.dice, game.rules, None, level=level, count=HINT_PLAYS, lang=spoken())
            plays = with_costs([_play_advice_view(p, actor) for p in advice.plays], [p.equity for p in advice.plays])
    elif game.cube_enabled:
        from .ai.cube import cube_advice

        # before rolling, or facing a double: the position is the (would-be) doubler's, on roll
        decision = cube_advice(game.position, game.rules, _cube_state(session), _advice_level(session), spoken())
        cube = _cube_advice_view(decision, facing_double=game.phase == "double-offered")
    return {
        "actor": actor.value,
        "phase": game.phase,
        "dice": dice,
        "steps": steps,
        "plays": plays,
        "best": best,
        "cube": cube,
    }


def _play_cost(turn: TurnInProgress, played: Play, level: Any) -> dict[str, Any]:
    """What ``played`` cost against the best play of the turn at ``level``, for the view's ``last_cost``."""
    from .ai.advice import play_cost

    ranked = level.rank(turn.position, turn.dice, turn.rules)
    best = ranked[0].play
    # one search: play_cost reuses the ranking (and looks deeper only at a play ranked at a glance)
    cost = play_cost(turn.position, turn.dice, played, turn.rules, ranked=ranked)
    return {
        "colour": turn.position.turn.value,
        "notation": str(played),
        "best": str(best),
        **shown_cost(cost),
    }


def _last_play_cost(game: Game, colours: set[Color], level: Any) -> dict[str, Any] | None:
    """The ``last_cost`` of ``game``'s latest play by one of ``colours``, as :func:`confirm` gave it (None if none)."""
    history = game.history
    for i in range(len(history) - 1, -1, -1):
        played = history[i]
        if not isinstance(played, Played) or played.player not in colours:
            continue
        if not played.moves:
            return None  # a turn with no legal play: confirm gives no cost
        before = game.replayed(history[:i])
        assert before.dice is not None
        turn = TurnInProgress(before.position, before.dice, game.rules)
        return _play_cost(turn, before.play(played.moves), level)
    return None


def _computer_doubles(session: Session) -> bool:
    from .ai.cube import should_double

    game = session.game
    return should_double(game.position, game.rules, _cube_state(session), _computer_level(session))


def _computer_takes(session: Session) -> bool:
    from .ai.cube import should_take

    game = session.game
    # the doubler is on roll; the cube is still at its value before the double
    return should_take(game.position, game.rules, _cube_state(session), _computer_level(session))


@method
def computer_action() -> dict[str, Any]:
    """The computer takes one action for whoever must act now: answer a double, double or roll, or play.

    One action per call, so the front end shows the computer's dice before its checkers move.
    It plays at the session's level and takes its cube decisions knowing the match score, the
    Crawford and Jacoby rules; it never offers a double the game does not allow.
    """
    session = _current()
    game = session.game
    if game.phase == "double-offered":
        if _computer_takes(session):
            game.take()
        else:
            game.drop()
    elif game.phase == "roll":
        if may_double(game) and _computer_doubles(session):
            game.offer_double()
        else:
            game.roll()
            session.begin_turn()
    elif game.phase == "move" and game.dice is not None:
        from .ai import choose_play

        play = choose_play(game.position, game.dice, game.rules, _computer_level(session), session.choices)
        game.play(play if play is not None else ())
        session.turn = None
    else:
        raise IllegalMoveError(said("error.nothing_for_computer", phase=repr(game.phase)))
    return view(session)
