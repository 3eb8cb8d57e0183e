"""Legal plays, one small test per rule of docs/rules/moving.md, hitting-and-entering.md and
bearing-off.md, plus the fast path's property test.

Positions are written with the ``pos`` literal: ``"white 13:1 1:14 / 18:2 20:13"`` is the player
on roll (White) with one checker on his 13 point and fourteen on his 1, and the opponent with two
on *her* 18 point (the mover's 7) and thirteen on her 20 (the mover's 5). Points are player
numbering: the mover's point p is the opponent's 25 - p.
"""

from __future__ import annotations

import random

import pytest

from toutes_tables import RULE_SETS, Play, legal_plays, parse_play
from toutes_tables.movegen import _contact_plays, _double_contact_plays, _entering_plays, _search
from toutes_tables.position import BAR, Position

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
BACKGAMMON = "backgammon"
TOUTES_TABLES = "toutes-tables"


def notations(position: Position, dice: tuple[int, int], rules: str = BACKGAMMON) -> list[str]:
    return sorted(str(p) for p in legal_plays(position, dice, rules))


def results(plays: list[Play]) -> set[Position]:
    return {p.result for p in plays}


# -- entering from the bar ------------------------------------------------------------------


def test_all_checkers_on_the_bar_enter_before_any_other_moves(pos) -> None:
    position = pos("white 6:5 8:3 13:5 bar:2 / 6:5 8:3 13:5 24:2")
    assert notations(position, (4, 3)) == ["bar/22 bar/21"]


def test_entering_checker_enters_on_25_minus_the_die_then_any_checker_moves(pos) -> None:
    position = pos("white 6:5 8:3 13:6 bar:1 / 6:5 8:3 13:5 24:2")
    plays = legal_plays(position, (4, 3), BACKGAMMON)
    assert all(p.moves[0][0] == BAR and p.moves[0][1] in (21, 22) for p in plays)
    assert notations(position, (4, 3)) == [
        "bar/18",
        "bar/21 13/10",
        "bar/21 6/3",
        "bar/21 8/5",
        "bar/22 13/9",
        "bar/22 6/2",
        "bar/22 8/4",
    ]


def test_blocked_entry_is_no_play(pos) -> None:
    closed_board = pos("white 13:14 bar:1 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3")
    for dice in ROLLS:
        assert legal_plays(closed_board, dice, BACKGAMMON) == []


def test_a_checker_left_on_the_bar_freezes_the_rest(pos) -> None:
    # Two on the bar, only the 4 enters (their 3 point is held): one entry and nothing else.
    position = pos("white 13:13 bar:2 / 3:2 6:5 8:3 13:5")
    assert notations(position, (4, 3)) == ["bar/21"]


# -- hitting ---------------------------------------------------------------------------------


def test_landing_on_a_half_square_hits_it_to_the_bar(pos) -> None:
    position = pos("white 13:1 6:14 / 18:1 24:14")
    play = next(p for p in legal_plays(position, (6, 2), BACKGAMMON) if str(p) == "13/7* 6/4")
    assert play.hits == (7,)
    assert play.result.mine[BAR] == 1 and play.result.mine[18] == 0


def test_hitting_a_half_square_then_covering_it_sends_one_checker_to_the_bar(pos) -> None:
    # 13/7* 8/7: the second checker lands on a point that is already the mover's.
    position = pos("white 13:1 8:1 6:13 / 18:1 24:14")
    play = next(p for p in legal_plays(position, (6, 1), BACKGAMMON) if str(p) == "13/7* 8/7")
    assert play.hits == (7,)
    assert play.result == pos("black 24:14 bar:1 / 7:2 6:13")


def test_hitting_in_passing_is_a_different_play_from_passing_by(pos) -> None:
    position = pos("white 13:1 6:14 / 18:1 24:14")
    assert notations(position, (6, 2)) == ["13/5", "13/7* 6/4", "13/7*/5"]
    in_passing = parse_play(position, "13/7*/5", (6, 2), BACKGAMMON)
    passing_by = parse_play(position, "13/11/5", (6, 2), BACKGAMMON)
    assert in_passing.hits == (7,) and passing_by.hits == ()
    assert in_passing.result != passing_by.result


def test_a_held_point_can_be_neither_landed_on_nor_touched_in_passing(pos) -> None:
    # The mover's 7 is held: 13/7 is out, and so is 13/7/6 as a route; 13/12/6 stays.
    position = pos("white 13:1 1:14 / 18:2 20:13")
    plays = legal_plays(position, (6, 1), BACKGAMMON)
    assert [p.moves for p in plays] == [((13, 12), (12, 6))]


