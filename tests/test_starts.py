"""The classic start and the 225 drawn starts: every property docs/rules/drawn-starts.md states."""

from __future__ import annotations

import random

import pytest

from toutes_tables import BLACK, WHITE, Position, draw_start, start_number, start_points, start_position, start_rolls

NUMBERS = range(1, 226)
PAIRS = [(a, b) for a in range(1, 7) for b in range(a + 1, 7)]  # (1, 2) = 0 ... (5, 6) = 14


def test_no_64_is_the_classic_start(pos) -> None:
    classic = pos("white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2")
    assert start_position(64) == classic
    assert start_position() == classic
    # Absolute: Black 2@1 5@12 3@17 5@19; White 5@6 3@8 5@13 2@24.
    assert start_points(64) == {"black": {1: 2, 12: 5, 17: 3, 19: 5}, "white": {6: 5, 8: 3, 13: 5, 24: 2}}
    assert start_rolls(64) == ((1, 6), (1, 5))


def test_every_start_is_mirror_symmetric() -> None:
    for n in NUMBERS:
        position = start_position(n)
        for point in range(1, 25):
            color, count = position.at(point)
            mirrored = position.at(25 - point)
            assert mirrored == ((color.other, count) if color else (None, 0)), (n, point)


def test_both_sides_have_the_same_pip_count() -> None:
    for n in NUMBERS:
        mine, theirs = start_position(n).pip_count()
        assert mine == theirs, n


def test_pip_counts_range_from_144_to_184_and_no_64_has_167() -> None:
    pips = {n: start_position(n).pip_count()[0] for n in NUMBERS}
    assert min(pips.values()) == 144
    assert max(pips.values()) == 184
    assert pips[64] == 167


def test_all_225_starts_are_distinct() -> None:
    assert len({start_position(n) for n in NUMBERS}) == 225


def test_every_start_has_15_checkers_a_side_on_the_board() -> None:
    for n in NUMBERS:
        position = start_position(n, BLACK)
        assert position.turn is BLACK
        assert position.borne_off(BLACK) == position.borne_off(WHITE) == 0
        assert position.bar(BLACK) == position.bar(WHITE) == 0


def test_start_follows_the_drawing_procedure() -> None:
    # Black's 2 on a1, White's 5 on b1, Black's 5 on 13 - a2, White's 3 on 13 - b2, then the mirror.
    for a1, b1 in PAIRS:
        for a2, b2 in PAIRS:
            n = start_number((a1, b1), (a2, b2))
            expected = Position.from_points(
                {a1: 2, 13 - a2: 5, 25 - b1: 5, 12 + b2: 3}, {b1: 5, 13 - b2: 3, 25 - a1: 2, 12 + a2: 5}
            )
            assert start_position(n) == expected, n


def test_start_number_formula_both_ways() -> None:
    for i, first in enumerate(PAIRS):
        for j, second in enumerate(PAIRS):
            n = 15 * i + j + 1
            assert start_number(first, second) == n
            assert start_number(first[::-1], second[::-1]) == n  # the dice in either order
            assert start_rolls(n) == (first, second)
    assert start_number((1, 2), (1, 2)) == 1
    assert start_number((5, 6), (5, 6)) == 225
    assert start_number((6, 1), (5, 1)) == 64


@pytest.mark.parametrize("roll", [(3, 3), (0, 1), (1, 7), (1,), (1, 2, 3), "12"])
def test_a_drawing_roll_needs_two_different_dice(roll) -> None:
    with pytest.raises(ValueError, match="two different dice"):
        start_number(roll, (1, 2))


@pytest.mark.parametrize("number", [0, 226, -1, "64", 64.0])
def test_start_numbers_are_1_to_225(number) -> None:
    with pytest.raises(ValueError, match="start numbers are 1-225"):
        start_position(number)


class ScriptedDice:
    """An RNG that returns the given dice in order, to script a draw."""

    def __init__(self, *dice: int) -> None:
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.dice.pop(0)


def test_draw_start_rerolls_doubles() -> None:
    drawn = draw_start(ScriptedDice(3, 3, 6, 1, 2, 2, 4, 4, 5, 1))
    assert drawn.rerolled == ((3, 3), (2, 2), (4, 4))
    assert (drawn.first_roll, drawn.second_roll, drawn.number) == ((1, 6), (1, 5), 64)
    assert drawn.position() == start_position(64)


def test_draw_start_with_a_seeded_rng_is_repeatable_and_consistent() -> None:
    a = [draw_start(random.Random(seed)) for seed in range(200)]
    b = [draw_start(random.Random(seed)) for seed in range(200)]
    assert a == b
    for drawn in a:
        assert drawn.number == start_number(drawn.first_roll, drawn.second_roll)
        assert all(d1 == d2 for d1, d2 in drawn.rerolled)
        assert drawn.first_roll[0] < drawn.first_roll[1] and drawn.second_roll[0] < drawn.second_roll[1]


def test_draw_start_reaches_every_number_with_equal_chance() -> None:
    rng = random.Random(64)
    counts = [0] * 226
    for _ in range(45_000):
        counts[draw_start(rng).number] += 1
    assert counts[0] == 0
    assert min(counts[1:]) > 120 and max(counts[1:]) < 290  # 200 expected each, > 5 sigma either side
