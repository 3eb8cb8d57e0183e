"""A play: the checker moves of one turn, with its notation and resulting position."""

from __future__ import annotations

from collections.abc import Sequence

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


class Play:
    """The moves of one turn from ``position``; one play per distinct resulting position.

    ``moves`` are ``(from, to)`` pairs in the mover's player numbering (25 = bar, 0 = off),
    one per die used, in the order played. Two plays are equal when they start from the same
    position and end in the same one.
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
        from .notation import format_play

        return format_play(self.position, self.moves)

    def __repr__(self) -> str:
        return f"<Play {str(self)!r} from {self.position.text()!r}>"

    def to_json(self) -> dict[str, object]:
        return {"notation": str(self), "moves": [list(m) for m in self.moves]}


__all__ = ["Move", "Play", "apply_moves", "BAR", "OFF"]
