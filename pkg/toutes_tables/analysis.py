"""The review of a game or match: every decision's error, every roll's luck, and each player's summary.

The reviewer searches exactly as the strongest level plays (:data:`REVIEW_LEVEL`, World class:
:meth:`.ai.levels.Level.rank`, every play scored by the network, the best 8 within 0.3 looked at
one roll deeper, the closest 3 of those within 0.08 two rolls deeper; ``level="expert"`` reviews
with the Expert's search instead). It runs without the level's time budget, so a review depends on
nothing but the record (deterministic; any budget of the level counted in work, not seconds, is
kept, and bounds a review's slowest decision). The numbers are gnubg's (its ``analysis.c``), so a
player who knows gnubg's or XG's review reads these the same way:

* **Checker play.** For every turn with more than one legal play, the equity of the play made
  and of the best play, both at the same depth (the play made is searched as deep as the level's
  best when the level's search did not reach it); the **error** is best minus played (never
  below zero). Equities are cubeless, per unit at stake, for the mover; in the Toutes tables
  sets they count the single and the double game (there is no gammon and no cube).
* **Cube decisions** (backgammon sets with the cube): at every roll where the player on roll
  may double, the cubeful equities of no double, double/take and double/pass (:mod:`.ai.cube`,
  match-aware through the match equity table of :mod:`.ai.met`), normalised so that
  double/pass is +1.0; doubling is worth the smaller of take and pass (the opponent answers
  well). A decision is listed (and counted) when it is *close* as gnubg counts them: doubling
  costs less than 0.16 against the best action, or the player doubled. (A roll the 0-ply
  advice finds 0.1 further than that from close is not looked at deeper: it saves most of the
  cube's cost.) Facing a double, the taker's error is the difference between take and pass.
* **Marks**, gnubg's default thresholds (``arSkillLevel`` in today's ``gnubg.c``, which
  ``show analysis`` prints as ``-0.030 doubtful, -0.060 bad, -0.120 very bad``; gnubg's
  sources of 2015 and before had 0.04, 0.08 and 0.16), compared as its ``Skill()`` compares
  them: an error of more than 0.03 is *doubtful* (``?!``), more than 0.06 *bad* (``?``), more
  than 0.12 *very bad* (``??``). These are the project's only marks: the game page's cost word
  (the service's ``last_cost``) and the analysis board's plays get theirs from :func:`mark`,
  and :func:`mark_thresholds` hands the table to the pages.
* **Luck** of a roll, gnubg's definition: the equity after the best play of the roll made,
  minus the average of the same over all 36 rolls, both at 0-ply. For the opening roll the
  average is over the 30 non-double rolls either player could have opened with. Marks: above
  +0.6 *very lucky*, above +0.3 *lucky*, below -0.3 *unlucky*, below -0.6 *very unlucky*.
* **Error rates** in millipoints (thousandths of a unit of equity) per decision, as gnubg's
  "error rate (mEMG)": the checker error over the unforced moves, the cube error over the
  close cube decisions, and overall the sum over both counts. The overall rate gives the
  **rating** in gnubg's words: under 2 *Supernatural*, 5 *World class*, 8 *Expert*, 12
  *Advanced*, 18 *Intermediate*, 26 *Casual player*, 35 *Beginner*, else *Awful!*.
* The **luck-adjusted result** (gnubg's): the points each player won, minus his own luck and
  plus his opponent's (luck in points: the luck of a roll times the cube's value then).

:func:`review` yields the decisions one at a time as they are computed (a front end shows
them as they come and may stop at any time); :func:`summarise` sums any of them up;
:func:`analyse_game` and :func:`analyse_match` do both.

>>> import random, toutes_tables as tt
>>> game = tt.Game("backgammon", rng=random.Random(1))
>>> game.roll_opening((3, 1)); game.play("8/5 6/5") and None
(3, 1)
>>> first = next(review(game))
>>> first.colour, first.dice, first.played, first.best, first.error, first.mark
(BLACK, (3, 1), '8/5 6/5', '8/5 6/5', 0.0, '')
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from .ai.cube import CubeAdvice, CubeState, cube_advice, match_away
from .ai.evaluate import equity, unfinished_equity
from .ai.levels import Level, get_level
from .ai.network import CachedNetwork, Network, default_network
from .ai.search import ROLLS, ScoredPlay, rank_plays, two_ply_equity
from .errors import shown
from .checks import A_DECISION, A_POSITION, RESULTS, check_instance
from .game import Action, Double, Drop, Game, OpeningRoll, Played, Roll, Take
from .match import Match
from .matchid import MatchState
from .messages import DEFAULT_LANGUAGE, Words, check_language, reason, worded
from .movegen import check_dice, legal_plays
from .play import Move, Play, compact_play, format_play
from .position import BLACK, CHECKERS, OFF, WHITE, Color, Position
from .record import MAX_RECORD_CHARS, game_from_json, game_from_text, match_from_json, match_from_text
from .rules import MAX_CUBE, RuleSet, get_rules

# The levels a review may search as, and the default: the strongest (World class). The review searches exactly as
# the level plays (Level.rank, the cube's look too) without its time budget, so its figures depend on the record
# alone, not on how loaded the machine was; a level's evaluation budget, being work and not seconds, is kept.
REVIEW_LEVELS = ("expert", "world-class")
REVIEW_LEVEL = "world-class"
ALTERNATIVES = 5  # ranked plays kept with each checker decision

# gnubg's default marks (arSkillLevel in gnubg.c), in equity per unit: the project's one copy of
# them (the game page's cost word and the analysis board's plays are marked by mark() too).
DOUBTFUL, BAD, VERY_BAD = 0.03, 0.06, 0.12
MARK_SIGNS = {"": "", "doubtful": "?!", "bad": "?", "very bad": "??"}
MARKS = ((VERY_BAD, "very bad"), (BAD, "bad"), (DOUBTFUL, "doubtful"))  # worst first, as mark() looks
# gnubg's luck thresholds for one roll.
LUCKY, VERY_LUCKY = 0.3, 0.6
# gnubg's isCloseCubedecision: a cube decision is counted when doubling costs less than this.
CLOSE_CUBE = 0.16
# Before the reviewing depth looks at a cube decision nobody took, the 0-ply advice must find it
# close within this margin: most turns are far from a double. (The 1-ply look costs the review little:
# its 21 rolls' plays were valued by the last move's replies, and the review's CachedNetwork keeps them.)
PRECHECK_LEVEL, PRECHECK_MARGIN = "advanced", 0.1
REVIEW_CACHE_SIZE = 32768  # positions per generation of the review's CachedNetwork (two generations)
# gnubg's arThrsRating: the overall error per decision (in equity) under which each rating holds.
RATINGS: tuple[tuple[float, str], ...] = (
    (0.002, "Supernatural"),
    (0.005, "World class"),
    (0.008, "Expert"),
    (0.012, "Advanced"),
    (0.018, "Intermediate"),
    (0.026, "Casual player"),
    (0.035, "Beginner"),
)
AWFUL = "Awful!"
# gnubg's game luck rating: the luck per roll, times 10, against the roll thresholds.
LUCK_RATINGS = ("Go to bed", "Bad dice, man!", "None", "Good dice, man!", "Go to Las Vegas")


class ReviewError(ValueError):
    """A record that cannot be reviewed (not a game or match record of this project), or a bad argument."""


def _checked_network(network: object) -> Network:
    """``network``, or the default one for None; a :class:`ReviewError` naming it for anything else."""
    if network is None:
        return default_network()
    if not isinstance(network, Network):
        raise worded(ReviewError, "review.network", kind=type(network).__name__, value=shown(network))
    return network


def _checked_number(name: str, value: object) -> float:
    """``value`` if it is a finite number (an equity, a luck, an error rate), else a :class:`ReviewError`."""
    if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
        raise worded(ReviewError, "review.finite", name=name, kind=type(value).__name__, value=shown(value))
    return float(value)  # type: ignore[arg-type]


def _checked_position(position: object) -> Position:
    return check_instance(position, Position, "position", A_POSITION)


def mark(error: float) -> str:
    """gnubg's mark for an error (equity given away): ``""``, ``"doubtful"``, ``"bad"`` or ``"very bad"``.

    >>> mark(0.02), mark(0.031), mark(0.07), mark(0.2)
    ('', 'doubtful', 'bad', 'very bad')
    >>> mark(0.03)  # gnubg's Skill(): more than the threshold, not as much
    ''
    """
    error = _checked_number("error", error)
    return next((name for above, name in MARKS if error > above), "")


def mark_thresholds() -> dict[str, Any]:
    """The marks' table as JSON for the pages: each checker or cube mark with its sign and the error it is above,
    and the luck marks with the luck they are beyond.

    >>> mark_thresholds()["errors"][-1]
    {'mark': 'doubtful', 'sign': '?!', 'above': 0.03}
    """
    return {
        "errors": [{"mark": name, "sign": MARK_SIGNS[name], "above": above} for above, name in MARKS],
        "luck": [
            {"mark": "very lucky", "above": VERY_LUCKY},
            {"mark": "lucky", "above": LUCKY},
            {"mark": "unlucky", "below": -LUCKY},
            {"mark": "very unlucky", "below": -VERY_LUCKY},
        ],
    }


def luck_mark(luck: float) -> str:
    """gnubg's mark for a roll's luck: ``"very lucky"``, ``"lucky"``, ``""``, ``"unlucky"`` or ``"very unlucky"``."""
    luck = _checked_number("luck", luck)
    if luck > VERY_LUCKY:
        return "very lucky"
    if luck > LUCKY:
        return "lucky"
    if luck < -VERY_LUCKY:
        return "very unlucky"
    if luck < -LUCKY:
        return "unlucky"
    return ""


def rating(error_per_decision: float) -> str:
    """gnubg's rating in words for an error rate (equity per decision, not millipoints).

    >>> rating(0.0015), rating(0.004), rating(0.010), rating(0.05)
    ('Supernatural', 'World class', 'Advanced', 'Awful!')
    """
    error_per_decision = _checked_number("error_per_decision", error_per_decision)
    for threshold, name in RATINGS:
        if error_per_decision < threshold:
            return name
    return AWFUL


def luck_rating(luck_per_roll: float) -> str:
    """gnubg's words for a player's luck over a game or match (the mean luck per roll)."""
    luck_per_roll = _checked_number("luck_per_roll", luck_per_roll)
    index = ("very unlucky", "unlucky", "", "lucky", "very lucky").index(luck_mark(10.0 * luck_per_roll))
    return LUCK_RATINGS[index]


# -- the reviewer's search, keeping what each roll of the opponent gives ---------------------


def _mover_equity(position: Position, rules: RuleSet, network: Network, known: dict[Any, float]) -> float:
    """The equity of the player on roll in ``position`` at 0-ply, remembered in ``known``."""
    key = (position.mine, position.theirs)
    value = known.get(key)
    if value is None:
        if position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS:
            value = equity(position, rules, network)
        else:
            value = unfinished_equity(position.mine, position.theirs, rules, network)
        known[key] = value
    return value


def reply_values(result: Position, rules: RuleSet, network: Network, known: dict[Any, float]) -> list[float] | None:
    """For each of the 21 rolls (``ai.search.ROLLS``) of the opponent on roll in ``result``, the mover's equity
    after the opponent's best 0-ply answer; ``None`` when the mover has just won.

    Their weighted mean is :func:`.ai.search.one_ply_equity` to the last bit (a test checks it); the values one by
    one are what the next roll's luck needs, so the reviewer keeps them instead of searching twice.
    """
    if result.theirs[OFF] == CHECKERS:
        return None
    values = []
    for dice, _ in ROLLS:
        plays = legal_plays(result, dice, rules)
        if plays:
            values.append(min(_mover_equity(play.result, rules, network, known) for play in plays))
        else:
            values.append(_mover_equity(result.swapped(), rules, network, known))
    return values


def _one_ply(values: list[float]) -> float:
    total = 0.0
    for (_, weight), value in zip(ROLLS, values, strict=True):
        total += weight * value
    return total / 36.0


def reviewing_level(level: object = REVIEW_LEVEL) -> Level:
    """The level a review searches as (one of :data:`REVIEW_LEVELS`, by name), without its time budget.

    >>> reviewing_level().name, reviewing_level("expert").time_budget
    ('world-class', None)
    """
    if not isinstance(level, str) or level not in REVIEW_LEVELS:
        raise worded(ReviewError, "review.level", levels=", ".join(REVIEW_LEVELS), level=shown(level))
    return dataclasses.replace(get_level(level), time_budget=None)


def _best_after(position: Position, dice: tuple[int, int], rules: RuleSet, network: Network) -> float:
    """The mover's 0-ply equity after the best play of ``dice`` (or after passing)."""
    ranked = rank_plays(position, dice, rules, network)
    if ranked:
        return ranked[0].equity
    return -equity(position.swapped(), rules, network)


