"""A match equity table, built at import by the standard recursive construction, and the match-play cube model.

A match equity is the chance of winning the match (MWC) from a score, before a game starts.
Cube decisions in a match compare MWCs: a take is right when taking keeps more match-winning
chances than dropping, whatever that means in points. So the cube needs a table of MWCs for
every score; we build our own instead of shipping a copied one, so every number in it can be
explained. Building takes 10-30 ms in CPython (more in the browser), so the built table ships as
``data/met.json`` (written by ``scripts/make_met.py``; a test checks it is what this module builds)
and is only read at run time.

How the table is built (Zadeh's continuous-game model, as gnubg's ``zadeh`` tables are):

* **Post-Crawford**: the leader is 1 away, so the trailer loses nothing by doubling and
  doubles at once; every game is played for 2 points (4 with a gammon). The trailer
  ``n`` away wins the game half the time, a gammon in ``GAMMON_RATE`` of the wins. When the
  trailer is an even number away the leader has a *free drop*: he drops the double after an
  opening roll that went badly for him, which the model counts by letting the game start at
  ``0.5 +/- FREE_DROP_SPREAD`` and letting the leader choose the better of take and drop.
* **Crawford game**: no cube, one game, its gammons counted.
* **Every other score** ``(a, b)``: the game starts at 50 %, with the cube in the middle.
  The winning chance moves continuously (a Brownian motion, no market losers), so a double
  is best offered exactly at the opponent's take point and the equity with a *live* cube is
  a piecewise linear function of the winning chance, through the take points. The take
  points come from the top cube level down: at the highest useful cube the game is played
  to the end (a dead cube), and each lower level's take point is where taking (and owning
  the cube one level up) is worth as much as dropping. Real games are not continuous (a
  roll can jump past the take point), so the live-cube equity is mixed with the dead-cube
  one, ``CUBE_EFFICIENCY`` of the first (Janowski's idea, as for money play).

The same model evaluates a real position's cube decision (:class:`MatchCube`), with the
position's own winning and gammon chances instead of 50 % and the average gammon rate.

The three parameters were fitted by a small grid search against gnubg's default table
(Kazaross-XG2, from rollouts): over all scores up to 25 away the largest difference is 0.51
percentage points of MWC (0.23 on average), 0.31 post-Crawford. ``tests/test_ai_cube.py`` checks it stays
within 2 (1 post-Crawford).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

DATA_FILE = "met.json"  # the table as built with these parameters, written by scripts/make_met.py
MAX_AWAY = 25  # scores up to 25 away; longer matches are looked up as 25 away
GAMMON_RATE = 0.29  # share of wins that are gammons (backgammons counted as gammons), fitted
CUBE_EFFICIENCY = 0.8  # share of the live-cube equity in a game from the start (Janowski's x), fitted
FREE_DROP_SPREAD = 0.024  # how far the first roll moves the winning chance (the leader's free drop)


def _trailer_post_crawford(max_away: int) -> list[float]:
    """``table[n]``: the trailer's MWC ``n`` away in a post-Crawford game against a leader 1 away."""
    table = [1.0, 0.5]  # 0 away: won; 1 away: double match point
    for n in range(2, max_away + 1):

        def at(k: int) -> float:
            return 1.0 if k <= 0 else table[k]

        game_won = (1.0 - GAMMON_RATE) * at(n - 2) + GAMMON_RATE * at(n - 4)
        drop = at(n - 1)  # the leader drops: the trailer scores 1 and the next game is post-Crawford too
        table.append(sum(min(p * game_won, drop) for p in (0.5 - FREE_DROP_SPREAD, 0.5 + FREE_DROP_SPREAD)) / 2.0)
    return table


def _piecewise(points: Sequence[tuple[float, float]], p: float) -> float:
    """The value at ``p`` of the piecewise linear function through ``points`` (sorted by x, from 0 to 1)."""
    x0, y0 = points[0]
    for x1, y1 in points[1:]:
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
        x0, y0 = x1, y1
    return y0


