"""The *crashed* class of a position, where the computer evaluates with a network of its own.

gnubg evaluates a position with one of several networks, picked by the class of the position; one
class is *crashed*: the sides are still in contact, and one of them has hardly any checkers left in
play, so its board is breaking and the play turns on few checkers. One network for every class
misfits its teacher most there (docs/benchmarks.md, *Crashed positions*), so the engine keeps a
second network for these positions (:class:`.network.PhasedNetwork`), and this is the rule that
picks it: gnubg's own, checked against ``gnubg.classify`` in tests/test_ai_phases.py.

A side is 26 counts, as in :class:`toutes_tables.Position`: borne off, points 1-24, bar.
"""

from __future__ import annotations

from collections.abc import Sequence

from .features import in_contact

ACE, DEUCE, BAR = 1, 2, 25
FEW_IN_PLAY = 6


def side_crashed(side: Sequence[int]) -> bool:
    """At most six checkers in play, counting a pile of two or more on the ace point as one checker (and then
    a pile of two or more on the deuce point as one more), or, with no such ace pile, the deuce point's
    checkers past the first as none: the checkers that still shape the board are few.

    >>> side_crashed([9] + [3, 3] + [0] * 23)  # six in play
    True
    >>> side_crashed([0] + [5, 5, 2, 2, 1] + [0] * 20)  # fifteen in play, the ace and deuce piles count as two
    True
    >>> side_crashed([0] + [1, 4, 2, 2, 2, 2, 2] + [0] * 18)  # no ace pile: the deuce counts as one, 12 in play
    False
    """
    in_play, ace, deuce = sum(side[ACE : BAR + 1]), side[ACE], side[DEUCE]
    if in_play <= FEW_IN_PLAY:
        return True
    if ace > 1:
        return in_play - ace <= FEW_IN_PLAY or (deuce > 1 and 1 + in_play - ace - deuce <= FEW_IN_PLAY)
    return in_play - (deuce - 1) <= FEW_IN_PLAY


def crashed(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """In contact (a checker of one side can still meet one of the other's) and either side crashed.

    The sides' shapes first: most positions are not crashed, and that is the cheaper question.
    """
    return (side_crashed(mine) or side_crashed(theirs)) and in_contact(mine, theirs)
