"""The chouette as JSON service methods, for the web chouette (``site/chouette/``).

The methods register themselves in the service's table (:mod:`toutes_tables.service_calls`)
with its ``@method`` decorator, so the engine worker reaches them through the same
``dispatch(name, params)``; :mod:`toutes_tables.services` imports this module beside the
game's. This module builds on :mod:`toutes_tables.service` (its view and turn helpers),
which knows nothing of it.
The rules are :class:`~toutes_tables.chouette.Chouette`'s; this module converts, keeps
the turn in progress and knows which players are people and which the computer (at which
level).

Methods
-------
``chouette_new(players, rules, jacoby, start, seed)``
    Start a session: ``players`` is 3-8 ``{"name", "kind": "human"|"computer", "level"}``
    (a computer's level is one of :data:`toutes_tables.ai.LEVELS`). ``seed`` (an integer)
    makes the session reproducible from its start: the order, the dice and the computers'
    choices come from generators seeded with it (a resumed session rolls fresh dice, unless
    ``chouette_load`` is given a seed too).
``chouette_load(save, seats, steps, seed)``
    Resume from a view's ``save`` (:meth:`Chouette.to_json`), its ``seats`` and the turn's
    ``steps``; a corrupt save raises :class:`~toutes_tables.InvalidRecordError` and keeps
    the session in play as it was.
``chouette_state()``, ``chouette_roll()``, ``chouette_move(from, to)``, ``chouette_undo()``,
``chouette_confirm()``, ``chouette_double()``, ``chouette_answer(name, take)``,
``chouette_next_game()``, ``chouette_resign(name, outcome)``, ``chouette_join(player)``,
``chouette_computer_action()``
    Act on the session; each returns the new view or raises leaving everything as it was.
    The board's actions are the box's or the captain's (whoever :attr:`Chouette.to_act`
    names); ``chouette_answer`` is one team member's (or the box's) answer to a double;
    ``chouette_resign`` is the box's or the acting captain's (for the team);
    ``chouette_join`` adds a newcomer ``{name, kind, level}`` at the bottom of the order;
    the computer makes one action per call for the first computer player due to act
    (computers answer a double before the people still to answer it).
``chouette_advice()``, ``chouette_suggest(name, play)``, ``chouette_follow_advice(name)``
    The team members' suggested plays for the captain's turn: every computer member's
    choice at its level and any play a human member suggested (in notation); the captain
    may move his checkers as one of them suggested, then confirm (or undo) as usual.

The view
--------
The board's keys of :func:`toutes_tables.service.view` (``rules``, ``phase``, ``actor`` as a
colour, ``turn``, ``position``, ``position_id``, ``pips``, ``dice``, ``dice_call``,
``turn_state``, ``cube``, ``cube_actions``, ``start``, ``last_play``, ``result``), and:
``to_act`` (the name of who acts), ``colours`` (``{"white": box, "black": captain}``),
``box``, ``captain``, ``awaiting`` (who may still answer the double), ``settled`` (the double just
settled, until the next play: ``doubler``, a colour, and ``answers``, each ``name`` and ``take``,
in the order given; None otherwise), ``players`` (by
rank: ``name``, ``kind``, ``level``, ``rank``, ``role``, ``cube``, ``total``, ``answer``),
``moves`` (this game's lines, by name), ``game_number``, ``settlements`` (every finished
game: ``game``, ``box``, ``captain``, ``winner`` (the box's name or ``"team"``),
``description``, ``payments`` at its end, ``totals`` after it and ``changes`` over it,
drops during the game included), ``seats`` and
``save`` (to give back to ``chouette_load``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from .chouette import (
    BOX_COLOR, CHOUETTE_DEFAULT_RULES, MAX_PLAYERS, TEAM_COLOR, Answer, Chouette, Join, NextGame, in_sentence, is_you,
    names_in_sentence, waiting_key,
)
from .dice_words import call as call_dice
from .errors import IllegalMoveError, InvalidRecordError
from .game import Double, GameOptions, OpeningRoll, Played, Resign, Roll
from .notation import parse_play
from .position import Color
from .rules import Outcome
from .service import (
    MAX_TEXT,
    check_bounds,
    check_double,
    computer_choices,
    dice_view,
    last_play,
    may_double,
    moved_turn,
    parse_steps,
    play_line,
    play_to_confirm,
    result_view,
    roll_due,
    rules_name,
    seeded_dice,
    shown_plays,
    start_view,
    turn_after_roll,
    undone_turn,
    view_turn_state,
)
from .service_calls import (
    ServiceError,
    boolean,
    choice,
    listed,
    mapping,
    method,
    optional_integer,
    shown,
    text,
)
from .messages import Words, phase_words, worded
from .service_language import said, spoken
from .turn import TurnInProgress

# The AI (toutes_tables.ai) is imported where a computer acts, not here: the worker imports
# this module while the page waits for the engine, as service.py does.

KINDS = ("human", "computer")
DEFAULT_COMPUTER_LEVEL = "intermediate"


@dataclasses.dataclass(frozen=True)
class Seat:
    """Who sits at a name: a person, or the computer at a level."""

    kind: str
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level}


def _seat(raw: Any, where: str | Words) -> Seat:
    seat = mapping(where, raw, Words("call.what.seat"))
    kind = choice(Words("call.where.field", {"where": where, "field": "kind"}), seat.get("kind"), KINDS)
    if kind == "human":
        return Seat("human")
    from .ai import LEVELS

    level = seat.get("level")
    if level is None:  # a computer without a level plays at the default one
        return Seat("computer", DEFAULT_COMPUTER_LEVEL)
    return Seat("computer", choice(Words("call.where.field", {"where": where, "field": "level"}), level, list(LEVELS)))


@dataclasses.dataclass
class ChouetteSession:
    """The session in play, its seats, the current turn's checker moves and the advice given for that turn."""

    chouette: Chouette
    seats: dict[str, Seat]
    choices: random.Random  # the computers' noise (seeded with the session for reproducible sessions)
    turn: TurnInProgress | None = None
    advice_for: int = -1  # the history length the advice below was given for
    advice: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def game(self) -> Any:
        return self.chouette.game

    def begin_turn(self, steps: Sequence[tuple[int, int]] = ()) -> None:
        """Open the turn in progress once the dice are rolled (and drop it otherwise)."""
        self.turn = turn_after_roll(self.chouette.game, steps)


