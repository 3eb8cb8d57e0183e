"""Cubeless equities of positions, per rule set, from the evaluation network and exact rules.

The network (:mod:`.network`) gives the player on roll seven chances: winning, winning and
losing a gammon / backgammon (as gnubg counts them, the teacher), and winning and losing a
Toutes tables *double game*. The last two are separate outputs trained on what happened in
self-play games under Toutes tables rules, because the double game is not gnubg's gammon: the
loser must have borne off none *and* not be all home, and the maximum-pips rule changes the
bear-off (training/train.py says more).

Equity per unit at stake, for the player on roll:

* backgammon scoring: ``2 W - 1 + WG + WBG - LG - LBG`` (gammon 2, backgammon 3, as gnubg);
* Toutes tables: ``2 W - 1 + WD - LD`` (a double game scores 2, there is no triple).

Exact knowledge overrides the network: a finished game is worth its payoff; once every checker
of both sides is home, the bear-off databases (:mod:`.bearoff`) give the chances instead of the
network; a side that has borne off a checker can no longer lose a gammon or a double game; and
once the sides are out of contact, a side all home can no longer lose a double game (no checker
of it can be hit again).
"""

from __future__ import annotations

import dataclasses

from ..position import CHECKERS, OFF, Position
from ..rules import RuleSet, get_rules
from . import bearoff
from .features import in_contact
from .network import Network, default_network


@dataclasses.dataclass(frozen=True)
class Chances:
    """What may happen, for the player on roll (each 0-1; gammons include backgammons)."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float
    win_double: float  # Toutes tables double game
    lose_double: float

    def equity(self, rules: RuleSet) -> float:
        """Cubeless equity per unit at stake under ``rules``' scoring."""
        if rules.backgammon_scoring:
            return (
                2.0 * self.win - 1.0 + self.win_gammon + self.win_backgammon - self.lose_gammon - self.lose_backgammon
            )
        return 2.0 * self.win - 1.0 + self.win_double - self.lose_double


# The network outputs each scoring family needs (network.OUTPUTS order); the others are left at 0.
BACKGAMMON_UNITS = (0, 1, 2, 3, 4)
TOUTES_TABLES_UNITS = (0, 5, 6)


def chances(position: Position, network: Network | None = None, rules: RuleSet | None = None) -> Chances:
    """The network's chances for the player on roll, made consistent and exact where the rules allow.

    With ``rules``, only the chances its scoring uses are computed (the others are 0). Not for
    finished games (see :func:`equity`). With both sides all home the chances are the bear-off
    databases' (:mod:`.bearoff`): the maximum-pips table for a Toutes tables ``rules``, else the
    standard one with its gammons.
    """
    mine, theirs = position.mine, position.theirs
    if bearoff.applies(mine, theirs):
        # No double game is possible once both are home; gammons only under backgammon scoring.
        gammons = rules is None or rules.backgammon_scoring
        max_pips = rules is not None and rules.max_pips_bearoff
        win, wg, lg = bearoff.race_chances(mine, theirs, max_pips, gammons)
        return Chances(win, wg, 0.0, lg, 0.0, 0.0, 0.0)
    net = network or default_network()
    wg = wbg = lg = lbg = wd = ld = 0.0
    if rules is None:
        win, wg, wbg, lg, lbg, wd, ld = net.outputs(mine, theirs)
    elif rules.backgammon_scoring:
        win, wg, wbg, lg, lbg = net.outputs(mine, theirs, BACKGAMMON_UNITS)
    else:
        win, wd, ld = net.outputs(mine, theirs, TOUTES_TABLES_UNITS)
    lose = 1.0 - win
    wg = min(wg, win)
    wbg = min(wbg, wg)
    lg = min(lg, lose)
    lbg = min(lbg, lg)
    wd = min(wd, win)
    ld = min(ld, lose)
    if theirs[OFF]:
        wg = wbg = wd = 0.0
    if mine[OFF]:
        lg = lbg = ld = 0.0
    if not in_contact(mine, theirs):
        if not any(theirs[7:26]):
            wd = 0.0
        if not any(mine[7:26]):
            ld = 0.0
    return Chances(win, wg, wbg, lg, lbg, wd, ld)


def equity(position: Position, rules: str | RuleSet, network: Network | None = None) -> float:
    """Cubeless equity of the player on roll per unit at stake; a finished game gives its exact payoff.

    >>> from toutes_tables import Position
    >>> lost = Position.from_text("white 24:15 / -")  # the opponent has borne off all 15
    >>> equity(lost, "backgammon"), equity(lost, "toutes-tables")
    (-3.0, -2.0)
    """
    rule_set = get_rules(rules)
    if position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS:
        winner = position.winner()
        assert winner is not None
        payoff = float(rule_set.outcome(position, winner).multiplier)
        return payoff if winner is position.turn else -payoff
    return unfinished_equity(position.mine, position.theirs, rule_set, network or default_network())


def unfinished_equity(mine: tuple[int, ...], theirs: tuple[int, ...], rules: RuleSet, network: Network) -> float:
    """``chances(position, network, rules).equity(rules)`` to the last bit, without building :class:`Chances`.

    The search's inner loop: only the chances ``rules`` scores are computed and corrected, in
    the same order and with the same arithmetic as :func:`chances` and :meth:`Chances.equity`.
    """
    if bearoff.applies(mine, theirs):
        win, wg, lg = bearoff.race_chances(mine, theirs, rules.max_pips_bearoff, rules.backgammon_scoring)
        return 2.0 * win - 1.0 + wg - lg
    if rules.backgammon_scoring:
        win, wg, wbg, lg, lbg = network.outputs(mine, theirs, BACKGAMMON_UNITS)
        lose = 1.0 - win
        wg = min(wg, win)
        wbg = min(wbg, wg)
        lg = min(lg, lose)
        lbg = min(lbg, lg)
        if theirs[OFF]:
            wg = wbg = 0.0
        if mine[OFF]:
            lg = lbg = 0.0
        return 2.0 * win - 1.0 + wg + wbg - lg - lbg
    win, wd, ld = network.outputs(mine, theirs, TOUTES_TABLES_UNITS)
    wd = min(wd, win)
    ld = min(ld, 1.0 - win)
    if theirs[OFF]:
        wd = 0.0
    if mine[OFF]:
        ld = 0.0
    if (wd or ld) and not in_contact(mine, theirs):
        if not any(theirs[7:26]):
            wd = 0.0
        if not any(mine[7:26]):
            ld = 0.0
    return 2.0 * win - 1.0 + wd - ld


def equity_after(result: Position, rules: str | RuleSet, network: Network | None = None) -> float:
    """The equity, for the player who just moved, of ``result`` (the position with the opponent on roll)."""
    return -equity(result, rules, network)
