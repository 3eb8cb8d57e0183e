"""The hint asked mid-turn: advice for the rest of the turn, from where the checkers stand now.

It once offered ``bar/22 4/2*``, with an arrow from an empty bar, to a player who had already entered.
"""

from __future__ import annotations

from typing import Any

from toutes_tables import Game, GameOptions, Position
from toutes_tables import service
from toutes_tables.services import dispatch

ON_THE_BAR = Position.from_text("white bar:1 24:1 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5")
START = Position.from_text("white 24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5")


def game_to_move(position: Position, dice: tuple[int, int]) -> dict[str, Any]:
    game = Game("backgammon", options=GameOptions(rules="backgammon", cube=False), position=position)
    game.roll(dice)
    session = service.Session(None, game)
    session.begin_turn()
    service._session = session
    return dict(dispatch("state"))


def test_a_hint_asked_mid_turn_is_for_the_rest_of_the_turn_from_where_the_checkers_stand() -> None:
    game_to_move(ON_THE_BAR, (3, 2))
    dispatch("move", {"from": "bar", "to": 22})
    hint = dispatch("hint")
    assert hint["steps"] == "bar/22"
    assert hint["plays"]
    for play in hint["plays"]:
        assert play["notation"].startswith("bar/2")  # every play continues the entry (bar/22, or bar/20 through it)
        assert all(source != "bar" for source, _ in play["moves"])  # no arrow from the empty bar
        assert len(play["moves"]) == 1  # the one die left
        assert play["rest"] and "bar" not in play["rest"]
    # each arrow is a move the board accepts now
    for play in hint["plays"]:
        source, destination = play["moves"][0]
        assert destination in dispatch("state")["turn_state"]["dests"][str(source)]


def test_a_mid_turn_hint_says_when_the_best_play_differs_from_what_was_started() -> None:
    game_to_move(START, (3, 1))
    before = dispatch("hint")
    assert before["steps"] == "" and before["best"] is None
    best = before["plays"][0]["notation"]
    assert "24/" not in best  # the opening 3-1 makes the 5 point
    dispatch("move", {"from": 24, "to": 21})
    hint = dispatch("hint")
    assert hint["best"] is not None and hint["best"]["notation"] == best
    assert all(p["notation"] != best and "24/2" in p["notation"] for p in hint["plays"])  # 24/21, or 24/20
    assert [len(p["moves"]) for p in hint["plays"]] == [1] * len(hint["plays"])


def test_a_hint_with_the_play_finished_has_nothing_left_to_move() -> None:
    view = game_to_move(START, (3, 1))
    dispatch("move", {"from": 8, "to": 5})
    view = dispatch("move", {"from": 6, "to": 5})
    assert view["turn_state"]["finished"]
    hint = dispatch("hint")
    assert hint["best"] is None
    assert hint["plays"] == [{**hint["plays"][0], "notation": "8/5 6/5", "rest": "", "moves": []}]


def test_each_hinted_play_says_its_cost_against_the_first_with_the_reviews_mark() -> None:
    """docs/computer.md, "The Hint button": the cost and mark are the review's (analysis.mark)."""
    from toutes_tables.analysis import mark

    game_to_move(START, (6, 5))
    plays = dispatch("hint")["plays"]
    assert len(plays) > 1
    assert plays[0]["cost"] == 0 and plays[0]["mark"] == ""
    for play in plays[1:]:
        # the unrounded equities' difference rounded once (service.with_costs): within a thousandth of the shown
        # equities' difference; 0 when a quicker look ranked it above the first
        assert abs(play["cost"] - max(0.0, plays[0]["equity"] - play["equity"])) <= 0.0011
        assert play["mark"] == mark(play["cost"])
    assert any(play["cost"] > 0 for play in plays[1:])


def test_a_mid_turn_hint_costs_the_continuations_against_the_best_continuation() -> None:
    game_to_move(START, (3, 1))
    dispatch("move", {"from": 24, "to": 21})
    plays = dispatch("hint")["plays"]
    assert plays and plays[0]["cost"] == 0
    for play in plays[1:]:
        assert abs(play["cost"] - max(0.0, plays[0]["equity"] - play["equity"])) <= 0.0011  # each figure rounded
