"""A turn played one checker at a time reaches exactly the legal plays, by any order or route."""

from __future__ import annotations

import itertools
import random

import pytest

from toutes_tables import IllegalMoveError, Position, legal_plays, start_position
from toutes_tables.turn import TurnInProgress

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def random_positions(seed: int, games: int, rules: str) -> list[Position]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        pos = start_position(rng.randint(1, 225))
        while pos.winner() is None:
            out.append(pos)
            plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)), rules)
            pos = rng.choice(plays).result if plays else pos.swapped()
    return out


def finished_by_stepping(turn: TurnInProgress) -> set[Position]:
    """Every play's result reachable by stepping; each dead end must be a finished play."""
    steps = turn.legal_steps()
    done = turn.finished_play
    if not steps:
        assert done is not None, f"stepping got stuck at {turn!r}"
    found = {done.result} if done is not None else set()
    for move in steps:
        found |= finished_by_stepping(turn.step(move))
    return found


@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables"])
def test_stepping_reaches_exactly_the_legal_plays(rules: str) -> None:
    positions = random_positions(7, 2, rules)[::15]
    for pos in positions:
        for dice in ROLLS[::5]:
            plays = legal_plays(pos, dice, rules)
            turn = TurnInProgress(pos, dice, rules)
            if not plays:
                assert turn.legal_steps() == [] and turn.finished_play is not None
                continue
            assert finished_by_stepping(turn) == {p.result for p in plays}, (pos, dice)


def test_every_order_of_a_plays_moves_is_accepted() -> None:
    for pos in random_positions(3, 2, "backgammon")[::12]:
        for dice in ROLLS[::3]:
            start = TurnInProgress(pos, dice, "backgammon")
            for play in start.plays:
                for order in set(itertools.permutations(play.moves)):
                    turn = start
                    try:
                        for move in order:
                            turn = turn.step(move)
                    except IllegalMoveError:
                        continue  # this order is not playable (a checker moved before it arrived)
                    assert turn.finished_play == play


def test_one_checker_may_take_either_route() -> None:
    pos = start_position(64)
    via_seven = TurnInProgress(pos, (6, 2), "backgammon").step((13, 7)).step((7, 5))
    via_eleven = TurnInProgress(pos, (6, 2), "backgammon").step((13, 11)).step((11, 5))
    assert via_seven.finished_play == via_eleven.finished_play
    assert str(via_eleven.finished_play) == "13/5"


def test_step_that_cannot_finish_a_legal_play_is_refused() -> None:
    # Toutes tables 6-1 example: 3/2 then 2/off is legal in backgammon only (maximum-pips rule).
    pos = Position.from_text("white 3:1 2:2 / 24:1")
    assert TurnInProgress(pos, (6, 1), "backgammon").step((3, 2)).step((2, 0)).finished_play is not None
    with pytest.raises(IllegalMoveError, match="3/2"):
        TurnInProgress(pos, (6, 1), "toutes-tables").step((3, 2))


def test_destinations_include_both_dice_routes() -> None:
    turn = TurnInProgress(start_position(64), (6, 5), "backgammon")
    dests = turn.destinations()
    assert 13 in dests[24]  # 24/13 with both dice
    assert str(turn.move(24, 13).finished_play) == "24/13"


def test_bear_off_with_either_larger_die_keeps_both_choices() -> None:
    # A checker on 3 and one on 1, dice 6-5: 3/off may use the 6 or the 5, and 1/off the other.
    pos = Position.from_text("white 3:1 1:1 / 1:1")
    turn = TurnInProgress(pos, (6, 5), "backgammon").step((3, 0))
    assert turn.legal_steps() == [(1, 0)]
    assert turn.step((1, 0)).finished_play is not None
    assert turn.dice_used().count(True) == 1


def test_undo_takes_back_the_last_step() -> None:
    turn = TurnInProgress(start_position(64), (3, 1), "backgammon")
    assert turn.step((8, 5)).undo().steps == ()
    assert turn.step((8, 5)).undo().legal_steps() == turn.legal_steps()


def test_undo_takes_back_a_whole_move_made_with_both_dice() -> None:
    # docs/play.md: one gesture, a checker carried 8/4 with the 3 and the 1, is one move to take back
    turn = TurnInProgress(start_position(64), (3, 1), "backgammon")
    carried = turn.move(8, 4)
    assert len(carried.steps) == 2
    assert carried.undo().steps == ()
    assert carried.undo().legal_steps() == turn.legal_steps()
    # after a one-die step and a two-dice move... a double: 13/7 with two 3s, then 6/3
    double = TurnInProgress(start_position(64), (3, 3), "backgammon").move(13, 7).move(6, 3)
    assert len(double.steps) == 3
    assert double.undo().steps == double.steps[:2]
    assert double.undo().undo().steps == ()
    with pytest.raises(IllegalMoveError, match="no checker has moved"):
        double.undo().undo().undo()


def test_saved_steps_are_taken_back_one_at_a_time() -> None:
    # a turn resumed from its saved steps does not know how they were made: each is its own move
    steps = TurnInProgress(start_position(64), (3, 1), "backgammon").move(8, 4).steps
    resumed = TurnInProgress(start_position(64), (3, 1), "backgammon", steps)
    assert resumed.undo().steps == steps[:1]


def test_parse_refuses_a_route_through_a_point_the_checker_cannot_stop_on() -> None:
    from toutes_tables import parse_play

    pos = Position.from_text("white 5:2 8:3 13:5 24:2 bar:1 / 6:6 8:3 13:5 24:1")
    assert str(parse_play(pos, "bar/24/18", (6, 1), "backgammon")) == "bar/24 24/18"
    with pytest.raises(IllegalMoveError, match="cannot stop"):
        parse_play(pos, "bar/23/18", (6, 1), "backgammon")


def test_parse_refuses_a_star_where_nothing_is_hit() -> None:
    from toutes_tables import parse_play

    with pytest.raises(IllegalMoveError, match="marks a hit on 18"):
        parse_play(start_position(64), "24/18* 13/8", (6, 5), "backgammon")