_session: ChouetteSession | None = None


def _current() -> ChouetteSession:
    if _session is None:
        raise ServiceError(said("chouette.error.none"))
    return _session


# -- the computer's decisions ------------------------------------------------------------------


def computer_doubles(ch: Chouette, level: str) -> bool:
    """Would the computer on roll (box or captain) at ``level`` double now, against every member alike?"""
    from .ai.cube import CubeState, should_double

    game = ch.game
    return may_double(game) and should_double(game.position, game.rules, CubeState.from_game(game), level)


def computer_answers(ch: Chouette, name: str, level: str) -> bool:
    """``name``'s answer at ``level`` to the pending double: take (or join the captain's double) or not.

    A team member facing the box's double, and the box facing the captain's, answer as in a
    two-player money game. A member asked to join the captain's double weighs joining (the
    team's game at twice the stake, whatever the box answers) against refusing (his stake
    lost now, -1 in the advice's units): he joins unless the team's prospects are worse.
    """
    from .ai.cube import CubeState, cube_advice, should_take

    game = ch.game
    cube = CubeState.from_game(game)  # while a double is offered: before it, seen by the doubler
    if game.position.turn is TEAM_COLOR and name != ch.box:
        advice = cube_advice(game.position, game.rules, cube, level)
        return min(advice.double_take, advice.double_drop) > -1.0
    return should_take(game.position, game.rules, cube, level)


# -- the view --------------------------------------------------------------------------------


def _this_game(ch: Chouette) -> list[tuple[Any, tuple[str, str | None]]]:
    """The session's actions of the game in play (after the last NextGame), each with (box, captain) then."""
    history, sides = ch.history, ch.sides
    start = 0
    for i, action in enumerate(history):
        if isinstance(action, NextGame):
            start = i + 1
    return list(zip(history[start:], sides[start:], strict=True))