def luck_of_rolls(position: Position, rules: RuleSet, network: Network | None = None) -> dict[tuple[int, int], float]:
    """The luck of each of the 21 rolls for the player on roll in ``position`` (gnubg's, at 0-ply).

    A roll's luck is the equity after its best play minus the average of that over the 36 rolls,
    so the luck of the 36 rolls averages to zero.
    """
    position = _checked_position(position)
    rule_set = get_rules(rules)
    net = _checked_network(network)
    after = {dice: _best_after(position, dice, rule_set, net) for dice, _ in ROLLS}
    mean = sum(weight * after[dice] for dice, weight in ROLLS) / 36.0
    return {dice: value - mean for dice, value in after.items()}


def opening_luck(position: Position, dice: tuple[int, int], rules: RuleSet, network: Network | None = None) -> float:
    """The luck of the opening roll ``dice`` (higher first) won by the player on roll in ``position``.

    gnubg's ``LuckFirst``: the opening roll is one of 30 equally likely outcomes (15 non-double
    rolls, won by either player); the average is taken over all 30, from the winner's side.
    """
    position = _checked_position(position)
    low, high = sorted(check_dice(dice))
    if low == high:
        raise worded(ReviewError, "review.opening_dice", dice=shown(dice))
    net = _checked_network(network)
    values, mean = _opening_values(position, get_rules(rules), net)
    return values[(high, low)] - mean


