"""Rollouts: candidate plays, a position before its roll, or its cube actions, played out many times by the computer.

A rollout is the strongest judge the engine has, and in the Toutes tables sets the only one
stronger than the evaluation itself: each candidate's position is played to the end, both sides
choosing the evaluation's best play (0-ply), and the results averaged. It runs in chunks
(:meth:`Rollout.run` a few games at a time, within a bounded amount of work), so a front end
shows its progress and confidence interval and may stop it whenever it likes.

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
  biased, but most of the dice's noise is gone; each play costs 22 rankings instead of one,
  which the steadier result more than pays for.

Games may be cut after ``truncate`` plies and scored by the evaluation there (faster, but the
result then carries the evaluation's own errors). :class:`Rollout`'s results are for the player
on roll at the decision, per unit at stake, cubeless (as the review's equities): single and
double games in the Toutes tables sets, gammons and backgammons in the backgammon sets.

**Cube actions** (:class:`CubeRollout`, backgammon sets): no double, double/take and
double/pass played out from a position before its roll, cubeful: both sides double, take and
pass during the games as the computer's 0-ply cube advice says (:func:`toutes_tables.ai.cube.cube_advice`),
and in a match each game's result is the match-winning chance of the score it leaves, from
the project's match equity table (:mod:`toutes_tables.ai.met`). Results are normalised as
the cube advice's: double/pass is +1.0 (in money play, points per the cube's value at the
decision). The same three ways reduce the variance (the luck of a roll is counted at the
cube's value then). A truncated game is scored by the cube advice's cubeful equity of the
best cube action where it stops.

**Bounds.** Nothing runs for minutes: a rollout has at most :data:`MAX_CANDIDATES` candidates
and :data:`MAX_GAMES` games, a game at most :data:`MAX_PLIES` plies, and one :meth:`Rollout.run`
asks for at most :data:`MAX_RUN_GAMES` games and does at most ``budget`` (at most
:data:`MAX_RUN_WORK`) units of work, candidates x games x plies: a ply is one ranking of a
roll's plays, 22 with variance reduction, one more for a cube decision (a ranking takes about
3 ms in CPython, so a run stops within about 6 s, a few times that in the browser). A run that
reaches its budget stops in the middle of a game and the next run takes that game up where it
stood, so results do not depend on how the games are chunked. A request over a bound raises
:class:`RolloutBoundError` naming it.

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

from .ai.cube import CubeAdvice, CubeState, cube_action, cube_advice, cube_verdict, normalised_match_equity
from .ai.evaluate import equity
from .ai.met import default_table
from .ai.network import Network, default_network
from .ai.search import ROLLS, rank_plays
from .errors import shown
from .checks import A_CUBE_STATE, A_POSITION, check_instance
from .messages import DEFAULT_LANGUAGE, check_language, colour_word, worded
from .movegen import check_dice, legal_plays
from .play import Play, format_play
from .position import CHECKERS, OFF, Color, Position
from .rollout_bounds import MAX_CANDIDATES, MAX_PLIES, MAX_RUN_WORK
from .rules import MAX_CUBE, RuleSet, get_rules

MAX_GAMES = 100_000  # a rollout's bound: nothing runs for ever
MAX_RUN_GAMES = 1296  # games one run may ask for (36 x 36)
MAX_SEED = 2**63
LUCK_WORK = len(ROLLS)  # the rankings variance reduction adds to a ply: the other 21 rolls
CUBE_LEVEL = "advanced"  # the cube advice inside a cube rollout: 0-ply, as the checker play
Z95 = 1.959964  # the normal distribution's two-sided 95 % quantile
# The 36 ordered rolls, for the stratified first roll.
ALL_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))

NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS = "No double", "Double, take", "Double, pass"


def shown_figure(value: float) -> float:
    """A rollout's figure as it is handed out (4 places, as the review's): the candidates' and the search's alike."""
    return round(value, 4)


class RolloutError(ValueError):
    """A rollout that cannot be set up: no candidates, a bad argument, nothing to roll out."""


class RolloutBoundError(RolloutError):
    """A request over one of the rollout's bounds (games, work, candidates, plies); the message names the input."""


