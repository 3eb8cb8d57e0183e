"""The analysis board's service: any position set up or pasted, checked, and judged by the computer.

The web analysis board (``site/analysis/``) calls these through the worker like the game's
methods (:mod:`toutes_tables.services` registers them; ``site/engine/PROTOCOL.md``). A position
of the board travels as an XGID (:mod:`toutes_tables.xgid`), which holds everything the board
shows: the checkers, who is on roll, the dice, the cube and its owner, the match score.

Methods
-------
``study_position(rules, xgid | gnubg_id | position_id | start | board, turn, dice, cube,
cube_owner, score, match_length, crawford, jacoby)``
    Read a position from one source (an XGID, gnubg's ``PositionID:MatchID``, a Position ID,
    a start number 1-225, or the board as set up by clicks: ``{points: [24 signed counts,
    + Black], bar: {black, white}}``, the rest borne off) and answer its view: ``xgid``,
    ``position_id``, ``gnubg_id``, ``position`` (absolute, as the game's view), ``pips``,
    ``turn``, ``dice``, ``cube`` ``{value, owner}``, ``match`` ``{length, score, crawford,
    jacoby}``, ``plays`` (the legal plays of the dice, or ``[]``) and ``problem``: None, or
    why no turn can be played from here (the game is over). An XGID or a gnubg ID carries its
    own turn, dice, cube and score: the other parameters are then left out.
``study_advice(rules, xgid, count)``
    The computer's verdict at the strongest level: with dice, the ``count`` best plays
    (``notation``, ``equity`` cubeless for the player on roll, ``cost`` against the first and
    its review ``mark`` (:func:`toutes_tables.analysis.mark`), ``ply``, ``reason``, ``moves``
    as ``[from, to]`` board locations); without dice in a set with the cube, the cube
    decision (``verdict``, ``reason``, ``take_reason``: the answer the opponent should give,
    said to the player on roll as ``reason`` is, so that both read with one "you"; ``double``,
    ``take``, ``may_double`` and the cubeful ``equities`` of no double, double/take,
    double/pass). The search has two budgets, ``time_budget`` (seconds) and ``evaluation_budget``
    (network evaluations); ``cut_by`` names the one that stopped it (``"time"`` or ``"evaluations"``: a
    play was then searched less deeply than the others), None when neither cut anything, however long
    the search took (a position with one legal play is never cut). ``budget_reached`` is True when the
    clock cut it: then the figures can differ from one run to the next; a cut by the evaluations is the
    same every run (each play gives its ``ply``).

Every bad call raises :class:`~toutes_tables.service_calls.ServiceError` (or another
``ValueError``) naming the parameter, and nothing is kept between calls.
"""

from __future__ import annotations

from typing import Any

from .matchid import MATCH_ID_MAX_LENGTH, MatchState
from .movegen import check_dice, legal_plays
from .play import compact_play, format_play
from .position import BLACK, CHECKERS, WHITE, Color, Position
from .rules import MAX_CUBE, RuleSet, get_rules
from .service import absolute_moves, colour_name, cube_choice_equities, equity_figure, rules_name, with_costs
from .messages import Words, worded
from .service_language import said, spoken
from .service_calls import (
    AN_XGID,
    TWO_DICE,
    ServiceError,
    boolean,
    integer,
    listed,
    mapping,
    method,
    optional_integer,
    shown,
    text,
)
from .starts import start_position
from .xgid import MAX_XGID_CHARS, XGID

STUDY_LEVEL = "world-class"  # the analysis board's: the strongest level (toutes_tables.ai.LEVELS, listed last)
MAX_ADVICE_PLAYS = 20


def _rules(rules: Any) -> RuleSet:
    return get_rules(rules_name(rules))


def _board_position(board: Any, turn: Color) -> Position:
    """The position set up on the board: ``{points: 24 signed counts (+ Black), bar: {black, white}}``."""
    board = mapping("board", board, Words("call.what.board"))
    if set(board) - {"points", "bar", "off"}:
        raise worded(ServiceError, "study.board_keys", keys=shown(sorted(board)))
    points = listed("board.points", board.get("points"), 24, Words("call.what.points"))
    if len(points) != 24:
        raise worded(ServiceError, "study.board_points", count=len(points))
    bar = mapping("board.bar", board.get("bar", {"black": 0, "white": 0}), Words("call.what.black_white"))
    black: dict[int, int] = {}
    white: dict[int, int] = {}
    for point, n in enumerate(points, start=1):
        n = integer(f"board.points[{point - 1}]", n, -CHECKERS, CHECKERS)
        if n > 0:
            black[point] = n
        elif n < 0:
            white[point] = -n
    return Position.from_points(
        black,
        white,
        turn,
        black_bar=integer("board.bar.black", bar.get("black", 0), 0, CHECKERS),
        white_bar=integer("board.bar.white", bar.get("white", 0), 0, CHECKERS),
    )


