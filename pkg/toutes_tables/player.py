"""A simple computer player: a hand-written evaluation that picks among the legal plays and handles the cube.

It is meant to give a human a game now, not to be strong. Every legal play is scored by
:func:`estimate` of the position it leaves, seen from the opponent who is then on roll,
and the play that leaves the opponent worst off is chosen (ties broken by a seeded RNG,
so a game is reproducible).

:func:`estimate` works in *pips*:

* **Race** (no more contact): the number of turns each side needs to bear off, from the
  pip count and the checkers left (at most about 2.3 borne off per turn), gives the chance
  of winning. The chance of losing a *double game* (Toutes tables) or a gammon (backgammon)
  comes from the turns the loser needs to save it. The two families differ here: in
  Toutes tables a loser with every checker home is only beaten singly, so saving means
  bringing the last checker home; in backgammon it means bearing one off.
* **Contact**: the pip difference, plus what each side's structure is worth in pips
  (points made, home board points and advanced anchors most; the longest prime when it
  has checkers to block; opposing checkers on the bar, more with a strong board to enter
  against), minus the expected cost of the blots left to the side on roll: the chance of
  each of the 36 rolls hitting (direct and combined shots, blocked paths respected) times
  the pips and tempo lost. A logistic curve turns that into a winning chance.

Cube (backgammon sets): double when the winning chance is clearly on our side and the
game is not so good that playing on for a gammon is better; take when the position is
worth more than the stake lost by dropping. In a match it knows that a cube that already
wins the match is dead, that the trailer doubles at once after the Crawford game, and
that a drop which loses the match is never right. It never doubles when it may not: it
asks the :class:`~toutes_tables.Game` first.

>>> from toutes_tables import start_position
>>> player = ComputerPlayer("backgammon", seed=1)
>>> str(player.choose_play(start_position(64), (3, 1)))
'8/5 6/5'
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from .checks import A_POSITION, check_instance
from .movegen import legal_plays
from .play import Play
from .position import BAR, CHECKERS, OFF, Color, Position
from .rules import DEFAULT_RULES, RuleSet, get_rules

if TYPE_CHECKING:
    from .game import Game
    from .match import Match

CubeAction = Literal["double", "roll", "take", "drop"]

PIPS_PER_TURN = 8.17  # the average roll, doubles counted four times
CHECKERS_PER_TURN = 2.33  # borne off per turn at best: 2, or 4 with a double
ON_ROLL_PIPS = 4.0  # being on roll is worth about half a roll

# What a point made (two or more checkers) is worth in pips, by its owner's point number:
# home board points (5 and 4 most), the bar point, then anchors in the opponent's home board.
POINT_VALUES = (0.0, 1.0, 2.0, 3.0, 5.0, 7.0, 6.0, 5.0, 2.0, 1.5, 1.0, 0.5, 0.5,
                0.5, 0.0, 0.0, 0.0, 0.0, 2.0, 3.0, 5.0, 4.0, 2.0, 1.0, 1.0)
PRIME_VALUES = {3: 3.0, 4: 7.0, 5: 13.0, 6: 22.0}
STACK_PENALTY = 0.8  # per checker beyond the third on one point: idle, inflexible
HIT_TEMPO = 4.0  # a hit checker loses a tempo on top of its pips

# The 21 distinct rolls and how many of the 36 each stands for.
ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)


@dataclasses.dataclass(frozen=True)
class Estimate:
    """Chances of the player on roll: winning at all, winning double, losing double (0-1 each).

    "Double" is the double game of Toutes tables or the gammon (or better) of backgammon.
    """

    win: float
    win_double: float = 0.0
    lose_double: float = 0.0

    @property
    def equity(self) -> float:
        """Expected points per point at stake (single = 1, double = 2), for the player on roll."""
        return 2.0 * self.win - 1.0 + self.win_double - self.lose_double


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _in_contact(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Can any checker of one side still meet one of the other's?"""
    my_back = max(p for p in range(1, 26) if mine[p]) if any(mine[1:26]) else 0
    their_back = max(p for p in range(1, 26) if theirs[p]) if any(theirs[1:26]) else 0
    # Their point q is my point 25 - q: the sides meet while my rearmost is beyond their rearmost.
    return my_back + their_back > 25