def _solve(points: Sequence[tuple[float, float]], target: float) -> float:
    """The smallest ``p`` in 0-1 where the increasing piecewise linear function reaches ``target``."""
    if points[0][1] >= target:
        return 0.0
    x0, y0 = points[0]
    for x1, y1 in points[1:]:
        if y1 >= target:
            return x0 if y1 <= y0 else x0 + (x1 - x0) * (target - y0) / (y1 - y0)
        x0, y0 = x1, y1
    return 1.0


@dataclasses.dataclass(frozen=True)
class GammonShares:
    """Shares of the wins that are gammons and backgammons (backgammons within gammons); the same for losses."""

    win_gammon: float = GAMMON_RATE
    win_backgammon: float = 0.0
    lose_gammon: float = GAMMON_RATE
    lose_backgammon: float = 0.0


class MatchEquityTable:
    """MWCs of the player ``a`` away against ``b`` away, before a game, pre- and post-Crawford.

    ``MatchEquityTable()`` builds the table (Zadeh's construction, above); :meth:`from_data`
    reads one saved by :meth:`to_data` (the shipped ``data/met.json``, so nothing is built at run time).
    """

    def __init__(self, max_away: int = MAX_AWAY) -> None:
        self.max_away = max_away
        self.trailer_post_crawford = _trailer_post_crawford(max_away)
        # pre[a][b], 1-based; a or b == 1 is the Crawford game.
        self.pre = [[0.5] * (max_away + 1) for _ in range(max_away + 1)]
        for total in range(3, 2 * max_away + 1):
            for a in range(1, max_away + 1):
                b = total - a
                if 1 <= b <= max_away:
                    self.pre[a][b] = self._construct(a, b)

    def to_data(self) -> dict[str, object]:
        """The table as JSON-able data: MWCs for 1..max_away (row: the player's away, column: the opponent's)."""
        return {
            "about": "Match equity table built by toutes_tables.ai.met (Zadeh's method), by scripts/make_met.py",
            "parameters": {
                "gammon_rate": GAMMON_RATE,
                "cube_efficiency": CUBE_EFFICIENCY,
                "free_drop_spread": FREE_DROP_SPREAD,
            },
            "max_away": self.max_away,
            "pre_crawford": [row[1:] for row in self.pre[1:]],
            "trailer_post_crawford": self.trailer_post_crawford[1:],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> MatchEquityTable:
        """A table from :meth:`to_data`'s data."""
        table = cls.__new__(cls)
        table.max_away = int(data["max_away"])
        table.pre = [[0.5] * (table.max_away + 1)] + [[0.5, *map(float, row)] for row in data["pre_crawford"]]
        table.trailer_post_crawford = [1.0, *map(float, data["trailer_post_crawford"])]
        if len(table.pre) != table.max_away + 1 or any(len(row) != table.max_away + 1 for row in table.pre):
            raise ValueError("the match equity table's rows do not match its max_away")
        return table

    def _construct(self, a: int, b: int) -> float:
        if a == 1 or b == 1:
            return self._crawford_game(a, b)
        cube = MatchCube(self, a, b, 1, GammonShares())
        return cube.no_double(0.5, owner=None, efficiency=CUBE_EFFICIENCY)

    def _crawford_game(self, a: int, b: int) -> float:
        shares = GammonShares()
        win = MatchCube(self, a, b, 1, shares).win_mwc(0)
        lose = MatchCube(self, a, b, 1, shares).lose_mwc(0)
        return 0.5 * win + 0.5 * lose

    def mwc(self, a: int, b: int, post_crawford: bool = False) -> float:
        """The MWC of the player ``a`` away against ``b`` away; ``post_crawford``: 1 away is past the Crawford game.

        >>> table = default_table()
        >>> round(table.mwc(1, 1), 3), table.mwc(0, 3), table.mwc(3, 0)
        (0.5, 1.0, 0.0)
        >>> round(table.mwc(2, 4) + table.mwc(4, 2), 9)
        1.0
        """
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        a, b = min(a, self.max_away), min(b, self.max_away)
        if post_crawford and (a == 1 or b == 1):
            if a == 1:
                return 1.0 - self.trailer_post_crawford[b]
            return self.trailer_post_crawford[a]
        return self.pre[a][b]


class MatchCube:
    """The cube in one game of a match, seen by the player on roll: ``a`` away, the opponent ``b`` away, cube ``value``.

    MWCs are those of the player on roll as functions of his winning chance ``p``. Levels count
    the doublings still possible: level ``i`` is the cube at ``value * 2**i``. The top level is
    the first at which the cube is worth at least what both players need: doubling past it
    changes nothing, so the cube is dead there.
    """

    def __init__(self, table: MatchEquityTable, a: int, b: int, value: int, shares: GammonShares) -> None:
        self.table = table
        self.a, self.b, self.value = a, b, value
        self.shares = shares
        # A game at a score with someone 1 away is the Crawford game or after it: a later 1-away score is post-Crawford.
        self.post_crawford = a == 1 or b == 1
        top = 0
        while value * 2**top < max(a, b):
            top += 1
        self.top = top
        # One level past the top too: a double from a dead cube (top 0) is still answered.
        self._win = [self._win_mwc(level) for level in range(top + 2)]
        self._lose = [self._lose_mwc(level) for level in range(top + 2)]
        # take_me[i]: my lowest winning chance to take a double to level i; take_them[i]: my highest at which they take.
        self.take_me = [0.0] * (top + 2)
        self.take_them = [1.0] * (top + 2)
        for level in range(top, 0, -1):
            drop_me = self._mwc(self.a, self.b - self.stake(level - 1))
            self.take_me[level] = _solve(self.owned_curve(level, mine=True), drop_me)
            drop_them = self._mwc(self.a - self.stake(level - 1), self.b)
            # They take while my MWC with their cube stays below what their drop gives me.
            self.take_them[level] = _solve(self.owned_curve(level, mine=False), drop_them)

    def stake(self, level: int) -> int:
        return self.value << level

    def _mwc(self, a: int, b: int) -> float:
        return self.table.mwc(a, b, self.post_crawford)

    def win_mwc(self, level: int) -> float:
        """My MWC when I win the game at ``level`` (single, gammon and backgammon mixed by their shares)."""
        return self._win[level]

    def lose_mwc(self, level: int) -> float:
        """My MWC when I lose the game at ``level``."""
        return self._lose[level]

    def _win_mwc(self, level: int) -> float:
        s, v = self.shares, self.stake(level)
        return self._mix(
            ((1.0 - s.win_gammon, 1), (s.win_gammon - s.win_backgammon, 2), (s.win_backgammon, 3)),
            lambda points: self._mwc(self.a - points * v, self.b),
        )

    def _lose_mwc(self, level: int) -> float:
        s, v = self.shares, self.stake(level)
        return self._mix(
            ((1.0 - s.lose_gammon, 1), (s.lose_gammon - s.lose_backgammon, 2), (s.lose_backgammon, 3)),
            lambda points: self._mwc(self.a, self.b - points * v),
        )

    @staticmethod
    def _mix(weights: tuple[tuple[float, int], ...], mwc_after: Callable[[int], float]) -> float:
        """The average of the MWCs after scoring 1, 2 or 3 times the stake, by their weights (0 weights skipped)."""
        return sum(weight * mwc_after(points) for weight, points in weights if weight)

    def _redouble_useful(self, level: int, mine: bool) -> bool:
        """Can the owner of the cube at ``level`` gain by redoubling? Not at the top, nor once it wins him the match."""
        return level < self.top and self.stake(level) < (self.a if mine else self.b)

    def owned_curve(self, level: int, mine: bool) -> list[tuple[float, float]]:
        """My MWC (live cube) by my winning chance, the cube at ``level`` owned by me (``mine``) or the opponent."""
        points = [(0.0, self.lose_mwc(level))]
        if self._redouble_useful(level, mine):
            if mine:  # I redouble at their take point and they drop
                points.append((self.take_them[level + 1], self._mwc(self.a - self.stake(level), self.b)))
            else:  # they redouble at my take point and I drop
                points.append((self.take_me[level + 1], self._mwc(self.a, self.b - self.stake(level))))
        points.append((1.0, self.win_mwc(level)))
        return points

    def centred_curve(self) -> list[tuple[float, float]]:
        """My MWC (live cube) against my winning chance with the cube in the middle at level 0."""
        points = [(0.0, self.lose_mwc(0))]
        low = self.take_me[1] if self._redouble_useful(0, mine=False) else None
        high = self.take_them[1] if self._redouble_useful(0, mine=True) else None
        if low is not None and high is not None and low > high:
            low = high = (low + high) / 2.0
        if low is not None:
            points.append((low, self._mwc(self.a, self.b - self.value)))
        if high is not None:
            points.append((high, self._mwc(self.a - self.value, self.b)))
        points.append((1.0, self.win_mwc(0)))
        return points

    def dead(self, p: float, level: int) -> float:
        """My MWC with a dead cube at ``level``: the game played to the end."""
        return p * self.win_mwc(level) + (1.0 - p) * self.lose_mwc(level)

    def no_double(self, p: float, owner: bool | None, efficiency: float) -> float:
        """My MWC if I do not double now; ``owner`` True: my cube, False: theirs, None: centred."""
        if owner is None:
            live = _piecewise(self.centred_curve(), p)
            return efficiency * live + (1.0 - efficiency) * self.dead(p, 0)
        return self.owned(p, 0, owner, efficiency)

    def owned(self, p: float, level: int, mine: bool, efficiency: float) -> float:
        """My MWC with the cube at ``level`` owned by me (``mine``) or the opponent, who may redouble at once.

        Held, the cube is worth Janowski's mix of the live and dead equities. But its owner may also
        redouble on his next turn, whatever the winning chance: he does when that leaves him better off
        than holding it, as when the redoubled cube decides the match for both (at 2-away, 4-away the
        taker of a 2-cube redoubles to 4 at once, and the game is then worth its winning chances). The
        live curve alone misses this: it has the owner wait for the take point, and the dead part that it is
        mixed with has him never redouble.
        """
        live = _piecewise(self.owned_curve(level, mine), p)
        held = efficiency * live + (1.0 - efficiency) * self.dead(p, level)
        if not self._redouble_useful(level, mine):
            return held
        if mine:  # I redouble; they take (and own the cube a level up) or drop, whichever is worse for me
            at_once = min(self.owned(p, level + 1, False, efficiency), self._mwc(self.a - self.stake(level), self.b))
            return max(held, at_once)
        at_once = max(self.owned(p, level + 1, True, efficiency), self._mwc(self.a, self.b - self.stake(level)))
        return min(held, at_once)

    def double_take(self, p: float, efficiency: float) -> float:
        """My MWC if I double and the opponent takes (he then owns the cube at level 1)."""
        if self.top < 1:
            return self.dead(p, 1)
        return self.owned(p, 1, False, efficiency)

    def double_drop(self) -> float:
        """My MWC if I double and the opponent drops: I score the cube's value."""
        return self._mwc(self.a - self.value, self.b)


_DEFAULT: MatchEquityTable | None = None


def default_table() -> MatchEquityTable:
    """The shipped table (``data/met.json``, read on first use), or one built now if it is missing."""
    global _DEFAULT
    if _DEFAULT is None:
        try:
            text = (resources.files("toutes_tables") / "data" / DATA_FILE).read_text(encoding="utf-8")
        except FileNotFoundError:
            _DEFAULT = MatchEquityTable()
        else:
            _DEFAULT = MatchEquityTable.from_data(json.loads(text))
    return _DEFAULT


def match_winning_chance(my_away: int, their_away: int, post_crawford: bool = False) -> float:
    """The MWC of the player ``my_away`` points from winning against ``their_away``, before a game.

    >>> round(match_winning_chance(1, 2), 2)  # the Crawford game, 1 away against 2 away
    0.68
    """
    return default_table().mwc(my_away, their_away, post_crawford)
