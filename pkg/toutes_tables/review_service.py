"""The review of a game or match, and rollouts, as JSON service methods, for the web game's worker.

The methods register themselves in the service's table (:mod:`toutes_tables.service_calls`);
:mod:`toutes_tables.services` imports this module beside the game's and the chouette's. A
review runs in steps: :func:`review_start` reads the record and returns at once, each
:func:`review_next` computes a few more decisions (a move takes a fraction of a second in
CPython, more in the browser), so the page can send play requests in between and stop with
:func:`review_cancel` at any time. ``site/engine/PROTOCOL.md`` ("The review") documents the
answers.

Methods
-------
``review_start(record, game, known, level)``
    Begin the review of a game or match record (text or JSON text, finished or not, any rule
    set) or of a ``.mat`` file's text; with ``game`` (1-based), of that game of the match alone,
    at its score; ``known`` (optional): decisions of an earlier review of the same record at the
    same level (``review_next``'s items), reused instead of computed again; ``level``: the level whose
    search reviews, ``"world-class"`` (the default, the strongest) or ``"expert"``. Answers ``{id, total,
    rules, games, marks, level, start}``: ``total`` is the number of turns (the progress bar's end), ``marks`` the
    table of :func:`toutes_tables.analysis.mark_thresholds` (the page's legend), ``start`` the position the (first)
    game reviewed starts from, as a decision's ``position`` (the page's board while the first decision is searched).
``review_next(id, max_items)``
    The next decisions (at most ``max_items``, 1-10): ``{id, items, reused, done, progress:
    {turns, total}, summary}``; ``reused`` counts the items taken from ``known`` (not computed),
    ``summary`` is each player's summary of the decisions so far (final once ``done``).
``review_cancel(id)``
    Stop and forget a review: ``{id, cancelled}``.
``review_judge(rules, position, turn, dice, play, level)``
    A play (in notation) of a reviewed decision's roll (gnubg Position ID, ``turn`` on roll, ``dice``) judged as
    the review at ``level`` judges the play made (:func:`toutes_tables.analysis.judge_play`: no time budget, the
    level's evaluation budget), for "learn from your mistakes": the same play costs what the review says.
    Answers ``{played, best, cost, mark, best_moves, reason, best_reason}``: the plays as the review writes them,
    ``cost`` the error (best minus the play, 0 when it is the best), ``mark`` its mark, ``best_moves`` the board's
    locations of the best play, the reasons in the page's language.
``review_files(record)``
    The record (as ``review_start`` takes it) as files to download: ``{rules, kind ("game" or
    "match"), record (the project's text record), mat, mat_problem}``; ``mat`` is the Jellyfish
    ``.mat`` file (:func:`toutes_tables.matfile.match_to_mat`) of a backgammon-set match, else
    null with ``mat_problem`` saying why (a single game, a Toutes tables set, a start other than
    No. 64, no finished game...).
``rollout_start(rules, xgid | position, turn, dice, candidates, count, seed, variance_reduction,
truncate)``
    Begin a rollout (:mod:`toutes_tables.rollout`) of a position (an XGID, or a gnubg Position
    ID with ``turn`` on roll; ``dice`` override the XGID's): of the ``candidates`` (plays in
    notation) or the ``count`` best plays at a glance, or without dice of the position before its
    roll. Answers ``{id, games: 0, candidates}``.
``cube_rollout_start(rules, xgid, seed, variance_reduction, truncate)``
    Begin a cubeful rollout (:class:`toutes_tables.rollout.CubeRollout`) of the cube actions of
    an XGID's position before its roll (a backgammon set; the XGID's cube and match score):
    candidates ``No double``, ``Double, take``, ``Double, pass``. Its answers add ``kind:
    "cube"``, ``verdict`` (the rolled-out verdict, null before a game) and ``search``: the
    0-ply cube advice's ``{verdict, equities}``.
``rollout_next(id, games, budget)``
    Play up to ``games`` (1-36) more games of every candidate, stopping after ``budget``
    (1-2000, the default) units of work (:mod:`toutes_tables.rollout`'s "Bounds": one ranking of
    a roll's plays, about 3 ms in CPython); a game cut by the budget goes on at the next call.
    Answers ``{id, kind ("plays" or "cube"), games, in_progress, candidates}``, each candidate
    ``{notation, moves, locations, games, equity, standard_error, interval, win_rate}``.
``rollout_cancel(id)``
    Stop and forget a rollout: ``{id, cancelled}``.

The analysis board (any position, its ranked plays and cube decision) is
:mod:`toutes_tables.study_service`'s; a reviewed decision's ``position_id`` (and, in the
backgammon sets, its ``match_id``) opens it there.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

from typing import TYPE_CHECKING

from .matimport import read_mat
from .messages import Words, reworded, worded
from .movegen import check_dice, legal_plays
from .notation import parse_play
from .game import Game, OpeningRoll
from .position import BLACK, WHITE, Color, Position
from .record import MAX_RECORD_CHARS
from .rollout_bounds import MAX_CANDIDATES, MAX_PLIES, MAX_RUN_WORK
from .rules import get_rules
from .service import board_location, colour_name, rules_name
from .service_calls import (
    AN_XGID, POSITION_ID, TWO_DICE, ServiceError, boolean, integer, listed, method, optional_integer, optional_text,
    text,
)
from .service_language import said, spoken
from .starts import start_position
from .xgid import MAX_XGID_CHARS, XGID

if TYPE_CHECKING:
    from .analysis import Decision
    from .rollout import CubeRollout, Rollout

# The review and the rollouts (and through them the AI) are imported on first use, not here: the
# worker imports every service module when it starts, and most visits never review a game.

MAX_REVIEWS = 4  # reviews kept at once; starting another forgets the oldest
MAX_ITEMS = 10  # decisions per review_next: about a third of a second each in CPython, so a call stays short


@dataclasses.dataclass
class _Running:
    id: int
    decisions: Iterator[Decision]
    total: int
    results: dict[Color, float]
    done: list[Decision] = dataclasses.field(default_factory=list)
    pending: Decision | None = None  # computed ahead, to know whether the review is over
    turns: int = 0
    finished: bool = False

    def next_decision(self) -> Decision | None:
        if self.pending is not None:
            decision, self.pending = self.pending, None
            return decision
        return next(self.decisions, None)


_reviews: dict[int, _Running] = {}
_ids = itertools.count(1)


def _locations(moves: Any, colour: Color) -> list[list[Any]]:
    return [[board_location(a, colour), board_location(b, colour)] for a, b in moves]


def decision_view(d: Decision) -> dict[str, Any]:
    """A decision as plain data: :meth:`Decision.to_json` with the board's locations and the position drawn."""
    data = d.to_json()
    data["position"] = d.position.absolute()
    data["played_locations"] = _locations(d.played_moves, d.colour)
    data["best_locations"] = _locations(d.best_moves, d.colour)
    for alternative, original in zip(data["alternatives"], d.alternatives, strict=True):
        alternative["locations"] = _locations(original.moves, d.colour)
    return data