def _pips(side: Sequence[int]) -> int:
    return sum(p * n for p, n in enumerate(side))


def _turns_to_bear_off(side: Sequence[int]) -> float:
    """Rough turns needed to bear off the rest: pips, but never fewer than the checkers allow."""
    on_board = CHECKERS - side[OFF]
    if on_board == 0:
        return 0.0
    gaps = sum(1 for p in range(1, 7) if not side[p] and any(side[p + 1:26]))
    wastage = 0.5 * sum(side[p] for p in (1, 2)) + 0.3 * gaps
    return max((_pips(side) + wastage) / PIPS_PER_TURN, on_board / CHECKERS_PER_TURN) + 0.25


def _turns_to_save_double(side: Sequence[int], rules: RuleSet) -> float:
    """Turns the side needs before it can no longer lose a double game / gammon (0 = already safe)."""
    if side[OFF]:
        return 0.0
    outside = sum((p - 6) * side[p] for p in range(7, 26))
    if rules.backgammon_scoring:
        return outside / PIPS_PER_TURN + 1.0  # all home, then one checker off
    # Toutes tables: a loser with all fifteen home is beaten only singly.
    return outside / PIPS_PER_TURN + (0.5 if outside else 0.0)


def _race_spread(turns: float) -> float:
    return 0.3 + 0.22 * math.sqrt(max(turns, 0.0))


def _save_spread(save_turns: float, finish_turns: float) -> float:
    return 0.1 + 0.2 * math.sqrt(max(save_turns - 1.0, finish_turns - 1.0, 0.0))


def _race_estimate(mine: Sequence[int], theirs: Sequence[int], rules: RuleSet) -> Estimate:
    my_turns = _turns_to_bear_off(mine)
    their_turns = _turns_to_bear_off(theirs)
    spread = _race_spread(max(my_turns, their_turns))
    # On roll, I finish first when I need no more turns than they do.
    win = _logistic((their_turns - my_turns + 0.5) / spread)
    my_save = _turns_to_save_double(mine, rules)
    their_save = _turns_to_save_double(theirs, rules)
    # Saving is a short, nearly certain count of turns: a narrower curve than the whole race.
    lose_double = win_double = 0.0
    if my_save:
        lose_double = _logistic((my_save - their_turns - 0.5) / _save_spread(my_save, their_turns))
    if their_save:
        win_double = _logistic((their_save - my_turns + 0.5) / _save_spread(their_save, my_turns))
    return Estimate(win, min(win_double, win), min(lose_double, 1.0 - win))


def _home_points(side: Sequence[int]) -> int:
    return sum(1 for p in range(1, 7) if side[p] >= 2)


def _structure(side: Sequence[int], other: Sequence[int]) -> float:
    """What ``side``'s checkers are worth in pips beyond the pip count, against ``other``."""
    value = 0.0
    run = best_run = best_end = 0
    for p in range(1, 25):
        n = side[p]
        if n >= 2:
            value += POINT_VALUES[p]
            if n > 3:
                value -= STACK_PENALTY * (n - 3)
            run += 1
            if run > best_run:
                best_run, best_end = run, p
        else:
            run = 0
    if best_run >= 3:
        # A prime only counts while opposing checkers stand behind it (my point q is their 25 - q).
        prime_front = best_end - best_run + 1
        if other[BAR] or any(other[25 - q] for q in range(1, prime_front)):
            value += PRIME_VALUES[min(best_run, 6)]
    # Opposing checkers on the bar, worse for them the more of my home board is closed.
    value += other[BAR] * (3.0 + 1.2 * math.pow(_home_points(side), 1.5))
    return value


