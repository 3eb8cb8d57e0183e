"""The doubling cube (backgammon sets): when to double, when to take, for money and in a match.

The evaluation gives *cubeless* chances (win, gammon, backgammon for each side). A cube
decision needs *cubeful* equities: what the game is worth with the cube where it is (no
double), with the opponent owning it at twice the value (double, take), and the value of the
cube won at once (double, pass). The decision compares them, gnubg's way: double when both
answers leave the doubler better off than not doubling; the opponent takes when taking costs
him less than passing. Equities are normalised so that double/pass is +1.0, as gnubg shows them.

**Money play** (Janowski's cube-efficiency model): a cube that may still be used is worth
something between a *dead* cube (the game played to the end: the cubeless equity) and a
*fully live* one (the game's chances moving continuously, so the owner doubles exactly at the
opponent's take point and cashes: the equity is piecewise linear in the winning chance through
the take and cash points, which depend on how big the average win and loss are). Real games
jump, so the cubeful equity is ``x`` live plus ``1 - x`` dead, with gnubg's cube efficiencies:
0.68 in contact positions, from 0.6 to 0.7 in races (longer races use the cube better).
The **Jacoby rule** makes gammons worth nothing while the cube is in the middle and never
turned, so a centred cube sees single-game chances only; after a double they count again.
So under Jacoby a big favourite doubles (cashes) rather than playing on for a gammon.

**Match play** compares match-winning chances (MWC) instead of points: each game result is a
new score, worth its entry in the match equity table (:mod:`.met`, which says how it is built
and which live-cube model turns chances into MWCs). The rules of a match are answered first:
nobody doubles in the Crawford game; a cube already worth the doubler's remaining points is
dead (doubling gives the opponent the cube for nothing); after the Crawford game the trailer
doubles at once (the leader, one point away, can never use the cube); and the leader's
*free drop* falls out of the MWC comparison (dropping costs him nothing at some scores).

>>> from toutes_tables import start_position
>>> advice = cube_advice(start_position(64), "backgammon", CubeState(), level="advanced")
>>> advice.may_double, advice.double, advice.take, advice.verdict
(True, False, True, 'No double, take')
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..messages import DEFAULT_LANGUAGE, say
from ..position import BLACK, CHECKERS, OFF, WHITE, Color, Position
from ..rules import Outcome, RuleSet, get_rules
from .evaluate import Chances, chances
from .features import in_contact
from .levels import Level, get_level
from .met import GammonShares, MatchCube, default_table
from .network import Network
from .search import rank_plays

if TYPE_CHECKING:
    from ..game import Game
    from ..match import Match
    from ..xgid import XGID

CONTACT_EFFICIENCY = 0.68
RACE_EFFICIENCY_MIN, RACE_EFFICIENCY_MAX = 0.6, 0.7
RACE_EFFICIENCY_PER_PIP, RACE_EFFICIENCY_BASE = 0.00125, 0.55
# gnubg's efficiencies for its 0- and 1-ply cube evaluations ("show cubeefficiency"): after each roll.
LEAF_CONTACT_EFFICIENCY = 0.76
LEAF_RACE_EFFICIENCY_MIN, LEAF_RACE_EFFICIENCY_MAX = 0.6, 0.8
LEAF_RACE_EFFICIENCY_PER_PIP, LEAF_RACE_EFFICIENCY_BASE = 0.0025, 0.6
# The 21 distinct rolls and their weight out of 36.
CASH_MARGIN = 0.01  # playing on instead of cashing must gain at least this (in units of double/pass)
ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def match_away(length: int, score: Mapping[Color, int], player: Color) -> tuple[int, int]:
    """The points ``player`` and his opponent still need in a match to ``length`` at ``score``; (0, 0) for money.

    At least 1 each: a finished match has no cube decision left, but asking must not fail.

    >>> from toutes_tables import BLACK, WHITE
    >>> match_away(5, {BLACK: 4, WHITE: 1}, BLACK), match_away(5, {BLACK: 6, WHITE: 1}, WHITE), match_away(0, {}, BLACK)
    ((1, 4), (4, 1), (0, 0))
    """
    if not length:
        return (0, 0)
    return (max(1, length - score[player]), max(1, length - score[player.other]))


@dataclasses.dataclass(frozen=True)
class CubeState:
    """The cube as seen by the player on roll (the one who may double), and the match score."""

    value: int = 1
    owner: Color | None = None  # None: centred; else the owning colour
    match_length: int = 0  # 0: money game
    away: tuple[int, int] = (0, 0)  # points the player on roll / the opponent still need (match play)
    crawford: bool = False  # this game is the Crawford game (no doubling at all)
    jacoby: bool = False  # money game with the Jacoby rule (gammons count only once the cube was turned)
    enabled: bool = True  # the cube is in use in this game (a backgammon set with the cube option on)
    player: Color | None = None  # the colour on roll this state is seen by (None: whoever is on roll)

    def __post_init__(self) -> None:
        if type(self.value) is not int or self.value < 1:
            raise ValueError(f"the cube's value is a whole number >= 1, got {self.value!r}")
        if self.match_length < 0:
            raise ValueError(f"match_length is 0 (money) or the match's length, got {self.match_length!r}")
        if self.match_length and not all(type(a) is int and a >= 1 for a in self.away):
            raise ValueError(f"in a match both players still need at least a point, got away={self.away!r}")

    @classmethod
    def from_game(cls, game: Game, match: Match | None = None) -> CubeState:
        """The cube of ``game`` seen by its player on roll (while a double is offered: the doubler)."""
        me = game.position.turn
        length = match.length if match is not None else 0
        away = match_away(length, match.score, me) if match is not None else (0, 0)
        return cls(
            value=game.cube_value,
            owner=game.cube_owner,
            match_length=length,
            away=away,
            crawford=game.is_crawford,
            jacoby=game.options.jacoby and game.cube_enabled and match is None and not game.cube_turned,
            enabled=game.cube_enabled,
            player=me,
        )

    @classmethod
    def from_xgid(cls, xgid: XGID) -> CubeState:
        """The cube of an XGID's position seen by its player on roll (the analysis board's, a rollout's)."""
        me = xgid.position.turn
        score = {BLACK: xgid.score[0], WHITE: xgid.score[1]}
        return cls(
            value=xgid.cube,
            owner=xgid.cube_owner,
            match_length=xgid.match_length,
            away=match_away(xgid.match_length, score, me),
            crawford=xgid.crawford,
            jacoby=xgid.jacoby and xgid.cube == 1,
            player=me,
        )

    @property
    def is_match(self) -> bool:
        return self.match_length > 0

    def owned_by_me(self, position: Position) -> bool | None:
        """True: the player on roll owns the cube; False: the opponent does; None: centred."""
        if self.owner is None:
            return None
        return self.owner is (self.player or position.turn)

    def post_crawford(self) -> bool:
        """A game after the Crawford game: one side is 1 away and this is not the Crawford game."""
        return self.is_match and not self.crawford and 1 in self.away


