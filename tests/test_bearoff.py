"""The bear-off databases against an independent brute force (docs/rules/bearing-off.md, docs/computer.md).

The brute force here shares nothing with the engine or training/make_bearoff.py: its own move
generation written from the rules book (one side, no opponent in the way: both sides are home),
and a direct recursion over all 21 rolls.
"""

from __future__ import annotations

import itertools
import json
import random
from functools import cache
from importlib import resources

import pytest

from toutes_tables import Position, get_rules, legal_plays
from toutes_tables.ai import LEVELS, chances, choose_play, equity
from toutes_tables.ai import bearoff

Home = tuple[int, ...]  # checkers on home points 1-6
ROLLS = [((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)]
STEP = 2 / bearoff.ONE  # two 12-bit steps: the stored tables' rounding, with room


def book_plays(home: Home, dice: tuple[int, int], max_pips: bool) -> set[Home]:
    """The home boards one roll can leave, by the rules book's four bear-off rules and the roll's obligations."""
    orders = [(dice[0],) * 4] if dice[0] == dice[1] else [dice, dice[::-1]]
    ends: list[tuple[int, int, int, Home]] = []  # (dice used, first die, pips, result)

    def walk(board: list[int], left: tuple[int, ...], used: int, first: int, pips: int) -> None:
        moved = False
        if left and any(board):
            die = left[0]
            for point in range(1, 7):
                if not board[point - 1]:
                    continue
                if point > die:
                    target = point - die
                elif point == die or not any(board[point:]):
                    target = 0  # off: exactly, or from the highest point with a larger die
                else:
                    continue
                moved = True
                board[point - 1] -= 1
                if target:
                    board[target - 1] += 1
                walk(board, left[1:], used + 1, first or die, pips + point - target)
                if target:
                    board[target - 1] -= 1
                board[point - 1] += 1
        if not moved:
            ends.append((used, first, pips, tuple(board)))

    for order in orders:
        walk(list(home), order, 0, 0, 0)
    most = max(e[0] for e in ends)
    kept = [e for e in ends if e[0] == most]
    if most == 1 and dice[0] != dice[1] and any(e[1] == max(dice) for e in kept):
        kept = [e for e in kept if e[1] == max(dice)]
    if max_pips:
        longest = max(e[2] for e in kept)
        kept = [e for e in kept if e[2] == longest]
    return {e[3] for e in kept}


@cache
def book_mean(home: Home, max_pips: bool) -> float:
    """Expected rolls to bear off everything, each roll minimising it."""
    if not any(home):
        return 0.0
    return 1.0 + sum(w * min(book_mean(r, max_pips) for r in book_plays(home, d, max_pips)) for d, w in ROLLS) / 36


@cache
def book_win(mine: Home, theirs: Home, max_pips: bool) -> float:
    """The exact chance that the side on roll wins the two-sided race, both playing perfectly."""
    total = 0.0
    for dice, w in ROLLS:
        total += w * max(
            1.0 if not any(r) else 1.0 - book_win(theirs, r, max_pips) for r in book_plays(mine, dice, max_pips)
        )
    return total / 36


def homes(most: int) -> list[Home]:
    """Every home board of 1 to ``most`` checkers."""
    return [h for h in itertools.product(range(most + 1), repeat=6) if 0 < sum(h) <= most]


def position(mine: Home, theirs: Home) -> Position:
    return Position((15 - sum(mine), *mine) + (0,) * 19, (15 - sum(theirs), *theirs) + (0,) * 19)


@pytest.mark.parametrize("max_pips", [False, True], ids=["standard", "max-pips"])
def test_one_sided_means_match_a_brute_force_for_four_checkers_or_fewer(max_pips: bool) -> None:
    table = bearoff.default_tables()["max-pips" if max_pips else "standard"]
    for home in homes(4):
        assert table.mean(bearoff.rank(home)) == pytest.approx(book_mean(home, max_pips), abs=1e-3), home


def test_the_maximum_pips_table_differs_where_the_rule_bites() -> None:
    # docs/rules/bearing-off.md: with 5-3, 6/1 3/off is forced in Toutes tables; backgammon may play 6/3 3/off.
    tables = bearoff.default_tables()
    differing = [
        h
        for h in homes(3)
        if abs(tables["standard"].mean(bearoff.rank(h)) - tables["max-pips"].mean(bearoff.rank(h))) > 1e-3
    ]
    assert differing
    for h in differing:
        assert tables["max-pips"].mean(bearoff.rank(h)) > tables["standard"].mean(bearoff.rank(h))


def test_first_checker_off_distribution_matches_a_brute_force() -> None:
    first = bearoff.default_tables()["first-off"]

    @cache
    def first_off_mean(home: Home) -> float:
        if sum(home) < 15:
            return 0.0
        return 1.0 + sum(w * min(first_off_mean(r) for r in book_plays(home, d, False)) for d, w in ROLLS) / 36

    # Checkers on points 1-4 only, so that the brute force stays small (816 positions of 15 checkers).
    for home in [(0, 0, 0, 15, 0, 0), (0, 0, 5, 10, 0, 0), (0, 3, 0, 12, 0, 0), (1, 0, 0, 14, 0, 0)]:
        assert first.mean(bearoff.rank(home)) == pytest.approx(first_off_mean(home), abs=1e-3), home
    # All 15 on the 6 point: a first checker comes off at once with a six (11 rolls in 36), 5-1 (6/1 1/off),
    # 4-2 (6/2 2/off), 3-3 or 2-2: 17 rolls in 36.
    lo, p = first.distribution(bearoff.rank((0, 0, 0, 0, 0, 15)))
    assert (lo, p[0]) == (1, pytest.approx(17 / 36, abs=STEP))


@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables"])
def test_winning_chance_matches_the_two_sided_brute_force_closely(rules: str) -> None:
    # The one-sided model is exact for independent sides minimising their rolls; the two-sided truth
    # may differ by what playing against the opponent's needs gains: small.
    max_pips = get_rules(rules).max_pips_bearoff
    worst = 0.0
    for mine in homes(3):
        for theirs in homes(3):
            worst = max(
                worst,
                abs(chances(position(mine, theirs), None, get_rules(rules)).win - book_win(mine, theirs, max_pips)),
            )
    assert worst < 0.002  # measured: 0.0014


def small_pairs() -> list[tuple[Home, Home]]:
    """Every pair of two-checker-or-fewer sides, and 300 seeded pairs of three-checker-or-fewer ones."""
    rng = random.Random(14)
    three = homes(3)
    return [(a, b) for a in homes(2) for b in homes(2)] + [(rng.choice(three), rng.choice(three)) for _ in range(300)]


@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables"])
@pytest.mark.parametrize("level", ["advanced", "expert"])
def test_the_computer_plays_the_brute_force_best_play_in_small_bear_offs(rules: str, level: str) -> None:
    max_pips = get_rules(rules).max_pips_bearoff
    for mine, theirs in small_pairs():
        for dice, _ in ROLLS:
            values = {
                r: (1.0 if not any(r) else 1.0 - book_win(theirs, r, max_pips))
                for r in book_plays(mine, dice, max_pips)
            }
            play = choose_play(position(mine, theirs), dice, rules, LEVELS[level])
            assert play is not None
            chosen = play.result.theirs[1:7]
            assert values[chosen] == pytest.approx(max(values.values()), abs=1e-12), (mine, theirs, dice)


def test_the_engine_and_the_book_agree_on_bear_off_plays() -> None:
    # The databases are built from the engine's legal plays; the brute force uses its own.
    rng = random.Random(7)
    for rules in ("backgammon", "toutes-tables"):
        for _ in range(300):
            mine = bearoff.unrank(rng.randrange(1, bearoff.POSITIONS))
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            engine = {p.result.theirs[1:7] for p in legal_plays(position(mine, (1, 0, 0, 0, 0, 0)), dice, rules)}
            assert engine == book_plays(mine, dice, get_rules(rules).max_pips_bearoff), (mine, dice, rules)


def test_gammon_chances_in_the_bear_off() -> None:
    # Fifteen on the 6 point against one checker on the ace: the side on roll cannot win, and saves
    # the gammon only if a first checker comes off now (17 rolls in 36, see above); the opponent
    # finishes with his first roll.
    lost = position((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0))
    assert equity(lost, "backgammon") == pytest.approx(-1.0 - 19 / 36, abs=STEP)
    assert equity(lost, "toutes-tables") == pytest.approx(-1.0, abs=STEP)  # all home: never a double game


def test_bear_off_distributions_sum_to_one() -> None:
    tables = bearoff.default_tables()
    for name in bearoff.TABLES:
        for index in range(0, bearoff.POSITIONS, 97):
            _, p = tables[name].distribution(index)
            assert sum(p) == pytest.approx(1.0)


def test_without_the_database_file_the_network_judges_the_bear_off(monkeypatch: pytest.MonkeyPatch) -> None:
    # A Python without the lzma module (or an install without data/bearoff.bin): the engine must still play.
    both_home = position((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0))
    assert bearoff.applies(both_home.mine, both_home.theirs)
    monkeypatch.setattr(bearoff, "available", lambda: False)
    assert not bearoff.applies(both_home.mine, both_home.theirs)
    network_equity = equity(both_home, "backgammon")
    assert network_equity != pytest.approx(-1.0 - 19 / 36, abs=STEP)  # not the databases' answer
    assert choose_play(both_home, (6, 5), "backgammon", "expert") is not None


def test_the_stored_encoding_gives_back_every_count_exactly() -> None:
    # A table stored against a base (differences of both signs, a longer and a shorter span, a
    # shifted start), an uncovered position, and the empty board's single roll count.
    one = bearoff.ONE
    standard = [(0, [one]), (1, [one - 100, 100]), (2, [10, one - 30, 20]), (1, [one])]
    max_pips = [(0, [one]), (1, [one - 300, 250, 50]), (3, [one - 5, 5]), (1, [one])]
    first_off = [(0, []), (1, [one]), (0, []), (2, [one // 2, one - one // 2])]
    blob = bearoff.encode(
        {"standard": standard, "max-pips": max_pips, "first-off": first_off}, {"max-pips": "standard"}, {}
    )
    tables = bearoff.decode(blob)
    for name, rows in (("standard", standard), ("max-pips", max_pips), ("first-off", first_off)):
        assert [tables[name].counts(i) for i in range(len(rows))] == [(lo, c) if c else (0, []) for lo, c in rows]
    assert tables["max-pips"].distribution(2) == (3, ((one - 5) / one, 5 / one))
    assert tables["first-off"].distribution(0) == (0, (1.0,))  # not covered: no roll needed


def test_counts_that_do_not_sum_to_one_are_refused() -> None:
    with pytest.raises(ValueError, match=r"'standard', position 1: counts \[5, 6\]"):
        bearoff.encode({"standard": [(0, [bearoff.ONE]), (1, [5, 6])]}, {}, {})


def test_a_database_of_another_format_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="magic b'TTB1'"):
        bearoff.decode(b"TTB1" + bytes(8))
    header = json.dumps({"one": 65535, "tables": []}).encode()
    with pytest.raises(ValueError, match="units of 65535"):
        bearoff.decode(bearoff.MAGIC + len(header).to_bytes(4, "little") + header)


def test_the_shipped_databases_are_the_compact_encoding() -> None:
    # docs/computer.md: about half a megabyte in the wheel (the 16-bit zlib form of the first version was 1.45 MB).
    blob = (resources.files("toutes_tables") / "data" / bearoff.DATA_FILE).read_bytes()
    assert blob[:4] == bearoff.MAGIC
    assert len(blob) < 600_000
    assert set(bearoff.default_tables()) == set(bearoff.TABLES)
