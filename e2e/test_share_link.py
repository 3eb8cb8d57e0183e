"""Share links: a link with a position opens a playable game there (rule set, start, player on roll);
a link with anything wrong in it shows why and changes nothing."""

from __future__ import annotations

import pytest
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from driving import BOOT_TIMEOUT_MS, open_game, wait_for_player

# The six-ace bear-off example: White (on roll) 3:1 2:2, Black 24:1.
SIX_ACE = "AACAWAAAAAAAAA"


def test_a_share_link_with_a_position_opens_a_playable_game_there(page: Page, site_url: str) -> None:
    open_game(page, site_url, f"?rules=backgammon-225&start=17&position={SIX_ACE}&turn=white")
    v = wait_for_player(page)
    assert (v["rules"], v["start"]["number"], v["position_id"]) == ("backgammon-225", 17, SIX_ACE)
    assert (v["phase"], v["turn"]) == ("roll", "white")  # White, the human, is on roll (and may double)
    assert page.evaluate("() => location.search") == ""  # read once: a reload resumes instead
    page.get_by_role("button", name="Roll").click()
    v = wait_for_player(page)
    assert v["phase"] in ("move", "over") and v["position_id"] == SIX_ACE
    # the game is saved like any other: a reload resumes it, dice included
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    resumed = wait_for_player(page)
    assert resumed["record"] == v["record"]


def test_a_position_with_its_roll_is_played_by_the_person_on_roll(page: Page, site_url: str) -> None:
    # the analysis board's Play from here, Black on roll with 3-1: the person plays Black's 3-1, the computer waits
    open_game(page, site_url, "?rules=backgammon&position=4HPwATDgc/ABMA&turn=black&dice=3-1")
    v = wait_for_player(page)
    assert (v["phase"], v["turn"], v["actor"]) == ("move", "black", "black"), v
    assert v["position_id"] == "4HPwATDgc/ABMA"  # the 3-1 is not played yet


def test_the_share_link_of_a_game_reopens_its_position_and_player_on_roll(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    v = wait_for_player(page)
    link = page.locator("input[aria-label='Share link']").input_value()
    query = parse_qs(urlsplit(link).query)
    assert query["position"] == [v["position_id"]] and query["turn"] == [v["turn"]]
    page.evaluate("() => localStorage.clear()")
    page.goto(link)
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    shared = wait_for_player(page)
    assert (shared["rules"], shared["position_id"], shared["turn"]) == (v["rules"], v["position_id"], v["turn"])
    assert shared["start"]["number"] == v["start"]["number"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?rules=backgammon&position=4HPwATDgc/ABM!&turn=white", "position must be a 14-character Position ID"),
        ("?rules=backgammon&position=////////////AA&turn=white", "72 checkers"),
        ("?rules=chess&position=4HPwATDgc/ABMA", "rules must be"),
    ],
)
def test_a_bad_share_link_shows_why_and_keeps_the_game(page: Page, site_url: str, query: str, message: str) -> None:
    open_game(page, site_url)
    before = wait_for_player(page)
    open_game(page, site_url, query)
    expect(page.locator(".tt-notice")).to_contain_text(message)
    expect(page.locator(".tt-notice")).to_contain_text("Nothing was changed")
    after = wait_for_player(page)
    assert after["record"] == before["record"]
