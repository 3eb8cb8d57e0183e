"""Standard notation for plays, both ways: ``24/18 13/11``, ``bar/22*``, ``13/7*/5``, ``6/off``, ``8/5(2)``.

Points are in the mover's player numbering. Formatting follows gnubg's conventions: the
steps of one checker are joined into one path (``13/5``), an intermediate point is shown
only where it hits (``13/7*/5``), equal paths are counted (``8/5(2)``), highest first. A
step is joined onto a path only when the point between held none of the mover's own
checkers, so ``3/2 2/off`` stays as two moves and reads as played.

Parsing accepts any order and either way of writing a play; it names what is wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .errors import IllegalMoveError, InvalidNotationError
from .play import Move, Play
from .position import BAR, OFF, Position

NO_PLAY = "(no play)"


def _point_name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def format_play(position: Position, moves: Sequence[Move]) -> str:
    """Standard notation of ``moves`` played from ``position``."""
    if not moves:
        return NO_PLAY
    mine = list(position.mine)
    theirs = list(position.theirs)
    paths: list[list[tuple[int, bool]]] = []  # each: [(point, hit on arrival), ...]
    for src, dst in moves:
        hit = dst != OFF and theirs[25 - dst] == 1
        if hit:
            theirs[25 - dst] = 0
        continuing = None
        if mine[src] == 1:  # only the checker that just arrived stands there
            for path in paths:
                if path[-1][0] == src:
                    continuing = path
                    break
        mine[src] -= 1
        mine[dst] += 1
        if continuing is not None:
            continuing.append((dst, hit))
        else:
            paths.append([(src, False), (dst, hit)])
    # Equal paths are counted; a hit-and-cover (2/1* 2/1) is written 2/1*(2), as gnubg does.
    counts: Counter[tuple[int, ...]] = Counter()
    starred: set[tuple[int, ...]] = set()
    for path in paths:
        shown = [path[0]] + [step for step in path[1:-1] if step[1]] + [path[-1]]
        key = tuple(p for p, _ in shown)
        counts[key] += 1
        starred.update((*key, i) for i, (_, hit) in enumerate(shown) if hit)
    texts = []
    for key in sorted(counts, key=lambda k: (-k[0], -k[-1], k)):
        text = "/".join(_point_name(p) + ("*" if (*key, i) in starred else "") for i, p in enumerate(key))
        texts.append(text + (f"({counts[key]})" if counts[key] > 1 else ""))
    return " ".join(texts)


_PART_RE = re.compile(r"^((?:bar|\d{1,2})\*?(?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def parse_segments(text: str) -> list[tuple[list[int], set[int], int]]:
    """Split notation into ``(points, hit points, count)`` parts, checking only the syntax."""
    cleaned = text.strip().lower().replace("-", "/")
    if not cleaned:
        raise InvalidNotationError("empty play: write moves like '24/18 13/11', or '(no play)'")
    parts = []
    for token in cleaned.replace(",", " ").split():
        m = _PART_RE.match(token)
        if not m:
            raise InvalidNotationError(
                f"cannot read {token!r} in {text!r}: expected moves like 13/7, bar/22*, 6/off, 8/5(2)"
            )
        points: list[int] = []
        hits: set[int] = set()
        for item in m.group(1).split("/"):
            hit = item.endswith("*")
            name = item.rstrip("*")
            p = BAR if name == "bar" else OFF if name == "off" else int(name)
            if not 0 <= p <= 25:
                raise InvalidNotationError(f"point {p} out of range 1-24 in {token!r} of {text!r}")
            if hit:
                if p in (BAR, OFF):
                    raise InvalidNotationError(f"nothing can be hit on the {name} in {token!r} of {text!r}")
                hits.add(p)
            points.append(p)
        for a, b in zip(points, points[1:], strict=False):
            if b >= a:
                raise InvalidNotationError(
                    f"{token!r} in {text!r} moves backwards: checkers move from higher to lower points"
                )
        count = int(m.group(2)) if m.group(2) else 1
        if not 1 <= count <= 4:
            raise InvalidNotationError(f"a count must be 1-4, got {token!r} in {text!r}")
        parts.append((points, hits, count))
    return parts


def parse_play(position: Position, text: str, plays: Sequence[Play], dice: Sequence[int] | None = None) -> Play:
    """The play among ``plays`` (the legal plays from ``position``) that ``text`` describes.

    The play is found by where the checkers end up, so the parts may come in any order. A
    star must mark a real hit, and, when ``dice`` are given, points written between a
    checker's start and end (``bar/23/18``) must be points that checker can stop on.
    """
    if text.strip().lower() in (NO_PLAY, "no play", "-", ""):
        if not plays or not plays[0].moves:
            return plays[0] if plays else Play(position, ())
        raise IllegalMoveError(f"{text!r}: a play is possible in {position!r}, e.g. {str(plays[0])!r}")
    parts = parse_segments(text)
    mine = list(position.mine)
    named: set[int] = set()
    starred: set[int] = set()
    for points, hits, count in parts:
        mine[points[0]] -= count
        mine[points[-1]] += count
        named.update(points[1:-1])
        starred |= hits
    if any(n < 0 for n in mine[1:]):
        short = [str(p) for p in range(1, 26) if mine[p] < 0]
        raise IllegalMoveError(f"{text!r} moves more checkers than stand on {', '.join(short)} in {position!r}")
    target = tuple(mine)
    candidates = [p for p in plays if p.result.theirs == target]
    if len(candidates) > 1:
        # Plays that differ only in what they hit on the way: the stars and named points decide.
        exact = [p for p in candidates if set(p.hits) == starred]
        if len(exact) > 1 and named:
            exact = [p for p in exact if named <= {dst for _, dst in p.moves}]
        candidates = exact or candidates
    if len(candidates) == 1:
        play = candidates[0]
        missed = starred - set(play.hits)
        if missed:
            where = ", ".join(_point_name(p) for p in sorted(missed, reverse=True))
            raise IllegalMoveError(f"{text!r} marks a hit on {where}, but no half-square is hit there in {position!r}")
        if dice is not None and named and not _route_is_walkable(position, dice, plays, parts, play):
            raise IllegalMoveError(f"{text!r}: the checkers cannot stop on the points written, in {position!r}")
        return play
    if not candidates:
        legal = ", ".join(str(p) for p in plays[:8]) or NO_PLAY
        more = "" if len(plays) <= 8 else f" … ({len(plays)} in all)"
        raise IllegalMoveError(f"illegal play {text!r} in {position!r}; legal plays: {legal}{more}")
    options = " or ".join(str(p) for p in candidates)
    raise IllegalMoveError(f"{text!r} is ambiguous in {position!r}: write {options}")


def _route_is_walkable(
    position: Position,
    dice: Sequence[int],
    plays: Sequence[Play],
    parts: list[tuple[list[int], set[int], int]],
    play: Play,
) -> bool:
    """Whether the hops as written (``13/7/5``: 13 to 7, then 7 to 5) can be moved, in some order, to ``play``."""
    from itertools import permutations

    from .turn import TurnInProgress

    start = TurnInProgress.from_plays(position, dice, plays)
    segments = [points for points, _, count in parts for _ in range(count)]
    for order in set(permutations(map(tuple, segments))):
        turn: TurnInProgress | None = start
        for points in order:
            for src, dst in zip(points, points[1:], strict=False):
                assert turn is not None
                route = turn.destinations().get(src, {}).get(dst)
                if route is None:
                    turn = None
                    break
                for move in route:
                    turn = turn.step(move)
            if turn is None:
                break
        if turn is not None and turn.finished_play == play:
            return True
    return False