def _record(record: Any) -> Any:
    """The record to review: a ``.mat`` file's match, or the record text (game or match, text or JSON)."""
    source = text("record", record, MAX_RECORD_CHARS, Words("call.what.review_record"))
    first = next((line for line in source.splitlines() if line.strip() and not line.lstrip().startswith(";")), "")
    if first.strip().lower().endswith("point match"):
        return read_mat(source).match
    return source


@method
def review_start(record: Any, game: Any = None, known: Any = None, level: Any = None) -> dict[str, Any]:
    """Begin a review of ``record`` (of its game ``game`` alone, if given); nothing is computed yet.

    ``known``: decisions (``review_next``'s items) of an earlier review of the same record, such as the game page's
    review of the game just ended: they come back in ``review_next`` as they are, and only the rest is computed.
    ``level``: the level whose search reviews (None: the review's default, World class).
    """
    from .analysis import MAX_KNOWN_DECISIONS, REVIEW_LEVEL, count_turns, decision_from_json, games_of
    from .analysis import mark_thresholds, read_record, results_of, review, reviewing_level

    searching = reviewing_level(REVIEW_LEVEL if level is None else level).name

    held = read_record(_record(record))  # parsed once: the games, the turns, the results and the review share it
    games = games_of(held)
    only = optional_integer("game", game, 1, len(games))
    given = [] if known is None else listed("known", known, MAX_KNOWN_DECISIONS, Words("call.what.known"))
    reused = [decision_from_json(d, f"known[{i}]") for i, d in enumerate(given)]
    # the cube decisions' reasons in the page's language
    reviewing = review(held, only_game=only, lang=spoken(), known=reused, level=searching)
    running = _Running(next(_ids), reviewing, count_turns(held, only), results_of(held, only))
    while len(_reviews) >= MAX_REVIEWS:
        del _reviews[min(_reviews)]
    _reviews[running.id] = running
    return {"id": running.id, "total": running.total, "rules": games[0].game.rules.name, "games": len(games),
            "marks": mark_thresholds(), "level": searching, "start": _begins(games[(only or 1) - 1].game).absolute()}