def _dice(dice: Any) -> tuple[int, int] | None:
    if dice is None:
        return None
    values = listed("dice", dice, 2, TWO_DICE)
    if len(values) != 2 or not all(type(d) is int for d in values):
        raise worded(ServiceError, "study.dice", dice=shown(dice))
    d1, d2 = check_dice(values)
    return (d1, d2)


def _from_gnubg_id(gnubg_id: str) -> XGID:
    """An XGID holding what gnubg's ``PositionID:MatchID`` (or a bare Position ID, White on roll) says."""
    position_id, _, match_id = gnubg_id.strip().partition(":")
    if not match_id:
        return XGID(position=Position.from_gnubg_id(position_id, WHITE))
    state = MatchState.from_match_id(match_id)
    on_roll = BLACK if state.player_on_roll == 0 else WHITE
    dice = state.dice if state.dice != (0, 0) else None
    return XGID(
        position=Position.from_gnubg_id(position_id, on_roll),
        cube=state.cube,
        cube_owner=None if state.cube_owner is None else (BLACK if state.cube_owner == 0 else WHITE),
        dice=dice,
        doubled=state.doubled,
        score=state.score,
        match_length=state.match_length,
        crawford=state.crawford,
        jacoby=state.jacoby,
    )


def _state(
    xgid: Any,
    gnubg_id: Any,
    position_id: Any,
    start: Any,
    board: Any,
    turn: Any,
    dice: Any,
    cube: Any,
    cube_owner: Any,
    score: Any,
    match_length: Any,
    crawford: Any,
    jacoby: Any,
) -> XGID:
    sources = {
        name: value
        for name, value in (
            ("xgid", xgid), ("gnubg_id", gnubg_id), ("position_id", position_id), ("start", start), ("board", board)
        )
        if value is not None
    }
    if len(sources) != 1:
        raise worded(ServiceError, "study.one_source", given=", ".join(sorted(sources)) or Words("study.none"))
    if xgid is not None or gnubg_id is not None:
        given = [n for n, v in (("turn", turn), ("dice", dice), ("cube", cube), ("cube_owner", cube_owner),
                                ("score", score), ("match_length", match_length), ("crawford", crawford),
                                ("jacoby", jacoby)) if v is not None]
        if given:
            raise worded(ServiceError, "study.id_carries", first=given[0], given=", ".join(given))
        if xgid is not None:
            return XGID.parse(text("xgid", xgid, MAX_XGID_CHARS, AN_XGID))
        return _from_gnubg_id(text("gnubg_id", gnubg_id, MAX_XGID_CHARS, Words("call.what.gnubg_id")))
    on_roll = WHITE if turn is None else colour_name("turn", turn)
    if position_id is not None:
        given_id = text("position_id", position_id, MAX_XGID_CHARS, Words("call.what.bare_position_id"))
        position = Position.from_gnubg_id(given_id, on_roll)
    elif start is not None:
        position = start_position(integer("start", start, 1, 225), on_roll)
    else:
        position = _board_position(board, on_roll)
    length = optional_integer("match_length", match_length, 0, MATCH_ID_MAX_LENGTH) or 0
    scores = (0, 0)
    if score is not None:
        given_score = mapping("score", score, Words("call.what.black_white"))
        scores = (
            integer("score.black", given_score.get("black", 0), 0, max(0, length - 1)),
            integer("score.white", given_score.get("white", 0), 0, max(0, length - 1)),
        )
    value = optional_integer("cube", cube, 1, MAX_CUBE) or 1
    if value & (value - 1):
        raise worded(ServiceError, "study.cube", most=MAX_CUBE, value=value)
    owner = None if cube_owner is None else colour_name("cube_owner", cube_owner)
    if owner is not None and value == 1:
        raise worded(ServiceError, "study.cube_owner")
    return XGID(
        position=position,
        cube=value,
        cube_owner=owner,
        dice=_dice(dice),
        score=scores,
        match_length=length,
        crawford=False if crawford is None else boolean("crawford", crawford),
        jacoby=False if jacoby is None else boolean("jacoby", jacoby),
    )


def _problem(position: Position) -> str | None:
    """Why no turn can be played from ``position``, or None: in the service's language, as the page shows it."""
    winner = position.winner()
    if winner is not None:
        return said("study.game_over", colour=said(f"colour.lower.{winner.value}"), count=CHECKERS)
    return None


