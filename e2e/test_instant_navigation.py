"""Material's instant navigation: pages reached by clicking the site's links arrive by fetch, without a
reload, and their live parts (the game, <tt-board> widgets, the setup-drawer) must still work.

A marker set on ``window`` before the click survives only if the page was not reloaded, so each test
checks that the navigation really was instant.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from driving import BOOT_TIMEOUT_MS, draw_start_with_setup_drawer



def open_page(page: Page, url: str) -> None:
    """Load ``url`` in full, and wait for the sitemap: Material makes instant only the links it lists."""
    with page.expect_response(lambda response: response.url.endswith("/sitemap.xml")):
        page.goto(url)
    page.wait_for_load_state("load")
    page.evaluate("() => { window.__notReloaded = true; }")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("() => window.__notReloaded === true"), "the click reloaded the page"


def click_nav(page: Page, title: str, path: str, site_url: str) -> None:
    """Click the navigation's link to ``title`` and wait for Material to swap the content in: the primary
    navigation's, or on a play page (which has none, overrides/play.html) its slim bar's."""
    link = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link", has_text=title)
    if page.locator(".tt-play-bar").count():
        link = page.locator(".tt-play-bar a", has_text=title)
    link.first.click()
    page.wait_for_url(site_url + path)
    expect(page.locator("article h1")).to_have_count(1)
    assert_not_reloaded(page)


def test_a_widget_still_works_after_instant_navigation(page: Page, site_url: str) -> None:
    open_page(page, site_url)
    click_nav(page, "Embed a board", "embed/", site_url)
    boards = page.locator("article tt-board[mode=example]")
    # the six-ace example, backgammon and Toutes tables side by side, with the engine's plays live
    expect(boards.nth(0).locator(".tt-embed-plays li")).to_have_count(2, timeout=BOOT_TIMEOUT_MS)
    expect(boards.nth(1).locator(".tt-embed-plays li")).to_have_count(1)
    expect(boards.nth(1).locator(".tt-embed-plays li").first).to_have_text("3/off 2/1*")
    # away and back again: the boards of the new content mount too
    click_nav(page, "Learn", "learn/", site_url)
    click_nav(page, "Embed a board", "embed/", site_url)
    boards = page.locator("article tt-board[mode=example]")
    expect(boards.nth(1).locator(".tt-embed-plays li").first).to_have_text("3/off 2/1*", timeout=BOOT_TIMEOUT_MS)
    boards.nth(1).locator("select").nth(0).select_option("2")
    boards.nth(1).locator("select").nth(1).select_option("1")
    expect(boards.nth(1).locator(".tt-embed-status")).to_contain_text("Two-ace")
    assert_not_reloaded(page)


def test_the_game_plays_after_instant_navigation_and_stops_when_left(page: Page, site_url: str) -> None:
    open_page(page, site_url + "learn/")
    click_nav(page, "Play", "play/", site_url)
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    first = page.evaluate_handle("() => window.toutesTables")
    assert page.locator("#game canvas").count() == 1
    # leaving the page (by its bar's link to the rules book) stops that game; coming back mounts a new one
    click_nav(page, "the rules book", "", site_url)
    page.wait_for_function("() => window.toutesTables === undefined")
    click_nav(page, "Play", "play/", site_url)
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("(old) => old !== window.toutesTables", first)
    assert page.locator("#game canvas").count() == 1
    # the engine answers: the game reaches a human decision (a roll or a move) against the computer
    page.wait_for_function(
        "() => { const v = window.toutesTables.view; return v.phase === 'roll' || v.phase === 'move'; }",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert_not_reloaded(page)


def test_the_setup_drawer_works_after_instant_navigation(page: Page, site_url: str) -> None:
    open_page(page, site_url)
    page.locator(".md-nav--primary label.md-nav__link", has_text="Rules").first.click()
    page.locator(".md-nav--primary a.md-nav__link", has_text="The 225 starts").first.click()
    page.wait_for_url(site_url + "rules/drawn-starts/")
    drawer = draw_start_with_setup_drawer(page, (4, 2, 5, 3))
    assert drawer.get_attribute("data-start-number") == "101"
    assert_not_reloaded(page)


def test_every_page_of_the_built_site_loads_without_console_errors(page: Page, site_url: str, site_dir: Path) -> None:
    pages = sorted(
        path.parent.relative_to(site_dir).as_posix()
        for path in site_dir.rglob("index.html")
        if not path.relative_to(site_dir).as_posix().startswith(("pyodide/", "wheels/"))
    )
    assert len(pages) >= 20
    for path in pages:
        url = site_url + ("" if path == "." else path + "/")
        response = page.goto(url)
        assert response is not None and response.ok, url
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)  # module scripts and first mounts
    # The page fixture fails the test on any console error or uncaught exception, CSP violations included.
