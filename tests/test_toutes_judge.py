"""benchmarks/toutes_judge.py: gnubg read under Toutes tables scoring (docs/benchmarks.md, *What +0.10 a game asks*).

Each position is the result of a play: the side on roll is the opponent of the player the judge scores.
"""

from __future__ import annotations

import sys
from pathlib import Path

import gnubg
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from toutes_judge import CUBE, toutes_equity  # noqa: E402

from toutes_tables import Position, start_position  # noqa: E402
from toutes_tables.ai import bearoff  # noqa: E402

ZERO_PLY = gnubg.eval_context(0, 0, 1, 0, 0.0)


@pytest.mark.parametrize(
    ("loser", "payoff"),
    [("24:15", 2.0), ("6:14", 1.0), ("6:15", 1.0)],  # none off and not home: double; one off, or all home: single
)
def test_a_finished_game_is_worth_its_toutes_tables_payoff(loser: str, payoff: float) -> None:
    assert toutes_equity(Position.from_text(f"white {loser} / -"), ZERO_PLY) == payoff


def test_with_both_sides_home_the_judge_is_the_maximum_pips_database() -> None:
    result = Position.from_text("white 1:1 4:1 6:1 / 1:2 5:1")  # both home: the databases' reach
    win, _, _ = bearoff.race_chances(result.mine, result.theirs, True, False)
    standard_win, _, _ = bearoff.race_chances(result.mine, result.theirs, False, False)
    assert abs(win - standard_win) > 0.05  # a position where the maximum-pips rule changes the race
    assert toutes_equity(result, ZERO_PLY) == -(2.0 * win - 1.0)


def test_the_judge_scores_for_the_player_who_just_moved() -> None:
    # White, on roll, has one checker left on its ace point; Black has all fifteen back: White wins a double game.
    result = Position.from_text("white 1:1 / 23:15")
    assert toutes_equity(result, ZERO_PLY) < -1.9


def test_in_contact_gnubgs_gammon_stands_for_the_double_game() -> None:
    result = start_position(64)
    win, win_gammon, _, lose_gammon, _, _ = gnubg.evaluate(result.to_gnubg_board(), CUBE, ZERO_PLY)
    assert toutes_equity(result, ZERO_PLY) == pytest.approx(-(2.0 * win - 1.0 + win_gammon - lose_gammon), abs=1e-12)


def test_a_side_all_home_out_of_contact_cannot_lose_a_double_game() -> None:
    # White, on roll, has all fifteen home and none off; Black's last checker is on its 10 point, out of contact.
    # gnubg still gives White a small chance of a gammon lost; in Toutes tables it is all home already.
    result = Position.from_text("white 6:8 5:7 / 10:1")
    win, win_gammon, _, lose_gammon, _, _ = gnubg.evaluate(result.to_gnubg_board(), CUBE, ZERO_PLY)
    assert lose_gammon > 1e-6
    assert toutes_equity(result, ZERO_PLY) == pytest.approx(-(2.0 * win - 1.0 + win_gammon), abs=1e-12)


def test_a_side_all_home_out_of_contact_cannot_be_beaten_by_a_double_game() -> None:
    # White, on roll, bears off its last checker next turn; Black, who just moved, is all home with none off:
    # gnubg counts the gammon White wins, Toutes tables a single game.
    result = Position.from_text("white 10:1 / 6:8 5:7")
    win, win_gammon, _, lose_gammon, _, _ = gnubg.evaluate(result.to_gnubg_board(), CUBE, ZERO_PLY)
    assert win_gammon > 0.1
    assert toutes_equity(result, ZERO_PLY) == pytest.approx(-(2.0 * win - 1.0 - lose_gammon), abs=1e-12)