# -- which dice must be used -----------------------------------------------------------------


def test_both_dice_must_be_used(pos) -> None:
    # 13/12 alone would be a legal single move, but 13/12/6 uses both dice.
    position = pos("white 13:1 1:14 / 18:2 20:13")
    assert notations(position, (6, 1)) == ["13/6"]


def test_higher_die_when_only_one_can_be_used(pos) -> None:
    # Either 13/7 or 13/12 can be played, never both (the 6 point is held): the 6 it is.
    position = pos("white 13:1 1:14 / 19:2 20:13")
    assert notations(position, (6, 1)) == ["13/7"]
    assert notations(position, (1, 6)) == ["13/7"]


def test_forced_only_smaller_die(pos) -> None:
    # The 6 cannot be played at all, so the 1 is played alone.
    position = pos("white 13:1 1:14 / 18:2 19:2 20:11")
    assert notations(position, (6, 1)) == ["13/12"]


def test_as_many_of_a_double_as_possible(pos) -> None:
    # 3-3: 13/10/7 and then the 4 point is held; the checkers on the 1 cannot bear off.
    position = pos("white 13:1 1:14 / 21:2 20:13")
    plays = legal_plays(position, (3, 3), BACKGAMMON)
    assert [p.moves for p in plays] == [((13, 10), (10, 7))]


def test_all_four_of_a_double_when_possible(pos) -> None:
    position = pos("white 13:1 1:14 / 21:1 20:13")
    plays = legal_plays(position, (3, 3), BACKGAMMON)
    assert [str(p) for p in plays] == ["13/4*/1"]
    assert len(plays[0].moves) == 4


# -- bearing off -----------------------------------------------------------------------------


def test_bear_off_with_the_exact_die(pos) -> None:
    position = pos("white 6:2 3:1 / 13:15")
    assert "6/off 3/off" in notations(position, (6, 3))


def test_bear_off_from_the_highest_point_with_a_larger_die(pos) -> None:
    position = pos("white 3:1 2:1 / 13:15")
    assert notations(position, (6, 5)) == ["3/off 2/off"]


def test_must_move_inside_when_a_checker_stands_higher(pos) -> None:
    # Neither the 5 nor the 3 may bear off the 2 while the 6 point is occupied.
    position = pos("white 6:1 2:2 / 13:15")
    assert notations(position, (5, 3)) == ["6/1 2/off", "6/off"]


def test_no_bear_off_while_a_checker_is_outside_the_home_quarter(pos) -> None:
    position = pos("white 7:1 1:14 / 13:15")
    plays = legal_plays(position, (2, 1), BACKGAMMON)
    assert notations(position, (2, 1)) == ["7/4", "7/5 1/off"]
    assert all(p.moves[0][0] == 7 for p in plays)


def test_bearing_off_after_coming_home_in_the_same_turn(pos) -> None:
    position = pos("white 8:1 3:1 2:13 / 13:15")
    plays = legal_plays(position, (5, 5), BACKGAMMON)
    assert [p.moves for p in plays] == [((8, 3), (3, 0), (3, 0), (2, 0))]


def test_maximum_pips_bear_off_of_the_toutes_tables_sets(pos) -> None:
    # 4/off 1/off travels 5 pips, 4/1 1/off only 4: backgammon allows both, Toutes tables the first.
    position = pos("white 4:1 1:1 / 13:15")
    assert notations(position, (6, 3), BACKGAMMON) == ["4/1 1/off", "4/off 1/off"]
    for rules in ("toutes-tables", "toutes-tables-225"):
        assert notations(position, (6, 3), rules) == ["4/off 1/off"]
    assert notations(position, (6, 3), "backgammon-225") == ["4/1 1/off", "4/off 1/off"]


def test_maximum_pips_keeps_every_play_that_uses_each_die_exactly(pos) -> None:
    position = pos("white 6:3 5:3 4:3 / 13:15")
    assert notations(position, (6, 5), TOUTES_TABLES) == notations(position, (6, 5), BACKGAMMON)


# -- the six-ace example of docs/rules/bearing-off.md --------------------------------------

WORKED_EXAMPLE = "white 3:1 2:2 / 24:1"  # White: one on 3, two on 2; a black checker on White's 1 point


def test_worked_example_backgammon_allows_both_plays(pos) -> None:
    position = pos(WORKED_EXAMPLE)
    safe_square = Play(position, [(3, 2), (2, 0)]).result  # 3/2 2/off, 3 pips
    two_blots = Play(position, [(2, 1), (3, 0)]).result  # 2/1* 3/off, 4 pips
    for rules in ("backgammon", "backgammon-225"):
        assert results(legal_plays(position, (6, 1), rules)) == {safe_square, two_blots}
        assert parse_play(position, "3/2 2/off", (6, 1), rules).result == safe_square
        assert parse_play(position, "2/1* 3/off", (6, 1), rules).result == two_blots