@dataclasses.dataclass
class CandidateResult:
    """One candidate's rollout so far: the games played, the mean result and its spread."""

    notation: str
    play: Play | None  # None: the position before its roll, or a cube action
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

    def add(self, result: float, won: bool) -> None:
        self.games += 1
        self.total += result
        self.total_squares += result * result
        self.wins += won

    def to_json(self) -> dict[str, object]:
        low, high = self.interval
        finite = math.isfinite(self.standard_error)
        return {
            "notation": self.notation,
            "moves": [list(m) for m in self.play.moves] if self.play is not None else [],
            "games": self.games,
            "equity": shown_figure(self.mean),
            "standard_error": shown_figure(self.standard_error) if finite else None,
            "interval": [shown_figure(low), shown_figure(high)] if finite else None,
            "win_rate": shown_figure(self.win_rate),
        }


@dataclasses.dataclass
class _Trial:
    """One game of one candidate in progress: where it stands, kept between runs."""

    position: Position  # its player on roll moves next
    sign: float  # +1.0 when the player on roll is the decision's player
    rng: random.Random
    first_roll: tuple[int, int]
    correction: float = 0.0  # the luck taken off so far, for the decision's player
    plies: int = 0
    cube: int = 1  # cube rollouts: the cube's value and owner now
    owner: Color | None = None
    turned: bool = False


def _checked_options(seed: object, variance_reduction: object, truncate: object, network: object) -> None:
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        raise worded(RolloutError, "rollout.seed", seed=shown(seed))
    if type(variance_reduction) is not bool:
        raise worded(RolloutError, "rollout.variance_reduction", value=shown(variance_reduction))
    if truncate is not None and not (type(truncate) is int and 1 <= truncate <= MAX_PLIES):
        raise worded(RolloutBoundError, "rollout.truncate", most=MAX_PLIES, truncate=shown(truncate))
    if network is not None and not isinstance(network, Network):
        raise worded(RolloutError, "rollout.network", kind=type(network).__name__, network=shown(network))