@dataclasses.dataclass(frozen=True)
class CubeAdvice:
    """The cube decision for the player on roll, and the answer his opponent should give to a double."""

    may_double: bool  # the rules let the player on roll double now
    double: bool  # recommended for the player on roll
    take: bool  # recommended answer for the opponent if doubled
    no_double: float  # cubeful equities for the player on roll, normalised so that double/pass = +1.0
    double_take: float
    double_drop: float
    verdict: str  # gnubg-like: "No double, take", "Double, take", "Double, pass", "Too good to double, pass"
    reason: str  # one short plain-words sentence, to the player on roll
    win: float = 0.0  # cubeless chances of the player on roll behind the advice
    win_gammon: float = 0.0
    lose_gammon: float = 0.0
    match_winning_chances: tuple[float, float, float] | None = None  # no double / double take / double pass (match)
    take_reason: str = ""  # the answer's reason in the words of the player facing the double
    # the same answer said to the player on roll, so that a page showing it beside ``reason`` keeps one "you"
    answer_reason: str = ""


def cube_efficiency(position: Position, after_a_roll: bool = False) -> float:
    """Janowski's ``x`` for ``position``: how much of a fully live cube's value its owner can use.

    ``after_a_roll``: for the equity after one of the 21 rolls, a roll closer to the cube's next use
    (gnubg's values for its 0- and 1-ply evaluations, whose leaves these are).
    """
    if in_contact(position.mine, position.theirs):
        return LEAF_CONTACT_EFFICIENCY if after_a_roll else CONTACT_EFFICIENCY
    pips = sum(i * n for i, n in enumerate(position.mine))
    if after_a_roll:
        base, per_pip, low, high = (
            LEAF_RACE_EFFICIENCY_BASE,
            LEAF_RACE_EFFICIENCY_PER_PIP,
            LEAF_RACE_EFFICIENCY_MIN,
            LEAF_RACE_EFFICIENCY_MAX,
        )
    else:
        base, per_pip, low, high = (
            RACE_EFFICIENCY_BASE,
            RACE_EFFICIENCY_PER_PIP,
            RACE_EFFICIENCY_MIN,
            RACE_EFFICIENCY_MAX,
        )
    return min(high, max(low, base + per_pip * pips))


