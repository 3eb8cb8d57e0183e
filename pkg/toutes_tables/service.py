"""The engine as a JSON service, for front ends that talk to it through messages.

The web game's worker calls :func:`dispatch` with a method name and JSON-able
parameters and gets JSON-able data back; nothing else crosses the boundary.
The message protocol around it is written down in ``site/engine/PROTOCOL.md``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__
from .errors import IllegalMoveError
from .movegen import legal_plays
from .play import Move, Play, apply_moves
from .position import BAR, OFF, Color, Position, from_absolute, to_absolute

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
            "forced": len(self.plays) <= 1,
            "no_play": not self.plays,
        }