def _begins(game: Game) -> Position:
    """Where ``game`` begins: the position it was set up from, else its start with the opener on roll (White before
    the opening roll is decided), as its first decision shows it; the page draws it before any decision is in."""
    if game.initial_position is not None:
        return game.initial_position
    opening = next((a for a in game.history if isinstance(a, OpeningRoll) and not a.is_tie), None)
    opener = BLACK if opening is not None and opening.black > opening.white else WHITE
    return start_position(game.start_number, opener)


def _running(id: Any) -> _Running:
    number = integer("id", id, 1, 2**31)
    found = _reviews.get(number)
    if found is None:
        raise worded(ServiceError, "review.error.no_review", number=number, most=MAX_REVIEWS)
    return found


def _summary(running: _Running) -> dict[str, Any]:
    from .analysis import summarise

    players = summarise(running.done, running.results)
    return {c.value: p.to_json() for c, p in players.items()}


@method
def review_next(id: Any, max_items: Any = 1) -> dict[str, Any]:
    """Compute up to ``max_items`` more decisions of review ``id``."""
    running = _running(id)
    limit = integer("max_items", max_items, 1, MAX_ITEMS)
    items: list[dict[str, Any]] = []
    reused = 0
    while not running.finished and len(items) < limit:
        decision = running.next_decision()
        if decision is None:
            running.finished = True
            break
        running.done.append(decision)
        reused += decision.reused
        if decision.kind == "move":
            running.turns += 1
        items.append(decision_view(decision))
    if not running.finished and running.turns == running.total:
        # Every turn is in: at most a cube decision is left (cheap next to a move); look whether one is.
        running.pending = running.next_decision()
        running.finished = running.pending is None
    return {
        "id": running.id,
        "items": items,
        "reused": reused,
        "done": running.finished,
        "progress": {"turns": running.turns, "total": running.total},
        "summary": _summary(running),
    }


@method
def review_cancel(id: Any) -> dict[str, Any]:
    """Stop review ``id`` and forget it."""
    number = integer("id", id, 1, 2**31)
    return {"id": number, "cancelled": _reviews.pop(number, None) is not None}


