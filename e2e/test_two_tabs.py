"""Two game pages in one browser: one plays the saved game, the other says so and can take it over; no move is lost."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from driving import (
    BOOT_TIMEOUT_MS,
    click_location,
    farthest_move,
    game_view,
    open_chouette,
    open_game,
    wait_for_more_moves,
    wait_for_player,
    wait_for_steps,
)


def stored_game(page: Page) -> dict[str, Any]:
    return page.evaluate("() => JSON.parse(localStorage.getItem('toutes-tables/saved-game'))")  # type: ignore[no-any-return]


def move_one_checker(page: Page) -> dict[str, Any]:
    """One checker moved (or the finished play confirmed): the view after it, the page idle."""
    v = wait_for_player(page)
    if v["turn_state"]["finished"]:
        page.get_by_role("button", name="Confirm").click()
        wait_for_more_moves(page, len(v["moves"]))
        return wait_for_player(page)
    src, dst = farthest_move(v)
    click_location(page, src)
    click_location(page, dst)
    return wait_for_steps(page, len(v["turn_state"]["steps"]) + 1)


def test_a_second_tab_does_not_play_over_the_first_and_taking_over_moves_the_game_with_its_moves(
    context: BrowserContext, page: Page, site_url: str, problems: Any
) -> None:
    open_game(page, site_url)
    wait_for_player(page)
    other = context.new_page()
    other.on("console", problems.on_console)
    other.on("pageerror", problems.on_page_error)
    other.goto(f"{site_url}play/")
    away = other.locator(".tt-away")
    expect(away).to_contain_text("open in another tab", timeout=BOOT_TIMEOUT_MS)
    assert other.evaluate("() => window.toutesTables.view") is None
    expect(other.get_by_role("button", name="Roll")).to_be_disabled()
    # the first page plays on, and its moves are the ones saved
    first = move_one_checker(page)
    assert (stored_game(page)["record"], stored_game(page)["steps"]) == (first["record"], first["turn_state"]["steps"])
    # the second page takes the game over, exactly where the first left it
    away.get_by_role("button", name="Play here").click()
    other.wait_for_function("() => window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    taken = wait_for_player(other)
    assert (taken["record"], taken["turn_state"]["steps"]) == (first["record"], first["turn_state"]["steps"])
    expect(page.locator(".tt-away")).to_contain_text("now played in another tab")
    assert page.evaluate("() => window.toutesTables.view") is None
    assert page.evaluate("() => window.toutesTables.board.state.interactive") is False
    second = move_one_checker(other)
    assert (second["record"], second["turn_state"]["steps"]) != (first["record"], first["turn_state"]["steps"])
    # the first page, out of play, has saved nothing over it; taking the game back brings the second page's moves
    stored = stored_game(page)
    assert (stored["record"], stored["steps"]) == (second["record"], second["turn_state"]["steps"])
    page.locator(".tt-away").get_by_role("button", name="Play here").click()
    page.wait_for_function("() => window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    back = game_view(page)
    assert (back["record"], back["turn_state"]["steps"]) == (second["record"], second["turn_state"]["steps"])
    expect(other.locator(".tt-away")).to_contain_text("now played in another tab")


def test_a_second_chouette_page_waits_for_the_first_and_can_take_the_chouette_over(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    open_chouette(page, site_url)
    expect(page.locator(".tt-chouette-setup-holder")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    other = context.new_page()
    other.goto(f"{site_url}play-chouette/")
    away = other.locator(".tt-away")
    expect(away).to_contain_text("This chouette is open in another tab", timeout=BOOT_TIMEOUT_MS)
    expect(other.locator(".tt-chouette-setup-holder")).to_be_hidden()
    expect(other.get_by_role("button", name="New chouette…")).to_be_disabled()
    away.get_by_role("button", name="Play here").click()
    expect(other.locator(".tt-chouette-setup-holder")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-away")).to_contain_text("This chouette is now played in another tab")
    expect(page.locator(".tt-chouette-setup-holder")).to_be_hidden()