def test_worked_example_toutes_tables_allows_only_the_four_pip_play(pos) -> None:
    position = pos(WORKED_EXAMPLE)
    two_blots = Play(position, [(2, 1), (3, 0)]).result
    for rules in ("toutes-tables", "toutes-tables-225"):
        assert results(legal_plays(position, (6, 1), rules)) == {two_blots}
        assert parse_play(position, "2/1* 3/off", (6, 1), rules).result == two_blots
        with pytest.raises(ValueError, match="3/2 2/off"):
            parse_play(position, "3/2 2/off", (6, 1), rules)


# -- one play per distinct resulting position ------------------------------------------------


def test_two_move_orders_reaching_one_position_are_one_play(pos) -> None:
    # 13/7/6 and 13/12/6 on an open board, and 13/7 8/7 in either order.
    position = pos("white 13:2 8:1 1:12 / 20:15")
    plays = legal_plays(position, (6, 1), BACKGAMMON)
    # 13/7/6 = 13/12/6, 13/7 8/7 = 8/7 13/7, 8/2/1 = 8/7/1: six orders, three plays.
    assert sorted(str(p) for p in plays) == ["13/12 13/7", "13/12 8/2", "13/6", "13/7 8/7", "8/1"]
    assert len(results(plays)) == len(plays)


def test_every_play_has_a_distinct_result_on_random_positions(selfplay) -> None:
    for rules in RULE_SETS:
        for position, dice in selfplay(7, 400, rules):
            plays = legal_plays(position, dice, rules)
            assert len(results(plays)) == len(plays), (position, dice, rules)


# -- the fast path is the reference search ---------------------------------------------------


def _fast_path_applies(position: Position, d1: int, d2: int) -> bool:
    outside = sum(position.mine[7:26])
    if position.mine[BAR]:
        return d1 != d2
    return outside >= 4 if d1 == d2 else outside >= 2


def _fast(position: Position, d1: int, d2: int) -> list[tuple[tuple[int, int], ...]]:
    if position.mine[BAR]:
        return _entering_plays(position, d1, d2)
    return _double_contact_plays(position, d1) if d1 == d2 else _contact_plays(position, d1, d2)


def _as_results(position: Position, move_lists) -> list[Position]:
    return sorted((Play(position, moves).result for moves in move_lists), key=lambda p: (p.mine, p.theirs))


def test_fast_path_matches_reference_search_on_random_positions_for_every_roll(selfplay, scattered) -> None:
    """The key property: the fast paths (contact, doubles, entering) give exactly the reference search's plays.

    Both are compared as sorted lists of resulting positions, so a duplicate or a missing play
    shows up. Half the positions come from random games, half are scattered checkers.
    """
    rng = random.Random(2024)
    positions = [p for p, _ in selfplay(11, 600)] + [scattered(rng) for _ in range(400)]
    checked = 0
    for position in positions:
        for d1, d2 in ROLLS:
            if not _fast_path_applies(position, d1, d2):
                continue
            reference = _as_results(position, _search(position, d1, d2, False))
            assert _as_results(position, _fast(position, d1, d2)) == reference, (position, (d1, d2))
            if d1 != d2:
                assert _as_results(position, _fast(position, d2, d1)) == reference, (position, (d2, d1))
            checked += 1
    assert checked > 10_000  # a thousand positions, every roll


def test_maximum_pips_plays_are_the_backgammon_plays_that_travel_furthest(selfplay, scattered) -> None:
    rng = random.Random(5)
    positions = [p for p, _ in selfplay(13, 150, "toutes-tables")] + [scattered(rng) for _ in range(150)]
    for position in positions:
        for dice in ROLLS:
            standard = legal_plays(position, dice, BACKGAMMON)
            most = max((p.pips for p in standard), default=0)
            expected = {p.result for p in standard if p.pips == most}
            assert results(legal_plays(position, dice, TOUTES_TABLES)) == expected, (position, dice)


def test_dice_must_be_two_numbers_from_one_to_six(pos) -> None:
    position = pos("white 13:15 / 13:15")
    for bad in [(0, 3), (7, 1), (1,), (1, 2, 3), "61", (1.0, 2)]:
        with pytest.raises(ValueError, match="dice must be two integers 1-6"):
            legal_plays(position, bad, BACKGAMMON)  # type: ignore[arg-type]