def _does(who: str, key: str, **values: object) -> str:
    """The message ``key`` about ``who``, its verb agreeing: "Ann takes.", but "You take." (``key.you``).

    "You" is the setup's first name ("Vous" on a French page: :func:`~toutes_tables.chouette.is_you`), alone or
    with a role after it ("You (box)").
    """
    return said(f"{key}.you" if is_you(who.split(" (")[0]) else key, who=who, **values)


def _named(name: str) -> str:
    """``name`` inside a sentence: "you" ("vous") in lower case for the setup's "You", any other name as it is."""
    return said("chouette.you_in_sentence") if is_you(name) else name


def _moves(ch: Chouette) -> list[dict[str, Any]]:
    """This game's move list, naming the box and whoever played for the team at each action, the plays in gnubg's
    compact notation (``13/5(2)``) as the game's move list and the review show them (:func:`service.shown_plays`)."""
    lines: list[dict[str, Any]] = []
    shown = shown_plays(ch.game)  # the game's plays, in the order of this game's Played actions
    rolled: tuple[int, int] | None = None
    doubler: Color | None = None
    for action, (box, captain) in _this_game(ch):
        team = captain or said("chouette.team")
        if isinstance(action, OpeningRoll):
            key = "chouette.opening_tie" if action.is_tie else "chouette.opening"
            text = said(key, team=_named(team), black=action.black, box=_named(box), white=action.white)
            lines.append({"kind": "opening", "text": text})
            if not action.is_tie:
                rolled = (max(action.black, action.white), min(action.black, action.white))
        elif isinstance(action, Roll):
            rolled = action.dice
        elif isinstance(action, Played):
            line = play_line(box if action.player is BOX_COLOR else team, rolled, next(shown))
            lines.append({"kind": "play", "colour": action.player.value, "text": line})
            rolled = None
        elif isinstance(action, Double):
            doubler = action.player
            if action.player is BOX_COLOR:
                who = said("chouette.box", name=box)
            else:
                who = said("chouette.captain_for_team", name=team)
            lines.append({"kind": "double", "text": _does(who, "chouette.doubles", value=action.value)})
        elif isinstance(action, Answer):
            if action.name == box:
                key = "chouette.takes" if action.take else "chouette.drops"
            elif doubler is TEAM_COLOR:
                key = "chouette.joins_double" if action.take else "chouette.refuses_double"
            else:
                key = "chouette.takes" if action.take else "chouette.drops_pays"
            lines.append({"kind": "answer", "text": _does(action.name, key)})
        elif isinstance(action, Resign):
            who = box if action.player is BOX_COLOR else team
            lines.append({"kind": "resign", "text": _does(who, "chouette.resigns")})
        elif isinstance(action, Join):
            lines.append({"kind": "join", "text": _does(action.name, "chouette.joins")})
    return lines


def _answers_now(ch: Chouette) -> dict[str, bool]:
    """The answers given so far to the pending double (none when no double waits)."""
    if ch.phase != "double-offered":
        return {}
    answers: dict[str, bool] = {}
    for action in reversed(ch.history):
        if isinstance(action, Double):
            break
        if isinstance(action, Answer):
            answers[action.name] = action.take
    return answers


def _settled(ch: Chouette) -> dict[str, Any] | None:
    """The double just settled, until the next play: who doubled (a colour) and every answer to it, in order."""
    if ch.phase == "double-offered":
        return None
    answers: list[dict[str, Any]] = []
    for action in reversed(_this_game(ch)):
        if isinstance(action[0], Double):
            return {"doubler": action[0].player.value, "answers": answers[::-1]} if answers else None
        if isinstance(action[0], Roll):  # the dice rolled after the answers: still before the next play
            continue
        if not isinstance(action[0], Answer):
            return None
        answers.append({"name": action[0].name, "take": action[0].take})
    return None