@functools.lru_cache(maxsize=32)
def _opening_values(
    position: Position, rules: RuleSet, network: Network
) -> tuple[dict[tuple[int, int], float], float]:
    """The winner's equity after the best play of each opening roll, and the mean over the 30 outcomes.

    Remembered: every game from the same start and rule set has the same ones (a match reviews
    them once).
    """
    other = position.swapped()
    values: dict[tuple[int, int], float] = {}
    total = 0.0
    for (a, b), _weight in ROLLS:
        if a == b:
            continue
        values[(b, a)] = mine = _best_after(position, (b, a), rules, network)
        total += mine - _best_after(other, (b, a), rules, network)
    return values, total / 30.0


# -- what the review yields ---------------------------------------------------------------


SHOWN_PLACES = 4  # the places of a decision's equities in its JSON (what the pages show and hand back)


def shown_error(error: float) -> float:
    """An error as a reviewed decision shows it (:data:`SHOWN_PLACES` places): the review's and a judged try's alike."""
    return round(error, SHOWN_PLACES)


def shown_mark(error: float) -> str:
    """The mark of an error as shown (its millipoints, 3 places, of the shown error): :attr:`Decision.mark`'s rule."""
    return mark(round(shown_error(error), 3))


@dataclasses.dataclass(frozen=True)
class Alternative:
    """One ranked play of a checker decision: its notation, moves (mover's numbering), equity and search depth."""

    notation: str
    moves: tuple[Move, ...]
    equity: float
    ply: int


@dataclasses.dataclass(frozen=True)
class Decision:
    """One reviewed decision: a turn's checker play (``kind`` ``"move"``), a double or no double (``"cube"``),
    or the answer to a double (``"take"``).

    ``position`` is the position the decision was made in (the decider on roll; for a take, the
    doubler on roll), ``position_id`` gnubg's Position ID of it and ``match_id`` gnubg's Match ID
    (backgammon sets, else ``None``). Equities are the decider's; ``error`` is
    ``best_equity - played_equity`` (0 when the decision was right or there was no choice).
    A move carries its roll's ``luck`` (``None`` for a take or cube decision).
    """

    index: int
    game: int
    turn: int  # the game's turn number (1 = the opening turn)
    kind: str
    colour: Color
    position: Position
    position_id: str
    match_id: str | None
    dice: tuple[int, int] | None
    played: str
    best: str
    played_equity: float
    best_equity: float
    error: float
    choices: int  # legal plays of the roll, 0 when it has none (2 for a cube decision)
    cube_value: int = 1  # the cube's value before the decision (errors and luck in points are times this)
    played_moves: tuple[Move, ...] = ()
    best_moves: tuple[Move, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    luck: float | None = None
    reason: str = ""  # the cube advice's reason, for cube decisions
    reused: bool = dataclasses.field(default=False, compare=False)  # yielded again from review()'s known, not computed

    @property
    def shown_error(self) -> float:
        """The error as :meth:`to_json` gives it (4 places): what the pages show and hand back as a known decision,
        so the marks and the summary, made from it, are the same for a decision computed or read back."""
        return shown_error(self.error)

    @property
    def shown_luck(self) -> float | None:
        """The luck as :meth:`to_json` gives it (4 places), for the same reason as :attr:`shown_error`."""
        return None if self.luck is None else round(self.luck, SHOWN_PLACES)

    @property
    def mark(self) -> str:
        """The mark of the error as shown (3 places, the millipoints the pages show, as the game's last_cost marks its
        cost): a 0.0304 error shows as 30 millipoints, at the threshold, and has no mark (docs/review.md, "Marks")."""
        return shown_mark(self.error)

    @property
    def luck_mark(self) -> str:
        return "" if self.shown_luck is None else luck_mark(self.shown_luck)

    @property
    def counted(self) -> bool:
        """Counted in the error rates: an unforced move, or a cube decision (only close ones are listed)."""
        return self.choices > 1

    def to_json(self) -> dict[str, Any]:
        """Plain data; moves are ``[from, to]`` in the mover's numbering (25 = bar, 0 = off)."""
        return {
            "index": self.index,
            "game": self.game,
            "turn": self.turn,
            "kind": self.kind,
            "colour": self.colour.value,
            "position_id": self.position_id,
            "match_id": self.match_id,
            "dice": list(self.dice) if self.dice else None,
            "played": self.played,
            "best": self.best,
            "played_equity": round(self.played_equity, SHOWN_PLACES),
            "best_equity": round(self.best_equity, SHOWN_PLACES),
            "error": self.shown_error,
            "error_mp": round(1000 * self.error, 1),
            "mark": self.mark,
            "sign": MARK_SIGNS[self.mark],
            "choices": self.choices,
            "cube_value": self.cube_value,
            "played_moves": [list(m) for m in self.played_moves],
            "best_moves": [list(m) for m in self.best_moves],
            "alternatives": [
                {"play": a.notation, "moves": [list(m) for m in a.moves], "equity": round(a.equity, SHOWN_PLACES),
                 "ply": a.ply}
                for a in self.alternatives
            ],
            "luck": self.shown_luck,
            "luck_mark": self.luck_mark,
            "reason": self.reason,
        }


MAX_KNOWN_DECISIONS = 5_000  # far more than a long match has: a list claiming more is refused
# A known decision's bounds: its index, game and turn are below MAX_KNOWN_DECISIONS (a review has fewer), a roll has
# fewer legal plays than MAX_CHOICES, and its texts (a play's notation, a cube action, a reason) are short.
MAX_CHOICES = 100_000
MAX_PLY = 8  # an alternative's search depth (the review looks 0 to 2 plies deep)
MAX_DECISION_TEXT = 2_000


def _moves_from_json(name: str, value: object) -> tuple[Move, ...]:
    if not isinstance(value, list) or len(value) > 4 * CHECKERS:
        raise worded(ReviewError, "review.known.moves", where=name, value=shown(value))
    moves = []
    for move in value:
        if (not isinstance(move, list) or len(move) != 2
                or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 25 for p in move)):
            raise worded(ReviewError, "review.known.moves_points", where=name, value=shown(value))
        moves.append((move[0], move[1]))
    return tuple(moves)