def _flipped(c: Chances) -> Chances:
    """The same chances seen by the other player."""
    return Chances(
        1.0 - c.win, c.lose_gammon, c.lose_backgammon, c.win_gammon, c.win_backgammon, c.lose_double, c.win_double
    )


def _finished(result: Position, rules: RuleSet, winner: Color) -> Chances:
    """Exact chances, for the player on roll in ``result``, of a finished game."""
    outcome = rules.outcome(result, winner)
    gammon = 1.0 if outcome in (Outcome.GAMMON, Outcome.BACKGAMMON) else 0.0
    backgammon = 1.0 if outcome is Outcome.BACKGAMMON else 0.0
    double = 1.0 if outcome is Outcome.DOUBLE else 0.0
    won = Chances(1.0, gammon, backgammon, 0.0, 0.0, double, 0.0)
    return won if winner is result.turn else _flipped(won)


@dataclasses.dataclass(frozen=True)
class Leaf:
    """One of the 21 rolls of the player on roll, played as well as the level sees: ``weight`` out of 36.

    ``chances``: those of the opponent, on roll after it (exact if the roll ended the game: ``over``).
    """

    weight: int
    result: Position
    chances: Chances
    over: bool


def roll_leaves(
    position: Position, rules: str | RuleSet, time_budget: float | None = None, network: Network | None = None
) -> list[Leaf] | None:
    """The position after each of the player on roll's 21 rolls and best plays; None once ``time_budget`` ran out.

    ``network``: the evaluation's (None: the default one); the review passes its cached one.
    """
    began = time.perf_counter()
    rule_set = get_rules(rules)
    leaves = []
    for dice, weight in ROLLS:
        if time_budget is not None and time.perf_counter() - began > time_budget:
            return None
        ranked = rank_plays(position, dice, rule_set, network)
        result = ranked[0].play.result if ranked else position.swapped()
        over = result.theirs[OFF] == CHECKERS
        after = _finished(result, rule_set, result.turn.other) if over else chances(result, network, rule_set)
        leaves.append(Leaf(weight, result, after, over))
    return leaves


def _average(leaves: list[Leaf]) -> Chances:
    """The chances of the player on roll before his roll: the leaves' chances, seen by him, averaged."""
    totals = [0.0] * 7
    for leaf in leaves:
        for i, value in enumerate(dataclasses.astuple(_flipped(leaf.chances))):
            totals[i] += leaf.weight * value
    return Chances(*(t / 36.0 for t in totals))


