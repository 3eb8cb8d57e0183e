"""The four rule sets as data, looked up by name (like python-chess's variants).

What differs between them is a field here, never an ``if`` on the set's name in move
generation or scoring: the start (classic or one of 225 drawn), the bear-off policy
(standard or maximum-pips), the scoring family (Toutes tables or backgammon) and the cube.
"""

from __future__ import annotations

import dataclasses
import enum

from .errors import InvalidArgumentError, shown
from .position import CHECKERS, OFF, Color, Position


class Outcome(enum.Enum):
    """How a game was won; :attr:`multiplier` times the stake is what it scores."""

    SINGLE = "single"
    DOUBLE = "double"  # Toutes tables' partie double
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    @property
    def multiplier(self) -> int:
        return _MULTIPLIERS[self]

    @property
    def label(self) -> str:
        return "single game" if self is Outcome.SINGLE else "double game" if self is Outcome.DOUBLE else self.value


_MULTIPLIERS = {Outcome.SINGLE: 1, Outcome.DOUBLE: 2, Outcome.GAMMON: 2, Outcome.BACKGAMMON: 3}


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """One rule set: a name plus the few fields in which the four differ."""

    name: str
    title: str
    drawn_starts: bool  # one of the 225 drawn starts (redrawn every two games) instead of the classic start
    max_pips_bearoff: bool  # Toutes tables: only plays travelling the most pips are legal
    backgammon_scoring: bool  # single/gammon/backgammon x cube; otherwise Toutes tables single/double
    cube: bool  # the doubling cube and the backgammon options (Crawford, Jacoby, automatic doubles, point game)

    def __repr__(self) -> str:
        return f"get_rules({self.name!r})"

    def outcome(self, position: Position, winner: Color) -> Outcome:
        """How ``winner`` (who has borne off all 15 in ``position``) won."""
        loser = position.checkers(winner.other)
        if position.checkers(winner)[OFF] != CHECKERS:
            raise ValueError(f"{winner.value} has not borne off all checkers in {position!r}")
        if loser[OFF] > 0:
            return Outcome.SINGLE
        if not self.backgammon_scoring:
            # Toutes tables: a loser with every checker home is only beaten singly.
            return Outcome.SINGLE if not any(loser[7:26]) else Outcome.DOUBLE
        # Backgammon: a checker on the bar or in the winner's home quarter (loser's 19-24).
        return Outcome.BACKGAMMON if any(loser[19:26]) else Outcome.GAMMON


TOUTES_TABLES_225 = RuleSet("toutes-tables-225", "Toutes Tables 225", True, True, False, False)
TOUTES_TABLES = RuleSet("toutes-tables", "Toutes tables (1698)", False, True, False, False)
BACKGAMMON_225 = RuleSet("backgammon-225", "Backgammon 225", True, False, True, True)
BACKGAMMON = RuleSet("backgammon", "Backgammon", False, False, True, True)

_BY_NAME = {r.name: r for r in (TOUTES_TABLES_225, TOUTES_TABLES, BACKGAMMON_225, BACKGAMMON)}
RULE_SETS: tuple[str, ...] = tuple(_BY_NAME)
DEFAULT_RULES = TOUTES_TABLES_225.name

# -- bounds (docs/rules/decisions.md, "Bounds on what the game accepts") --------------------------

MAX_MATCH_LENGTH = 99
"""The longest match, in points (the longest the usual programs offer; XG's too).

A gnubg Match ID records matches up to 64 points only
(:data:`toutes_tables.matchid.MATCH_ID_MAX_LENGTH`), the bound wherever the engine speaks gnubg's IDs."""

MAX_CUBE = 4096
"""The highest cube value, 2**12, the highest gnubg knows: a double past it is refused."""

MAX_AUTO_DOUBLES = 64
"""The highest cube value automatic doubles may be agreed to reach (``GameOptions.auto_doubles``)."""


def get_rules(rules: str | RuleSet) -> RuleSet:
    """The :class:`RuleSet` named ``rules`` (a :class:`RuleSet` is passed through).

    >>> get_rules("toutes-tables").max_pips_bearoff
    True
    """
    if isinstance(rules, RuleSet):
        return rules
    try:
        return _BY_NAME[rules]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown rule set {shown(rules)}; rules must be a RuleSet or one of {', '.join(RULE_SETS)}"
        ) from None