def decision_from_json(data: object, name: str = "decision") -> Decision:
    """A decision read back from :meth:`Decision.to_json`'s data (equities as rounded there); a malformed one is a
    :class:`ReviewError` naming ``name``. Reviewing it again (``review(known=...)``) checks it against the record."""
    if not isinstance(data, dict):
        raise worded(ReviewError, "review.known.object", where=name, value=shown(data))

    def field(key: str, kinds: type | tuple[type, ...]) -> Any:
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, kinds):
            raise worded(ReviewError, "review.known.field", where=f"{name}.{key}", value=shown(value))
        if isinstance(value, str) and len(value) > MAX_DECISION_TEXT:
            raise worded(ReviewError, "review.known.text_length", where=f"{name}.{key}", most=MAX_DECISION_TEXT,
                         value=shown(value))
        return value

    def count(key: str, low: int, high: int) -> int:
        value: int = field(key, int)
        if not low <= value <= high:
            raise worded(ReviewError, "review.known.count", where=f"{name}.{key}", low=low, high=high,
                         value=repr(value))
        return value

    cube_value = count("cube_value", 1, MAX_CUBE)
    if cube_value & (cube_value - 1):
        raise worded(ReviewError, "review.known.cube_value", where=f"{name}.cube_value", most=MAX_CUBE,
                     value=repr(cube_value))

    kind = field("kind", str)
    if kind not in ("move", "cube", "take"):
        raise worded(ReviewError, "review.known.kind", where=f"{name}.kind", value=shown(kind))
    colour_text = field("colour", str)
    if colour_text not in (BLACK.value, WHITE.value):
        raise worded(ReviewError, "review.known.colour", where=f"{name}.colour", value=shown(colour_text))
    colour = BLACK if colour_text == BLACK.value else WHITE
    numbers = {
        k: _checked_number(f"{name}.{k}", field(k, (int, float))) for k in ("played_equity", "best_equity", "error")
    }
    luck = data.get("luck")
    dice = data.get("dice")
    if kind == "move":
        if not isinstance(dice, list):
            raise worded(ReviewError, "review.known.dice", where=f"{name}.dice", value=shown(dice))
        try:
            rolled = check_dice(dice)
        except ValueError:
            raise worded(ReviewError, "review.known.dice", where=f"{name}.dice", value=shown(dice)) from None
        luck = _checked_number(f"{name}.luck", luck)
    elif dice is not None or luck is not None:
        raise worded(ReviewError, "review.known.no_dice", where=name, kind=kind, dice=shown(dice), luck=shown(luck))
    alternatives = field("alternatives", list)
    if len(alternatives) > ALTERNATIVES:
        raise worded(ReviewError, "review.known.alternatives", where=f"{name}.alternatives", most=ALTERNATIVES,
                     count=len(alternatives))
    kept = []
    for i, a in enumerate(alternatives):
        where = f"{name}.alternatives[{i}]"
        if (not isinstance(a, dict) or not isinstance(a.get("play"), str) or len(a["play"]) > MAX_DECISION_TEXT
                or type(a.get("ply")) is not int or not 0 <= a["ply"] <= MAX_PLY):
            raise worded(ReviewError, "review.known.alternative", where=where, most=MAX_PLY, value=shown(a))
        kept.append(Alternative(a["play"], _moves_from_json(f"{where}.moves", a.get("moves")),
                                _checked_number(f"{where}.equity", a.get("equity")), a["ply"]))
    match_id = data.get("match_id")
    if match_id is not None and (not isinstance(match_id, str) or len(match_id) > MAX_DECISION_TEXT):
        raise worded(ReviewError, "review.known.match_id", where=f"{name}.match_id", value=shown(match_id))
    # the position the decision was made in: the decider on roll, for a take the doubler
    on_roll = colour.other if kind == "take" else colour
    position_id = field("position_id", str)
    try:
        position = Position.from_gnubg_id(position_id, on_roll)
    except ValueError as exc:
        raise worded(ReviewError, "review.known.position_id", where=f"{name}.position_id", value=shown(position_id),
                     reason=reason(exc)) from None
    return Decision(
        index=count("index", 0, MAX_KNOWN_DECISIONS), game=count("game", 1, MAX_KNOWN_DECISIONS),
        turn=count("turn", 1, MAX_KNOWN_DECISIONS), kind=kind, colour=colour,
        position=position, position_id=position_id, match_id=match_id,
        dice=(max(rolled), min(rolled)) if kind == "move" else None, played=field("played", str),
        best=field("best", str), played_equity=numbers["played_equity"], best_equity=numbers["best_equity"],
        error=numbers["error"], choices=count("choices", 0, MAX_CHOICES), cube_value=cube_value,
        played_moves=_moves_from_json(f"{name}.played_moves", data.get("played_moves")),
        best_moves=_moves_from_json(f"{name}.best_moves", data.get("best_moves")), alternatives=tuple(kept),
        luck=luck, reason=field("reason", str),
    )


# -- reading the record -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ReviewedGame:
    """One game of the record with what the review needs around it."""

    game: Game
    number: int
    score: tuple[int, int]  # (Black, White) before the game
    length: int  # the match length; 0 for a single game


# what Python's JSON decoder says of text that does not parse, as a message of the catalogues (review.record.json.*);
# the trailing commas are Python 3.13's words (the page's Pyodide), a message it adds later is review.record.json.other
_JSON_FAULTS = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "property_name",
    "Expecting ':' delimiter": "colon",
    "Expecting ',' delimiter": "comma",
    "Unterminated string starting at": "unterminated_string",
    "Invalid control character at": "control_character",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "unicode_escape",
    "Extra data": "extra_data",
    "Illegal trailing comma before end of object": "trailing_comma_object",
    "Illegal trailing comma before end of array": "trailing_comma_array",
}


def _json_detail(exc: ValueError) -> Words:
    """Where and why JSON does not parse (:class:`json.JSONDecodeError`), in the error's language: the decoder's
    own English never reaches the player (a fault the catalogues do not name is *malformed JSON*, at its place)."""
    if isinstance(exc, json.JSONDecodeError):
        what = Words(f"review.record.json.{_JSON_FAULTS.get(exc.msg, 'other')}")
        return Words("review.record.json_at", {"what": what, "line": exc.lineno, "column": exc.colno, "char": exc.pos})
    if "integer string conversion" in str(exc):  # a number past Python's limit on digits (sys.set_int_max_str_digits)
        return Words("review.record.json.number_digits", {"most": sys.get_int_max_str_digits()})
    return Words("review.record.json.unreadable")


