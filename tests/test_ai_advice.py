"""Advice: the hint's plays (legal, best first, with reasons), its cube part, and the cost of a play."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable

import pytest

from toutes_tables import RULE_SETS, Position, format_play, legal_plays, start_position
from toutes_tables.ai import CubeState, Hint, get_level, hint, play_cost
from toutes_tables.ai.advice import play_reason, shots

OPENING = start_position(64)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_hint_lists_legal_plays_best_first(rules: str) -> None:
    position = start_position(7 if "225" in rules else 64)
    advice = hint(position, (6, 4), rules, level="advanced", count=4)
    legal = legal_plays(position, (6, 4), rules)
    assert 1 <= len(advice.plays) <= 4
    assert all(a.play in legal for a in advice.plays)
    assert [a.equity for a in advice.plays] == sorted((a.equity for a in advice.plays), reverse=True)
    assert all(a.notation == format_play(position, a.play.moves) for a in advice.plays)
    assert advice.cube is None  # the dice are rolled: no cube decision now


def test_hint_at_the_expert_level_looks_ahead_on_every_play_it_shows(
    first_opening: Callable[..., tuple[Position, tuple[int, int], Hint] | None],
) -> None:
    unhurried = dataclasses.replace(get_level("expert"), time_budget=None)  # a loaded machine cuts no search short
    # Some opening roll is a decision whose 1-ply look changes the 0-ply best and leaves its best two
    # within 0.015 (which ones depends on the network shipped: from the classic start, else from one
    # of the 225): the expert looks two rolls ahead on those two, one roll ahead on the others.

    def looked_ahead(position: Position, dice: tuple[int, int]) -> Hint | None:
        advice = hint(position, dice, "backgammon", level=unhurried, count=6)
        return advice if advice.plays[0].ply == 2 and len(advice.plays) == 6 else None

    found = first_opening(looked_ahead)
    assert found is not None, "no opening roll gets the expert's 2-ply look"
    start, dice, advice = found
    assert len(advice.plays) == 6 and [a.ply for a in advice.plays] == [2, 2, 1, 1, 1, 1]
    for depth in (2, 1):
        equities = [a.equity for a in advice.plays if a.ply == depth]
        assert equities == sorted(equities, reverse=True)
    # The level's own choice (1-ply on its few best candidates, 2-ply on the closest two) is the hint's best play.
    assert advice.plays[0].play == unhurried.rank(start, dice, "backgammon")[0].play


def test_hint_before_the_roll_gives_the_cube_advice_in_backgammon_sets_only() -> None:
    assert hint(OPENING, None, "backgammon", level="advanced").cube is not None
    assert hint(OPENING, None, "backgammon", CubeState(enabled=False), level="advanced").cube is None
    assert hint(OPENING, None, "toutes-tables", level="advanced").cube is None
    assert hint(OPENING, None, "backgammon", level="advanced").plays == []


def test_hint_with_no_legal_play_is_empty() -> None:
    # The player on roll is on the bar against a closed board.
    closed = Position.from_text("white bar:1 13:14 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3")
    assert hint(closed, (6, 5), "backgammon").plays == []


def test_reasons_name_what_the_play_does() -> None:
    by_notation = {a.notation: a.reason for a in hint(OPENING, (3, 1), "backgammon", level="advanced", count=20).plays}
    assert by_notation["8/5 6/5"] == "makes your 5 point"
    position = Position.from_text("white 13:5 8:3 6:5 24:2 / 13:5 8:3 6:4 24:2 22:1")  # their blot on my 3 point
    play = next(p for p in legal_plays(position, (5, 3), "backgammon") if format_play(position, p.moves) == "8/3* 6/3")
    assert play_reason(play) == "hits a blot, makes your 3 point"
    escape = next(p for p in legal_plays(OPENING, (6, 5), "backgammon") if str(p) == "24/13")
    assert play_reason(escape) == "escapes a back checker"
    bear_off = Position.from_text("white 1:2 2:2 / 6:3 5:3 4:3 3:3 2:3")
    both_off = next(p for p in legal_plays(bear_off, (2, 1), "backgammon") if str(p) == "2/off 1/off")
    assert play_reason(both_off) == "bears off 2 checkers"
    split = next(p for p in legal_plays(OPENING, (6, 4), "backgammon") if str(p) == "24/14")
    assert play_reason(split).startswith("escapes a back checker, leaves ")


def test_shots_count_direct_and_combined_rolls_with_blocked_points() -> None:
    assert shots(Position.from_text("white 13:2 / 18:1")) == 17  # 6 away: 11 direct + 5-1, 4-2, 3-3, 2-2
    assert shots(Position.from_text("white 13:2 / 13:1")) == 11  # 1 away: any 1
    # 6 away with the 4 and 2 away points blocked: 4-2 no longer hits, 2-2 neither (it must stop on 11).
    blocked = Position.from_text("white 13:2 / 18:1 16:2 14:2")
    assert shots(blocked) == 11 + 2 + 1  # direct sixes, 5-1, 3-3
    assert shots(Position.from_text("white 13:2 / 6:2")) == 0  # no blot


def test_play_cost_is_zero_for_the_best_play_and_positive_for_a_worse_one() -> None:
    for level in ("advanced", "expert"):
        ranked = get_level(level).rank(OPENING, (6, 5), "backgammon")
        assert play_cost(OPENING, (6, 5), ranked[0].play, "backgammon", level) == 0.0
        worst = ranked[-1].play
        assert play_cost(OPENING, (6, 5), worst, "backgammon", level) > 0.05


def test_play_cost_can_reuse_the_levels_ranking() -> None:
    ranked = get_level("expert").rank(OPENING, (4, 1), "backgammon")
    for scored in (ranked[0], ranked[1], ranked[-1]):  # the best, a deeper-searched one, a shallow one
        again = play_cost(OPENING, (4, 1), scored.play, "backgammon", "expert")
        assert play_cost(OPENING, (4, 1), scored.play, "backgammon", "expert", ranked=ranked) == again


def test_play_cost_of_the_only_play_is_zero() -> None:
    forced = Position.from_text("white 1:1 / 6:3 5:3 4:3 3:3 2:3")
    plays = legal_plays(forced, (6, 5), "backgammon")
    assert len(plays) == 1
    assert play_cost(forced, (6, 5), plays[0], "backgammon") == 0.0


def test_play_cost_refuses_an_illegal_play() -> None:
    other = legal_plays(start_position(7), (6, 5), "backgammon-225")[0]
    with pytest.raises(ValueError, match="not a legal play"):
        play_cost(OPENING, (6, 5), other, "backgammon")


def test_the_terminal_hint_at_a_level_shows_the_best_plays_and_the_cube_verdict() -> None:
    from toutes_tables.cli import main

    out = io.StringIO()
    answers = "hint\nquit\n"  # White opens the seeded game with dice already rolled: a play hint
    main(["--rules", "backgammon", "--seed", "3", "--level", "advanced"], io.StringIO(answers), out)
    text = out.getvalue()
    assert "Its best plays (equity for you):" in text
    out = io.StringIO()
    answers = "1\n" * 3 + "hint\nquit\n"
    main(["--rules", "backgammon", "--seed", "3", "--level", "advanced", "--match", "5"], io.StringIO(answers), out)
    assert "The computer would roll. No double, take: At 5 away to 5, you win" in out.getvalue()