class _Rollouts:
    """What every rollout shares: the candidates, the seeded dice, the chunked and bounded runs, the luck."""

    def __init__(
        self,
        position: object,
        rules: object,
        seed: object,
        variance_reduction: object,
        truncate: object,
        network: object,
    ) -> None:
        self.position = check_instance(position, Position, "position", A_POSITION)
        self.rules = get_rules(rules)  # type: ignore[arg-type]  # get_rules names a bad rules itself
        _checked_options(seed, variance_reduction, truncate, network)
        self.seed: int = seed  # type: ignore[assignment]
        self.variance_reduction: bool = variance_reduction  # type: ignore[assignment]
        self.truncate: int | None = truncate  # type: ignore[assignment]
        self.network: Network = network or default_network()  # type: ignore[assignment]
        if self.position.winner() is not None:
            raise worded(RolloutError, "rollout.game_over", position=repr(self.position))
        self.candidates: list[CandidateResult] = []
        self._next = 0  # the candidate whose game is played next (every candidate plays game k before k + 1)
        self._trial: _Trial | None = None

    @property
    def games(self) -> int:
        """Games finished by every candidate (some may have finished one more, or be in the middle of one)."""
        return min(c.games for c in self.candidates)

    @property
    def in_progress(self) -> bool:
        """A run stopped at its budget in the middle of a game (the next run takes it up)."""
        return self._trial is not None or any(c.games != self.candidates[0].games for c in self.candidates)

    def run(self, games: int = 1, budget: int = MAX_RUN_WORK) -> _Rollouts:
        """Play up to ``games`` more games of every candidate (the same dice for all), stopping when ``budget`` units
        of work are done (see the module's "Bounds"); returns itself. At least one ply is played."""
        if type(games) is not int or games < 1:
            raise worded(RolloutError, "rollout.games", games=shown(games))
        if games > MAX_RUN_GAMES:
            raise worded(RolloutBoundError, "rollout.run_games", most=MAX_RUN_GAMES, games=games)
        if self.games + games > MAX_GAMES:
            raise worded(RolloutBoundError, "rollout.total_games", most=MAX_GAMES, played=self.games, games=games)
        if type(budget) is not int or not 1 <= budget <= MAX_RUN_WORK:
            raise worded(RolloutBoundError, "rollout.budget", most=MAX_RUN_WORK, budget=shown(budget))
        target = self.games + games
        spent = 0
        while self.candidates[-1].games < target:
            candidate = self.candidates[self._next]
            if self._trial is None:
                self._trial = self._begin(candidate, candidate.games)
            trial = self._trial
            finished = self._finish(candidate, trial)
            if finished is None:
                cost = self._ply_cost(trial)
                if spent and spent + cost > budget:
                    break
                spent += cost
                finished = self._ply(candidate, trial)
            if finished is not None:
                result, won = finished
                candidate.add(result, won)
                self._trial = None
                self._next = (self._next + 1) % len(self.candidates)
        return self

    # -- one game, ply by ply (the subclasses say how a game starts, ends and scores) ------

    def _begin(self, candidate: CandidateResult, k: int) -> _Trial:
        raise NotImplementedError

    def _finish(self, candidate: CandidateResult, trial: _Trial) -> tuple[float, bool] | None:
        """The result of the trial if its game is over (or cut), else None."""
        raise NotImplementedError

    def _ply_cost(self, trial: _Trial) -> int:
        return 1 + (LUCK_WORK if self.variance_reduction else 0)

    def _ply(self, candidate: CandidateResult, trial: _Trial) -> tuple[float, bool] | None:
        """Roll and play one turn of the trial (a subclass may end the game before the roll)."""
        self._roll_and_play(trial, 1.0)
        return None

    def _dice(self, trial: _Trial) -> tuple[int, int]:
        return trial.first_roll if trial.plies == 0 else (trial.rng.randint(1, 6), trial.rng.randint(1, 6))

    def _roll_and_play(self, trial: _Trial, luck_scale: float) -> None:
        dice = self._dice(trial)
        after, value = self._best(trial.position, dice)
        if self.variance_reduction:
            trial.correction += trial.sign * luck_scale * self._luck(trial.position, dice, value)
        trial.position, trial.sign = after, -trial.sign
        trial.plies += 1

    def _cut(self, trial: _Trial) -> bool:
        return trial.plies >= MAX_PLIES or self.truncate is not None and trial.plies >= self.truncate

    def _new_trial(self, position: Position, sign: float, k: int) -> _Trial:
        rng = random.Random(f"{self.seed}:{k}")  # game k's dice: the same for every candidate
        return _Trial(position, sign, rng, ALL_ROLLS[k % 36])

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


def _game_over(position: Position) -> bool:
    return position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS


class Rollout(_Rollouts):
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
        super().__init__(position, rules, seed, variance_reduction, truncate, network)
        position = self.position
        if candidates is not None and not isinstance(candidates, (list, tuple)):
            raise worded(RolloutError, "rollout.candidates", candidates=shown(candidates))
        if dice is None:
            if candidates:
                raise worded(RolloutError, "rollout.candidates_dice")
            self.candidates.append(CandidateResult("(before the roll)", None))
            return
        rolled = check_dice(dice)
        plays = list(candidates) if candidates is not None else legal_plays(position, rolled, self.rules)
        if not plays:
            raise worded(RolloutError, "rollout.no_play", dice=repr(rolled), position=repr(position))
        if len(plays) > MAX_CANDIDATES:
            if candidates is not None:
                raise worded(RolloutBoundError, "rollout.too_many_candidates", most=MAX_CANDIDATES, count=len(plays))
            plays = [s.play for s in rank_plays(position, rolled, self.rules, self.network)[:MAX_CANDIDATES]]
        legal = set(legal_plays(position, rolled, self.rules))
        for play in plays:
            if not isinstance(play, Play) or play not in legal:
                raise worded(RolloutError, "rollout.illegal_candidate", play=shown(play), dice=repr(rolled),
                             position=repr(position))
            self.candidates.append(CandidateResult(format_play(position, play.moves), play))

    def run(self, games: int = 1, budget: int = MAX_RUN_WORK) -> Rollout:
        super().run(games, budget)
        return self

    def _begin(self, candidate: CandidateResult, k: int) -> _Trial:
        if candidate.play is None:
            return self._new_trial(self.position, 1.0, k)  # the decision's player rolls first
        return self._new_trial(candidate.play.result, -1.0, k)  # the opponent rolls first

    def _finish(self, candidate: CandidateResult, trial: _Trial) -> tuple[float, bool] | None:
        if not (_game_over(trial.position) or self._cut(trial)):
            return None
        value = trial.sign * equity(trial.position, self.rules, self.network)  # exact when the game is over
        return value - trial.correction, value > 0


