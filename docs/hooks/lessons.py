"""The tutorial's judgements, made by the engine at build time (used by diagrams.py for ```lesson fences).

A lesson shows a position and a roll on a live board; the reader plays, and the page says whether the
play was what the lesson asked for. Which plays are right is decided here, from the engine's legal
plays and a goal, so a lesson cannot ask for something the rules do not allow:

- ``any``: every legal play (the lesson is about what the board lets you do at all);
- ``hit``: the plays that hit a half-square;
- ``square``: the plays that make a new square (a point of two or more that was not one before);
- ``most-off``: the plays that bear off the most checkers.

A cube lesson (``goal: take`` or ``goal: drop`` is decided, not given) needs the last roll of a race:
the doubler is on roll, and the taker has one checker left, so he wins next turn unless the doubler
bears everything off with this roll. The engine counts the doubler's winning rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from toutes_tables import CHECKERS, OFF, Play, Position, legal_plays

GOALS = ("any", "hit", "square", "most-off")


class LessonError(ValueError):
    """A lesson that cannot be judged as written."""


def _makes_square(play: Play) -> bool:
    before = play.position.mine
    after = play.result.theirs  # the mover's checkers, now that the opponent is on roll
    return any(after[p] >= 2 and before[p] < 2 for p in range(1, 25))


def _borne_off(play: Play) -> int:
    return sum(1 for _, dst in play.moves if dst == OFF)


def right_plays(position: Position, dice: tuple[int, int], rules: str, goal: str) -> tuple[list[str], list[str]]:
    """``(right, all legal)`` plays in notation; raises if the lesson could not tell a right play from a wrong one."""
    if goal not in GOALS:
        raise LessonError(f"goal must be one of {', '.join(GOALS)}, got {goal!r}")
    plays = legal_plays(position, dice, rules)
    if not plays:
        raise LessonError("there is no legal play with this roll: nothing to learn by playing")
    if goal == "any":
        right = plays
    elif goal == "hit":
        right = [p for p in plays if p.hits]
    elif goal == "square":
        right = [p for p in plays if _makes_square(p)]
    else:
        most = max(_borne_off(p) for p in plays)
        right = [p for p in plays if _borne_off(p) == most]
    if not right:
        raise LessonError(f"no legal play meets the goal {goal!r}")
    if goal != "any" and len(right) == len(plays):
        raise LessonError(f"every legal play meets the goal {goal!r}: the lesson could not reject a play")
    return sorted(str(p) for p in right), sorted(str(p) for p in plays)


@dataclass(frozen=True)
class CubeJudgement:
    winning_rolls: list[tuple[int, int]]  # the doubler's rolls (higher die first, each order counted) that win
    answer: str  # "take" or "drop"

    @property
    def doubler_chances(self) -> float:
        return len(self.winning_rolls) / 36


def judge_last_roll_double(position: Position) -> CubeJudgement:
    """Take or drop when the player on roll doubles at the end of a race (see the module docstring)."""
    doubler = position.turn
    taker = position.checkers(doubler.other)
    if any(taker[7:26]) or CHECKERS - taker[OFF] != 1:
        raise LessonError("a cube lesson needs the taker to have exactly one checker left, in his home quarter")
    if position.pips(doubler) == 0 or any(position.checkers(doubler)[7:26]):
        raise LessonError("a cube lesson needs the doubler to be bearing off, with checkers left")
    wins = []
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            if any(p.result.winner() is doubler for p in legal_plays(position, (d1, d2), "backgammon")):
                wins.append((max(d1, d2), min(d1, d2)))
    # Taking risks 2 points to win 2; dropping loses 1. Take when the taker wins at least a quarter.
    answer = "take" if 1 - len(wins) / 36 >= 0.25 else "drop"
    return CubeJudgement(sorted(wins, reverse=True), answer)
