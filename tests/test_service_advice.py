"""The service's computer and advice: levels, hints, the cost of a play, the computer's cube."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from toutes_tables import Game, IllegalMoveError, Position
from toutes_tables.ai import LEVELS
from toutes_tables.ai.cube import CubeState, should_double, should_take
from toutes_tables.service import ServiceError, dispatch
from toutes_tables.play import compact_play
from toutes_tables.record import game_to_text, match_from_text
from toutes_tables.review_words import CUBE_ACTIONS, slug
from toutes_tables.services import dispatch as services_dispatch

# White on roll in a race, well ahead but not out of reach: double and take with the cube in the middle.
DOUBLING_RACE = "white 6:4 5:3 4:3 3:2 2:2 1:1 / 7:2 6:3 5:3 4:3 3:2 2:1 1:1"  # 62 pips against 68: double, take


def to_move(view: dict[str, Any]) -> dict[str, Any]:
    """Roll (the opening too) until a player has dice to play."""
    while view["phase"] in ("opening", "roll"):
        view = dispatch("roll")
    return view


def play_first_legal(view: dict[str, Any], show_cost: bool = False) -> dict[str, Any]:
    """Move the first offered checker until the play is finished, then confirm it."""
    while not view["turn_state"]["finished"]:
        source, destinations = next(iter(view["turn_state"]["dests"].items()))
        view = dispatch("move", {"from": source if source == "bar" else int(source), "to": destinations[0]})
    return dispatch("confirm", {"show_cost": show_cost})


def load_game(game: Game, level: str = "expert") -> dict[str, Any]:
    return dispatch("load", {"record": game_to_text(game), "steps": [], "level": level})  # type: ignore[no-any-return]


# -- levels ---------------------------------------------------------------------------------


def test_levels_are_named_weakest_first_and_expert_is_the_default() -> None:
    assert dispatch("levels") == [{"name": level.name, "title": level.title} for level in LEVELS.values()]
    names = [level["name"] for level in dispatch("levels")]
    assert names == ["beginner", "intermediate", "advanced", "expert", "world-class"]
    assert dispatch("new_match", {"rules": "backgammon"})["level"] == "expert"


def test_the_level_is_kept_through_a_save_and_load() -> None:
    view = to_move(dispatch("new_match", {"rules": "toutes-tables-225", "level": "beginner"}))
    assert view["level"] == "beginner"
    resumed = dispatch("load", {"record": view["record"], "steps": [], "level": view["level"]})
    assert resumed["level"] == "beginner" and resumed["position_id"] == view["position_id"]


def test_an_unknown_level_is_refused_and_the_game_in_play_stays() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "level": "advanced"})
    with pytest.raises(ValueError, match="unknown level 'grandmaster': level is one of"):
        dispatch("new_match", {"rules": "toutes-tables", "level": "grandmaster"})
    with pytest.raises(ServiceError, match="level is one of"):
        dispatch("load", {"record": view["record"], "steps": [], "level": 3})
    assert dispatch("state")["record"] == view["record"] and dispatch("state")["level"] == "advanced"


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("rules", ["toutes-tables-225", "backgammon"])
def test_the_computer_plays_legal_plays_at_every_level(level: str, rules: str) -> None:
    view = dispatch("new_match", {"rules": rules, "level": level, "start": 64})
    for _ in range(3):
        view = to_move(view)
        # in the move list's words: gnubg's compact notation, as the review writes plays
        legal = {compact_play(p.position, p.moves) for p in match_from_text(view["record"]).game.legal_plays()}
        view = dispatch("computer_action")
        played = view["moves"][-1]
        assert played["kind"] == "play"
        notation = played["text"].split(": ", 1)[1]
        assert notation in legal or (not legal and notation == "(no play)")


# -- hints ----------------------------------------------------------------------------------


def test_a_hint_with_dice_gives_the_best_legal_plays_with_board_moves() -> None:
    view = to_move(dispatch("new_match", {"rules": "backgammon", "start": 64}))
    mover = view["turn"]
    hint = dispatch("hint")
    assert hint["actor"] == mover and hint["phase"] == "move" and hint["cube"] is None
    plays = hint["plays"]
    assert 1 <= len(plays) <= 5
    # best first: the plays looked at one roll ahead, then the others by their quick estimate
    plies = [p["ply"] for p in plays]
    assert plies == sorted(plies, reverse=True)
    for ply in set(plies):
        equities = [p["equity"] for p in plays if p["ply"] == ply]
        assert equities == sorted(equities, reverse=True)
    for advice in plays:
        assert isinstance(advice["reason"], str)
    # the best play's board moves, made one by one, finish exactly that play
    for source, destination in plays[0]["moves"]:
        view = dispatch("move", {"from": source, "to": destination})
    assert view["turn_state"]["finished"] and view["turn_state"]["notation"] == plays[0]["notation"]
    # once the play is made, a hint is for the rest of the turn: nothing left to move (test_service_hint.py)
    after = dispatch("hint")
    assert after["steps"] and after["best"] is None
    assert after["plays"][0]["notation"] == plays[0]["notation"] and after["plays"][0]["moves"] == []


def test_a_hint_before_rolling_gives_the_cube_advice() -> None:
    game = Game("backgammon", position=Position.from_text(DOUBLING_RACE))
    view = load_game(game)
    assert view["phase"] == "roll" and view["cube_actions"] == ["double"]
    hint = dispatch("hint")
    assert hint["phase"] == "roll" and hint["plays"] == [] and hint["dice"] is None
    cube = hint["cube"]
    assert cube["may_double"] is True
    assert cube["action"] == "double"
    assert cube["verdict"] and isinstance(cube["reason"], str)


def test_the_hints_cube_choices_are_named_as_the_pages_catalogues_say_them() -> None:
    """The hint once named a choice "double, drop", a name no catalogue has: a French page showed it in English.

    Its names are the cube actions the pages say (review_words.CUBE_ACTIONS, the site's review.action.* keys),
    the analysis board's study_advice's, and site/engine/PROTOCOL.md's example (site/game/french.test.mjs reads it).
    """
    game = Game("backgammon", position=Position.from_text(DOUBLING_RACE))
    load_game(game)
    equities = dispatch("hint")["cube"]["equities"]
    assert set(equities) <= set(CUBE_ACTIONS), equities
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10"
    study = services_dispatch("study_advice", {"rules": "backgammon", "xgid": xgid})["cube"]
    assert list(study["equities"]) == list(equities)
    site = Path(__file__).parent.parent / "site"
    for lang in ("en", "fr"):
        catalogue = json.loads((site / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        assert all(f"review.action.{slug(choice)}" in catalogue for choice in equities), (lang, equities)
    protocol = (site / "engine" / "PROTOCOL.md").read_text(encoding="utf-8")
    example = re.search(r'"cube": \{"action": "double".*?"equities": (\{.*?\})', protocol, re.S)
    assert example and list(json.loads(example.group(1))) == list(equities), example


def test_a_hint_facing_a_double_says_take_or_drop() -> None:
    game = Game("backgammon", position=Position.from_text(DOUBLING_RACE))
    game.offer_double()
    load_game(game)
    hint = dispatch("hint")
    assert hint["actor"] == "black" and hint["phase"] == "double-offered"
    assert hint["cube"]["action"] in ("take", "drop")
    expected = should_take(game.position, game.rules, CubeState(), "expert")
    assert hint["cube"]["action"] == ("take" if expected else "drop")


def test_no_cube_advice_in_the_toutes_tables_sets_and_no_hint_when_nobody_acts() -> None:
    game = Game("toutes-tables", position=Position.from_text(DOUBLING_RACE))
    load_game(game)
    assert dispatch("hint")["cube"] is None
    dispatch("new_match", {"rules": "toutes-tables-225"})
    with pytest.raises(IllegalMoveError, match="nothing to advise in phase 'opening'"):
        dispatch("hint")


# -- the cost of a play ---------------------------------------------------------------------


def test_confirm_with_show_cost_says_what_the_play_cost() -> None:
    view = to_move(dispatch("new_match", {"rules": "backgammon", "start": 64}))
    mover = view["turn"]
    best = dispatch("hint")["plays"][0]
    for source, destination in best["moves"]:
        view = dispatch("move", {"from": source, "to": destination})
    view = dispatch("confirm", {"show_cost": True})
    assert view["last_cost"] == {
        "colour": mover, "notation": best["notation"], "best": best["notation"], "cost": 0.0, "mark": ""
    }


def test_a_worse_play_costs_its_equity_difference_and_no_show_cost_clears_it() -> None:
    # White's 6-5 at the classic start: 24/13 is the known best; 8/3 8/2 leaves three blots
    game = Game("backgammon", position=Position.from_text("white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"))
    game.roll((6, 5))
    load_game(game)
    hint = dispatch("hint")
    assert hint["plays"][0]["notation"] == "24/13"
    dispatch("move", {"from": 8, "to": 3})
    view = dispatch("move", {"from": 8, "to": 2})
    played = view["turn_state"]["notation"]
    assert played in ("8/3 8/2", "8/2 8/3")
    view = dispatch("confirm", {"show_cost": True})
    cost = view["last_cost"]
    assert cost["colour"] == "white" and cost["notation"] == played and cost["best"] == "24/13"
    assert cost["cost"] > 0.1  # a blunder
    # the computer's play keeps the human's cost on show; a confirm without show_cost clears it
    view = dispatch("computer_action")
    assert view["last_cost"] == cost
    view = to_move(dispatch("state"))
    assert play_first_legal(view)["last_cost"] is None


# -- the computer's cube --------------------------------------------------------------------


def test_the_computer_doubles_a_strong_race_with_the_cube_in_the_middle() -> None:
    load_game(Game("backgammon", position=Position.from_text(DOUBLING_RACE)))
    view = dispatch("computer_action")
    assert view["phase"] == "double-offered" and view["moves"][-1]["text"] == "White doubles to 2."


def test_the_computer_never_doubles_in_the_crawford_game() -> None:
    assert should_double(Position.from_text(DOUBLING_RACE), "backgammon", CubeState(), "expert")
    load_game(Game("backgammon", position=Position.from_text(DOUBLING_RACE), is_crawford=True))
    view = dispatch("computer_action")
    assert view["phase"] == "move" and all(m["kind"] != "double" for m in view["moves"])


def test_the_computer_never_doubles_with_the_cube_on_the_other_side() -> None:
    game = Game("backgammon", position=Position.from_text(DOUBLING_RACE))
    game.offer_double()
    game.take()  # Black owns the cube at 2
    game.roll((1, 2))
    game.play(game.legal_plays()[0])
    game.roll((1, 2))
    game.play(game.legal_plays()[0])  # White on roll again, still far ahead
    assert should_double(game.position, game.rules, CubeState(), "expert")  # were the cube in the middle
    load_game(game)
    view = dispatch("computer_action")
    assert view["phase"] == "move" and [m["kind"] for m in view["moves"]].count("double") == 1


def test_the_computer_plays_a_whole_match_with_the_cube_and_never_doubles_in_the_crawford_game() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "match_length": 3, "start": 64, "level": "intermediate"})
    actions = 0
    while not view["match"]["over"]:
        if view["phase"] == "over":
            view = dispatch("next_game")
        elif view["phase"] == "opening":
            view = dispatch("roll")
        else:
            crawford = view["match"]["crawford"]
            view = dispatch("computer_action")
            if crawford:
                assert view["moves"] and view["moves"][-1]["kind"] != "double"
        actions += 1
        assert actions < 5000
    match = match_from_text(view["record"])
    assert match.is_over and max(match.score.values()) >= 3


def test_the_services_level_names_are_the_ai_packages() -> None:
    from toutes_tables import ai, service

    from toutes_tables import study_service

    assert service.DEFAULT_LEVEL == ai.DEFAULT_LEVEL
    # The game's advice: the strongest level below the analysis board's, the only one below it with a 2-ply look
    # (on its closest two, where 1-ply changed its mind), which a seeded session keeps: it drops the time budget
    # only, the evaluation budget bounding the search the same on every machine (service.py says why).
    below = list(ai.LEVELS)[:-1]
    assert service.ADVICE_LEVEL == below[-1] == service.DEFAULT_LEVEL
    assert [name for name in below if ai.LEVELS[name].ply >= 2] == [service.ADVICE_LEVEL]
    seeded = service._searched_level(SimpleNamespace(choices=[]), service.ADVICE_LEVEL)
    assert seeded == dataclasses.replace(ai.LEVELS["expert"], time_budget=None)
    assert seeded.ply == 2 and seeded.evaluation_budget is not None
    assert service._searched_level(SimpleNamespace(choices=None), service.ADVICE_LEVEL) == ai.LEVELS["expert"]
    assert study_service.STUDY_LEVEL == list(ai.LEVELS)[-1]  # the analysis board's: the strongest, listed last


def test_the_last_plays_cost_survives_a_save_and_load() -> None:
    # seeded: the dice are the same every run, and the strongest level searches without a time budget
    view = to_move(dispatch("new_match", {"rules": "backgammon", "start": 64, "seed": 1698}))
    mover = view["turn"]
    worst = sorted(dispatch("hint")["plays"], key=lambda p: p["equity"])[0]
    for source, destination in worst["moves"]:
        dispatch("move", {"from": source, "to": destination})
    played = dispatch("confirm", {"show_cost": True})
    cost = played["last_cost"]
    assert cost is not None and cost["colour"] == mover
    again = dispatch("computer_action")  # the other side acts: the cost line stays
    assert again["last_cost"] == cost
    saved = {"record": again["record"], "steps": again["turn_state"]["steps"], "level": again["level"], "seed": 1698}
    loaded = dispatch("load", {**saved, "show_cost_for": [mover]})
    # the same play judged again, to the same figure: a seeded session's search has no clock in it
    assert loaded["last_cost"] == cost
    assert dispatch("load", saved)["last_cost"] is None  # costs not shown: none worked out
    other = "black" if mover == "white" else "white"
    assert dispatch("load", {**saved, "show_cost_for": [other]})["last_cost"] is None  # the other side has not played