def position_chances(
    position: Position, rules: str | RuleSet, ply: int = 0, time_budget: float | None = None
) -> Chances:
    """The chances of the player on roll before rolling; ``ply`` 1 averages over his 21 rolls and best plays.

    A 1-ply estimate is steadier than the network's direct answer (its errors partly cancel),
    which matters for the cube: a few percent decide between double and no double. With a
    ``time_budget`` (seconds), a 1-ply estimate that runs past it gives way to the 0-ply one
    (a part of the 21 rolls would be a biased average), as the levels' own search does.
    """
    rule_set = get_rules(rules)
    winner = position.winner()
    if winner is not None:
        return _finished(position, rule_set, winner)
    leaves = roll_leaves(position, rule_set, time_budget) if ply >= 1 else None
    return chances(position, None, rule_set) if leaves is None else _average(leaves)


def _money_live(p: float, win: float, lose: float, owner: bool | None, jacoby: bool = False) -> float:
    """Janowski's fully live cubeful equity per cube value (``p`` winning chance, ``win``/``lose`` average win/loss).

    ``jacoby``: a centred cube under the Jacoby rule (docs/rules/cube.md, "The Jacoby rule"): beyond
    the cash point the favourite cashes (+1: playing on would win only single games) and below the
    take point he is doubled out (-1). The take and cash points themselves keep the gammons, as the
    doubled game counts them (gnubg's ``MoneyLive`` does the same).
    """
    take_point = (lose - 0.5) / (win + lose + 0.5)
    cash_point = (lose + 1.0) / (win + lose + 0.5)
    if owner is None or owner:
        if p >= cash_point:  # past the cash point: play on, from +1 at the cash point to the average win
            return 1.0 if jacoby else 1.0 + (win - 1.0) * (p - cash_point) / (1.0 - cash_point)
    if owner is None or not owner:
        if p <= take_point:  # below my take point: from the average loss to -1 where I would be doubled out
            if jacoby or take_point <= 0:
                return -1.0
            return -lose + (lose - 1.0) * p / take_point
    if owner is None:
        return -1.0 + 2.0 * (p - take_point) / (cash_point - take_point)
    if owner:
        return -lose + (lose + 1.0) * p / cash_point
    return -1.0 + (win + 1.0) * (p - take_point) / (1.0 - take_point)


def _money_cubeful(c: Chances, owner: bool | None, efficiency: float, jacoby: bool = False) -> float:
    """Cubeful money equity per cube value for the player on roll; ``owner``: True mine, False theirs, None centred.

    ``jacoby``: the Jacoby rule holds (a centred cube never turned): the dead-cube part counts
    single games only, the live part cashes rather than playing on (:func:`_money_live`).
    """
    p = c.win
    win = 1.0 + (c.win_gammon + c.win_backgammon) / p if p > 1e-7 else 1.0
    lose = 1.0 + (c.lose_gammon + c.lose_backgammon) / (1.0 - p) if p < 1.0 - 1e-7 else 1.0
    dead = 2.0 * p - 1.0 if jacoby else p * win - (1.0 - p) * lose
    live = _money_live(p, win, lose, owner, jacoby and owner is None)
    return efficiency * live + (1.0 - efficiency) * dead


def _shares(c: Chances) -> GammonShares:
    p = c.win
    return GammonShares(
        win_gammon=c.win_gammon / p if p > 1e-7 else 0.0,
        win_backgammon=c.win_backgammon / p if p > 1e-7 else 0.0,
        lose_gammon=c.lose_gammon / (1.0 - p) if p < 1.0 - 1e-7 else 0.0,
        lose_backgammon=c.lose_backgammon / (1.0 - p) if p < 1.0 - 1e-7 else 0.0,
    )


def cubeful_equities(
    c: Chances, cube: CubeState, owner: bool | None, efficiency: float
) -> tuple[float, float, tuple[float, float, float] | None]:
    """No double and double/take for the chances ``c``, normalised so that double/pass is +1; and the MWCs in a match.

    ``owner``: True the player on roll owns the cube, False his opponent, None centred; ``efficiency``:
    Janowski's ``x``. Money play: :func:`_money_cubeful`. A match: :class:`.met.MatchCube`'s MWCs for
    no double, double/take and double/pass, normalised as gnubg does, -1 for losing the cube's value and
    +1 for winning it (a score after the Crawford game reads the post-Crawford table).
    """
    if not cube.is_match:
        no_double = _money_cubeful(c, owner, efficiency, jacoby=cube.jacoby and owner is None)
        return no_double, 2.0 * _money_cubeful(c, False, efficiency), None
    a, b = cube.away
    model = MatchCube(default_table(), a, b, cube.value, _shares(c))
    mwcs = (model.no_double(c.win, owner, efficiency), model.double_take(c.win, efficiency), model.double_drop())
    return (*_normalised(cube, mwcs), mwcs)


