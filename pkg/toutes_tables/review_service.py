"""The review of a game or match as JSON service methods, for the web game's worker.

The methods register themselves in the service's table (:mod:`toutes_tables.service_calls`);
:mod:`toutes_tables.services` imports this module beside the game's and the chouette's. A
review runs in steps: :func:`review_start` reads the record and returns at once, each
:func:`review_next` computes a few more decisions (a move takes a fraction of a second in
CPython, more in the browser), so the page can send play requests in between and stop with
:func:`review_cancel` at any time. ``site/engine/PROTOCOL.md`` ("The review") documents the
answers.

Methods
-------
``review_start(record)``
    Begin the review of a game or match record (text or JSON text, finished or not, any rule
    set) or of a ``.mat`` file's text: ``{id, total, rules, games}``; ``total`` is the number
    of turns (the progress bar's end).
``review_next(id, max_items)``
    The next decisions (at most ``max_items``, 1-50): ``{id, items, done, progress:
    {turns, total}, summary}``; ``summary`` is each player's summary of the decisions so far
    (final once ``done``).
``review_cancel(id)``
    Stop and forget a review: ``{id, cancelled}``.

The analysis board (any position, its ranked plays and cube decision) is
:mod:`toutes_tables.study_service`'s; a reviewed decision's ``position_id`` (and, in the
backgammon sets, its ``match_id``) opens it there.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

from .analysis import MAX_RECORD_CHARS, Decision, count_turns, games_of, results_of, review, summarise
from .matimport import read_mat
from .position import Color
from .service import board_location
from .service_calls import ServiceError, integer, method, text

MAX_REVIEWS = 4  # reviews kept at once; starting another forgets the oldest
MAX_ITEMS = 50


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
    source = text("record", record, MAX_RECORD_CHARS, "a game or match record (text or JSON) or a .mat file")
    first = next((line for line in source.splitlines() if line.strip() and not line.lstrip().startswith(";")), "")
    if first.strip().lower().endswith("point match"):
        return read_mat(source).match
    return source


@method
def review_start(record: Any) -> dict[str, Any]:
    """Begin a review of ``record``; nothing is computed yet."""
    source = _record(record)
    games = games_of(source)
    while len(_reviews) >= MAX_REVIEWS:
        del _reviews[min(_reviews)]
    running = _Running(next(_ids), review(source), count_turns(source), results_of(source))
    _reviews[running.id] = running
    return {"id": running.id, "total": running.total, "rules": games[0].game.rules.name, "games": len(games)}


def _running(id: Any) -> _Running:
    number = integer("id", id, 1, 2**31)
    found = _reviews.get(number)
    if found is None:
        raise ServiceError(f"no review {number} is running (finished reviews are kept until {MAX_REVIEWS} newer ones)")
    return found


def _summary(running: _Running) -> dict[str, Any]:
    players = summarise(running.done, running.results)
    return {c.value: p.to_json() for c, p in players.items()}


@method
def review_next(id: Any, max_items: Any = 1) -> dict[str, Any]:
    """Compute up to ``max_items`` more decisions of review ``id``."""
    running = _running(id)
    limit = integer("max_items", max_items, 1, MAX_ITEMS)
    items: list[dict[str, Any]] = []
    while not running.finished and len(items) < limit:
        decision = running.next_decision()
        if decision is None:
            running.finished = True
            break
        running.done.append(decision)
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
        "done": running.finished,
        "progress": {"turns": running.turns, "total": running.total},
        "summary": _summary(running),
    }


@method
def review_cancel(id: Any) -> dict[str, Any]:
    """Stop review ``id`` and forget it."""
    number = integer("id", id, 1, 2**31)
    return {"id": number, "cancelled": _reviews.pop(number, None) is not None}


__all__ = ["decision_view", "review_cancel", "review_next", "review_start"]
