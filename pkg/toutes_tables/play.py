"""A play: the checker moves of one turn, with its notation and resulting position.

Formatting follows gnubg's conventions: the steps of one checker are joined into one path
(``13/5``), an intermediate point is shown only where it hits (``13/7*/5``), equal paths are
counted (``8/5(2)``), highest first. A step is joined onto a path only when the point between
held none of the mover's own checkers, so ``3/2 2/off`` stays as two moves and reads as played.
Reading notation back is :mod:`toutes_tables.notation`'s job.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .display import Pictured
from .errors import InvalidArgumentError, shown
from .checks import A_POSITION, MOVES, check_instance, check_sequence
from .messages import worded
from .position import BAR, OFF, OPPONENT, Position

Move = tuple[int, int]  # (from, to) in the mover's player numbering: 25 = bar, 0 = off


def apply_moves(position: Position, moves: Sequence[Move]) -> tuple[Position, tuple[int, ...]]:
    """Play ``moves`` for the player on roll, trusting they are legal.

    Returns the position after them with the opponent on roll, and the points (mover's
    numbering) where a half-square was hit.
    """
    me = list(position.mine)
    theirs = position.theirs
    hits: tuple[int, ...] = ()
    for src, dst in moves:
        me[src] -= 1
        me[dst] += 1
        # A half-square is hit once; a second checker landing there (13/7* 8/7) hits nothing.
        if dst and theirs[25 - dst] == 1 and dst not in hits:
            hits += (dst,)
    if hits:
        after = list(theirs)
        for dst in hits:
            after[25 - dst] = 0
        after[BAR] += len(hits)
        theirs = tuple(after)
    return Position._trusted(theirs, tuple(me), OPPONENT[position.turn]), hits


NO_PLAY = "(no play)"


def _point_name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def check_move(move: object, name: str = "move") -> Move:
    """``move`` as a ``(from, to)`` pair of points 0-25, from higher to lower; else :class:`InvalidArgumentError`."""
    if (
        not isinstance(move, (tuple, list))
        or len(move) != 2
        or any(type(p) is not int or not OFF <= p <= BAR for p in move)
        or move[0] <= move[1]
    ):
        raise worded(InvalidArgumentError, "play.move", name=name, move=shown(move))
    return move[0], move[1]


def format_play(position: Position, moves: Sequence[Move]) -> str:
    """Standard notation of ``moves`` played from ``position``."""
    return _notation(position, _checked_moves(position, moves))


def _checked_moves(position: Position, moves: Sequence[Move]) -> list[Move]:
    check_instance(position, Position, "position", A_POSITION)
    check_sequence(moves, "moves", MOVES)
    if len(moves) > 4:
        raise worded(InvalidArgumentError, "play.too_many_moves", count=len(moves))
    return [check_move(m) for m in moves]


def compact_play(position: Position, moves: Sequence[Move]) -> str:
    """gnubg's notation of ``moves`` played from ``position``, as its analysis lists plays: every move that starts
    where an earlier one ended continues it, whatever else stood there (checkers are alike), so the chains are
    joined whatever the order they were played in; a hit on the way is still written, starred.

    :func:`format_play` (the records' notation) joins a move to the one before only when that checker stood alone
    where it arrived; this one is what the review shows. Both read back as the same play (``parse_play``).

    >>> from toutes_tables import start_position
    >>> p = start_position(64)
    >>> format_play(p, [(13, 9), (13, 9), (9, 5), (9, 5)]), compact_play(p, [(13, 9), (13, 9), (9, 5), (9, 5)])
    ('13/9 13/5 9/5', '13/5(2)')
    >>> compact_play(p, [(8, 7), (7, 6), (6, 5), (6, 5)]), compact_play(p, [(8, 6), (6, 4), (8, 6), (6, 4)])
    ('8/5 6/5', '8/4(2)')
    """
    return _notation(position, _checked_moves(position, moves), chained=True)


def _notation(position: Position, moves: Sequence[Move], chained: bool = False) -> str:
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
        if chained or mine[src] == 1:  # only the checker that just arrived stands there (or chains are joined)
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


class Play(Pictured):
    """The moves of one turn from ``position``; one play per distinct resulting position.

    ``moves`` are ``(from, to)`` pairs in the mover's player numbering (25 = bar, 0 = off),
    one per die used, in the order played. Two plays are equal when they start from the same
    position and end in the same one. In a notebook a play shows the board with its moves as arrows.
    """

    __slots__ = ("position", "moves", "_result", "_hits")

    def __init__(self, position: Position, moves: Sequence[Move]) -> None:
        self.position = position
        self.moves: tuple[Move, ...] = moves if type(moves) is tuple else tuple(moves)
        self._result: Position | None = None
        self._hits: tuple[int, ...] = ()

    @property
    def result(self) -> Position:
        """The position after the play, with the opponent on roll (computed when first asked)."""
        result = self._result
        if result is None:
            result, self._hits = apply_moves(self.position, self.moves)
            self._result = result
        return result

    @property
    def hits(self) -> tuple[int, ...]:
        """Points (mover's numbering) where this play hits a half-square."""
        _ = self.result
        return self._hits

    @property
    def pips(self) -> int:
        """Pips travelled; a checker borne off from point p travels p."""
        return sum(src - dst for src, dst in self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __bool__(self) -> bool:
        return bool(self.moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.position == other.position and self.result == other.result

    def __hash__(self) -> int:
        return hash((self.position, self.result))

    def __str__(self) -> str:
        return _notation(self.position, self.moves)

    def __repr__(self) -> str:
        return f"<Play {str(self)!r} from {self.position.text()!r}>"

    def to_json(self) -> dict[str, object]:
        return {"notation": str(self), "moves": [list(m) for m in self.moves]}


__all__ = ["Move", "NO_PLAY", "Play", "apply_moves", "compact_play", "format_play", "BAR", "OFF"]
