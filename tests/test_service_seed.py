"""A seeded session (the e2e tests' dice seed): the same seed and the same actions give the same game."""

from __future__ import annotations

from typing import Any

import pytest

from toutes_tables.services import ServiceError, dispatch


def computer_plays_both_sides(actions: int) -> dict[str, Any]:
    """The view after the computer (or the opening roll) has made ``actions`` actions for both sides."""
    view = dispatch("state")
    for _ in range(actions):
        if view["phase"] == "over":
            break
        view = dispatch("roll") if view["phase"] == "opening" else dispatch("computer_action")
    return view


@pytest.mark.parametrize(
    "options", [{"rules": "backgammon-225", "match_length": 3}, {"rules": "backgammon", "money_game": True}]
)
def test_a_seeded_new_match_rolls_the_same_start_and_dice_every_time(options: dict[str, Any]) -> None:
    games = []
    for _ in range(2):
        # at the default level: the computer's search has a time limit, which a seeded session lifts
        dispatch("new_match", {**options, "seed": 225})
        games.append(computer_plays_both_sides(12)["record"])
    assert games[0] == games[1]
    dispatch("new_match", {**options, "seed": 226})
    assert computer_plays_both_sides(12)["record"] != games[0]


def test_a_seeded_load_rolls_the_same_dice_from_the_saved_game_on() -> None:
    dispatch("new_match", {"rules": "toutes-tables-225", "level": "beginner", "seed": 1698})
    saved = computer_plays_both_sides(5)
    continued = []
    for _ in range(2):
        saved_game = {"record": saved["record"], "steps": saved["turn_state"]["steps"], "level": "beginner"}
        dispatch("load", {**saved_game, "seed": 7})
        continued.append(computer_plays_both_sides(8)["record"])
    assert continued[0] == continued[1] and continued[0].startswith(saved["record"].rstrip("\n").rsplit("\n", 1)[0])


@pytest.mark.parametrize("seed", ["1", 1.5, True, [1]])
def test_a_seed_that_is_not_an_integer_is_refused_and_the_game_in_play_kept(seed: object) -> None:
    before = dispatch("new_match", {"rules": "backgammon", "seed": 1698})
    for method, params in [("new_match", {"rules": "backgammon"}), ("load", {"record": before["record"], "steps": []})]:
        with pytest.raises(ServiceError, match="seed is an integer"):
            dispatch(method, {**params, "seed": seed})
    assert dispatch("state") == before


def test_a_seeded_chouette_load_rolls_the_same_dice_from_the_save_on() -> None:
    computers = [{"name": n, "kind": "computer", "level": "beginner"} for n in ("Ann", "Bruno", "Cleo")]
    view = dispatch("chouette_new", {"players": computers, "rules": "backgammon", "seed": 1698})
    for _ in range(4):
        view = dispatch("chouette_computer_action")
    continued = []
    for _ in range(2):
        after = dispatch("chouette_load", {"save": view["save"], "seats": view["seats"], "steps": [], "seed": 3})
        for _ in range(8):
            after = dispatch("chouette_computer_action")
        continued.append(after["save"])
    assert continued[0] == continued[1]
    with pytest.raises(ServiceError, match="seed is an integer"):
        dispatch("chouette_load", {"save": view["save"], "seats": view["seats"], "seed": "3"})


def test_a_seeded_sessions_expert_plays_its_full_search_without_the_time_budget() -> None:
    """The 2-ply look included (no ply=1 cut any more): only the time budget is dropped, the evaluation budget kept."""
    import dataclasses

    from toutes_tables import service
    from toutes_tables.ai import LEVELS

    unhurried = dataclasses.replace(LEVELS["expert"], time_budget=None)
    # seed 3: the computer's 2nd and 6th moves get the 2-ply look (1-ply changed its mind and left the best two close)
    dispatch("new_match", {"rules": "backgammon", "money_game": True, "level": "expert", "seed": 3})
    view, compared, deepest = dispatch("state"), 0, []
    while compared < 6 and view["phase"] != "over":
        game = service._current().game
        expected = None
        if game.phase == "move" and game.dice is not None:
            ranked = unhurried.rank(game.position, game.dice, game.rules)
            expected = ranked[0].play.result if ranked else game.position.swapped()
            deepest.append(max((s.ply for s in ranked), default=0))
        view = dispatch("roll") if view["phase"] == "opening" else dispatch("computer_action")
        if expected is not None:
            assert service._current().game.position == expected
            compared += 1
    assert compared == 6 and 2 in deepest
