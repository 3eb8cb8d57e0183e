"""The dice seed every e2e test plays with (conftest's ``dice_seed``): the same seed, the same game."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from driving import open_game, seed_dice, wait_for_player


def first_turn_with_seed(browser: Browser, site_url: str, seed: int) -> dict[str, Any]:
    """A fresh visitor's game page with the dice of ``seed``: the view when the player first must act."""
    context = browser.new_context(service_workers="block")
    try:
        seed_dice(context, seed)
        page = context.new_page()
        open_game(page, site_url)
        return wait_for_player(page)
    finally:
        context.close()


def test_the_same_dice_seed_gives_the_same_start_rolls_and_computer_play(browser: Browser, site_url: str) -> None:
    first, again, other = (first_turn_with_seed(browser, site_url, seed) for seed in (5, 5, 6))
    # the drawn start, the opening roll, the computer's play if it opened, and the player's dice
    assert first["record"] == again["record"] and first["dice"] == again["dice"]
    assert first["start"] == again["start"]
    assert (other["record"], other["dice"]) != (first["record"], first["dice"])
