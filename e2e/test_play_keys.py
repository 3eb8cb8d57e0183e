"""The game's keys for the cube and the next game (docs/play.md, "Keys"): D doubles, T takes, X drops,
G starts the next game. They belong to the game while it has the focus, like R, U, C and H."""

from __future__ import annotations

from typing import Any

from driving import (
    open_game,
    play_turn_with_pointer,
    press_key,
    start_new_game,
    wait_for_player,
)
from playwright.sync_api import Page


def press(page: Page, key: str) -> dict[str, Any]:
    """Press a key in the game (the board has the focus); the view once the page has answered it."""
    press_key(page, key)
    return wait_for_player(page)


def test_the_cube_and_next_game_keys_double_take_drop_and_start_the_next_game(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    wait_for_player(page)
    # two people on one device, so each key answers the other's double
    start_new_game(page, match_length=3, rules="backgammon", opponent="human")
    v = wait_for_player(page)
    assert v["phase"] == "move", v["phase"]  # the opening roll's winner moves with it
    first = v["actor"]
    play_turn_with_pointer(page, v, use_drag=False)
    v = wait_for_player(page)
    second = v["actor"]
    assert v["phase"] == "roll" and "double" in v["cube_actions"], (v["phase"], v["cube_actions"])

    v = press(page, "d")
    assert v["phase"] == "double-offered" and v["actor"] == first, (v["phase"], v["actor"])
    v = press(page, "t")
    assert v["cube"]["value"] == 2 and v["cube"]["owner"] == first, v["cube"]
    assert v["phase"] == "move" and v["actor"] == second  # the doubler's dice are rolled at once
    play_turn_with_pointer(page, v, use_drag=False)

    v = wait_for_player(page)
    assert v["phase"] == "roll" and v["actor"] == first and "double" in v["cube_actions"]
    v = press(page, "d")
    assert v["phase"] == "double-offered" and v["actor"] == second and v["cube"]["value"] == 2
    v = press(page, "x")
    assert v["phase"] == "over" and v["result"]["winner"] == first, v["result"]
    assert v["match"]["score"][first] == 2, v["match"]["score"]

    game = v["game_number"]
    v = press(page, "g")
    assert v["game_number"] == game + 1, v["game_number"]
