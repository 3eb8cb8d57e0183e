"""ai/phases.py: gnubg's crashed class, which picks the network for crashed positions, against gnubg itself."""

from __future__ import annotations

import random

import gnubg

from toutes_tables.ai import phases
from toutes_tables.ai.features import in_contact
from toutes_tables.ai.network import default_network

SEED = 14


def endgame_side(rng: random.Random) -> list[int]:
    """One side's 26 slots late in a game: some checkers off, the rest mostly piled low, a few left back.

    The piles on the ace and deuce points and the checkers left in play are what the crashed rule counts,
    so they are drawn over their whole range.
    """
    side = [0] * 26
    left = 15 - rng.randint(0, 13)
    side[0] = 15 - left
    for _ in range(left):
        slot = rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 6)) if rng.random() < 0.7 else rng.randint(7, 25)
        side[slot] += 1
    return side


def test_the_crashed_rule_is_gnubgs() -> None:
    rng = random.Random(SEED)
    seen = {True: 0, False: 0}
    while sum(seen.values()) < 20_000:
        mine, theirs = endgame_side(rng), endgame_side(rng)
        if any(mine[point] and theirs[25 - point] for point in range(1, 25)):
            continue  # two sides on one point: not a position (and gnubg calls it contact, we not)
        expected = gnubg.classify((theirs[1:26], mine[1:26])) == 9  # gnubg's CLASS_CRASHED
        n = sum(seen.values())
        assert phases.crashed(mine, theirs) is expected, f"seed {SEED}, position {n}: {mine} / {theirs}"
        seen[expected] += 1
    assert min(seen.values()) > 5_000, seen  # both answers well covered


def test_a_race_is_never_crashed() -> None:
    mine, theirs = [13, 2] + [0] * 24, [13, 2] + [0] * 24  # two checkers each, on their own ace points
    assert not in_contact(mine, theirs)
    assert phases.side_crashed(mine) and not phases.crashed(mine, theirs)


def test_the_shipped_evaluation_takes_the_crashed_network_in_crashed_positions_only() -> None:
    shipped = default_network()
    rng = random.Random(SEED)
    seen = {True: 0, False: 0}
    while min(seen.values()) < 200:
        mine, theirs = endgame_side(rng), endgame_side(rng)
        if any(mine[point] and theirs[25 - point] for point in range(1, 25)):
            continue
        is_crashed = phases.crashed(mine, theirs)
        picked, other = (
            (shipped.crashed_network, shipped.main) if is_crashed else (shipped.main, shipped.crashed_network)
        )
        outputs = shipped.outputs(mine, theirs)
        assert outputs == picked.outputs(mine, theirs), f"seed {SEED}: {mine} / {theirs}"
        assert shipped.outputs(mine, theirs, (0, 5, 6)) == picked.outputs(mine, theirs, (0, 5, 6))
        if outputs != other.outputs(mine, theirs):  # where the two networks agree, the check could not tell
            seen[is_crashed] += 1
    assert shipped.header == shipped.main.header  # what reads the weights sees the main network's