def normalised_match_equity(cube: CubeState, mwc: float) -> float:
    """A match-winning chance at ``cube``'s score as gnubg's normalised match equity: -1 losing the cube's value, +1
    winning it (the cube advice's and the cube rollout's unit, so that their figures compare).

    >>> cube = CubeState(match_length=5, away=(3, 3))
    >>> lose, win = default_table().mwc(3, 2), default_table().mwc(2, 3)
    >>> normalised_match_equity(cube, lose), normalised_match_equity(cube, win)
    (-1.0, 1.0)
    """
    a, b = cube.away
    table = default_table()
    post_crawford = 1 in (a, b)
    lose_cube = table.mwc(a, b - cube.value, post_crawford)
    span = table.mwc(a - cube.value, b, post_crawford) - lose_cube
    return 2.0 * (mwc - lose_cube) / span - 1.0 if span > 1e-12 else 0.0


def _normalised(cube: CubeState, mwcs: tuple[float, float, float]) -> tuple[float, float]:
    """No double and double/take MWCs as gnubg's normalised match equity (``mwcs[2]``, double/pass, is +1)."""
    return normalised_match_equity(cube, mwcs[0]), normalised_match_equity(cube, mwcs[1])


def _after_money(leaf: Leaf, theirs: bool | None, jacoby: bool) -> float:
    """My money equity per cube value after a roll; ``theirs``: the opponent (now on roll) owns the cube, or I do
    (False), or it is centred (None). He doubles or redoubles at once when that is worth more to him."""
    c = leaf.chances
    if leaf.over:  # my roll won: a single game, or the gammon and backgammon the game counts
        return 1.0 if jacoby else 1.0 + c.lose_gammon + c.lose_backgammon
    x = cube_efficiency(leaf.result, after_a_roll=True)
    held = _money_cubeful(c, theirs, x, jacoby=jacoby and theirs is None)
    if theirs is False:
        return -held
    return -max(held, min(2.0 * _money_cubeful(c, False, x), 1.0))


def _after_match(leaf: Leaf, cube: CubeState, value: int, theirs: bool | None) -> float:
    """My MWC after a roll, the cube at ``value``; ``theirs`` as for :func:`_after_money`."""
    a, b = cube.away
    table = default_table()
    c = leaf.chances
    if leaf.over:
        gammon, backgammon = c.lose_gammon, c.lose_backgammon
        shares = ((1.0 - gammon, 1), (gammon - backgammon, 2), (backgammon, 3))
        return sum(w * table.mwc(a - points * value, b, post_crawford=1 in (a, b)) for w, points in shares if w)
    them = MatchCube(table, b, a, value, _shares(c))
    x = cube_efficiency(leaf.result, after_a_roll=True)
    held = them.no_double(c.win, theirs, x)
    # Nobody doubles in the Crawford game, nor a cube already worth what the doubler needs (dead).
    if theirs is not False and not cube.crawford and value < b:
        held = max(held, min(them.double_take(c.win, x), them.double_drop()))
    return 1.0 - held


