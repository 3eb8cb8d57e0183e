"""The crafted counts a network may take beside the board (``ai.features.crafted_counts``).

Each count is checked on positions drawn by hand, and the two that are easiest to get subtly wrong
(the pip count and the blots' hitters) on positions of seeded games against a second computation
written from the other side's point of view.
"""

from __future__ import annotations

import random

import pytest

from toutes_tables import Position, legal_plays, start_position
from toutes_tables.ai.features import CRAFTED_MAX, CRAFTED_PER_SIDE, crafted_counts, side_counts

NAMES = ("pips", "back", "longest", "blots", "hitters", "home", "anchors", "buried", "outfield", "free")


def counts(position: Position | str) -> tuple[dict[str, int], dict[str, int]]:
    """The mover's and the opponent's counts of ``position`` (or its text) by name."""
    if isinstance(position, str):
        position = Position.from_text(position)
    values = crafted_counts(position.mine, position.theirs)
    mine = dict(zip(NAMES, values[:CRAFTED_PER_SIDE], strict=True))
    return mine, dict(zip(NAMES, values[CRAFTED_PER_SIDE:], strict=True))


def test_the_classic_start() -> None:
    mine, theirs = counts(start_position(64))
    expected = dict(pips=167, back=2, longest=1, blots=0, hitters=0, home=1, anchors=1, buried=0, outfield=8, free=5)
    assert mine == theirs == expected


def test_a_prime_blots_and_their_hitters() -> None:
    # White, on roll: points 4-7 made, blots on 8, 10 and 16, two buried on the ace, two back on the 20.
    # Black (its own numbering): 3, 12, 13, 16 and 22 made, a blot on its 23.
    mine, theirs = counts("white 1:2 4:2 5:2 6:2 7:2 8:1 10:1 16:1 20:2 / 3:2 12:5 13:3 16:2 22:2 23:1")
    assert mine == dict(
        pips=2 + 8 + 10 + 12 + 14 + 8 + 10 + 16 + 40,
        back=2,
        longest=4,
        blots=3,
        # my 8 is Black's 17: behind it, on its 18-23, Black holds 22 and 23; my 10 (its 15): its 16;
        # my 16 (its 9): its 12 and 13
        hitters=2 + 1 + 2,
        home=4,  # 1, 4, 5, 6
        anchors=1,
        buried=2,
        outfield=5,  # 7, 8, 10, 16
        # the rearmost checker, on 20, moves to 19-14, Black's 6-11: none made there
        free=6,
    )
    assert (theirs["blots"], theirs["longest"], theirs["home"], theirs["outfield"]) == (1, 2, 1, 10)
    # Black's blot on its 23 is my 2: my checkers 1-6 pips behind it, from my side, are on my 3-8
    assert theirs["hitters"] == 5


def test_the_bar_and_a_closed_board() -> None:
    # White has a checker on the bar against Black's five home points: only the 6 enters.
    mine, theirs = counts("white 6:5 8:3 13:6 bar:1 / 1:2 2:2 3:2 4:2 5:2 13:5")
    assert mine["back"] == 1
    assert mine["pips"] == 30 + 24 + 78 + 25
    assert mine["free"] == 1
    assert theirs["home"] == 5 and theirs["longest"] == 5


def test_a_side_all_borne_off_has_every_number_free_and_nothing_else() -> None:
    side = [15] + [0] * 25
    other = [0] * 6 + [15] + [0] * 19
    assert side_counts(side, other) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 6]


def _seeded_positions(count: int, seed: int) -> list[Position]:
    """Positions of games of random legal plays (both rule families' bear-offs)."""
    rng = random.Random(seed)
    found: list[Position] = []
    for rules in ("backgammon", "toutes-tables-225"):
        position = start_position(rng.randint(1, 225))
        while len(found) < count * (1 + (rules != "backgammon")):
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)), rules)
            position = rng.choice(plays).result if plays else position.swapped()
            found.append(position)
            if position.winner() is not None or position.theirs[0] == 15:
                position = start_position(rng.randint(1, 225))
    return found


@pytest.mark.parametrize("seed", [3, 4])
def test_pips_and_hitters_agree_with_a_count_from_the_other_side(seed: int) -> None:
    for position in _seeded_positions(300, seed):
        mine, theirs = position.mine, position.theirs
        values = crafted_counts(mine, theirs)
        assert values[CRAFTED_PER_SIDE:] == side_counts(theirs, mine), f"seed {seed}: {position!r}"
        assert all(0 <= v <= bound for v, bound in zip(values, CRAFTED_MAX * 2, strict=True)), f"seed {seed}"
        assert values[0] == sum(n * slot for slot, n in enumerate(mine) if slot), f"seed {seed}"
        # Every (their checker point, my blot) pair 1 to 6 pips apart in their direction of travel.
        pairs = sum(
            1
            for q in range(1, 26)
            if theirs[q]
            for p in range(1, 25)
            if mine[p] == 1 and 1 <= q - (25 - p) <= 6
        )
        assert values[4] == pairs, f"seed {seed}: {position!r}"
