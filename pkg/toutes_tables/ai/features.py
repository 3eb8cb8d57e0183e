"""The network's inputs: what a position looks like to the evaluation, for the player on roll.

Each side has 26 *slots* in its own numbering (0 = borne off, 1-24 = points, 25 = bar), and a
slot holding ``n`` checkers gives four inputs, the truncated unary code of TD-Gammon and gnubg:
``n >= 1``, ``n >= 2``, ``n >= 3`` and ``(n - 3) / 2`` beyond three. The mover's 26 slots come
first, then the opponent's, then one input that is 1 while the sides are still in contact.

Because each slot's four inputs depend on its count alone, the first layer's work for a slot
is a fixed vector per (side, slot, count): :mod:`.network` folds the weights into such a table
once at load time, so an evaluation adds one precomputed row per occupied slot (about 20) and
never multiplies by an input. Training (``training/train.py``) expands the same code densely.
"""

from __future__ import annotations

from collections.abc import Sequence

SLOTS = 26  # off, points 1-24, bar
INPUTS_PER_SLOT = 4
BOARD_INPUTS = 2 * SLOTS * INPUTS_PER_SLOT
CONTACT_INPUT = BOARD_INPUTS
INPUT_COUNT = BOARD_INPUTS + 1
MAX_COUNT = 15


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


def dense_inputs(mine: Sequence[int], theirs: Sequence[int]) -> list[float]:
    """All :data:`INPUT_COUNT` inputs as a dense list (the reference the folded table must match)."""
    inputs: list[float] = []
    for side in (mine, theirs):
        for slot in range(SLOTS):
            inputs.extend(slot_code(side[slot]))
    inputs.append(1.0 if in_contact(mine, theirs) else 0.0)
    return inputs