def read_record(record: Game | Match | str | dict[str, Any]) -> Game | Match:
    """The game or match a record holds (text or JSON, the project's formats), as :func:`review` reads it."""
    if isinstance(record, (Game, Match)):
        return record
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise worded(ReviewError, "review.record.too_long", count=len(record), most=MAX_RECORD_CHARS)
        stripped = record.lstrip()
        if stripped.startswith("{"):
            try:
                data = json.loads(record)
            except ValueError as exc:
                raise worded(ReviewError, "review.record.json_parse", detail=_json_detail(exc),
                             start=repr(record[:60])) from None
            except RecursionError:  # nested past the interpreter's limit: no record is
                raise worded(ReviewError, "review.record.json_deep", start=repr(record[:60])) from None
            return read_record(data)
        if any(line.startswith("Match:") for line in record.splitlines()):
            return match_from_text(record)
        return game_from_text(record)
    if isinstance(record, dict):
        if record.get("format") == "toutes-tables/match":
            return match_from_json(record)
        return game_from_json(record)
    raise worded(ReviewError, "review.record.kind", kind=type(record).__name__, value=shown(record))


def _games_of(record: Game | Match | str | dict[str, Any], only_game: int | None = None) -> list[ReviewedGame]:
    """The record's games; with ``only_game``, that one alone (its number in the match, from 1), score and all."""
    held = read_record(record)
    if isinstance(held, Game):
        games = [ReviewedGame(held, 1, (0, 0), 0)]
    else:
        games = []
        score = dict(held.initial_score)  # a match taken up at a score (the analysis board's "Play from here")
        for number, game in enumerate(held.games, 1):
            games.append(ReviewedGame(game, number, (score[BLACK], score[WHITE]), held.length))
            if game.result is not None:
                score[game.result.winner] += game.result.points
    if only_game is None:
        return games
    if isinstance(only_game, bool) or not isinstance(only_game, int) or not 1 <= only_game <= len(games):
        raise worded(ReviewError, "review.only_game", count=len(games), value=shown(only_game))
    return [games[only_game - 1]]


def _cube_state(game: Game, reviewed: ReviewedGame) -> CubeState:
    """The cube seen by the player on roll: ``CubeState.from_game``, at the match score before this game."""
    state = CubeState.from_game(game)
    if not reviewed.length:
        return state
    score = {BLACK: reviewed.score[0], WHITE: reviewed.score[1]}
    away = match_away(reviewed.length, score, game.position.turn)
    return dataclasses.replace(state, match_length=reviewed.length, away=away, jacoby=False)


def _match_id(game: Game, reviewed: ReviewedGame, dice: tuple[int, int] | None, doubled: bool) -> str | None:
    if not game.rules.cube:
        return None
    return MatchState.in_play(
        game.position.turn,
        cube=game.cube_value,
        cube_owner=game.cube_owner,
        crawford=game.is_crawford,
        doubled=doubled,
        dice=dice,
        match_length=reviewed.length,
        score=reviewed.score,
        jacoby=game.options.jacoby,
    ).match_id()


def _close(advice: CubeAdvice, margin: float = 0.0) -> bool:
    """gnubg's close cube decision (``isCloseCubedecision``): doubling is less than 0.16 worse than the best action."""
    best = max(advice.no_double, min(advice.double_take, advice.double_drop))
    return advice.may_double and best - min(advice.double_take, 1.0) < CLOSE_CUBE + margin


def _as_recorded(position: Position, played: Played) -> str:
    """A play in the record's words (what reviews before :func:`compact_play` wrote as a move's ``played``)."""
    return played.notation or format_play(position, played.moves)


def _compacted(d: Decision, played: str) -> Decision:
    """A known move decision with its play made in the review's words (``played``, :func:`compact_play`'s), where
    an earlier review wrote the record's: the play made, the best when it was the play made, its line of the list."""
    if d.played == played:
        return d
    return dataclasses.replace(
        d,
        played=played,
        best=played if d.best == d.played else d.best,
        alternatives=tuple(dataclasses.replace(a, notation=played) if a.notation == d.played else a
                           for a in d.alternatives),
    )


def _alternative(scored: ScoredPlay, notation: str | None = None) -> Alternative:
    play = scored.play
    return Alternative(notation or compact_play(play.position, play.moves), play.moves, scored.equity, scored.ply)


def _alternatives(plays: Sequence[ScoredPlay], mine: ScoredPlay, played_text: str) -> tuple[Alternative, ...]:
    """The best plays shown with a checker decision, gnubg's way: the plays searched deepest first, then the others,
    each depth by equity (one list mixes depths: each line says its own). The play made is in it as it was compared
    with the best (searched as deep, :meth:`_GameReviewer._move`) and in the words of the decision's ``played``."""
    result = mine.play.result
    scored = [mine if s.play.result == result else s for s in plays]
    scored.sort(key=lambda s: (-s.ply, -s.equity))  # stable: equal plays keep the search's order
    shown = scored[:ALTERNATIVES]
    if scored and not any(s.play.result == result for s in shown):
        # World class looks at 8 plays one roll further: the play made can be 6th among them, and is still shown
        # (last: every play before it is searched deeper, or as deep and better)
        shown = shown[: ALTERNATIVES - 1] + [mine]
    return tuple(_alternative(s, played_text if s.play.result == result else None) for s in shown)


def count_turns(record: Game | Match | str | dict[str, Any], only_game: int | None = None) -> int:
    """How many turns (checker decisions, forced ones included) :func:`review` goes through: its progress total."""
    return sum(1 for g in _games_of(record, only_game) for a in g.game.history if isinstance(a, Played))


def _deeper(result: Position, rules: RuleSet, replies: list[float] | None, ply: int, network: Network) -> float:
    """The mover's equity of ``result`` (his play made) at ``ply`` 1 or 2, as the level's search values a play."""
    if replies is None:  # the play won the game
        return -equity(result, rules, network)
    if ply == 1:
        return _one_ply(replies)  # ai.search.one_ply_equity to the last bit
    return two_ply_equity(result, rules, network)


@dataclasses.dataclass(frozen=True)
class ScoredMove:
    """A checker play judged as the review judges it: the level's ranked plays, the play (``mine``) searched as
    deep as the best, the best, the error (0 without a choice) and the opponent's 21 replies' values."""

    plays: list[ScoredPlay]
    mine: ScoredPlay
    best: ScoredPlay
    error: float
    replies: list[float] | None


def _scored_play(
    position: Position, dice: tuple[int, int], rules: RuleSet, moves: Sequence[Move], level: Level, network: Network
) -> ScoredMove:
    """The review's judgement of playing ``moves`` with ``dice`` from ``position`` (the review's and the "learn
    from your mistakes" exercise's one way: the same play always costs the same)."""
    plays = level.rank(position, dice, rules, network=network)
    played = Play(position, tuple(moves))
    result = played.result
    mine = next((s for s in plays if s.play.result == result), None)
    replies = reply_values(result, rules, network, {})
    if mine is None:  # passed (no legal play)
        mine = ScoredPlay(played, -equity(result, rules, network), 0)
    best = plays[0] if plays else mine
    if mine.ply < best.ply:
        # The play made is searched as deep as the best before they are compared (gnubg's way).
        mine = ScoredPlay(played, _deeper(result, rules, replies, best.ply, network), best.ply)
    if mine.equity > best.equity:
        best = mine
    error = max(0.0, best.equity - mine.equity) if len(plays) > 1 else 0.0
    return ScoredMove(plays, mine, best, error, replies)


