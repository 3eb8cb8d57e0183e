"""A turn being played one checker at a time, as a board lets a person play it.

The engine's unit is the whole play (:func:`~toutes_tables.legal_plays`), but a person moves
one checker, one die, at a time, in any order and by any route. A :class:`TurnInProgress`
accepts a step when the turn can still end in one of the legal plays' positions, whatever
order or route the player takes; it knows which dice may still be left (a checker borne off
from below the die can use more than one die), and offers, for each checker, every point it
can reach now, by one die or several.

>>> from toutes_tables import start_position
>>> turn = TurnInProgress(start_position(64), (6, 2), "backgammon")
>>> turn = turn.step((13, 11)).step((11, 5))   # 13/5 by way of 11
>>> str(turn.finished_play)
'13/5'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import IllegalMoveError
from .checks import A_POSITION, MOVES, check_instance, check_int, check_sequence
from .messages import worded
from .movegen import check_dice, legal_plays
from .play import Move, Play, apply_moves, check_move
from .position import BAR, OFF, Position
from .rules import RuleSet, get_rules

DiceLeft = tuple[int, ...]  # sorted, highest first


def step_target(position: Position, src: int, die: int) -> int | None:
    """Where one die takes the checker of the player on roll from ``src``, or None if it may not move."""
    me = position.mine
    if not me[src] or (me[BAR] and src != BAR):
        return None
    dst = src - die
    if dst >= 1:
        return dst if position.theirs[25 - dst] < 2 else None
    if any(me[7:26]):
        return None  # bearing off waits until every checker is home
    if dst < 0 and any(me[src + 1 : 7]):
        return None  # a larger die bears off only the highest checker
    return OFF


def _after(position: Position, move: Move) -> Position:
    """``position`` after one step, the same player still on roll."""
    return apply_moves(position, (move,))[0].swapped()


class TurnInProgress:
    """The steps made so far in a turn, and what may follow.

    ``position`` is the position at the start of the turn (the mover on roll). Immutable:
    :meth:`step`, :meth:`move` and :meth:`undo` return a new turn.

    ``gestures`` holds, for each move the player made (one :meth:`step`, or one :meth:`move` that
    may take several steps: a checker carried 13/5 with both dice), how many steps there were before
    it: :meth:`undo` takes back the whole of the last one, as the player made it. Saved ``steps``
    given to the constructor count one gesture each.
    """

    __slots__ = (
        "position",
        "dice",
        "rules",
        "plays",
        "steps",
        "gestures",
        "current",
        "dice_left",
        "_targets",
        "_reach",
    )

    def __init__(
        self,
        position: Position,
        dice: Sequence[int],
        rules: str | RuleSet,
        steps: Iterable[Move] = (),
        *,
        plays: Sequence[Play] | None = None,
    ) -> None:
        self.position = check_instance(position, Position, "position", A_POSITION)
        self.dice = check_dice(dice)
        self.rules = get_rules(rules)
        self.plays = tuple(legal_plays(position, self.dice, self.rules) if plays is None else plays)
        # Results seen from the mover, so that a position mid-turn compares with them directly.
        self._targets = frozenset(p.result.swapped() for p in self.plays)
        # Shared by every turn derived from this one: same plays, same answers.
        self._reach: dict[tuple[Position, DiceLeft], bool] = {}
        d1, d2 = self.dice
        self.steps: tuple[Move, ...] = ()
        self.gestures: tuple[int, ...] = ()
        self.current = position
        self.dice_left: frozenset[DiceLeft] = frozenset({(d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))})
        for move in check_sequence(steps, "steps", MOVES):
            self.gestures = (*self.gestures, len(self.steps))
            self._advance(check_move(move, "steps"))

    @classmethod
    def from_plays(cls, position: Position, dice: Sequence[int], plays: Sequence[Play]) -> TurnInProgress:
        """A turn whose legal plays are already known (computed with the rule set in play)."""
        return cls(position, dice, "backgammon", plays=plays)

    def _copy(self) -> TurnInProgress:
        twin = object.__new__(TurnInProgress)
        for name in self.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin

    # -- what may happen -----------------------------------------------------------------

    def _completable(self, position: Position, dice_left: DiceLeft) -> bool:
        """Whether some continuation (possibly none) ends in a legal play's position."""
        key = (position, dice_left)
        known = self._reach.get(key)
        if known is not None:
            return known
        answer = position in self._targets
        if not answer:
            for die in set(dice_left):
                rest = _without(dice_left, die)
                for src in range(25, 0, -1):
                    dst = step_target(position, src, die)
                    if dst is not None and self._completable(_after(position, (src, dst)), rest):
                        answer = True
                        break
                if answer:
                    break
        self._reach[key] = answer
        return answer

    def _options(self, move: Move) -> frozenset[DiceLeft]:
        """The dice that may be left after ``move``; empty when it is not a possible next step."""
        src, dst = move
        after = None
        left: set[DiceLeft] = set()
        for dice_left in self.dice_left:
            for die in set(dice_left):
                if step_target(self.current, src, die) != dst:
                    continue
                after = after or _after(self.current, move)
                rest = _without(dice_left, die)
                if self._completable(after, rest):
                    left.add(rest)
        return frozenset(left)

    def legal_steps(self) -> list[Move]:
        """The single-die steps that keep the turn on course for a legal play."""
        candidates = {
            (src, dst)
            for dice_left in self.dice_left
            for die in set(dice_left)
            for src in range(25, 0, -1)
            if (dst := step_target(self.current, src, die)) is not None
        }
        return sorted((m for m in candidates if self._options(m)), reverse=True)

    def destinations(self) -> dict[int, dict[int, tuple[Move, ...]]]:
        """For each source point, every point its checker can reach now, with the steps that get there.

        Multi-die routes are included (one checker using several dice); where two routes reach
        one point, the one that hits less is kept, then the first found.
        """
        found: dict[int, dict[int, tuple[Move, ...]]] = {}
        for first in self.legal_steps():
            routes = found.setdefault(first[0], {})
            frontier: list[tuple[TurnInProgress, tuple[Move, ...]]] = [(self.step(first), (first,))]
            while frontier:
                turn, route = frontier.pop()
                end = route[-1][1]
                best = routes.get(end)
                hits = len(apply_moves(self.current, route)[1])
                if best is None or hits < len(apply_moves(self.current, best)[1]):
                    routes[end] = route
                if end != OFF:
                    for nxt in turn.legal_steps():
                        if nxt[0] == end:
                            frontier.append((turn.step(nxt), (*route, nxt)))
        return found

    @property
    def finished_play(self) -> Play | None:
        """The legal play the steps make, once they make one (the empty play when none is legal)."""
        if not self.plays:
            return Play(self.position, ())
        if self.current not in self._targets:
            return None
        for play in self.plays:
            if play.result.swapped() == self.current:
                return play
        return None  # unreachable: targets are the plays' results

    def dice_used(self) -> list[bool]:
        """For each die of the roll (four for a double, highest first), whether a step has used it."""
        d1, d2 = self.dice
        dice = [d1] * 4 if d1 == d2 else [max(d1, d2), min(d1, d2)]
        left = list(sorted(self.dice_left, key=_most_dice_first)[-1])
        used = []
        for die in dice:
            if die in left:
                left.remove(die)
                used.append(False)
            else:
                used.append(True)
        return used

    # -- making and taking back steps ---------------------------------------------------------

    def _advance(self, move: Move) -> None:
        left = self._options(move)
        if not left:
            raise self._refused("turn.not_legal_step", move)
        self.current = _after(self.current, move)
        self.dice_left = left
        self.steps = (*self.steps, move)

    def _refused(self, key: str, move: Move) -> IllegalMoveError:
        """A step or a move this turn does not allow (its player's form leaves out the position: the board shows it),
        after the steps made so far in notation ("after 13/8"), or ``<key>.first`` when none is made yet."""
        steps = " ".join(f"{_name(a)}/{_name(b)}" for a, b in self.steps)
        return worded(IllegalMoveError, key if steps else f"{key}.first", move=f"{_name(move[0])}/{_name(move[1])}",
                      dice=f"{self.dice[0]}-{self.dice[1]}", steps=steps, position=repr(self.position))

    def step(self, move: Move) -> TurnInProgress:
        """One more single-die step ``(from, to)`` in the mover's numbering; raises IllegalMoveError."""
        turn = self._copy()
        turn._advance(check_move(move))
        turn.gestures = (*self.gestures, len(self.steps))
        return turn

    def move(self, src: int, dst: int) -> TurnInProgress:
        """Move the checker on ``src`` to ``dst`` by whatever steps :meth:`destinations` offers."""
        check_int(src, "src", OFF, BAR)
        check_int(dst, "dst", OFF, BAR)
        route = self.destinations().get(src, {}).get(dst)
        if route is None:
            raise self._refused("turn.not_legal_move", (src, dst))
        turn = self._copy()
        for move in route:
            turn._advance(move)
        turn.gestures = (*self.gestures, len(self.steps))  # one gesture, however many dice it took
        return turn

    def undo(self) -> TurnInProgress:
        """The turn without its last gesture: the last :meth:`step`, or every step of the last :meth:`move`.

        Replayed from the start of the turn, since which dice are left may depend on the route.
        """
        if not self.gestures:
            raise worded(IllegalMoveError, "turn.nothing_moved", dice=f"{self.dice[0]}-{self.dice[1]}")
        kept = self.gestures[-1]
        turn = self._copy()
        d1, d2 = self.dice
        turn.steps, turn.current = (), self.position
        turn.dice_left = frozenset({(d1,) * 4 if d1 == d2 else (max(d1, d2), min(d1, d2))})
        for move in self.steps[:kept]:
            turn._advance(move)
        turn.gestures = self.gestures[:-1]
        return turn

    def __repr__(self) -> str:
        return f"<TurnInProgress {list(self.steps)!r} of {self.dice} from {self.position.text()!r}>"


def _most_dice_first(dice: DiceLeft) -> tuple[int, DiceLeft]:
    return len(dice), dice


def _without(dice: DiceLeft, die: int) -> DiceLeft:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)