def _hit_distances(a: int, b: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Distances a roll can reach with one checker, with the points (as offsets) passed on the way."""
    if a == b:
        return tuple((a * k, tuple(a * j for j in range(1, k))) for k in range(1, 5))
    return ((a, ()), (b, ()), (a + b, (a,)), (a + b, (b,)))


_ROLL_REACH = tuple((_hit_distances(a, b), weight) for a, b, weight in ROLLS)


def _blot_exposure(victim: Sequence[int], shooter: Sequence[int]) -> float:
    """Expected pips (and tempo) ``victim`` loses to ``shooter``'s next roll hitting one of its blots."""
    # Work in the shooter's numbering: the victim's point p is the shooter's 25 - p.
    blots = {25 - p: p for p in range(1, 25) if victim[p] == 1}
    if not blots:
        return 0.0
    blocked = {25 - p for p in range(1, 25) if victim[p] >= 2}
    sources = [BAR] if shooter[BAR] else [s for s in range(1, 26) if shooter[s]]
    board_strength = 2.0 * _home_points(shooter)
    cost = {t: (25 - p) + HIT_TEMPO + board_strength for t, p in blots.items()}
    expected = 0.0
    for reach, weight in _ROLL_REACH:
        worst = 0.0
        for source in sources:
            for distance, stops in reach:
                target = source - distance
                if target in cost and cost[target] > worst and not any(source - s in blocked for s in stops):
                    worst = cost[target]
        expected += weight * worst
    return expected / 36.0


def estimate(position: Position, rules: str | RuleSet = DEFAULT_RULES) -> Estimate:
    """The chances of the player on roll in ``position``, before rolling.

    >>> from toutes_tables import start_position
    >>> 0.5 < estimate(start_position(64)).win < 0.6
    True
    """
    rule_set = get_rules(rules)
    check_instance(position, Position, "position", A_POSITION)
    mine, theirs = position.mine, position.theirs
    if theirs[OFF] == CHECKERS:  # the player who just moved has won
        outcome = rule_set.outcome(position, position.turn.other)
        return Estimate(0.0, 0.0, 1.0 if outcome.multiplier > 1 else 0.0)
    if mine[OFF] == CHECKERS:
        outcome = rule_set.outcome(position, position.turn)
        return Estimate(1.0, 1.0 if outcome.multiplier > 1 else 0.0, 0.0)
    if not _in_contact(mine, theirs):
        return _race_estimate(mine, theirs, rule_set)
    my_pips, their_pips = _pips(mine), _pips(theirs)
    lead = their_pips - my_pips + ON_ROLL_PIPS
    lead += _structure(mine, theirs) - _structure(theirs, mine)
    # Only the side not on roll leaves blots to the coming roll.
    lead += _blot_exposure(theirs, mine)
    spread = 12.0 + 0.08 * (my_pips + their_pips) / 2
    win = _logistic(lead / spread)
    return Estimate(win)


def choose_play(
    position: Position,
    dice: Sequence[int],
    rules: str | RuleSet = DEFAULT_RULES,
    rng: random.Random | None = None,
) -> Play:
    """The play the computer makes; an empty play when none is legal.

    ``rng`` breaks ties between equally good plays (the first one without it).
    """
    plays = legal_plays(position, dice, rules)
    if not plays:
        return Play(position, ())
    rule_set = get_rules(rules)
    best: list[Play] = []
    best_value = -math.inf
    for play in plays:
        value = -estimate(play.result, rule_set).equity
        if value > best_value + 1e-9:
            best, best_value = [play], value
        elif value > best_value - 1e-9:
            best.append(play)
    return rng.choice(best) if rng is not None and len(best) > 1 else best[0]


@dataclasses.dataclass(frozen=True)
class MatchScore:
    """Points each side still needs to win the match: ``(player on roll, opponent)``; ``None`` = money."""

    my_away: int
    their_away: int
    crawford: bool = False


def match_score(match: Match, color: Color) -> MatchScore:
    """``color``'s view of ``match``: the points each side still needs, and whether this is the Crawford game."""
    score = match.score
    return MatchScore(match.length - score[color], match.length - score[color.other], match.game.is_crawford)


def should_double(
    position: Position,
    rules: str | RuleSet = DEFAULT_RULES,
    cube_value: int = 1,
    match: MatchScore | None = None,
) -> bool:
    """Would the player on roll in ``position`` double now? (Legality is the caller's business.)"""
    if match is not None:
        if match.crawford or match.my_away <= cube_value:
            return False  # no cube in the Crawford game; a cube that already wins the match is dead
        if match.their_away == 1:
            return True  # post-Crawford, the trailer doubles at once: the leader's cube is worthless
    est = estimate(position, rules)
    if est.win < 0.68:
        return False
    # Too good to double: play on when the gammon or double game is likely enough to be worth more.
    too_good = est.win > 0.88 and est.win_double > 0.35
    return not too_good


def should_take(
    position: Position,
    rules: str | RuleSet = DEFAULT_RULES,
    cube_value: int = 1,
    match: MatchScore | None = None,
) -> bool:
    """Would the opponent of the player on roll in ``position`` take a double? ``match`` is the taker's view."""
    if match is not None and match.my_away <= cube_value:
        return True  # dropping would lose the match
    est = estimate(position, rules)
    # Taking risks twice the stake: worth it while the taker's equity stays above -1/2 per stake.
    return -est.equity >= -0.5


def cube_decision(game: Game, match: MatchScore | None = None) -> CubeAction:
    """The computer's cube action in ``game`` for whoever must act (see :meth:`ComputerPlayer.cube_decision`)."""
    return ComputerPlayer(game.rules).cube_decision(game, match)


class ComputerPlayer:
    """The simple computer player for one rule set, seeded for reproducible games.

    :meth:`act` makes whatever move a :class:`~toutes_tables.Game` expects of it next.
    """

    def __init__(self, rules: str | RuleSet = DEFAULT_RULES, *, seed: int | None = None,
                 rng: random.Random | None = None) -> None:
        self.rules: RuleSet = get_rules(rules)
        self.rng: random.Random = rng if rng is not None else random.Random(seed)

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.rules.name!r})"

    def choose_play(self, position: Position, dice: Sequence[int]) -> Play:
        return choose_play(position, dice, self.rules, self.rng)

    def cube_decision(self, game: Game, match: MatchScore | None = None) -> CubeAction:
        """``"double"`` or ``"roll"`` before rolling; ``"take"`` or ``"drop"`` facing a double.

        ``match`` is seen by whoever must act. Never ``"double"`` unless the game allows it.
        """
        if game.phase == "double-offered":
            value = game.cube_value * 2
            return "take" if should_take(game.position, self.rules, value, match) else "drop"
        if game.phase == "roll" and game.can_double() and should_double(
            game.position, self.rules, game.cube_value, match
        ):
            return "double"
        return "roll"

    def act(self, game: Game, match: MatchScore | None = None) -> str:
        """Make the game's next expected action for the player who must act; returns what was done."""
        if game.phase == "opening":
            game.roll_opening()
            return "opening roll"
        if game.phase == "move":
            assert game.dice is not None
            play = self.choose_play(game.position, game.dice)
            game.play(play)
            return str(play)
        if game.phase in ("roll", "double-offered"):
            action = self.cube_decision(game, match)
            if action == "double":
                game.offer_double()
            elif action == "take":
                game.take()
            elif action == "drop":
                game.drop()
            else:
                game.roll()
            return action
        raise ValueError(f"the game is over: {game!r}")


__all__ = [
    "ComputerPlayer",
    "CubeAction",
    "Estimate",
    "MatchScore",
    "choose_play",
    "cube_decision",
    "estimate",
    "match_score",
    "should_double",
    "should_take",
]