def chouette_view(session: ChouetteSession) -> dict[str, Any]:
    """Everything the chouette page draws and decides from, as plain JSON."""
    ch = session.chouette
    game = ch.game
    turn_state, turn_dice = view_turn_state(session.turn)
    position = session.turn.current if session.turn is not None else game.position
    to_act_colour = game.to_act
    answers = _answers_now(ch)
    offered = game.phase == "double-offered"
    players = [
        {
            **row,
            **session.seats[str(row["name"])].to_json(),
            "answer": ("take" if answers[str(row["name"])] else "drop") if row["name"] in answers else None,
        }
        for row in ch.scoreboard()
    ]
    return {
        "rules": game.rules.name,
        "phase": game.phase,
        "actor": to_act_colour.value if to_act_colour else None,
        "to_act": ch.to_act,
        "turn": game.turn.value if game.turn and game.phase != "over" else None,
        "position": position.absolute(),
        "position_id": game.position.gnubg_id(),
        "pips": {c.value: position.pips(c) for c in Color},
        "dice": dice_view(game, turn_dice),
        "dice_call": call_dice(game.dice, spoken()) if game.dice is not None else None,
        "turn_state": turn_state,
        "cube": {
            "value": game.cube_value,
            "owner": game.cube_owner.value if game.cube_owner else None,
            "offered_by": game.position.turn.value if offered else None,
        },
        "cube_actions": ["double"] if may_double(game) else [],
        "start": start_view(game),
        "moves": _moves(ch),
        "last_play": last_play(game),
        "result": result_view(game.result),
        "game_number": len(ch.games),
        "box": ch.box,
        "captain": ch.captain,
        "colours": {"white": ch.box, "black": ch.captain},
        "awaiting": list(ch.awaiting),
        "settled": _settled(ch),
        "players": players,
        "settlements": [
            {
                "game": s.game,
                "box": s.box,
                "captain": s.captain,
                "winner": s.box if s.result.winner is BOX_COLOR else "team",
                "description": result_view(s.result)["description"],  # type: ignore[index]
                "payments": s.payments,
                "totals": s.totals,
                "changes": {n: t - (before.totals.get(n, 0) if before else 0) for n, t in s.totals.items()},
            }
            for s, before in zip(ch.settlements, [None, *ch.settlements], strict=False)
        ],
        "seats": {name: seat.to_json() for name, seat in session.seats.items()},
        "save": ch.to_json(),
    }


# -- methods ---------------------------------------------------------------------------------


def _players(players: Any) -> tuple[list[str], dict[str, Seat]]:
    names: list[str] = []
    seats: dict[str, Seat] = {}
    for i, raw in enumerate(listed("players", players, MAX_PLAYERS, Words("call.what.players"))):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise worded(ServiceError, "chouette.error.player", number=i + 1, player=shown(raw))
        name = text(Words("call.where.player_field", {"number": i + 1, "field": "name"}), raw["name"], MAX_TEXT)
        names.append(name)
        seats[name] = _seat(raw, Words("call.where.player", {"number": i + 1, "name": name}))
    return names, seats