def judge_play(
    position: Position,
    dice: tuple[int, int],
    rules: RuleSet,
    moves: Sequence[Move],
    level: str = REVIEW_LEVEL,
    network: Network | None = None,
) -> ScoredMove:
    """A play judged exactly as the review at ``level`` judges the play made (no time budget, the level's
    evaluation budget): another try at a reviewed decision costs what the review would have said."""
    net = CachedNetwork(_checked_network(network), REVIEW_CACHE_SIZE)
    return _scored_play(_checked_position(position), (max(dice), min(dice)), rules, moves, reviewing_level(level), net)


class _GameReviewer:
    """Steps through one game, yielding its decisions."""

    def __init__(
        self,
        reviewed: ReviewedGame,
        network: Network,
        first_index: int,
        lang: str,
        known: Sequence[Decision] = (),
        uncached: Network | None = None,
        level: Level | None = None,
    ) -> None:
        self.reviewed = reviewed
        self.level = reviewing_level() if level is None else level  # the search it reviews with, no time budget
        # the network itself, for the opening roll's luck (remembered per network by _opening_values)
        self.uncached = network if uncached is None else uncached
        self.known = known  # this game's first decisions, reviewed before: reused, not computed again
        self.reused = 0  # how many of them are behind
        self.network = network
        self.index = first_index
        self.lang = lang  # the language of the cube decisions' reasons
        self.turn = 0
        # The opponent's 21 rolls after the last play: the next roll's luck comes from them.
        self.replies: list[float] | None = None
        self.opening: OpeningRoll | None = None

    def decisions(self) -> Iterator[Decision]:
        source = self.reviewed.game
        game = source.replayed()  # every die then comes from the history
        rules = game.rules
        history = source.history
        for i, action in enumerate(history):
            if isinstance(action, OpeningRoll):
                self.opening = action
            elif isinstance(action, Roll) and game.can_double():
                yield from self._reused_or(game, None, functools.partial(self._cube, game, doubled=False))
            elif isinstance(action, Double):
                answer = history[i + 1] if i + 1 < len(history) else None
                yield from self._reused_or(game, None, functools.partial(self._cube, game, doubled=True, answer=answer))
            elif isinstance(action, Played):
                assert game.dice is not None
                yield from self._reused_or(game, action, functools.partial(self._moved, game, rules, action))
            game.apply(action)

    def _moved(self, game: Game, rules: RuleSet, action: Played) -> Iterator[Decision]:
        yield self._move(game, rules, action)

    def _reused_or(
        self, game: Game, played: Played | None, compute: Callable[[], Iterator[Decision]]
    ) -> Iterator[Decision]:
        """This decision point's decisions (a move's, when ``played``, else a cube point's: none, one or two): the
        known ones when the known decisions go past this point, else computed (a point half known is made again)."""
        turn = self.turn + 1
        ahead = self.known[self.reused:]
        if played is not None:
            here = ahead[:1]
        else:
            here = list(itertools.takewhile(lambda d: d.kind in ("cube", "take") and d.turn == turn, ahead))
        # a move point is known when a known decision is left; a cube point (none, one or two decisions) when some
        # known decision comes after its own
        complete = bool(here) if played is not None else len(here) < len(ahead)
        if not complete:
            self.reused = len(self.known)  # the known decisions end here: from now on, everything is computed
            yield from compute()
            return
        for d in here:
            self._check_known(d, game, played, turn)
            self.reused += 1
            if played is not None:
                d = _compacted(d, compact_play(game.position, played.moves))
            yield dataclasses.replace(d, index=self._next_index(), game=self.reviewed.number, reused=True)
        if played is not None:
            self.turn = turn
            self.replies = None  # the next roll's luck looks at the replies afresh (reply_values)

    def _check_known(self, d: Decision, game: Game, played: Played | None, turn: int) -> None:
        position = game.position
        expected_colour = position.turn.other if d.kind == "take" else position.turn
        same = (d.position_id == position.gnubg_id() and d.turn == turn and d.colour == expected_colour
                and (d.kind == "move") == (played is not None))
        if same and played is not None:
            assert game.dice is not None
            # the play as the review writes it, or as reviews before it wrote it: the record's words
            same = (d.dice == (max(game.dice), min(game.dice))
                    and d.played in (compact_play(position, played.moves), _as_recorded(position, played)))
        if not same:
            raise ReviewError(
                f"known decision {self.reused} of game {self.reviewed.number} ({d.kind} {d.played!r} at turn {d.turn})"
                " is not the record's: give the decisions of an earlier review of the same record"
            )

    def _next_index(self) -> int:
        self.index += 1
        return self.index - 1

    def _luck(self, game: Game, rules: RuleSet, dice: tuple[int, int]) -> float:
        position = game.position
        if self.opening is not None and self.turn == 1:
            return opening_luck(position, dice, rules, self.uncached)
        values = self.replies
        if values is None:
            # The first turn of a game set up from a position or opened without an opening roll.
            values = reply_values(position, rules, self.network, {})
            assert values is not None
        # The replies are the previous mover's equities; this mover's are their negatives.
        low, high = min(dice), max(dice)
        slot = next(k for k, (d, _) in enumerate(ROLLS) if d == (low, high))
        return -values[slot] + _one_ply(values)

    def _move(self, game: Game, rules: RuleSet, action: Played) -> Decision:
        self.turn += 1
        position = game.position
        assert game.dice is not None
        dice = (max(game.dice), min(game.dice))
        luck = self._luck(game, rules, dice)
        # The reviewing level's own search, as it plays (its cache-backed network: the positions the luck and the
        # cube's look valued, and the last move's look-ahead, are look-ups).
        scored = _scored_play(position, dice, rules, action.moves, self.level, self.network)
        plays, mine, best, error = scored.plays, scored.mine, scored.best, scored.error
        result = mine.play.result
        self.replies = scored.replies  # the opponent's 21 rolls after the play made, for the next roll's luck
        choices = len(plays)
        # gnubg's notation, chains joined (compact_play), not the record's words (the steps as they were entered)
        played_text = compact_play(position, action.moves)
        # The best play in the words of the play made when it is the play made (one play, several orders).
        best_text = played_text if best.play.result == result else compact_play(position, best.play.moves)
        return Decision(
            index=self._next_index(),
            game=self.reviewed.number,
            turn=self.turn,
            kind="move",
            colour=position.turn,
            position=position,
            position_id=position.gnubg_id(),
            match_id=_match_id(game, self.reviewed, dice, doubled=False),
            dice=dice,
            played=played_text,
            best=best_text,
            played_equity=mine.equity,
            best_equity=best.equity,
            error=error,
            choices=choices,
            cube_value=game.cube_value,
            played_moves=action.moves,
            best_moves=best.play.moves,
            alternatives=_alternatives(plays, mine, played_text),
            luck=luck,
        )

    def _cube(self, game: Game, doubled: bool, answer: Action | None = None) -> Iterator[Decision]:
        position = game.position
        state = _cube_state(game, self.reviewed)
        if not doubled and not _close(
            cube_advice(position, game.rules, state, PRECHECK_LEVEL, network=self.network), PRECHECK_MARGIN
        ):
            return  # far from a double even at 0-ply: not a decision gnubg would count
        # The 21 rolls' plays are the ones the last move's replies valued (reply_values): the cache answers them.
        advice = cube_advice(position, game.rules, state, self.level, self.lang, network=self.network)
        nd, dt, dp = advice.no_double, advice.double_take, advice.double_drop
        double_value = min(dt, dp)
        close = _close(advice)
        if doubled or close:
            yield self._cube_decision(
                game, "cube", ("double", double_value) if doubled else ("no double", nd),
                max((("no double", nd), ("double", double_value)), key=lambda c: c[1]), advice.reason,
            )
        if doubled and isinstance(answer, (Take, Drop)):
            take, drop = ("take", -dt), ("drop", -dp)  # the taker's equities, in the same units
            played = take if isinstance(answer, Take) else drop
            yield self._cube_decision(game, "take", played, max(drop, take, key=lambda c: c[1]), advice.take_reason)

    def _cube_decision(
        self, game: Game, kind: str, played: tuple[str, float], best: tuple[str, float], reason: str
    ) -> Decision:
        """A double / no double (``kind`` "cube", the player on roll) or take / drop ("take", his opponent)."""
        position = game.position
        return Decision(
            index=self._next_index(),
            game=self.reviewed.number,
            turn=self.turn + 1,
            kind=kind,
            colour=position.turn if kind == "cube" else position.turn.other,
            position=position,
            position_id=position.gnubg_id(),
            match_id=_match_id(game, self.reviewed, None, doubled=kind == "take"),
            dice=None,
            played=played[0],
            best=best[0],
            played_equity=played[1],
            best_equity=best[1],
            error=max(0.0, best[1] - played[1]),
            choices=2,
            cube_value=game.cube_value,
            reason=reason,
        )