def leaf_equities(
    leaves: list[Leaf], cube: CubeState, owner: bool | None
) -> tuple[float, float, tuple[float, float, float] | None]:
    """As :func:`cubeful_equities`, but the cube valued after each roll and averaged (gnubg's 1-ply cubeful way).

    After each of his rolls the opponent is on roll, and doubles, redoubles or holds as suits him best;
    so a roll that would lose his market (he would drop) counts as the cash it is, which Janowski's
    formula, applied to the averaged chances, can only estimate.
    """
    theirs = None if owner is None else not owner
    if not cube.is_match:
        jacoby = cube.jacoby and owner is None
        no_double = sum(leaf.weight * _after_money(leaf, theirs, jacoby) for leaf in leaves) / 36.0
        double_take = 2.0 * sum(leaf.weight * _after_money(leaf, True, False) for leaf in leaves) / 36.0
        return no_double, double_take, None
    a, b = cube.away
    mwcs = (
        sum(leaf.weight * _after_match(leaf, cube, cube.value, theirs) for leaf in leaves) / 36.0,
        sum(leaf.weight * _after_match(leaf, cube, 2 * cube.value, True) for leaf in leaves) / 36.0,
        default_table().mwc(a - cube.value, b, post_crawford=1 in (a, b)),
    )
    return (*_normalised(cube, mwcs), mwcs)


def cube_action(no_double: float, double_take: float, double_drop: float = 1.0) -> tuple[bool, bool, bool]:
    """What cubeful equities (the doubler's, double/pass +1) say, gnubg's way: ``(double, take, too_good)``.

    The opponent takes when taking costs him less than passing. The player doubles when both answers
    leave him better off than not doubling, or when he would be passed and playing on is not worth
    clearly more (he cashes). Not doubling because playing on is worth more than the pass is "too good".
    The cube advice reads its own equities so, and the cube rollout its rolled-out ones.

    >>> cube_action(0.8, 0.9), cube_action(0.95, 1.2), cube_action(1.3, 1.5), cube_action(0.5, 0.4)
    ((True, True, False), (True, False, False), (False, False, True), (False, True, False))
    """
    take = double_take <= double_drop
    # Cashing is preferred unless playing on is worth clearly more (a gammon chance, not rounding).
    cash = not take and no_double <= double_drop + CASH_MARGIN
    double = min(double_take, double_drop) > no_double or cash
    return double, take, not double and no_double > double_drop


def cube_verdict(double: bool, take: bool, *, too_good: bool, redouble: bool, lang: str = DEFAULT_LANGUAGE) -> str:
    """The verdict of a cube decision in gnubg's words, in ``lang`` ("No double, take", "Too good to redouble, pass").

    ``redouble``: the player on roll owns the cube. A player who may not double gets "No double" whatever
    his equities: the caller passes ``double`` and ``too_good`` False then.

    >>> cube_verdict(True, False, too_good=False, redouble=True)
    'Redouble, pass'
    """
    word = "redouble" if redouble else "double"
    action = word if double else f"too_good_{word}" if too_good else f"no_{word}"
    return say(lang, f"cube.verdict.{action}", answer=say(lang, "cube.answer.take" if take else "cube.answer.pass"))


