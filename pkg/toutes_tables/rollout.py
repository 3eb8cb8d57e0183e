"""Rollouts: candidate plays (or a position before its roll) played out many times by the computer.

A rollout is the strongest judge the engine has, and in the Toutes tables sets the only one
stronger than the evaluation itself: each candidate's position is played to the end, both sides
choosing the evaluation's best play (0-ply), and the results averaged. It runs in chunks
(:meth:`Rollout.run` a few games at a time), so a front end shows its progress and confidence
interval and may stop it whenever it likes.

Three ways, as gnubg's, keep the number of games needed small:

* **The same dice for every candidate** (common random numbers): game ``k`` of every candidate
  is rolled from the same dice, so the difference between two candidates is far steadier than
  either result.
* **Stratified first rolls**: game ``k``'s first roll is roll ``k mod 36`` of the 36 (as gnubg's
  "rotate the first roll"), so every 36 games see each first roll exactly once.
* **Luck-based variance reduction** (``variance_reduction``, on by default): each roll's luck,
  as the review measures it (:func:`toutes_tables.analysis.luck_of_rolls`: the equity after its
  best play minus the average over the 36 rolls), is taken off the result, the mover's luck
  with one sign and the opponent's with the other. The luck averages to zero, so nothing is
  biased, but most of the dice's noise is gone; each play costs 21 times more, which the
  steadier result more than pays for.

Games may be cut after ``truncate`` plies and scored by the evaluation there (faster, but the
result then carries the evaluation's own errors). Results are for the player on roll at the
decision, per unit at stake, cubeless (as the review's equities): single and double games in the
Toutes tables sets, gammons and backgammons in the backgammon sets.

>>> from toutes_tables import Position
>>> race = Position.from_text("white 1:2 / 6:5 5:5 4:4")  # White bears off with any roll: a single game
>>> done = Rollout(race, (6, 5), "backgammon", seed=1, variance_reduction=False).run(4)
>>> [(c.notation, c.mean, c.games) for c in done.candidates]
[('1/off(2)', 1.0, 4)]
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence

from .ai.evaluate import equity
from .ai.network import Network, default_network
from .ai.search import ROLLS, rank_plays
from .movegen import check_dice, legal_plays
from .play import Play, format_play
from .position import CHECKERS, OFF, Position
from .rules import RuleSet, get_rules

MAX_CANDIDATES = 8
MAX_GAMES = 100_000  # a rollout's bound: nothing runs for ever
MAX_PLIES = 400  # a game longer than this is scored where it stands (no real game comes near it)
Z95 = 1.959964  # the normal distribution's two-sided 95 % quantile
# The 36 ordered rolls, for the stratified first roll.
ALL_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


class RolloutError(ValueError):
    """A rollout that cannot be set up: no candidates, too many, a bad bound."""


@dataclasses.dataclass
class CandidateResult:
    """One candidate's rollout so far: the games played, the mean result and its spread."""

    notation: str
    play: Play | None  # None: the position before its roll
    games: int = 0
    total: float = 0.0
    total_squares: float = 0.0
    wins: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0

    @property
    def standard_error(self) -> float:
        """The standard error of the mean (``inf`` before two games)."""
        if self.games < 2:
            return math.inf
        variance = max(0.0, (self.total_squares - self.total * self.total / self.games) / (self.games - 1))
        return math.sqrt(variance / self.games)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % confidence interval of the mean."""
        half = Z95 * self.standard_error
        return (self.mean - half, self.mean + half)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, object]:
        low, high = self.interval
        finite = math.isfinite(self.standard_error)
        return {
            "notation": self.notation,
            "moves": [list(m) for m in self.play.moves] if self.play is not None else [],
            "games": self.games,
            "equity": round(self.mean, 4),
            "standard_error": round(self.standard_error, 4) if finite else None,
            "interval": [round(low, 4), round(high, 4)] if finite else None,
            "win_rate": round(self.win_rate, 4),
        }


class Rollout:
    """A rollout of the plays of ``dice`` in ``position`` (all of them, or ``candidates``), or without dice of the
    position itself before its roll; :meth:`run` plays more games, :attr:`candidates` holds the results so far.

    ``seed`` fixes every die: the same seed gives the same results however the games are chunked.
    """

    def __init__(
        self,
        position: Position,
        dice: Sequence[int] | None,
        rules: str | RuleSet,
        candidates: Sequence[Play] | None = None,
        *,
        seed: int = 0,
        variance_reduction: bool = True,
        truncate: int | None = None,
        network: Network | None = None,
    ) -> None:
        self.rules = get_rules(rules)
        self.position = position
        self.seed = seed
        self.variance_reduction = variance_reduction
        if truncate is not None and not (type(truncate) is int and 1 <= truncate <= MAX_PLIES):
            raise RolloutError(f"truncate is a number of plies 1-{MAX_PLIES} or None, got {truncate!r}")
        self.truncate = truncate
        self.network = network or default_network()
        if position.winner() is not None:
            raise RolloutError(f"the game is over in {position!r}: nothing to roll out")
        self.candidates: list[CandidateResult] = []
        if dice is None:
            if candidates:
                raise RolloutError("candidate plays need the dice they are played with")
            self.candidates.append(CandidateResult("(before the roll)", None))
        else:
            rolled = check_dice(tuple(dice))
            plays = list(candidates) if candidates is not None else legal_plays(position, rolled, self.rules)
            if not plays:
                raise RolloutError(f"no play to roll out with {rolled!r} in {position!r}")
            if len(plays) > MAX_CANDIDATES:
                if candidates is not None:
                    raise RolloutError(f"at most {MAX_CANDIDATES} candidates, got {len(plays)}")
                plays = [s.play for s in rank_plays(position, rolled, self.rules, self.network)[:MAX_CANDIDATES]]
            legal = set(legal_plays(position, rolled, self.rules))
            for play in plays:
                if play not in legal:
                    raise RolloutError(f"{play} is not a legal play of {rolled!r} in {position!r}")
                self.candidates.append(CandidateResult(format_play(position, play.moves), play))

    @property
    def games(self) -> int:
        """Games played so far by each candidate."""
        return self.candidates[0].games

    def run(self, games: int) -> Rollout:
        """Play ``games`` more games of every candidate (same dice for all); returns itself."""
        if type(games) is not int or games < 1:
            raise RolloutError(f"games is a whole number >= 1, got {games!r}")
        if self.games + games > MAX_GAMES:
            raise RolloutError(f"a rollout plays at most {MAX_GAMES} games")
        for _ in range(games):
            k = self.games
            for candidate in self.candidates:
                rng = random.Random(f"{self.seed}:{k}")  # game k's dice: the same for every candidate
                result, won = self._game(candidate, rng, k)
                candidate.games += 1
                candidate.total += result
                candidate.total_squares += result * result
                candidate.wins += won
        return self

    def _best(self, position: Position, dice: tuple[int, int]) -> tuple[Position, float]:
        """The position after the best 0-ply play of ``dice`` (or the pass), and its equity for the mover."""
        ranked = rank_plays(position, dice, self.rules, self.network)
        if ranked:
            return ranked[0].play.result, ranked[0].equity
        after = position.swapped()
        return after, -equity(after, self.rules, self.network)

    def _luck(self, position: Position, dice: tuple[int, int], value: float) -> float:
        """The luck of ``dice`` for the player on roll, whose best play of it is worth ``value``."""
        total = 0.0
        for roll, weight in ROLLS:
            total += weight * (value if sorted(roll) == sorted(dice) else self._best(position, roll)[1])
        return value - total / 36.0

    def _game(self, candidate: CandidateResult, rng: random.Random, k: int) -> tuple[float, int]:
        """One game from the candidate: the result for the decision's player (luck taken off) and whether he won."""
        if candidate.play is None:
            position, sign = self.position, 1.0  # the decision's player rolls first
        else:
            position, sign = candidate.play.result, -1.0  # the opponent rolls first
        correction = 0.0
        plies = 0
        while True:
            if position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS:
                value = equity(position, self.rules, self.network)  # exact: the game is over
                return sign * value - correction, int(sign * value > 0)
            if self.truncate is not None and plies >= self.truncate or plies >= MAX_PLIES:
                value = equity(position, self.rules, self.network)
                return sign * value - correction, int(sign * value > 0)
            dice = ALL_ROLLS[k % 36] if plies == 0 else (rng.randint(1, 6), rng.randint(1, 6))
            after, value = self._best(position, dice)
            if self.variance_reduction:
                correction += sign * self._luck(position, dice, value)
            position, sign = after, -sign
            plies += 1


def rollout(
    position: Position,
    dice: Sequence[int] | None,
    rules: str | RuleSet,
    games: int = 36,
    **options: object,
) -> list[CandidateResult]:
    """Roll out ``games`` games of each candidate (see :class:`Rollout` for ``options``), best first."""
    done = Rollout(position, dice, rules, **options).run(games)  # type: ignore[arg-type]
    return sorted(done.candidates, key=lambda c: -c.mean)


__all__ = ["CandidateResult", "Rollout", "RolloutError", "rollout"]