class CubeRollout(_Rollouts):
    """A cubeful rollout of the cube actions of the player on roll in ``position``, before his roll: no double,
    double/take and double/pass (a backgammon set; ``cube`` as the player on roll sees it, match score and all).

    Results (:attr:`candidates`, in that order) are normalised as :func:`~toutes_tables.ai.cube.cube_advice`'s:
    double/pass is exactly +1.0 and is not played out. :attr:`verdict` reads the rolled-out equities as the
    cube advice reads its own. :attr:`advice` is the 0-ply cube advice of the position, for comparison. Both
    verdicts are in ``lang`` (the message catalogues' ``cube.verdict.*``).
    """

    def __init__(
        self,
        position: Position,
        rules: str | RuleSet,
        cube: CubeState | None = None,
        *,
        seed: int = 0,
        variance_reduction: bool = True,
        truncate: int | None = None,
        network: Network | None = None,
        lang: str = DEFAULT_LANGUAGE,
    ) -> None:
        super().__init__(position, rules, seed, variance_reduction, truncate, network)
        self.lang = check_language(lang)
        if not self.rules.cube:
            raise worded(RolloutError, "rollout.no_cube", rules=self.rules.title)
        self.cube = CubeState() if cube is None else check_instance(cube, CubeState, "cube", A_CUBE_STATE)
        if self.cube.player is not None and self.cube.player is not self.position.turn:
            raise worded(RolloutError, "rollout.cube_player", seen=colour_word(self.cube.player),
                         turn=colour_word(self.position.turn))
        self.advice = cube_advice(self.position, self.rules, self.cube, CUBE_LEVEL, self.lang)
        if not self.advice.may_double:
            raise worded(RolloutError, "rollout.no_cube_action", reason=self.advice.reason)
        me = self.position.turn
        self._owner = self.cube.owner
        self._me = me
        self._match = self.cube.is_match
        if self._match:
            self._post_crawford = 1 in self.cube.away
        self.candidates = [CandidateResult(name, None) for name in (NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS)]

    def run(self, games: int = 1, budget: int = MAX_RUN_WORK) -> CubeRollout:
        super().run(games, budget)
        return self

    @property
    def verdict(self) -> str:
        """The rolled-out verdict in the cube advice's words ("No double, take", "Double, pass", "Too good to ...")."""
        double, take, too_good = cube_action(*(c.mean for c in self.candidates))
        # the player on roll may double (checked at the start): an owned cube is his
        return cube_verdict(double, take, too_good=too_good, redouble=self.cube.owner is not None, lang=self.lang)

    def search_to_json(self) -> dict[str, object]:
        """The 0-ply cube advice the rollout is compared with: its verdict and its equities, named as the candidates
        and to the same places (:func:`shown_figure`)."""
        advice = self.advice
        equities = (advice.no_double, advice.double_take, advice.double_drop)
        return {
            "verdict": advice.verdict,
            "equities": {c.notation: shown_figure(e) for c, e in zip(self.candidates, equities, strict=True)},
        }

    # -- the scores: points (money) or match-winning chances, normalised as the cube advice -------------

    def _normalised(self, mine: float) -> float:
        """The decision player's result in the advice's units: ``mine`` is points (money) or his MWC (match)."""
        if not self._match:
            return mine / self.cube.value
        return normalised_match_equity(self.cube, mine)

    def _scored(self, winner_is_me: bool, points: int) -> float:
        """The decision player's points (money) or MWC (match) when a game ends with ``points`` to one side."""
        if not self._match:
            return float(points if winner_is_me else -points)
        a, b = self.cube.away
        if winner_is_me:
            return default_table().mwc(a - points, b, self._post_crawford)
        return default_table().mwc(a, b - points, self._post_crawford)

    def _state(self, trial: _Trial) -> CubeState:
        """The cube as the player on roll in the trial sees it."""
        mover_is_me = trial.sign > 0
        a, b = self.cube.away
        return CubeState(
            value=trial.cube,
            owner=trial.owner,
            match_length=self.cube.match_length,
            away=((a, b) if mover_is_me else (b, a)) if self._match else (0, 0),
            jacoby=self.cube.jacoby and not trial.turned,
            player=trial.position.turn,
        )

    def _result(self, trial: _Trial, mine: float) -> tuple[float, bool]:
        value = self._normalised(mine)
        return value - trial.correction, value > 0

    def _begin(self, candidate: CandidateResult, k: int) -> _Trial:
        trial = self._new_trial(self.position, 1.0, k)
        trial.cube, trial.owner, trial.turned = self.cube.value, self._owner, False
        if candidate.notation == DOUBLE_TAKE:
            trial.cube, trial.owner, trial.turned = 2 * self.cube.value, self._me.other, True
        return trial

    def _finish(self, candidate: CandidateResult, trial: _Trial) -> tuple[float, bool] | None:
        if candidate.notation == DOUBLE_PASS:
            return 1.0, True  # exact: the opponent passes, the decision's player scores the cube
        position = trial.position
        winner = position.winner()
        if winner is not None:
            outcome = self.rules.outcome(position, winner)
            single = self.cube.jacoby and not trial.turned  # the Jacoby rule: no gammons before the cube is turned
            points = (1 if single else outcome.multiplier) * trial.cube
            return self._result(trial, self._scored(winner is self._me, points))
        if not self._cut(trial):
            return None
        # Cut: the cubeful equity of the best cube action of the player on roll, as the advice sees it.
        advice = cube_advice(position, self.rules, self._state(trial), CUBE_LEVEL)
        return self._result(trial, self._cut_value(trial, advice))

    def _cut_value(self, trial: _Trial, advice: CubeAdvice) -> float:
        mover_is_me = trial.sign > 0
        if self._match:
            assert advice.match_winning_chances is not None
            nd, dt, dp = advice.match_winning_chances
            mwc = max(nd, min(dt, dp)) if advice.may_double else nd
            return mwc if mover_is_me else 1.0 - mwc
        best = advice.no_double
        if advice.may_double:
            best = max(best, min(advice.double_take, advice.double_drop))
        points = best * trial.cube
        return points if mover_is_me else -points

    def _ply_cost(self, trial: _Trial) -> int:
        return super()._ply_cost(trial) + 1

    def _ply(self, candidate: CandidateResult, trial: _Trial) -> tuple[float, bool] | None:
        if trial.plies > 0 and trial.cube < MAX_CUBE:  # the first roll is the candidate's: no double, or taken
            advice = cube_advice(trial.position, self.rules, self._state(trial), CUBE_LEVEL)
            if advice.may_double and advice.double:
                mover_is_me = trial.sign > 0
                if not advice.take:  # passed: the mover scores the cube as it was
                    return self._result(trial, self._scored(mover_is_me, trial.cube))
                trial.cube, trial.owner, trial.turned = 2 * trial.cube, trial.position.turn.other, True
        # The luck at the cube's value then, in the decision's units: its mean stays zero, so nothing is biased.
        self._roll_and_play(trial, trial.cube / self.cube.value)
        return None


def rollout(
    position: Position,
    dice: Sequence[int] | None,
    rules: str | RuleSet,
    games: int = 36,
    **options: object,
) -> list[CandidateResult]:
    """Roll out up to ``games`` games of each candidate in one bounded run (see :class:`Rollout` for ``options`` and
    the module's "Bounds"), best first."""
    done = Rollout(position, dice, rules, **options).run(games)  # type: ignore[arg-type]
    return sorted(done.candidates, key=lambda c: -c.mean)


__all__ = [
    "DOUBLE_PASS", "DOUBLE_TAKE", "MAX_CANDIDATES", "MAX_GAMES", "MAX_PLIES", "MAX_RUN_GAMES", "MAX_RUN_WORK",
    "NO_DOUBLE", "CandidateResult", "CubeRollout", "Rollout", "RolloutBoundError", "RolloutError", "rollout",
]