def _why_not(cube: CubeState, position: Position, rule_set: RuleSet, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why the player on roll may not double now, in ``lang`` ("" when he may).

    The rules book's docs/rules/cube.md: no cube in the Crawford game ("The Crawford rule"), only the
    owner or either player with a centred cube doubles ("The doubling cube"), and a cube that can gain
    its owner nothing is dead ("A match to 1 point"): here one already worth his remaining points.
    """
    if not rule_set.cube:
        return say(lang, "cube.why.no_cube", rules=rule_set.title)
    if not cube.enabled:
        return say(lang, "cube.why.not_in_use")
    if cube.crawford:
        return say(lang, "cube.why.crawford")
    if cube.owned_by_me(position) is False:
        return say(lang, "cube.why.opponent_owns")
    if cube.is_match and cube.value >= cube.away[0]:
        return say(lang, "cube.why.dead")
    return ""


def _pct(x: float, lang: str) -> str:
    return say(lang, "cube.percent", n=round(100 * x))


def _gammons(share: float, lang: str) -> str:
    return say(lang, "cube.gammons", gammon=_pct(share, lang)) if share >= 0.05 else ""


def cube_advice(
    position: Position,
    rules: str | RuleSet,
    cube: CubeState,
    level: str | Level = "expert",
    lang: str = DEFAULT_LANGUAGE,
    network: Network | None = None,
) -> CubeAdvice:
    """The cube decision for the player on roll in ``position``, before he rolls, and the take for his opponent.

    The verdict and the reasons are in ``lang`` (the message catalogues' ``cube.*`` keys). ``network``: the
    evaluation's (None: the default one). The take comes from the same leaves as the double.
    """
    rule_set = get_rules(rules)
    why_not = _why_not(cube, position, rule_set, lang)
    may_double = not why_not
    search = get_level(level)
    owner = cube.owned_by_me(position)
    winner = position.winner()
    leaves = None
    if search.ply >= 1 and winner is None:
        leaves = roll_leaves(position, rule_set, getattr(search, "time_budget", None), network)
    if leaves is not None:  # the cube valued after each roll
        c = _average(leaves)
        no_double, double_take, mwcs = leaf_equities(leaves, cube, owner)
    else:  # a glance (or the time ran out): Janowski's formula on the position's own chances
        c = _finished(position, rule_set, winner) if winner is not None else chances(position, network, rule_set)
        no_double, double_take, mwcs = cubeful_equities(c, cube, owner, cube_efficiency(position))
    double_drop = 1.0
    double, take, too_good = cube_action(no_double, double_take, double_drop)
    trailer_post_crawford = cube.post_crawford() and cube.away[1] == 1 and cube.away[0] > 1
    double = may_double and (double or trailer_post_crawford)
    too_good = may_double and too_good and not double
    verdict = cube_verdict(double, take, too_good=too_good, redouble=bool(owner), lang=lang)
    # In a match the same chances mean different things at different scores: say which score.
    you_win = (
        say(lang, "cube.you_win_match", me=cube.away[0], them=cube.away[1])
        if cube.is_match
        else say(lang, "cube.you_win")
    )
    win, gammons = _pct(c.win, lang), _gammons(c.win_gammon, lang)
    if not may_double:
        reason = why_not
    elif double:
        if trailer_post_crawford:
            reason = say(lang, "cube.reason.post_crawford")
        elif take:
            reason = say(lang, "cube.reason.double_take", you_win=you_win, win=win)
        else:
            reason = say(lang, "cube.reason.double_pass", you_win=you_win, win=win, gammons=gammons)
    elif too_good:
        reason = say(lang, "cube.reason.too_good", you_win=you_win, win=win, gammon=_pct(c.win_gammon, lang))
    else:
        reason = say(lang, "cube.reason.not_yet", you_win=you_win, win=win)
        if c.lose_gammon >= 0.15:
            reason = say(lang, "cube.reason.not_yet_gammons", you_win=you_win, win=win, lose=_pct(c.lose_gammon, lang))
    take_reason = say(lang, "cube.take_reason.take" if take else "cube.take_reason.drop", win=win, gammons=gammons)
    answer_key = "cube.answer_reason.take" if take else "cube.answer_reason.drop"
    answer_reason = say(lang, answer_key, win=win, gammons=gammons)
    return CubeAdvice(
        may_double=may_double,
        double=double,
        take=take,
        no_double=no_double,
        double_take=double_take,
        double_drop=double_drop,
        verdict=verdict,
        reason=reason,
        win=c.win,
        win_gammon=c.win_gammon,
        lose_gammon=c.lose_gammon,
        match_winning_chances=mwcs,
        take_reason=take_reason,
        answer_reason=answer_reason,
    )


def should_double(position: Position, rules: str | RuleSet, cube: CubeState, level: str | Level = "expert") -> bool:
    """Should the player on roll double now? Always False when the rules do not let him."""
    rule_set = get_rules(rules)
    if _why_not(cube, position, rule_set):
        return False
    return cube_advice(position, rule_set, cube, level).double


def should_take(position: Position, rules: str | RuleSet, cube: CubeState, level: str | Level = "expert") -> bool:
    """Should the opponent take a double?

    ``position``: the doubler on roll; ``cube``: before the double, seen by the doubler.
    """
    return cube_advice(position, rules, cube, level).take
