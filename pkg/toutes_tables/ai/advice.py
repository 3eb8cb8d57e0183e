"""Advice for a human player: a hint (the best plays, their equities, a plain-words reason, the cube) and a play's cost.

The plays are ranked by a level's own search, without its noise, so the hint says what that
level would think; a level that looks ahead does so on every play the hint shows (not only on
its usual few candidates), so the listed equities are comparable, all at the same depth (unless
the level's time budget runs out first). A play's *reason* is read off the board, not
from the network: the network knows a play is better but cannot say why, while a few plain
facts (it hits, it makes a point, it escapes a back checker, it bears off, how many shots it
leaves) are what a player checks anyway. Shots are counted the usual way: how many of the
opponent's 36 rolls hit at least one of the mover's blots outside the opponent's home board,
blocked points respected. The reasons are in the language asked for (``lang``), from the message
catalogues (:mod:`toutes_tables.messages`, the ``advice.*`` keys), the French in the rules book's
words (docs/rules/glossary.fr.md: *battre*, *case*, *demi-case*, *sortir*).

>>> from toutes_tables import start_position
>>> advice = hint(start_position(64), (3, 1), "backgammon", level="advanced", count=2)
>>> advice.plays[0].notation, advice.plays[0].reason, advice.cube
('8/5 6/5', 'makes your 5 point', None)
>>> play_reason(advice.plays[0].play, "fr")
'fait votre case 5'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from ..messages import DEFAULT_LANGUAGE, say
from ..notation import format_play
from ..play import Play
from ..position import BAR, OFF, Position
from ..rules import RuleSet, get_rules
from .cube import CubeAdvice, CubeState, cube_advice
from .features import in_contact
from .levels import Level, get_level
from .network import default_network
from .search import ScoredPlay, one_ply_equity, two_ply_equity

NAMED_POINTS = (7, 1)  # the bar point and the ace point have their names (advice.point.7, advice.point.1)


@dataclasses.dataclass(frozen=True)
class PlayAdvice:
    """One play of a hint: its notation, its equity for the mover (cubeless, per unit) and why it is played."""

    play: Play
    notation: str
    equity: float
    ply: int
    reason: str


@dataclasses.dataclass(frozen=True)
class Hint:
    """The best plays (best first) and, before the roll in a backgammon set, the cube advice."""

    plays: list[PlayAdvice]
    cube: CubeAdvice | None


def _point_name(point: int, lang: str) -> str:
    return say(lang, f"advice.point.{point}") if point in NAMED_POINTS else say(lang, "advice.point", point=point)


def shots(position: Position) -> int:
    """How many of the 36 rolls of the player on roll hit at least one blot of his opponent's outside his home board.

    Blots in the roller's own home board (the opponent's back checkers, split) are left out,
    as players count shots: hitting there is seldom what the roller wants.

    >>> shots(Position.from_text("white 13:2 / 18:1"))  # a blot 6 away from two checkers
    17
    """
    mine, theirs = position.mine, position.theirs
    # In the roller's numbering a blot of the opponent's on his point q stands on the roller's 25 - q.
    targets = {25 - q for q in range(1, 19) if theirs[q] == 1}
    if not targets:
        return 0
    blocked = {25 - q for q in range(1, 25) if theirs[q] >= 2}
    on_bar = mine[BAR]
    sources = [BAR] if on_bar else [p for p in range(1, 26) if mine[p]]
    hitting = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if _roll_hits(sources, targets, blocked, a, b, on_bar):
                hitting += 1
    return hitting


def _roll_hits(sources: list[int], targets: set[int], blocked: set[int], a: int, b: int, on_bar: int) -> bool:
    """Can one checker reach a target with the roll (a, b)? (Entering checkers count from the bar.)"""
    steps_list = [[a] * 4] if a == b else [[a, b], [b, a]]
    for source in sources:
        for steps in steps_list:
            if on_bar > 1 and source == BAR:
                steps = steps[:1] if a != b else steps[: max(0, 5 - on_bar)]
            point = source
            for step in steps:
                point -= step
                if point < 1 or point in blocked:
                    break
                if point in targets:
                    return True
    return False


def _blots(side: Sequence[int]) -> int:
    return sum(1 for p in range(1, 25) if side[p] == 1)


def play_reason(play: Play, lang: str = DEFAULT_LANGUAGE) -> str:
    """A short plain-words reason for ``play`` read off the board, in ``lang`` ("" when nothing can be said)."""
    before = play.position
    if not play.moves:
        return say(lang, "advice.no_move")
    after = play.result  # the opponent on roll: the mover's checkers are ``after.theirs``
    mine_before, mine_after = before.mine, after.theirs
    parts: list[str] = []
    hits = len(play.hits)
    if hits:
        parts.append(say(lang, "advice.hits_one") if hits == 1 else say(lang, "advice.hits_many", count=hits))
    made = [p for p in range(1, 25) if mine_before[p] < 2 <= mine_after[p]]
    if made:
        best = max(made, key=lambda p: (p <= 7, p))
        parts.append(say(lang, "advice.makes_point", point=_point_name(best, lang)) if len(made) == 1
                     else say(lang, "advice.makes_points", count=len(made)))
    borne = mine_after[OFF] - mine_before[OFF]
    if borne:
        parts.append(say(lang, "advice.bears_off_one") if borne == 1
                     else say(lang, "advice.bears_off_many", count=borne))
    back_before = sum(mine_before[18:26])
    back_after = sum(mine_after[18:26])
    if back_after < back_before and not borne:
        escaped = back_before - back_after
        parts.append(say(lang, "advice.escapes_one") if escaped == 1
                     else say(lang, "advice.escapes_many", count=escaped))
    if in_contact(after.mine, after.theirs):
        n = shots(after)
        if n:
            parts.append(say(lang, "advice.shots_one") if n == 1 else say(lang, "advice.shots_many", count=n))
        elif _blots(mine_before) and not _blots(mine_after):
            parts.append(say(lang, "advice.no_blot"))
        elif not parts:
            parts.append(say(lang, "advice.no_shot"))
    return ", ".join(parts[:3])


def hint(
    position: Position,
    dice: Sequence[int] | None,
    rules: str | RuleSet,
    cube: CubeState | None = None,
    level: str | Level = "expert",
    count: int = 5,
    lang: str = DEFAULT_LANGUAGE,
) -> Hint:
    """The best ``count`` plays for ``dice`` (best first), or before the roll (``dice`` None) the cube advice.

    The cube advice is given before the roll in a backgammon set, for ``cube`` (a centred
    money cube when ``cube`` is None), unless that cube is not in use (``enabled`` False).
    The reasons (and the cube's verdict) are in ``lang``.
    """
    rule_set = get_rules(rules)
    plays: list[PlayAdvice] = []
    if dice is not None:
        for scored in _ranked_for_hint(position, dice, rule_set, get_level(level), count)[: max(0, count)]:
            plays.append(
                PlayAdvice(
                    play=scored.play,
                    notation=format_play(scored.play.position, scored.play.moves),
                    equity=scored.equity,
                    ply=scored.ply,
                    reason=play_reason(scored.play, lang),
                )
            )
    advice = None
    if dice is None and rule_set.cube and position.winner() is None:
        state = cube if cube is not None else CubeState()
        if state.enabled:
            advice = cube_advice(position, rule_set, state, level, lang)
    return Hint(plays, advice)


def _ranked_for_hint(
    position: Position, dice: Sequence[int], rules: RuleSet, level: Level, count: int
) -> list[ScoredPlay]:
    """The level's ranking, looking ahead (at a level that does) on at least the ``count`` plays shown."""
    if level.ply < 1:
        return level.rank(position, dice, rules)
    # No margin: a play the hint shows is searched as deep as the best, however far behind it is
    # (at 1-ply; the 2-ply look stays on the level's closest few, each costing 21 looks at 1-ply).
    return dataclasses.replace(level, candidates=max(count, level.candidates), margin=math.inf).rank(
        position, dice, rules
    )


def _same(a: Play, b: Play) -> bool:
    return a.result == b.result


def play_cost(
    position: Position,
    dice: Sequence[int],
    play: Play,
    rules: str | RuleSet,
    level: str = "expert",
    *,
    ranked: Sequence[ScoredPlay] | None = None,
) -> float:
    """How much equity ``play`` gives away against the level's best play (>= 0; 0.0 for the best or only play).

    Both are scored at the same depth: a play the level did not search as deep as its best
    is looked at one roll deeper before they are compared. ``ranked``: the level's ranking of
    this position and roll, when the caller already has it (it saves a second search).
    """
    rule_set = get_rules(rules)
    if ranked is None:
        ranked = get_level(level).rank(position, dice, rule_set)
    if len(ranked) <= 1:
        return 0.0
    best = ranked[0]
    if _same(best.play, play):
        return 0.0
    mine = next((s for s in ranked if _same(s.play, play)), None)
    if mine is None:
        raise ValueError(f"{play} is not a legal play of {dice} in {position!r}")
    value = mine.equity
    if mine.ply < best.ply:
        deeper = two_ply_equity if best.ply >= 2 else one_ply_equity
        value = deeper(play.result, rule_set, default_network())
    return max(0.0, best.equity - value)
