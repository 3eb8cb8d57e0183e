"""gnubg's *crashed* class of a position, in plain Python: the rule ``train.py --crashed-weight`` applies.

gnubg evaluates a position with one of several networks, picked by the class of the position; one
class is *crashed*: the sides are still in contact, and one of them has hardly any checkers left in
play, so its board is breaking. The present evaluator is one network for every class, and it misfits
gnubg most there (docs/benchmarks.md, *Crashed positions*), which is why training can weigh them more.

No numpy, no torch: tests/test_training_phases.py checks this against ``gnubg.classify`` and train.py
checks its vectorised copy against this on the data it trains on.
"""

from __future__ import annotations

from collections.abc import Sequence

# A side's 26 slots, as in generate.py's files and toutes_tables.Position: borne off, points 1-24, bar.
ACE, DEUCE, BAR = 1, 2, 25
FEW_IN_PLAY = 6


def rearmost(side: Sequence[int]) -> int:
    """The farthest slot from home that holds a checker (the bar is 25), 0 when none is in play."""
    return max((slot for slot in range(ACE, BAR + 1) if side[slot]), default=0)


def side_crashed(side: Sequence[int]) -> bool:
    """At most six checkers in play, counting a pile of two or more on the ace point as one checker (and then
    a pile of two or more on the deuce point as one more), or, with no such ace pile, the deuce point's
    checkers past the first as none: the checkers that still shape the board are few."""
    in_play, ace, deuce = sum(side[ACE : BAR + 1]), side[ACE], side[DEUCE]
    if in_play <= FEW_IN_PLAY:
        return True
    if ace > 1:
        return in_play - ace <= FEW_IN_PLAY or (deuce > 1 and 1 + in_play - ace - deuce <= FEW_IN_PLAY)
    return in_play - (deuce - 1) <= FEW_IN_PLAY


def crashed(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """In contact (a checker of one side can still meet one of the other's) and either side crashed."""
    return rearmost(mine) + rearmost(theirs) > BAR and (side_crashed(mine) or side_crashed(theirs))