@method
def review_judge(
    rules: Any, position: Any, turn: Any, dice: Any, play: Any, level: Any = None
) -> dict[str, Any]:
    """A try at a reviewed checker decision, judged as the review judges the play made."""
    from .ai.advice import play_reason
    from .analysis import REVIEW_LEVEL, judge_play, reviewing_level, shown_error, shown_mark
    from .play import compact_play

    rule_set = get_rules(rules_name(rules))
    searching = reviewing_level(REVIEW_LEVEL if level is None else level).name
    pos = Position.from_gnubg_id(text("position", position, MAX_XGID_CHARS, POSITION_ID),
                                 colour_name("turn", turn))
    rolled = check_dice(listed("dice", dice, 2, TWO_DICE))
    tried = parse_play(pos, text("play", play, 80, Words("call.what.play")), legal_plays(pos, rolled, rule_set), rolled)
    judged = judge_play(pos, rolled, rule_set, tried.moves, level=searching)
    best = judged.best.play
    return {
        "played": compact_play(pos, tried.moves),
        "best": compact_play(pos, best.moves),
        # shown and marked as a reviewed decision's error is (Decision.shown_error, Decision.mark)
        "cost": shown_error(judged.error),
        "mark": shown_mark(judged.error),
        "best_moves": _locations(best.moves, pos.turn),
        "reason": play_reason(tried, spoken()),
        "best_reason": play_reason(best, spoken()),
    }


@method
def review_files(record: Any) -> dict[str, Any]:
    """The reviewed record as files to download: the project's record and, where it can hold it, the ``.mat`` file."""
    from .analysis import read_record
    from .matfile import MatExportError, match_to_mat
    from .match import Match
    from .record import game_to_text, match_to_text

    held = read_record(_record(record))
    is_match = isinstance(held, Match)
    text_record = match_to_text(held) if isinstance(held, Match) else game_to_text(held)
    mat: str | None = None
    problem: str | None = None
    # the reason a .mat file cannot hold the record, in the page's language
    if not held.rules.cube:
        problem = said("mat.export.not_backgammon", rules=held.rules.title)
    elif not isinstance(held, Match):
        problem = said("mat.export.single_game")
    elif not any(g.result is not None for g in held.games):
        problem = said("mat.export.none_finished")
    else:
        try:
            mat = match_to_mat(held)
        except MatExportError as exc:
            problem = str(reworded(exc, spoken(), to_player=True))
    return {"rules": held.rules.name, "kind": "match" if is_match else "game", "record": text_record, "mat": mat,
            "mat_problem": problem}


# -- rollouts ---------------------------------------------------------------------------------

MAX_ROLLOUTS = 4
MAX_ROLLOUT_CHUNK = 36
_rollouts: dict[int, Rollout | CubeRollout] = {}


def _rollout_view(number: int, done: Rollout | CubeRollout) -> dict[str, Any]:
    from .rollout import CubeRollout

    colour = done.position.turn
    candidates = []
    for c in done.candidates:
        data = c.to_json()
        data["locations"] = _locations(c.play.moves, colour) if c.play is not None else []
        candidates.append(data)
    view: dict[str, Any] = {"id": number, "kind": "plays", "games": done.games, "in_progress": done.in_progress,
                            "candidates": candidates}
    if isinstance(done, CubeRollout):
        view["kind"] = "cube"
        view["verdict"] = done.verdict if done.games else None
        view["search"] = done.search_to_json()
    return view


def _keep(done: Rollout | CubeRollout) -> dict[str, Any]:
    while len(_rollouts) >= MAX_ROLLOUTS:
        del _rollouts[min(_rollouts)]
    number = next(_ids)
    _rollouts[number] = done
    return _rollout_view(number, done)


def _rollout_options(seed: Any, variance_reduction: Any, truncate: Any) -> dict[str, Any]:
    """The options every rollout takes, checked: its dice's seed, the luck taken off, where games are cut."""
    return {
        "seed": integer("seed", seed, 0, 2**31),
        "variance_reduction": boolean("variance_reduction", variance_reduction),
        "truncate": optional_integer("truncate", truncate, 1, MAX_PLIES),
    }


