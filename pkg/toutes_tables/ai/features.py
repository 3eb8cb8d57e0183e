"""The network's inputs: what a position looks like to the evaluation, for the player on roll.

Each side has 26 *slots* in its own numbering (0 = borne off, 1-24 = points, 25 = bar), and a
slot holding ``n`` checkers gives four inputs, the truncated unary code of TD-Gammon and gnubg:
``n >= 1``, ``n >= 2``, ``n >= 3`` and ``(n - 3) / 2`` beyond three. The mover's 26 slots come
first, then the opponent's, then one input that is 1 while the sides are still in contact.

Because each slot's four inputs depend on its count alone, the first layer's work for a slot
is a fixed vector per (side, slot, count): :mod:`.network` folds the weights into such a table
once at load time, so an evaluation adds one precomputed row per occupied slot (about 20) and
never multiplies by an input. Training (``training/train.py``) expands the same code densely.

A network may also take :data:`CRAFTED_INPUTS` more: for each side, ten counts that describe the
position as gnubg's hand-made inputs do (:func:`crafted_counts`: pip count, checkers back, the
longest prime, blots and their hitters, home points, anchors, buried and outfield checkers, the
numbers that move the rearmost checker). They are whole numbers, so the first layer adds each
one's row times its count, still without a float. Measured in docs/benchmarks.md (*Labels at 2
plies, and inputs like gnubg's*): they take a sixth to a quarter off the network's error at 0 ply.
"""

from __future__ import annotations

from collections.abc import Sequence

SLOTS = 26  # off, points 1-24, bar
INPUTS_PER_SLOT = 4
BOARD_INPUTS = 2 * SLOTS * INPUTS_PER_SLOT
CONTACT_INPUT = BOARD_INPUTS
INPUT_COUNT = BOARD_INPUTS + 1
MAX_COUNT = 15
CRAFTED_PER_SIDE = 10
CRAFTED_INPUTS = 2 * CRAFTED_PER_SIDE
# What each of a side's crafted counts can reach at most (the fixed-point layer's bounds; loose
# where the exact maximum is awkward: 15 blots with six hitters each cannot all happen).
CRAFTED_MAX = (15 * 25, 15, 7, 15, 15 * 6, 6, 6, 15, 15, 6)


def slot_code(count: int) -> tuple[float, float, float, float]:
    """The four inputs of one slot holding ``count`` checkers.

    >>> slot_code(0), slot_code(2), slot_code(7)
    ((0.0, 0.0, 0.0, 0.0), (1.0, 1.0, 0.0, 0.0), (1.0, 1.0, 1.0, 2.0))
    """
    return (
        1.0 if count >= 1 else 0.0,
        1.0 if count >= 2 else 0.0,
        1.0 if count >= 3 else 0.0,
        (count - 3) / 2.0 if count > 3 else 0.0,
    )


def rearmost(side: Sequence[int]) -> int:
    """The highest occupied slot of a side (bar 25, points 24-1), 0 when all are borne off."""
    for slot in range(25, 0, -1):
        if side[slot]:
            return slot
    return 0


def in_contact(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Can a checker of one side still meet one of the other's? My point p is their point 25 - p.

    >>> in_contact([0] * 24 + [15, 0], [0] * 2 + [15] + [0] * 23)  # my 24 against their 2: contact
    True
    >>> in_contact([0, 15] + [0] * 24, [0, 15] + [0] * 24)  # each side on its own ace point: a race
    False
    """
    return rearmost(mine) + rearmost(theirs) > 25


def side_counts(mine: Sequence[int], theirs: Sequence[int]) -> list[int]:
    """The ten crafted counts of the side ``mine`` (see :func:`crafted_counts`), in this order.

    Pip count; checkers back (on the bar or in the opponent's home board, points 19-24); the
    longest run of made points; blots (points 1-24 with one checker); hitters: for each blot, how
    many of the six points behind it, from the opponent's side, hold a checker of theirs (their
    bar counts); made points in the home board; anchors (made points 19-24); checkers buried on
    the ace and deuce points; checkers in the outfield (points 7-18); and how many of the numbers
    1-6 move the rearmost checker to a point the opponent has not made (a move off the board or
    to the home side's edge counts as free).

    >>> side_counts([0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0],
    ...             [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0])
    [167, 2, 1, 0, 0, 1, 1, 0, 8, 5]
    """
    pips = blots = hitters = home = anchors = run = longest = rearmost = 0
    for point in range(1, 25):
        n = mine[point]
        if n == 0:
            run = 0
            continue
        pips += n * point
        rearmost = point
        if n >= 2:
            run += 1
            if run > longest:
                longest = run
            if point <= 6:
                home += 1
            elif point >= 19:
                anchors += 1
        else:
            run = 0
            blots += 1
            # my point p is their point 25 - p; they move down onto it from the six points above
            hitters += sum(1 for behind in range(26 - point, min(31 - point, 25) + 1) if theirs[behind])
    if mine[25]:
        pips += 25 * mine[25]
        rearmost = 25
    free = sum(1 for d in range(1, 7) if rearmost - d < 1 or theirs[25 - (rearmost - d)] < 2)
    return [
        pips,
        sum(mine[19:26]),
        longest,
        blots,
        hitters,
        home,
        anchors,
        mine[1] + mine[2],
        sum(mine[7:19]),
        free,
    ]


def crafted_counts(mine: Sequence[int], theirs: Sequence[int]) -> list[int]:
    """The :data:`CRAFTED_INPUTS` counts: :func:`side_counts` of the player on roll, then of the opponent."""
    return side_counts(mine, theirs) + side_counts(theirs, mine)


def dense_inputs(mine: Sequence[int], theirs: Sequence[int], crafted: bool = False) -> list[float]:
    """All :data:`INPUT_COUNT` inputs as a dense list (the reference the folded table must match).

    With ``crafted``, the :data:`CRAFTED_INPUTS` counts follow, as numbers.
    """
    inputs: list[float] = []
    for side in (mine, theirs):
        for slot in range(SLOTS):
            inputs.extend(slot_code(side[slot]))
    inputs.append(1.0 if in_contact(mine, theirs) else 0.0)
    if crafted:
        inputs.extend(float(count) for count in crafted_counts(mine, theirs))
    return inputs