def review(
    record: Game | Match | str | dict[str, Any],
    network: Network | None = None,
    only_game: int | None = None,
    lang: str = DEFAULT_LANGUAGE,
    known: Sequence[Decision] = (),
    level: str = REVIEW_LEVEL,
) -> Iterator[Decision]:
    """The decisions of ``record`` (a Game, a Match, or a text or JSON record, finished or not), one at a time.

    Moves (every turn, forced ones too: their roll has a luck) and listed cube decisions, in
    the order they were made. ``only_game`` (a game's number in the match, from 1) reviews that
    game alone, at its score in the match (the game page reviews each game as it ends). The cube
    decisions' ``reason`` is in ``lang`` (the marks and ratings are data: :mod:`toutes_tables.review_words`).
    ``known``: decisions of an earlier review of the same record (the game page's review of one game, read back
    with :func:`decision_from_json`); each game's known decisions, a prefix of its own, are yielded again
    (renumbered) instead of computed, and the review computes only what comes after them. One that is not the
    record's is a :class:`ReviewError` when the review reaches it. ``level``: the level whose search reviews
    (:data:`REVIEW_LEVELS`; World class, the strongest, by default), as it plays but without its time budget.
    """
    net = _checked_network(network)
    searching = reviewing_level(level)
    games = _games_of(record, only_game)  # the record is read (and refused) now, not at the first decision
    if isinstance(known, (str, bytes)) or not isinstance(known, Sequence) or len(known) > MAX_KNOWN_DECISIONS:
        raise worded(ReviewError, "review.known.list", most=MAX_KNOWN_DECISIONS, value=shown(known))
    by_game: dict[int, list[Decision]] = {}
    for i, d in enumerate(known):
        by_game.setdefault(check_instance(d, Decision, f"known[{i}]", A_DECISION).game, []).append(d)
    stray = set(by_game) - {g.number for g in games}
    if stray:
        raise worded(ReviewError, "review.known.stray", game=min(stray))
    return _review(games, net, check_language(lang), by_game, searching)


def _review(
    games: list[ReviewedGame],
    network: Network,
    lang: str = DEFAULT_LANGUAGE,
    known: dict[int, list[Decision]] | None = None,
    level: Level | None = None,
) -> Iterator[Decision]:
    index = 0
    # One position is valued for the luck of the roll reaching it, the cube's look at its rolls and the checker
    # search: the review asks the network once (bounded; the figures are the network's to the last bit).
    cached = CachedNetwork(network, REVIEW_CACHE_SIZE)
    for reviewed in games:
        reviewer = _GameReviewer(
            reviewed, cached, index, lang, (known or {}).get(reviewed.number, []), network, level
        )
        yield from reviewer.decisions()
        index = reviewer.index


# -- the summary ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PlayerSummary:
    """One player's review: decisions counted, errors (equity), error rates (millipoints per decision), luck."""

    colour: Color
    moves: int  # turns played, forced ones included
    unforced_moves: int
    cube_decisions: int  # close cube decisions and answers to doubles
    checker_error: float
    cube_error: float
    marks: dict[str, int]
    luck: float  # the sum of the rolls' luck (equity)
    luck_points: float  # the same times the cube's value at each roll
    result: float  # points won minus points lost in the finished games
    luck_adjusted_result: float

    @property
    def decisions(self) -> int:
        return self.unforced_moves + self.cube_decisions

    @property
    def total_error(self) -> float:
        return self.checker_error + self.cube_error

    @property
    def checker_error_mp(self) -> float:
        """gnubg's checker-play error rate: millipoints per unforced move."""
        return 1000.0 * self.checker_error / self.unforced_moves if self.unforced_moves else 0.0

    @property
    def cube_error_mp(self) -> float:
        """gnubg's cube error rate: millipoints per close cube decision."""
        return 1000.0 * self.cube_error / self.cube_decisions if self.cube_decisions else 0.0

    @property
    def error_mp(self) -> float:
        """gnubg's overall error rate: millipoints per decision (unforced moves and cube decisions)."""
        return 1000.0 * self.total_error / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> str | None:
        """gnubg's rating in words, or None for a player who had no decision to make (nothing to rate)."""
        return rating(self.error_mp / 1000.0) if self.decisions else None

    @property
    def luck_rating(self) -> str:
        return luck_rating(self.luck / self.moves) if self.moves else "None"

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour.value,
            "moves": self.moves,
            "unforced_moves": self.unforced_moves,
            "cube_decisions": self.cube_decisions,
            "decisions": self.decisions,
            "checker_error": round(self.checker_error, 4),
            "cube_error": round(self.cube_error, 4),
            "total_error": round(self.total_error, 4),
            "checker_error_mp": round(self.checker_error_mp, 1),
            "cube_error_mp": round(self.cube_error_mp, 1),
            "error_mp": round(self.error_mp, 1),
            "rating": self.rating,
            "marks": dict(self.marks),
            "luck": round(self.luck, 4),
            "luck_points": round(self.luck_points, 4),
            "luck_rating": self.luck_rating,
            "result": self.result,
            "luck_adjusted_result": round(self.luck_adjusted_result, 4),
        }