@method
def rollout_start(
    rules: Any = "backgammon",
    xgid: Any = None,
    position: Any = None,
    turn: Any = "white",
    dice: Any = None,
    candidates: Any = None,
    count: Any = 4,
    seed: Any = 0,
    variance_reduction: Any = True,
    truncate: Any = None,
) -> dict[str, Any]:
    """Set up a rollout; nothing is played yet."""
    from .ai.search import rank_plays
    from .rollout import Rollout

    rule_set = get_rules(rules_name(rules))
    xgid_text = optional_text("xgid", xgid, MAX_XGID_CHARS, AN_XGID)
    position_id = optional_text("position", position, MAX_XGID_CHARS, POSITION_ID)
    if (xgid_text is None) == (position_id is None):
        raise worded(ServiceError, "rollout.error.position_or_xgid")
    rolled = None if dice is None else check_dice(listed("dice", dice, 2, TWO_DICE))
    if xgid_text is not None:
        state = XGID.parse(xgid_text)
        pos, rolled = state.position, rolled or state.dice
    else:
        assert position_id is not None
        pos = Position.from_gnubg_id(position_id, colour_name("turn", turn))
    shown = integer("count", count, 1, MAX_CANDIDATES)
    plays = None
    if candidates is not None:
        if rolled is None:
            raise worded(ServiceError, "rollout.error.candidates_dice")
        names = listed("candidates", candidates, MAX_CANDIDATES, Words("call.what.candidates"))
        legal = legal_plays(pos, rolled, rule_set)
        plays = [parse_play(pos, text(f"candidates[{i}]", n, 80, Words("call.what.candidate")), legal, rolled)
                 for i, n in enumerate(names)]
    elif rolled is not None:
        plays = [s.play for s in rank_plays(pos, rolled, rule_set)[:shown]] or None
    done = Rollout(
        pos,
        rolled,
        rule_set,
        plays,
        **_rollout_options(seed, variance_reduction, truncate),
    )
    return _keep(done)


@method
def cube_rollout_start(
    rules: Any = "backgammon",
    xgid: Any = None,
    seed: Any = 0,
    variance_reduction: Any = True,
    truncate: Any = None,
) -> dict[str, Any]:
    """Set up a rollout of the cube actions (no double, double/take, double/pass) of an XGID's position."""
    from .ai.cube import CubeState
    from .rollout import CubeRollout

    rule_set = get_rules(rules_name(rules))
    state = XGID.parse(text("xgid", xgid, MAX_XGID_CHARS, AN_XGID))
    if state.dice is not None or state.doubled:
        raise worded(ServiceError, "rollout.error.cube_xgid_dice")
    done = CubeRollout(
        state.position,
        rule_set,
        CubeState.from_xgid(state),
        **_rollout_options(seed, variance_reduction, truncate),
        lang=spoken(),  # the verdicts in the page's language, as the study's cube advice
    )
    return _keep(done)


@method
def rollout_next(id: Any, games: Any = 1, budget: Any = MAX_RUN_WORK) -> dict[str, Any]:
    """Play up to ``games`` more games of every candidate of rollout ``id``, within ``budget`` units of work."""
    number = integer("id", id, 1, 2**31)
    done = _rollouts.get(number)
    if done is None:
        raise worded(ServiceError, "rollout.error.no_rollout", number=number, most=MAX_ROLLOUTS)
    done.run(integer("games", games, 1, MAX_ROLLOUT_CHUNK), integer("budget", budget, 1, MAX_RUN_WORK))
    return _rollout_view(number, done)


@method
def rollout_cancel(id: Any) -> dict[str, Any]:
    """Stop rollout ``id`` and forget it."""
    number = integer("id", id, 1, 2**31)
    return {"id": number, "cancelled": _rollouts.pop(number, None) is not None}


__all__ = [
    "cube_rollout_start", "decision_view", "review_cancel", "review_judge", "review_next", "review_start",
    "rollout_cancel",
    "rollout_next", "rollout_start",
]
