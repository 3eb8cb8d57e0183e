"""Choosing a play: every legal play scored by the evaluation (0-ply), the best few looked at one or two rolls deeper.

* **0-ply**: a play is worth the equity of the position it leaves (:func:`.evaluate.equity_after`).
* **1-ply**: for the best candidates by 0-ply, the opponent's 21 rolls are played out, the
  opponent answering each with its own best 0-ply play, and the play is worth the average
  (rolls weighted 1/36 or 2/36) of the mover's equity in the positions reached.
* **2-ply**: for the closest few of those, each of the opponent's answers (still his best by
  0-ply, as gnubg chooses them) is itself judged at 1-ply: the mover's 21 next rolls, each
  answered by his best 0-ply play. About 21 times the work of a 1-ply look, so only close
  decisions get it (:func:`rank_plays_deepest`).

In the bear-off databases' reach (both sides all home, :mod:`.bearoff`) the 0-ply ranking is
already the databases' exact one, so no deeper search is made.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar

from ..movegen import legal_plays
from ..play import Play
from ..position import CHECKERS, OFF, Position
from ..rules import RuleSet, get_rules
from . import bearoff
from .evaluate import equity, equity_after, unfinished_equity
from .network import Network, default_network

# The 21 distinct rolls and their weight out of 36.
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)

# Positions seen in one search, the mover on roll (its two sides: hashing the turn's enum is slow).
Known = dict[tuple[tuple[int, ...], tuple[int, ...]], float]

# The budgets that cut the searches made under watching_cuts() (None: nobody is watching).
_cuts: ContextVar[list[str] | None] = ContextVar("search_cuts", default=None)
EVALUATIONS, TIME = "evaluations", "time"


@contextlib.contextmanager
def watching_cuts() -> Iterator[list[str]]:
    """Collect, in the list it yields, the budget (``EVALUATIONS`` or ``TIME``) each time one stops a search made
    inside (a candidate not searched deeper, a 2-ply look given up): empty when no budget cut anything, whatever
    the time the search took (the analysis board says a search was cut only when one was)."""
    cuts: list[str] = []
    token = _cuts.set(cuts)
    try:
        yield cuts
    finally:
        _cuts.reset(token)


def _stopped(known: Known, evaluation_budget: int | None, past_deadline: bool) -> bool:
    """Whether a budget stops the search here (``evaluation_budget`` spent, or ``past_deadline``); which one is
    told to :func:`watching_cuts`."""
    spent = _spent(known, evaluation_budget)
    if not (spent or past_deadline):
        return False
    cuts = _cuts.get()
    if cuts is not None:
        cuts.append(EVALUATIONS if spent else TIME)
    return True


@dataclasses.dataclass(frozen=True)
class ScoredPlay:
    """A legal play and its equity for the mover (cubeless, per unit at stake), with the depth that scored it."""

    play: Play
    equity: float
    ply: int


def rank_plays(
    position: Position, dice: Sequence[int], rules: str | RuleSet, network: Network | None = None
) -> list[ScoredPlay]:
    """Every legal play with its 0-ply equity, best first (empty when no play is possible)."""
    rule_set = get_rules(rules)
    net = network or default_network()
    scored = [
        ScoredPlay(play, equity_after(play.result, rule_set, net), 0) for play in legal_plays(position, dice, rule_set)
    ]
    scored.sort(key=lambda s: -s.equity)
    return scored


def one_ply_equity(result: Position, rules: RuleSet, network: Network, known: Known | None = None) -> float:
    """The mover's equity of ``result`` (opponent on roll) after each opponent roll and best 0-ply answer.

    ``known`` maps positions (the mover on roll, by their two sides) to their 0-ply equity: the candidates of one
    search share about one reply position in ten, so :func:`rank_plays_deeper` passes one dict.
    """
    if result.theirs[OFF] == CHECKERS:
        return equity_after(result, rules, network)
    if known is None:
        known = {}
    total = 0.0
    for dice, weight in ROLLS:
        plays = legal_plays(result, dice, rules)
        if plays:
            # The opponent picks the play leaving the original mover (then on roll) the least.
            mover_value = min(_mover_equity(play.result, rules, network, known) for play in plays)
        else:
            mover_value = _mover_equity(result.swapped(), rules, network, known)
        total += weight * mover_value
    return total / 36.0


def two_ply_equity(result: Position, rules: RuleSet, network: Network, known: Known | None = None) -> float:
    """The mover's equity of ``result`` (opponent on roll), two rolls deep.

    For each of the opponent's 21 rolls he plays his best 0-ply play, and the position it
    leaves (the mover on roll) is worth :func:`one_ply_equity` from the opponent's side, negated:
    the mover's 21 rolls, each answered by his best 0-ply play.
    """
    value = _two_ply(result, rules, network, {} if known is None else known, None)
    assert value is not None  # no deadline, so never given up
    return value


def _two_ply(
    result: Position,
    rules: RuleSet,
    network: Network,
    known: Known,
    deadline: float | None,
    evaluation_budget: int | None = None,
) -> float | None:
    """:func:`two_ply_equity`, or None if, before one of the opponent's rolls, the clock has passed ``deadline`` (a
    ``time.perf_counter`` value) or the search has made ``evaluation_budget`` evaluations (``known``'s size)."""
    if result.theirs[OFF] == CHECKERS:
        return equity_after(result, rules, network)
    total = 0.0
    for dice, weight in ROLLS:
        if _stopped(known, evaluation_budget, deadline is not None and time.perf_counter() > deadline):
            return None
        plays = legal_plays(result, dice, rules)
        if plays:
            reached = min(plays, key=lambda play: _mover_equity(play.result, rules, network, known)).result
        else:
            reached = result.swapped()
        total += weight * -one_ply_equity(reached, rules, network, known)
    return total / 36.0


def _spent(known: Known, evaluation_budget: int | None) -> bool:
    """Whether a search that has remembered ``known`` has made its ``evaluation_budget`` of evaluations (None: none)."""
    return evaluation_budget is not None and len(known) >= evaluation_budget


def _mover_equity(position: Position, rules: RuleSet, network: Network, known: Known) -> float:
    """:func:`.evaluate.equity` of ``position``, remembered in ``known``: one entry per evaluation the search made,
    so ``len(known)`` is its count (what an evaluation budget counts)."""
    mine, theirs = key = position.mine, position.theirs
    value = known.get(key)
    if value is None:
        if mine[OFF] == CHECKERS or theirs[OFF] == CHECKERS:
            value = equity(position, rules, network)
        else:
            value = unfinished_equity(mine, theirs, rules, network)
        known[key] = value
    return value


def rank_plays_deeper(
    position: Position,
    dice: Sequence[int],
    rules: str | RuleSet,
    candidates: int = 4,
    margin: float = 0.15,
    network: Network | None = None,
    time_budget: float | None = None,
    evaluation_budget: int | None = None,
) -> list[ScoredPlay]:
    """Plays ranked by 1-ply for the best ``candidates`` within ``margin`` of the 0-ply best, then the rest by 0-ply.

    The deeper-searched plays come first (best first), the others after them in 0-ply order.
    The candidates are searched in 0-ply order, and with a budget no further one is started once
    it is spent (the first always is searched): the ``evaluation_budget``, a count of the network
    evaluations the 1-ply looks have made (positions evaluated, each once: the 0-ply ranking of the
    plays is not counted), gives the same answer on every machine; the ``time_budget`` (seconds,
    counted from the call) depends on the machine and its load. Without either, every candidate is
    searched. A budget of N evaluations makes at most N - 1 plus one 1-ply look's (the last
    candidate started): see :func:`rank_plays_deepest`.
    """
    began = time.perf_counter()
    rule_set = get_rules(rules)
    net = network or default_network()
    shallow = rank_plays(position, dice, rule_set, net)
    return _one_ply_ranked(
        position, shallow, rule_set, net, candidates, margin, time_budget, began, {}, evaluation_budget
    )


def _one_ply_ranked(
    position: Position,
    shallow: list[ScoredPlay],
    rules: RuleSet,
    network: Network,
    candidates: int,
    margin: float,
    time_budget: float | None,
    began: float,
    known: Known,
    evaluation_budget: int | None,
) -> list[ScoredPlay]:
    """:func:`rank_plays_deeper` from the 0-ply ranking ``shallow``, the clock started at ``began``, the evaluations
    counted in ``known``."""
    if len(shallow) <= 1 or bearoff.applies(position.mine, position.theirs):
        return shallow
    best = shallow[0].equity
    chosen = [s for s in shallow[:candidates] if s.equity >= best - margin]

    def one_ply(index: int, result: Position) -> float | None:
        if index and _stopped(
            known, evaluation_budget, time_budget is not None and time.perf_counter() - began > time_budget
        ):
            return None  # a budget is spent: no further candidate (the first always is searched)
        return one_ply_equity(result, rules, network, known)

    return _rescored(shallow, chosen, one_ply, 1)


def rank_plays_deepest(
    position: Position,
    dice: Sequence[int],
    rules: str | RuleSet,
    *,
    deep_candidates: int = 3,
    deep_margin: float = 0.08,
    time_budget: float | None = None,
    evaluation_budget: int | None = None,
    candidates: int = 4,
    margin: float = 0.15,
    network: Network | None = None,
    deep_when_changed: bool = False,
) -> list[ScoredPlay]:
    """:func:`rank_plays_deeper`, then the best ``deep_candidates`` of its 1-ply plays within ``deep_margin`` at 2-ply.

    The 2-ply plays come first (best first), then the other 1-ply plays, then the 0-ply ones. A
    decision that 1-ply finds clear (one play ahead by more than ``deep_margin``) gets no 2-ply
    look; with ``deep_when_changed``, nor does one where the 1-ply look kept the 0-ply ranking's
    best play first (on gnubg's games, three quarters of the expert's error was in the quarter of
    decisions where it did not: docs/benchmarks.md). The budgets (:func:`rank_plays_deeper`) cover
    both steps: the ``evaluation_budget`` counts every evaluation of the search (1-ply and 2-ply
    looks), the ``time_budget`` (seconds from the call) the time. Each is checked before every 1-ply
    candidate but the first and before each of the opponent's 21 rolls in a 2-ply look; a 2-ply look
    still under way when one is spent is given up (the plays looked at before it keep their 2-ply
    value). Without either every candidate is searched, and with the evaluation budget alone the
    result still depends on nothing but the arguments. The 2-ply look reuses the 1-ply look's
    evaluations (the opponent's answers to each candidate are the same positions).

    **Bound.** A budget of N evaluations (N >= 1) makes at most N - 1 + S, where S is the most one
    step started under the budget makes: one candidate's 1-ply look (at most one evaluation per
    legal answer to each of the 21 rolls), or one opponent roll of a 2-ply look (his answers to it
    and one 1-ply look from the position his best leaves); N = 0 makes the first candidate's 1-ply
    look alone.
    """
    began = time.perf_counter()
    rule_set = get_rules(rules)
    net = network or default_network()
    shallow = rank_plays(position, dice, rule_set, net)
    known: Known = {}
    ranked = _one_ply_ranked(
        position, shallow, rule_set, net, candidates, margin, time_budget, began, known, evaluation_budget
    )
    looked = [s for s in ranked[:deep_candidates] if s.ply == 1]
    if len(looked) <= 1:
        return ranked
    if deep_when_changed and looked[0].play.result == shallow[0].play.result:
        return ranked
    best = looked[0].equity
    chosen = [s for s in looked if s.equity >= best - deep_margin]
    if len(chosen) <= 1:
        return ranked
    deadline = None if time_budget is None else began + time_budget
    return _rescored(
        ranked, chosen, lambda _, result: _two_ply(result, rule_set, net, known, deadline, evaluation_budget), 2
    )


def _rescored(
    ranked: list[ScoredPlay],
    chosen: list[ScoredPlay],
    value: Callable[[int, Position], float | None],
    ply: int,
) -> list[ScoredPlay]:
    """``ranked`` with its first plays, ``chosen``, scored again by ``value`` at ``ply``, those first (best first).

    ``value(index, result)`` is the deeper equity of the ``index``-th chosen play's result, or None
    to stop (a budget): the plays looked at before keep their new score, the others their old
    one, after them.
    """
    deeper: list[ScoredPlay] = []
    for index, candidate in enumerate(chosen):
        equity = value(index, candidate.play.result)
        if equity is None:
            break
        deeper.append(ScoredPlay(candidate.play, equity, ply))
    deeper.sort(key=lambda s: -s.equity)
    return deeper + ranked[len(deeper) :]
