"""Standard notation for plays, both ways: ``24/18 13/11``, ``bar/22*``, ``13/7*/5``, ``6/off``, ``8/5(2)``.

Points are in the mover's player numbering. Writing is :func:`~toutes_tables.play.format_play`
(re-exported here); this module reads. Parsing accepts any order of the parts and either way
of writing a play, and names what is wrong.

A written route is that route (docs/rules/decisions.md, "Notation"): every point written
between a checker's start and end is a point it stops on, and landing there hits a blot there,
star or not (``11/8 8/3`` with 5-3 is ``11/8*/3`` when 8 holds a blot). Points not written are
free: the checker may pass any open point, and a route that hits nothing on the way is preferred
to one that hits. A star must mark a real hit.

The work is bounded by the dice, never by what was typed: the text is refused beyond
:data:`MAX_NOTATION_LENGTH` characters or four hops (a play has at most four steps), and the
routes are walked die by die, at most four deep.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import IllegalMoveError, InvalidNotationError, shown
from .checks import A_POSITION, LEGAL_PLAYS, check_instance, check_sequence
from .messages import worded
from .movegen import check_dice
from .play import NO_PLAY, Move, Play, _point_name, apply_moves, format_play
from .position import BAR, OFF, Position
from .turn import step_target

MAX_NOTATION_LENGTH = 80
"""The longest play text read; the longest real play (``bar/22* bar/22* bar/22* bar/22*``) is 31."""

MAX_STEPS = 4
"""A play has at most four steps (a double), so a text with more hops cannot be a play."""

_PART_RE = re.compile(r"^((?:bar|\d{1,2})\*?(?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$", re.ASCII)
_NO_PLAY_TEXTS = (NO_PLAY, "no play", "-", "")

Part = tuple[list[int], set[int], int]  # written points, the starred ones, the count


def _quoted(text: str) -> str:
    """``text`` quoted for an error message, cut short if it is long."""
    return repr(text) if len(text) <= MAX_NOTATION_LENGTH else repr(text[:MAX_NOTATION_LENGTH]) + "…"


def check_notation(text: object) -> str:
    """``text`` if it is a string short enough to be a play; raises :class:`InvalidNotationError`."""
    if not isinstance(text, str):
        raise InvalidNotationError(
            f"text must be a str of standard notation such as '24/18 13/11', got {type(text).__name__} {shown(text)}"
        )
    if len(text) > MAX_NOTATION_LENGTH:
        raise worded(InvalidNotationError, "notation.too_long", text=_quoted(text), count=len(text),
                     most=MAX_NOTATION_LENGTH)
    return text


def parse_segments(text: str) -> list[Part]:
    """Split notation into ``(points, hit points, count)`` parts, checking only the syntax."""
    text = check_notation(text)
    cleaned = text.strip().lower().replace("-", "/")
    if not cleaned:
        raise worded(InvalidNotationError, "notation.empty")
    parts: list[Part] = []
    hops = 0
    for token in cleaned.replace(",", " ").split():
        m = _PART_RE.match(token)
        if not m:
            raise worded(InvalidNotationError, "notation.unreadable", token=repr(token), text=repr(text))
        points: list[int] = []
        hits: set[int] = set()
        for item in m.group(1).split("/"):
            hit = item.endswith("*")
            name = item.rstrip("*")
            p = BAR if name == "bar" else OFF if name == "off" else int(name)
            if not 0 <= p <= 25:
                raise worded(InvalidNotationError, "notation.point_range", point=p, token=repr(token), text=repr(text))
            if hit:
                if p in (BAR, OFF):
                    raise worded(InvalidNotationError, "notation.hit_on", name=name, token=repr(token), text=repr(text))
                hits.add(p)
            points.append(p)
        for a, b in zip(points, points[1:], strict=False):
            if b >= a:
                raise worded(InvalidNotationError, "notation.backwards", token=repr(token), text=repr(text))
        count = int(m.group(2)) if m.group(2) else 1
        if not 1 <= count <= MAX_STEPS:
            raise worded(InvalidNotationError, "notation.count", token=repr(token), text=repr(text))
        hops += (len(points) - 1) * count
        if hops > MAX_STEPS:
            raise worded(InvalidNotationError, "notation.hops", text=repr(text), most=MAX_STEPS)
        parts.append((points, hits, count))
    return parts


def parse_play(position: Position, text: str, plays: Sequence[Play], dice: Sequence[int]) -> Play:
    """The play among ``plays`` (the legal plays of ``dice`` from ``position``) that ``text`` describes.

    The parts may come in any order. Points written between a checker's start and end are
    points it stops on (``bar/23/18``); a star must mark a real hit.
    """
    check_instance(position, Position, "position", A_POSITION)
    check_sequence(plays, "plays", LEGAL_PLAYS)
    for play in plays:
        check_instance(play, Play, "plays", LEGAL_PLAYS)
    text = check_notation(text)
    if text.strip().lower() in _NO_PLAY_TEXTS:
        if not plays or not plays[0].moves:
            return plays[0] if plays else Play(position, ())
        raise worded(IllegalMoveError, "notation.play_possible", text=repr(text), position=repr(position),
                     example=repr(str(plays[0])))
    parts = parse_segments(text)
    mine = list(position.mine)
    starred: set[int] = set()
    for points, hits, count in parts:
        mine[points[0]] -= count
        mine[points[-1]] += count
        starred |= hits
    if any(n < 0 for n in mine[1:]):
        short = [str(p) for p in range(1, 26) if mine[p] < 0]
        raise worded(IllegalMoveError, "notation.too_many_checkers", text=repr(text), points=", ".join(short),
                     position=repr(position))
    # Every way of walking the text ends with the mover's checkers laid out as counted above.
    layout = tuple(mine)
    candidates = [play for play in plays if play.result.theirs == layout]
    if not candidates:
        shown = ", ".join(str(p) for p in plays[:8]) or NO_PLAY
        key = "notation.illegal" if len(plays) <= 8 else "notation.illegal_more"
        raise worded(IllegalMoveError, key, text=repr(text), position=repr(position), plays=shown, count=len(plays))
    by_opponent = {play.result.mine: play for play in candidates}  # the plays differ in what they hit
    routes = tuple(tuple(points) for points, _, count in parts for _ in range(count))
    d1, d2 = check_dice(dice)
    walks = _walk(position, (d1,) * 4 if d1 == d2 else (d1, d2), routes, frozenset(), False)
    legal = [
        (by_opponent[end.theirs], hits, passing)
        for end, hits, passing in walks
        if end.mine == layout and end.theirs in by_opponent
    ]
    if not legal:
        raise worded(IllegalMoveError, "notation.cannot_stop", text=repr(text), position=repr(position))
    marked = [walk for walk in legal if starred <= walk[1]]
    if not marked:
        made = set().union(*(hits for _, hits, _ in legal))
        where = ", ".join(_point_name(p) for p in sorted(starred - made, reverse=True))
        raise worded(IllegalMoveError, "notation.no_hit" if where else "notation.no_hit_starred", text=repr(text),
                     where=where, position=repr(position))
    # Points not written are passed, not hit, when the text allows it (gnubg writes a hit's point).
    quiet = [walk for walk in marked if not walk[2]] or marked
    found = list(dict.fromkeys(play for play, _, _ in quiet))
    if len(found) == 1:
        return found[0]
    *options, last = (str(p) for p in found)
    raise worded(IllegalMoveError, "notation.ambiguous", text=repr(text), position=repr(position),
                 options=", ".join(options), last=last)


Walk = tuple[Position, frozenset[int], bool]  # where the checkers end, the points hit, a hit on an unwritten point


def _walk(
    position: Position, dice: tuple[int, ...], routes: tuple[tuple[int, ...], ...], hits: frozenset[int], passing: bool
) -> list[Walk]:
    """Every way of moving the written ``routes`` die by die from ``position`` (the mover on roll).

    Each route is the points its checker has still to stop on, the first being where it stands.
    A step moves one checker by one die towards its next written point, never past it; steps of
    different checkers may interleave (``7/off 4/off`` with 4-4: 7/3, 4/off, then 3/off). Each
    step uses a die, so the walk is at most four steps deep.
    """
    if all(len(route) == 1 for route in routes):
        return [(position, hits, passing)]
    walks: list[Walk] = []
    for i, route in enumerate(routes):
        if len(route) == 1 or route in routes[:i]:  # equal routes are interchangeable: try one
            continue
        src, dst = route[0], route[1]
        for die in set(dice):
            to = step_target(position, src, die)
            if to is None or (to != dst and (to == OFF or to < dst)):
                continue
            after, hit = _step(position, (src, to))
            rest = (*routes[:i], route[1:] if to == dst else (to, *route[1:]), *routes[i + 1 :])
            walks += _walk(
                after, _without(dice, die), rest, hits | {to} if hit else hits, passing or (hit and to != dst)
            )
    return walks


def _step(position: Position, move: Move) -> tuple[Position, bool]:
    """``position`` after one step, the same player still on roll, and whether the step hit."""
    after, hits = apply_moves(position, (move,))
    return after.swapped(), bool(hits)


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


__all__ = [
    "MAX_NOTATION_LENGTH",
    "MAX_STEPS",
    "NO_PLAY",
    "check_notation",
    "format_play",
    "parse_play",
    "parse_segments",
]