@method
def chouette_new(
    players: Any,
    rules: str = CHOUETTE_DEFAULT_RULES,
    jacoby: bool = False,
    start: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Start a chouette session and keep it as the one in play (see the module's notes).

    ``rules`` defaults to the chouette's set, plain backgammon, not the engine's default (which has no cube).
    """
    global _session
    names, seats = _players(players)
    dice = seeded_dice(seed)  # None: the operating system's dice
    start = optional_integer("start", start, 1, 225)
    options = GameOptions(rules=rules_name(rules), jacoby=boolean("jacoby", jacoby))
    chouette = Chouette(names, None, options, rng=dice, start=start)
    choices = computer_choices(seed) or random.Random()
    _session = ChouetteSession(chouette, seats, choices)
    return chouette_view(_session)


@method
def chouette_load(save: Any, seats: Any, steps: Any = None, seed: int | None = None) -> dict[str, Any]:
    """Resume a saved session: ``save`` and ``seats`` as a view gave them, ``steps`` of the turn in progress.

    With ``seed`` (tests) the dice rolled from here on and the computers' choices are seeded, as in chouette_new.
    """
    global _session
    saved_steps = parse_steps([] if steps is None else steps)
    seats = mapping("seats", seats, Words("call.what.seats"))
    dice = seeded_dice(seed)
    chouette = Chouette.from_json(save, rng=dice)
    check_bounds(chouette.game, None)
    if set(seats) != set(chouette.order):
        raise worded(InvalidRecordError, "chouette.error.seats", seats=shown(seats), players=repr(list(chouette.order)))
    choices = computer_choices(seed) or random.Random()
    session = ChouetteSession(chouette, {n: _seat(s, n) for n, s in seats.items()}, choices)
    session.begin_turn(saved_steps)
    _session = session
    return chouette_view(session)


@method
def chouette_state() -> dict[str, Any]:
    return chouette_view(_current())


@method
def chouette_roll() -> dict[str, Any]:
    """Roll for whoever is due: the opening roll (one die each) or the box's or captain's two dice."""
    session = _current()
    roll_due(session.chouette)
    session.begin_turn()
    return chouette_view(session)


@method
def chouette_move(**params: Any) -> dict[str, Any]:
    """Move one checker as the board asks: ``{"from": 13, "to": 7}`` (absolute, "bar", "off")."""
    session = _current()
    session.turn = moved_turn(session.turn, params, session.chouette.phase, "chouette_move")
    return chouette_view(session)


@method
def chouette_undo() -> dict[str, Any]:
    """Take back the last checker moved this turn."""
    session = _current()
    session.turn = undone_turn(session.turn)
    return chouette_view(session)


@method
def chouette_confirm() -> dict[str, Any]:
    """End the turn with the play the checkers make (or pass a turn that has no legal play)."""
    session = _current()
    finished = play_to_confirm(session.turn, session.chouette.phase)
    session.chouette.play(finished.moves)
    session.turn = None
    return chouette_view(session)


@method
def chouette_double() -> dict[str, Any]:
    """The box or the captain, on roll, doubles; the answers follow with chouette_answer."""
    session = _current()
    check_double(session.chouette.game)
    session.chouette.offer_double()
    return chouette_view(session)


@method
def chouette_answer(name: Any, take: Any) -> dict[str, Any]:
    """``name`` takes the pending double (or joins the captain's double) with ``take`` true, or drops it."""
    name, take = text("name", name, MAX_TEXT, Words("call.what.player_name")), boolean("take", take)
    session = _current()
    session.chouette.answer(name, take)
    return chouette_view(session)


@method
def chouette_next_game() -> dict[str, Any]:
    session = _current()
    session.chouette.next_game()
    session.turn = None
    return chouette_view(session)


@method
def chouette_resign(name: Any, outcome: Any = "single") -> dict[str, Any]:
    """``name`` (the box, or the acting captain for the whole team) concedes ``outcome``."""
    name = text("name", name, MAX_TEXT, Words("call.what.player_name"))
    outcome = choice("outcome", outcome, [o.value for o in Outcome])
    session = _current()
    session.chouette.resign(Outcome(outcome), name)
    session.turn = None
    return chouette_view(session)


@method
def chouette_join(player: Any) -> dict[str, Any]:
    """A newcomer ``{name, kind, level}`` joins at the bottom: between games, or before a game's first action."""
    names, seats = _players([player])
    session = _current()
    session.chouette.join(names[0])
    session.seats.update(seats)
    return chouette_view(session)


def computer_due(session: ChouetteSession) -> str | None:
    """The computer player due to act now: the first computer still to answer a double, or who is on roll."""
    ch = session.chouette
    if ch.phase == "double-offered":
        return next((n for n in ch.awaiting if session.seats[n].kind == "computer"), None)
    name = ch.to_act
    return name if name is not None and session.seats[name].kind == "computer" else None


@method
def chouette_computer_action() -> dict[str, Any]:
    """One action of the computer: the opening roll, an answer to a double, a double or a roll, or a play."""
    session = _current()
    ch = session.chouette
    if ch.phase == "opening":
        ch.roll_opening()
        session.begin_turn()
        return chouette_view(session)
    name = computer_due(session)
    if name is None:
        due = list(ch.awaiting) if ch.phase == "double-offered" else [n for n in [ch.to_act] if n is not None]
        key = waiting_key("chouette.error.no_computer_due", due) if due else "chouette.error.no_computer_due.nobody"
        raise worded(IllegalMoveError, key, phase=phase_words(ch.phase), who=names_in_sentence(due))
    seat = session.seats[name]
    level = seat.level or DEFAULT_COMPUTER_LEVEL
    if ch.phase == "double-offered":
        ch.answer(name, computer_answers(ch, name, level))
    elif ch.phase == "roll":
        if computer_doubles(ch, level):
            ch.offer_double()
        else:
            ch.roll()
            session.begin_turn()
    elif ch.phase == "move":
        from .ai import choose_play

        game = ch.game
        assert game.dice is not None
        chosen = choose_play(game.position, game.dice, game.rules, level, session.choices)
        ch.play(chosen.moves if chosen is not None else ())
        session.turn = None
    else:
        raise IllegalMoveError(said("error.nothing_for_computer", phase=repr(ch.phase)))
    return chouette_view(session)


# -- advice for the captain --------------------------------------------------------------------


def _team_moving(ch: Chouette) -> bool:
    return ch.phase == "move" and ch.game.position.turn is TEAM_COLOR


@method
def chouette_advice() -> list[dict[str, Any]]:
    """The other team members' suggested plays for the captain's roll, by rank.

    Each computer member's suggestion is its own choice at its level; a human member's is
    what he suggested with ``chouette_suggest`` (``None`` until then). Empty when the team
    is not moving.
    """
    return _advice(_current())


def _advice(session: ChouetteSession) -> list[dict[str, Any]]:
    from .ai import choose_play

    ch = session.chouette
    if not _team_moving(ch):
        return []
    moment = len(ch.history)
    if session.advice_for != moment:
        session.advice_for, session.advice = moment, {}
    game = ch.game
    assert game.dice is not None
    advice = []
    for name in ch.team:
        if name == ch.captain:
            continue
        seat = session.seats[name]
        if seat.kind == "computer" and name not in session.advice:
            chosen = choose_play(game.position, game.dice, game.rules, seat.level or DEFAULT_COMPUTER_LEVEL,
                                 session.choices)
            session.advice[name] = str(chosen) if chosen is not None else "(no play)"  # notation: parsed back
        advice.append({"name": name, "kind": seat.kind, "level": seat.level, "play": session.advice.get(name)})
    return advice


@method
def chouette_suggest(name: Any, play: Any) -> list[dict[str, Any]]:
    """A human team member suggests a play (in notation, checked against the roll) to the captain."""
    session = _current()
    ch = session.chouette
    if not _team_moving(ch):
        raise IllegalMoveError(said("chouette.error.suggest_not_now"))
    name = text("name", name, MAX_TEXT, Words("call.what.player_name"))
    play = text("play", play, MAX_TEXT, Words("call.what.play"))
    if name not in ch.team or name == ch.captain:
        raise worded(IllegalMoveError, "chouette.error.not_an_adviser.you" if is_you(name) else
                     "chouette.error.not_an_adviser", name=repr(name), captain=in_sentence(ch.captain))
    game = ch.game
    assert game.dice is not None
    chosen = parse_play(game.position, play.strip(), game.legal_plays(), game.dice)  # raises on an illegal play
    _advice(session)  # this turn's advice, so the suggestion is kept with it
    session.advice[name] = str(chosen)
    return _advice(session)


@method
def chouette_follow_advice(name: Any) -> dict[str, Any]:
    """The captain moves the checkers as team member ``name`` suggested; the turn still needs confirming."""
    name = text("name", name, MAX_TEXT, Words("call.what.player_name"))
    session = _current()
    given = {a["name"]: a["play"] for a in _advice(session)}
    if given.get(name) is None:
        raise worded(IllegalMoveError, "chouette.error.no_suggestion.you" if is_you(name) else
                     "chouette.error.no_suggestion", name=repr(name))
    game = session.chouette.game
    assert game.dice is not None
    chosen = parse_play(game.position, given[name], game.legal_plays(), game.dice)
    session.turn = TurnInProgress(game.position, game.dice, game.rules, chosen.moves)
    return chouette_view(session)
