"""Opening a link never destroys a game: the game in play is set aside in Saved games and resumes exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from driving import (
    BOOT_TIMEOUT_MS,
    farthest_move,
    click_location,
    game_view,
    open_game,
    play_turn_with_pointer,
    play_until_double_is_possible,
    start_new_game,
    wait_for_more_moves,
    wait_for_player,
    wait_for_steps,
)

RESUMED_EXACTLY = (
    "record", "position", "turn_state", "dice", "moves", "match", "game_number", "start", "cube", "phase"
)


def match_to_five_at_one_nil_mid_turn(page: Page) -> dict[str, Any]:
    """A Backgammon 225 match to 5 (hot-seat) at 1-0 after a dropped double, a checker moved in game 2."""
    start_new_game(page, match_length=5, rules="backgammon-225", opponent="human")
    # The game the page opened with was set aside if the computer had already opened it (it depends on
    # the dice); this test is about the match alone, so the list starts empty from here.
    page.evaluate("() => localStorage.removeItem('toutes-tables/saved-games')")
    v = play_until_double_is_possible(page, 10)
    assert v is not None, "no chance to double came up in 10 turns"
    page.get_by_role("button", name="Double").click()
    page.wait_for_function("() => window.toutesTables.view.phase === 'double-offered'")
    page.get_by_role("button", name="Drop").click()
    page.wait_for_function("() => window.toutesTables.view.phase === 'over'")
    page.get_by_role("button", name="Next game").click()
    v = wait_for_player(page)
    assert v["game_number"] == 2 and sorted(v["match"]["score"].values()) == [0, 1]
    src, dst = farthest_move(v)
    click_location(page, src)
    click_location(page, dst)
    return wait_for_steps(page, 1)


def test_a_rules_book_link_keeps_the_match_in_play_and_it_resumes_exactly(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    in_play = match_to_five_at_one_nil_mid_turn(page)
    # the gallery's link to start No. 7, followed as a reader would (Material's instant navigation)
    page.goto(f"{site_url}starts/")
    page.locator("#start-7 a[href*='play/']").click()
    page.wait_for_function(
        "() => window.toutesTables && window.toutesTables.view && window.toutesTables.view.start.number === 7"
    )
    v = wait_for_player(page)
    assert v["rules"] == "toutes-tables-225" and v["match"]["length"] == 1
    expect(page.locator(".tt-notice")).to_contain_text("The game you were playing is kept")
    saved = page.locator(".tt-saved-games")
    saved.locator("summary").click()
    expect(saved.locator("summary")).to_have_text("Saved games (1)")
    entry = saved.locator(".tt-saved-game").first
    expect(entry).to_contain_text("Backgammon 225, match to 5")
    expect(entry).to_contain_text(
        f"Black {in_play['match']['score']['black']}, White {in_play['match']['score']['white']}"
    )
    entry.get_by_role("button", name="Resume").click()
    page.wait_for_function("() => window.toutesTables.view.rules === 'backgammon-225' && !window.toutesTables.busy")
    resumed = game_view(page)
    for key in RESUMED_EXACTLY:
        assert resumed[key] == in_play[key], key
    # the link's game took the match's place in the list, and the match plays on from where it was
    expect(saved.locator(".tt-saved-title")).to_have_text(["Toutes Tables 225, one game"])
    v = wait_for_player(page)
    play_turn_with_pointer(page, v, use_drag=False)
    wait_for_more_moves(page, len(v["moves"]))
    assert game_view(page)["moves"][len(v["moves"])]["colour"] == in_play["turn"]


def test_a_new_game_keeps_the_game_in_play_and_a_reload_keeps_the_list(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    wait_for_player(page)  # the opening roll is made: the game is begun, so it is worth keeping
    start_new_game(page, rules="backgammon", opponent="computer")
    saved = page.locator(".tt-saved-games")
    saved.locator("summary").click()
    expect(saved.locator(".tt-saved-title")).to_have_text(["Toutes Tables 225, one game"])
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=60_000)
    assert game_view(page)["rules"] == "backgammon"
    saved.locator("summary").click()
    entry = saved.locator(".tt-saved-game")
    expect(entry).to_have_count(1)
    entry.get_by_role("button", name="Delete").click()
    expect(entry).to_have_count(0)
    expect(saved.locator("summary")).to_have_text("Saved games")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('toutes-tables/saved-games')).games") == []


def test_a_saved_game_the_engine_cannot_read_is_set_aside_not_thrown_away(page: Page, site_url: str) -> None:
    """A save this version cannot load (a damaged record, or one a later version wrote) is kept to try again."""
    unreadable = {
        "version": 1,
        "record": "not a record this version can read",
        "steps": [],
        "players": {"black": "computer", "white": "human"},
        "summary": {
            "title": "Backgammon, match to 3",
            "score": "Black 1, White 0",
            "detail": "game 2, 4 moves, against the computer",
            "begun": True,
            "over": False,
        },
    }
    page.goto(f"{site_url}play/")
    page.evaluate("(text) => localStorage.setItem('toutes-tables/saved-game', text)", json.dumps(unreadable))
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-notice")).to_contain_text("It is kept in Saved games")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('toutes-tables/saved-games')).games")
    assert [entry["game"]["record"] for entry in kept] == [unreadable["record"]]


# the browser refuses to store the saved games' list, as it does when the site's storage is full
STORAGE_FULL_FOR_SAVED_GAMES = """(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (key === "toutes-tables/saved-games") throw new DOMException("the quota is used up", "QuotaExceededError");
        return setItem.call(this, key, value);
    };
})()"""


@pytest.mark.parametrize(
    "link", ["?rules=backgammon-225&start=7", "?rules=backgammon&position=4HPwATDgc/ABMA"], ids=["start", "position"]
)
def test_a_link_leaves_the_game_in_play_when_it_cannot_be_set_aside(page: Page, site_url: str, link: str) -> None:
    open_game(page, site_url)
    in_play = wait_for_player(page)  # the opening roll is made: the game is begun, so it is worth keeping
    page.add_init_script(STORAGE_FULL_FOR_SAVED_GAMES)
    open_game(page, site_url, link)
    expect(page.locator(".tt-notice")).to_contain_text("could not be set aside")
    v = wait_for_player(page)
    assert (v["rules"], v["record"]) == (in_play["rules"], in_play["record"])