def _results(record: Game | Match | str | dict[str, Any], only_game: int | None = None) -> dict[Color, float]:
    won = {BLACK: 0.0, WHITE: 0.0}
    for reviewed in _games_of(record, only_game):
        result = reviewed.game.result
        if result is not None:
            won[result.winner] += result.points
            won[result.winner.other] -= result.points
    return won


def summarise(decisions: Iterable[Decision], results: dict[Color, float] | None = None) -> dict[Color, PlayerSummary]:
    """Each player's summary of ``decisions`` (all of a review, or those so far); ``results``: points won (net)."""
    if isinstance(decisions, (str, bytes)) or not isinstance(decisions, Iterable):
        raise worded(ReviewError, "review.decisions", kind=type(decisions).__name__, value=shown(decisions))
    decisions = [check_instance(d, Decision, "decisions[i]", A_DECISION) for d in decisions]
    if results is not None:
        check_instance(results, dict, "results", RESULTS)
        if set(results) != {BLACK, WHITE}:
            raise worded(ReviewError, "review.results", value=shown(results))
        results = {c: _checked_number(f"results[{c.value}]", v) for c, v in results.items()}
    counts: dict[Color, dict[str, Any]] = {
        c: {"moves": 0, "unforced": 0, "cube": 0, "checker": 0.0, "cube_error": 0.0, "luck": 0.0, "luck_points": 0.0,
            "marks": {"doubtful": 0, "bad": 0, "very bad": 0}}
        for c in (BLACK, WHITE)
    }
    for d in decisions:
        c = counts[d.colour]
        if d.kind == "move":
            c["moves"] += 1
            # the figures as shown: a review reusing the page's decisions (read back rounded) sums the same
            luck = d.shown_luck
            if luck is not None:
                c["luck"] += luck
                c["luck_points"] += luck * d.cube_value
            if d.counted:
                c["unforced"] += 1
                c["checker"] += d.shown_error
        else:
            c["cube"] += 1
            c["cube_error"] += d.shown_error
        if d.mark:
            c["marks"][d.mark] += 1
    won = results or {BLACK: 0.0, WHITE: 0.0}
    summary = {}
    for colour in (BLACK, WHITE):
        c, o = counts[colour], counts[colour.other]
        summary[colour] = PlayerSummary(
            colour=colour,
            moves=c["moves"],
            unforced_moves=c["unforced"],
            cube_decisions=c["cube"],
            checker_error=c["checker"],
            cube_error=c["cube_error"],
            marks=c["marks"],
            luck=c["luck"],
            luck_points=c["luck_points"],
            result=won[colour],
            luck_adjusted_result=won[colour] - c["luck_points"] + o["luck_points"],
        )
    return summary


@dataclasses.dataclass(frozen=True)
class Review:
    """A whole review: the decisions in order and each player's summary."""

    rules: str
    decisions: list[Decision]
    players: dict[Color, PlayerSummary]
    level: str = REVIEW_LEVEL  # the level whose search reviewed (REVIEW_LEVELS)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "level": self.level,
            "players": {c.value: s.to_json() for c, s in self.players.items()},
            "decisions": [d.to_json() for d in self.decisions],
            "luck": [
                {"index": d.index, "game": d.game, "turn": d.turn, "colour": d.colour.value, "dice": list(d.dice or ()),
                 "luck": d.shown_luck, "luck_mark": d.luck_mark}
                for d in self.decisions
                if d.luck is not None
            ],
        }


def _analyse(record: Game | Match | str | dict[str, Any], network: Network | None, lang: str, level: str) -> Review:
    searching = reviewing_level(level)
    held = read_record(record)  # read once: the games, the review and the results all come from it
    net = _checked_network(network)
    games = _games_of(held)
    decisions = list(_review(games, net, check_language(lang), level=searching))
    return Review(games[0].game.rules.name, decisions, summarise(decisions, _results(held)), searching.name)


def analyse_game(
    record_or_game: Game | str | dict[str, Any],
    network: Network | None = None,
    lang: str = DEFAULT_LANGUAGE,
    level: str = REVIEW_LEVEL,
) -> Review:
    """The review of one game (a :class:`~toutes_tables.Game` or its text or JSON record).

    The cube decisions' ``reason`` is in ``lang``; the marks, ratings and cube actions are data, put
    into words by :mod:`toutes_tables.review_words`. ``level`` searches, as :func:`review`'s.
    """
    held = read_record(record_or_game)
    if isinstance(held, Match):
        raise worded(ReviewError, "review.one_game")
    return _analyse(held, network, lang, level)


def analyse_match(
    record_or_match: Match | str | dict[str, Any],
    network: Network | None = None,
    lang: str = DEFAULT_LANGUAGE,
    level: str = REVIEW_LEVEL,
) -> Review:
    """The review of a whole match (a :class:`~toutes_tables.Match` or its text or JSON record), game after game.

    The cube decisions' ``reason`` is in ``lang`` and ``level`` searches, as :func:`analyse_game`'s.
    """
    return _analyse(record_or_match, network, lang, level)


def results_of(record: Game | Match | str | dict[str, Any], only_game: int | None = None) -> dict[Color, float]:
    """Points won (net) by each colour in the record's finished games (or game ``only_game``), for :func:`summarise`."""
    return _results(record, only_game)


def games_of(record: Game | Match | str | dict[str, Any]) -> Sequence[ReviewedGame]:
    """The games of a record with their score before them (reading it as :func:`review` does)."""
    return _games_of(record)


__all__ = [
    "Alternative",
    "Decision",
    "MAX_KNOWN_DECISIONS",
    "PlayerSummary",
    "Review",
    "ReviewError",
    "ReviewedGame",
    "ScoredMove",
    "analyse_game",
    "analyse_match",
    "count_turns",
    "decision_from_json",
    "judge_play",
    "games_of",
    "luck_mark",
    "luck_of_rolls",
    "luck_rating",
    "mark",
    "mark_thresholds",
    "opening_luck",
    "rating",
    "read_record",
    "reply_values",
    "results_of",
    "review",
    "reviewing_level",
    "summarise",
    "REVIEW_LEVEL",
    "REVIEW_LEVELS",
]