def _view(rules: RuleSet, state: XGID) -> dict[str, Any]:
    position = state.position
    problem = _problem(position)
    plays: list[str] = []
    if state.dice is not None and problem is None:
        plays = sorted({format_play(position, p.moves) for p in legal_plays(position, state.dice, rules=rules)})
    match_state = state.match_state()
    return {
        "rules": rules.name,
        "xgid": state.text(),
        "position_id": position.gnubg_id(),
        "gnubg_id": f"{position.gnubg_id()}:{match_state.match_id()}" if rules.cube else position.gnubg_id(),
        "position": position.absolute(),
        "pips": {c.value: position.pips(c) for c in Color},
        "turn": position.turn.value,
        "dice": list(state.dice) if state.dice else None,
        "doubled": state.doubled,
        "cube": {"value": state.cube, "owner": state.cube_owner.value if state.cube_owner else None},
        "match": {
            "length": state.match_length,
            "score": {"black": state.score[0], "white": state.score[1]},
            "crawford": state.crawford,
            "jacoby": state.jacoby,
        },
        "plays": plays,
        "problem": problem,
    }


@method
def study_position(
    rules: str = "toutes-tables-225",
    xgid: str | None = None,
    gnubg_id: str | None = None,
    position_id: str | None = None,
    start: int | None = None,
    board: dict[str, Any] | None = None,
    turn: str | None = None,
    dice: list[int] | None = None,
    cube: int | None = None,
    cube_owner: str | None = None,
    score: dict[str, int] | None = None,
    match_length: int | None = None,
    crawford: bool | None = None,
    jacoby: bool | None = None,
) -> dict[str, Any]:
    """A position for the analysis board, from one source; see the module's docstring."""
    rule_set = _rules(rules)
    state = _state(xgid, gnubg_id, position_id, start, board, turn, dice, cube, cube_owner, score, match_length,
                   crawford, jacoby)
    return _view(rule_set, state)


@method
def study_advice(rules: str, xgid: str, count: int = 8) -> dict[str, Any]:
    """The computer's best plays (with dice) or its cube decision (without), for the analysis board."""
    # The AI on first use, not at the module's top: the worker imports every service module when it starts
    # (tests/test_review_service.py: the worker starts without loading the AI).
    from .ai.advice import hint
    from .ai.cube import CubeState, cube_advice
    from .ai.levels import get_level
    from .ai.search import EVALUATIONS, TIME, watching_cuts

    rule_set = _rules(rules)
    state = XGID.parse(text("xgid", xgid, MAX_XGID_CHARS, AN_XGID))
    count = integer("count", count, 1, MAX_ADVICE_PLAYS)
    # The strongest level's search has two budgets (time, and evaluations: ai/levels.py); when one stops it (a
    # candidate not searched deeper, a 2-ply look given up: search.watching_cuts) the answer says which.
    # The time cuts differently from run to run; the evaluations the same every run. docs/analysis.md.
    level = get_level(STUDY_LEVEL)
    position = state.position
    problem = _problem(position)
    answer: dict[str, Any] = {"rules": rule_set.name, "xgid": state.text(), "plays": [], "cube": None,
                              "problem": problem, "time_budget": level.time_budget,
                              "evaluation_budget": level.evaluation_budget, "budget_reached": False, "cut_by": None}
    if problem is not None:
        return answer
    if state.dice is not None:
        with watching_cuts() as cuts:
            advice = hint(position, state.dice, rule_set, level=STUDY_LEVEL, count=count, lang=spoken())
        # the time first: when the clock cut a candidate, the run can differ whatever the evaluations did
        answer["cut_by"] = TIME if TIME in cuts else (EVALUATIONS if cuts else None)
        answer["budget_reached"] = TIME in cuts
        views = [
            {
                "notation": p.notation,
                "compact": compact_play(p.play.position, p.play.moves),  # as the review writes it: 22/14(2)
                "equity": equity_figure(p.equity),
                "ply": p.ply,
                "reason": p.reason,
                "moves": absolute_moves(p.play.moves, position.turn),
            }
            for p in advice.plays
        ]
        answer["plays"] = with_costs(views, [p.equity for p in advice.plays])  # as the game's hint costs them
    elif rule_set.cube:
        decision = cube_advice(position, rule_set, CubeState.from_xgid(state), STUDY_LEVEL, spoken())
        answer["cube"] = {
            "may_double": decision.may_double,
            "double": decision.double,
            "take": decision.take,
            "verdict": decision.verdict,
            "reason": decision.reason,
            "take_reason": decision.answer_reason,  # to the player on roll, beside "reason"
            "equities": cube_choice_equities(decision),
        }
    return answer


__all__ = ["study_advice", "study_position"]
