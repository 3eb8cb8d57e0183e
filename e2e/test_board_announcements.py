"""What the board says to screen readers about the point a checker was just moved to (docs/play.md, "Keys").

The board's cursor follows a move to its destination; the point is described once the page has set the
position that move makes, so the description says the checker that arrived, not the point as it was (it
said "Point 20: empty." for 23/20, and "Flèche 4 : vide." after a tap, found by the player-tester). Both
ways of moving, the keys and a finger's taps, in both languages.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PageProblems
from driving import board_point, game_view, seed_dice, wait_for_player, wait_for_steps, watched_page
from playwright.sync_api import Browser, Page, expect

# White to play 5-3 from the classic start (a share link), the same turn at every run
OPENING_53 = "?rules=backgammon&position=4HPwATDgc/ABMA&turn=white&dice=5-3"


def landed_words(language: str, point: int, count: int) -> str:
    """The description of a point holding ``count`` white checkers, as the catalogues word it."""
    if language == "fr":
        return f"Flèche {point}\u00a0: {count} dame{'s' if count > 1 else ''} blanche{'s' if count > 1 else ''}."
    return f"Point {point}: {count} white checker{'s' if count > 1 else ''}."


def white_count(page: Page, point: int) -> int:
    # the view's points are numbered from White's side, 1 to 24; White's checkers are negative
    return -int(game_view(page)["position"]["points"][point - 1])


@pytest.fixture
def phone(browser: Browser, problems: PageProblems, dice_seed: int) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    seed_dice(context, dice_seed)
    yield from watched_page(context, problems)


def open_turn(page: Page, site_url: str, language: str) -> None:
    page.goto(f"{site_url}{'fr/' if language == 'fr' else ''}play/{OPENING_53}")
    v = wait_for_player(page)
    assert v["phase"] == "move" and v["turn"] == "white" and [d["value"] for d in v["dice"]] == [5, 3], v["dice"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_checker_moved_by_keys_is_said_on_the_point_it_lands_on(page: Page, site_url: str, language: str) -> None:
    open_turn(page, site_url, language)
    cursor_live = page.locator(".tt-live").nth(1)  # the board cursor's region, apart from the game's news
    page.locator("canvas.tt-board").focus()
    page.keyboard.press("n")  # the first movable checker
    page.keyboard.press("Enter")  # picked up: the cursor goes to its first destination
    page.keyboard.press("Enter")  # dropped there
    v = wait_for_steps(page, 1)
    _, destination = v["turn_state"]["steps"][0]
    assert isinstance(destination, int), v["turn_state"]
    assert page.evaluate("() => window.toutesTables.board.state.cursor") == destination  # on the landing point
    count = white_count(page, destination)
    assert count >= 1
    expect(cursor_live).to_contain_text(landed_words(language, destination, count))
    expect(cursor_live).not_to_contain_text("vide" if language == "fr" else "empty")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_checker_moved_by_taps_is_said_on_the_point_it_lands_on(phone: Page, site_url: str, language: str) -> None:
    page = phone
    open_turn(page, site_url, language)
    cursor_live = page.locator(".tt-live").nth(1)
    v = game_view(page)
    # a checker whose destination is an empty point: before the fix, the point was said empty
    source, destination = next(
        (int(src), dst)
        for src, dests in v["turn_state"]["dests"].items()
        for dst in dests
        if isinstance(dst, int) and v["position"]["points"][dst - 1] == 0
    )
    for location in (source, destination):
        x, y = board_point(page, location)
        page.touchscreen.tap(x, y)
    wait_for_steps(page, 1)
    count = white_count(page, destination)
    assert count == 1
    expect(cursor_live).to_contain_text(landed_words(language, destination, count))
    expect(cursor_live).not_to_contain_text("vide" if language == "fr" else "empty")
