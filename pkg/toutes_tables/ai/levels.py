"""Named playing levels, from a beginner to the strongest, and the one call that plays a move.

Weaker levels make the mistakes a person makes, not random ones: each candidate play's equity
gets Gaussian noise (so close plays are confused often and clearly worse plays rarely), and
they do not look ahead. The expert looks one roll ahead on its best few candidates, and two rolls
ahead on its best two when that look changed its mind and left them close; the world class level,
the strongest, looks one roll ahead on more of them, then two rolls ahead on the closest few of
those (for the analysis board, where a few seconds are worth it). Both search as far as two
budgets allow: an **evaluation budget** (network evaluations, the same answer on every machine:
24,000 for the expert, 40,000 for the world class level, about what their time budgets allow in a
browser on a quiet machine) and a **time budget** (2 s and 4 s, for a slow phone or a loaded
machine, where it is reached first). ``dataclasses.replace(level, time_budget=None)`` plays the same
move every time, as a seeded session and the benchmarks do.

>>> from toutes_tables import start_position
>>> str(choose_play(start_position(64), (3, 1), "backgammon", "expert"))
'8/5 6/5'
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from ..play import Play
from ..position import Position
from ..rules import RuleSet, get_rules
from .network import Network
from .search import ScoredPlay, rank_plays, rank_plays_deeper, rank_plays_deepest


@dataclasses.dataclass(frozen=True)
class Level:
    """How a level plays: its search depth and the noise (standard deviation, in equity) on each play's score."""

    name: str
    title: str
    ply: int  # 0: evaluate the plays' results; 1: and look one roll ahead on the best candidates; 2: two
    noise: float
    candidates: int = 4  # plays searched deeper at ply 1...
    margin: float = 0.15  # ... when within this equity of the 0-ply best
    deep_candidates: int = 3  # at ply 2: the best plays of the 1-ply ranking looked at two rolls ahead...
    deep_margin: float = 0.08  # ... when within this equity of the 1-ply best...
    deep_when_changed: bool = False  # ... and (when True) only if the 1-ply best is not the 0-ply best
    # Seconds the deeper search may take: the candidates are searched best first until it is spent
    # (see rank_plays_deeper). It depends on the machine and its load; None: no time limit.
    time_budget: float | None = None
    # Network evaluations the deeper search may make, checked where the time budget is (see rank_plays_deepest):
    # the same answer on every machine. None with no time budget either searches every candidate.
    evaluation_budget: int | None = None

    def rank(
        self, position: Position, dice: Sequence[int], rules: str | RuleSet, network: Network | None = None
    ) -> list[ScoredPlay]:
        """The legal plays scored at this level's depth (without noise), best first (``network``: the default one
        when None; the review passes its cached one, so it searches exactly as the level plays)."""
        if self.ply >= 2:
            return rank_plays_deepest(
                position,
                dice,
                rules,
                candidates=self.candidates,
                margin=self.margin,
                deep_candidates=self.deep_candidates,
                deep_margin=self.deep_margin,
                time_budget=self.time_budget,
                evaluation_budget=self.evaluation_budget,
                deep_when_changed=self.deep_when_changed,
                network=network,
            )
        if self.ply >= 1:
            return rank_plays_deeper(
                position,
                dice,
                rules,
                candidates=self.candidates,
                margin=self.margin,
                network=network,
                time_budget=self.time_budget,
                evaluation_budget=self.evaluation_budget,
            )
        return rank_plays(position, dice, rules, network)

    def choose(
        self, position: Position, dice: Sequence[int], rules: str | RuleSet, rng: random.Random | None = None
    ) -> Play | None:
        """This level's play (``None`` when no play is possible)."""
        scored = self.rank(position, dice, get_rules(rules))
        if not scored:
            return None
        if not self.noise:
            return scored[0].play
        source = rng if rng is not None else random.Random()
        return max(scored, key=lambda s: s.equity + source.gauss(0.0, self.noise)).play


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("beginner", "Beginner", ply=0, noise=0.15),
        Level("intermediate", "Intermediate", ply=0, noise=0.05),
        Level("advanced", "Advanced", ply=0, noise=0.0),
        # 1-ply on its best 4 within 0.15, then 2-ply on its best 2 when they are within 0.015 and the 1-ply look
        # changed the 0-ply best play (one decision in ten on gnubg's games): 3.31 -> 2.43 mp a decision, under
        # gnubg 0-ply's 2.73 (docs/benchmarks.md, gnubg 2-ply judge), without a budget. Its budgets: 24,000
        # evaluations, about 2 s in a quiet browser (83 us an evaluation with the search around it, Pyodide,
        # docs/benchmarks.md), which cuts only the longest 2-ply looks (1 decision in 300 on gnubg's games); and
        # 2 s, kept for a slow phone or a loaded machine, where the time runs out first.
        Level(
            "expert", "Expert", ply=2, noise=0.0, deep_candidates=2, deep_margin=0.015, deep_when_changed=True,
            time_budget=2.0, evaluation_budget=24_000,
        ),
        # 40,000 evaluations and 4 s per move on close decisions (the 2-ply look; its evaluations cost 1.2 times
        # the expert's with its search around them, so about 4 s in a quiet browser). Wider than the expert at 1-ply
        # (its best 8 plays within 0.3): alone that made the expert worse (the 1-ply look overrates some plays
        # the 0-ply ranking rightly put low), but followed by the 2-ply look on the closest 3 it brought the
        # error from 2.08 to 1.39 mp a decision, 0.51 x gnubg 0-ply's (docs/benchmarks.md, gnubg 2-ply judge).
        Level("world-class", "World class", ply=2, noise=0.0, candidates=8, margin=0.3, time_budget=4.0,
              evaluation_budget=40_000),
    )
}
DEFAULT_LEVEL = "expert"


def get_level(level: str | Level) -> Level:
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[level]
    except (KeyError, TypeError):
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}") from None


def choose_play(
    position: Position,
    dice: Sequence[int],
    rules: str | RuleSet,
    level: str | Level = DEFAULT_LEVEL,
    rng: random.Random | None = None,
) -> Play | None:
    """The play the computer makes at ``level`` (``None`` when no play is possible)."""
    return get_level(level).choose(position, dice, rules, rng)
