"""The play pages as an app, at a phone's sizes and a desktop's (docs/play.md, docs/play-chouette.md).

The board is as large as the window allows (95 % of a phone's width held upright, 75 % of the height in
landscape and on a desktop), the turn's controls are all on the first screen without scrolling, and
they keep their places when a move is complete. Screenshots of the game, the chouette and a finished
game are written to .cache/screenshots/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, PageProblems
from driving import (
    BOOT_TIMEOUT_MS,
    GAME_TIMEOUT_MS,
    assert_status_read_whole,
    complete_play_with_pointer,
    open_chouette,
    open_game,
    open_new_game_dialog,
    play_until_double_is_possible,
    seed_dice,
    start_new_game,
    wait_for_player,
    wait_until_idle,
    watched_page,
)
from playwright.sync_api import Browser, FloatRect, Page, expect

SCREENSHOTS = ROOT / ".cache" / "screenshots"
PHONE = (390, 844)
SMALL_PHONE = (360, 640)
PHONE_LANDSCAPE = (844, 390)
DESKTOP = (1280, 800)
SIZES = [PHONE, SMALL_PHONE, PHONE_LANDSCAPE, DESKTOP]
# docs/play-chouette.md: every size from 360 px wide; the chouette's scoreboard and answers make it the
# tallest page, so a narrow phone is tried at two heights
NARROW_TALL_PHONE = (360, 740)
CHOUETTE_SIZES = [*SIZES, NARROW_TALL_PHONE]
GAME_CONTROLS = ["Roll", "Undo", "Confirm", "Hint", "Resign…", "Next game", "Rematch", "New game…"]
CUBE_CONTROLS = ["Double", "Take", "Drop"]
CHOUETTE_CONTROLS = ["Roll", "Double", "Undo", "Confirm", "Next game", "Resign", "New chouette…"]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.fixture
def sized_page(
    browser: Browser, problems: PageProblems, dice_seed: int, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A page with the viewport given by the test's ``size`` parameter, a phone's with touch; seeded dice."""
    width, height = request.param
    phone = width < 900
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone, service_workers="block"
    )
    seed_dice(context, dice_seed)
    yield from watched_page(context, problems)


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    assert size is not None
    path = SCREENSHOTS / f"{name}-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(path))
    return path


def box(page: Page, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; }",
        selector,
    )
    return found


def control_boxes(page: Page, names: list[str]) -> dict[str, FloatRect]:
    """Where each control of the bar is on the screen (it must be there: shown, if disabled)."""
    boxes: dict[str, FloatRect] = {}
    for name in names:
        button = page.locator(".tt-control-bar").get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible()
        found = button.bounding_box()
        assert found is not None, name
        boxes[name] = found
    return boxes


def assert_board_fills_the_screen(page: Page) -> None:
    size = page.viewport_size
    assert size is not None
    board = box(page, "canvas.tt-board")
    if size["width"] < size["height"]:
        assert board["width"] >= 0.95 * size["width"], (board, size)
    else:
        assert board["height"] >= 0.75 * size["height"], (board, size)
    assert board["x"] >= 0 and board["x"] + board["width"] <= size["width"] + 0.5, (board, size)


def assert_on_the_first_screen(page: Page, boxes: dict[str, FloatRect]) -> None:
    size = page.viewport_size
    assert size is not None
    assert page.evaluate("() => window.scrollY") == 0
    for name, b in boxes.items():
        assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], (name, b, size)
        assert b["x"] >= 0 and b["x"] + b["width"] <= size["width"] + 0.5, (name, b, size)
        if size["width"] < 900:
            assert b["height"] >= 44 and b["width"] >= 44, (name, b)  # a finger's target


def wait_for_own_move(page: Page) -> dict[str, Any]:
    v = wait_for_player(page)
    assert v["phase"] == "move" and not v["turn_state"]["finished"], v["phase"]
    return v


@pytest.mark.parametrize("sized_page", SIZES, ids=size_id, indirect=True)
def test_the_game_board_fills_the_screen_with_every_control_on_the_first_screen(
    sized_page: Page, site_url: str
) -> None:
    page = sized_page
    open_game(page, site_url)
    wait_for_own_move(page)
    assert_board_fills_the_screen(page)
    assert_on_the_first_screen(page, control_boxes(page, GAME_CONTROLS))
    screenshot(page, "game")
    # the theme's navigation is out of the way; a slim bar leads back to the rules book
    expect(page.locator(".md-header")).to_be_hidden()
    expect(page.locator(".md-sidebar")).to_have_count(0)
    expect(page.get_by_role("link", name="Toutes Tables: the rules book")).to_be_visible()


@pytest.mark.parametrize("sized_page", [PHONE], ids=size_id, indirect=True)
def test_full_screen_gives_the_game_the_whole_screen_and_gives_it_back(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_game(page, site_url)
    wait_for_own_move(page)
    button = page.get_by_role("button", name="Full screen")
    button.click()
    page.wait_for_function("() => document.fullscreenElement === document.documentElement")
    expect(page.get_by_role("button", name="Leave full screen")).to_have_attribute("aria-pressed", "true")
    # the board and its controls are laid out again for the screen, still all on it
    assert_on_the_first_screen(page, control_boxes(page, GAME_CONTROLS))
    page.get_by_role("button", name="Leave full screen").click()
    page.wait_for_function("() => document.fullscreenElement === null")
    expect(button).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_the_controls_keep_their_places_when_the_move_is_complete(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_game(page, site_url)
    v = wait_for_own_move(page)
    before = control_boxes(page, GAME_CONTROLS)
    expect(page.get_by_role("button", name="Confirm")).to_be_disabled()
    v = complete_play_with_pointer(page, v)
    assert not v["turn_state"]["no_play"], "the seeded first roll has no play: nothing to complete"
    expect(page.get_by_role("button", name="Confirm")).to_be_enabled()
    after = control_boxes(page, GAME_CONTROLS)
    assert after == before
    assert_on_the_first_screen(page, after)


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_every_control_keeps_its_place_from_one_rule_set_to_another(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_game(page, site_url)  # Toutes Tables 225: no cube, yet its buttons are there, greyed
    wait_for_player(page)
    without_cube = control_boxes(page, GAME_CONTROLS + CUBE_CONTROLS)
    for name in CUBE_CONTROLS:
        expect(page.locator(".tt-control-bar").get_by_role("button", name=name, exact=True)).to_be_disabled()
    start_new_game(page, rules="backgammon")
    wait_for_player(page)
    assert control_boxes(page, GAME_CONTROLS + CUBE_CONTROLS) == without_cube
    start_new_game(page, rules="toutes-tables")
    wait_for_player(page)
    assert control_boxes(page, GAME_CONTROLS + CUBE_CONTROLS) == without_cube


@pytest.mark.parametrize("sized_page", [PHONE, SMALL_PHONE, DESKTOP], ids=size_id, indirect=True)
def test_a_finished_game_shows_its_result_with_the_controls_in_place(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_game(page, site_url)
    start_new_game(page, match_length=3, rules="backgammon", opponent="human")  # a 1-point match has no cube
    v = play_until_double_is_possible(page, 6)
    assert v is not None, "no chance to double in 6 turns"
    before = control_boxes(page, GAME_CONTROLS + CUBE_CONTROLS)
    status_before = box(page, ".tt-status-area")
    page.get_by_role("button", name="Double").click()
    page.wait_for_function("() => window.toutesTables.view.phase === 'double-offered'")
    page.get_by_role("button", name="Drop").click()
    page.wait_for_function("() => window.toutesTables.view.phase === 'over'")
    v = wait_until_idle(page)
    after = control_boxes(page, GAME_CONTROLS + CUBE_CONTROLS)
    # the controls keep their places, but for the lines the result adds to the status above the board when
    # stacked (site/game/stage.js: the status takes the lines its sentence needs): all of them move down by
    # just that, together
    added = box(page, ".tt-status-area")["height"] - status_before["height"]
    assert added >= 0, added
    if page.evaluate("() => document.querySelector('.tt-stage').dataset.arrangement") == "side":
        added = 0
    for name, b in before.items():
        moved = after[name]
        assert (moved["x"], moved["width"], moved["height"]) == (b["x"], b["width"], b["height"]), (name, b, moved)
        assert abs(moved["y"] - (b["y"] + added)) < 0.5, (name, b, moved, added)
    assert_on_the_first_screen(page, after)
    expect(page.locator(".tt-status")).to_contain_text("wins a single game (double dropped)")
    assert_status_read_whole(page)  # the longest status a game without a match has, on the narrowest phone too
    # the banner across the board is drawn in lines that fit it (see the screenshot)
    banner = page.evaluate("() => window.toutesTables.board.state.message")
    assert banner.startswith(("Black wins", "White wins")), banner
    screenshot(page, "game-over")


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP, (1280, 720)], ids=size_id, indirect=True)
def test_the_new_game_dialog_fits_the_window_with_its_start_button_in_sight(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_game(page, site_url)
    dialog = open_new_game_dialog(page, rules="backgammon")  # the longest form: every cube option
    size = page.viewport_size
    assert size is not None
    start = dialog.get_by_role("button", name="Start")
    b = start.bounding_box()
    assert b is not None and b["y"] + b["height"] <= size["height"], (b, size)
    d = dialog.bounding_box()
    assert d is not None and d["y"] >= 0 and d["y"] + d["height"] <= size["height"], (d, size)
    # every field looks editable: it has a border
    for field in ("select[name=rules]", "input[name=match_length]"):
        width = dialog.locator(field).evaluate("(e) => getComputedStyle(e).borderTopWidth")
        assert width not in ("0px", ""), (field, width)
    screenshot(page, "new-game-dialog")


def test_a_one_point_backgammon_match_says_how_to_play_with_the_cube(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    dialog = open_new_game_dialog(page, rules="backgammon")
    note = dialog.locator(".tt-no-cube")
    dialog.locator("input[name=match_length]").fill("1")
    expect(note).to_be_visible()
    expect(note).to_have_text(
        "A match to 1 point is played without the doubling cube: for the cube, choose a longer match or a money game.")
    expect(dialog.locator("[data-option=cube]")).to_be_hidden()
    dialog.locator("input[name=match_length]").fill("3")  # a longer match: the cube's options, no note
    expect(note).to_be_hidden()
    expect(dialog.locator("[data-option=cube]")).to_be_visible()
    dialog.locator("input[name=match_length]").fill("1")
    dialog.locator("[data-option=money_game] input").check()  # a money game has the cube too
    expect(note).to_be_hidden()
    dialog.locator("select[name=rules]").select_option("toutes-tables")  # no cube in the set: nothing to say
    expect(note).to_be_hidden()


def start_chouette(page: Page) -> None:
    form = page.locator("form.tt-chouette-setup")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    form.get_by_role("button", name="Start the chouette").click()
    expect(form).to_be_hidden()
    page.wait_for_function("() => window.toutesTables.view", timeout=GAME_TIMEOUT_MS)


@pytest.mark.parametrize("sized_page", CHOUETTE_SIZES, ids=size_id, indirect=True)
def test_the_chouette_board_and_controls_fit_the_first_screen(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_chouette(page, site_url)
    start_chouette(page)  # the default setup: You, a person, and two computers
    # until You must act: the computers may play several turns first, each shown as it slides in
    page.wait_for_function(
        "() => { const g = window.toutesTables; return g.view && !g.busy; }", timeout=4 * GAME_TIMEOUT_MS
    )
    assert_board_fills_the_screen(page)
    assert_on_the_first_screen(page, control_boxes(page, CHOUETTE_CONTROLS))
    screenshot(page, "chouette")


@pytest.mark.parametrize("edition", ["", "fr/"], ids=["en", "fr"])
@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_the_chouettes_tables_are_whole_in_the_panel(sized_page: Page, site_url: str, edition: str) -> None:
    # At 1280x800 the players' table was cut after its fifth column ("Vi…" for Videau) by the side panel.
    page = sized_page
    open_chouette(page, f"{site_url}{edition}")
    form = page.locator("form.tt-chouette-setup")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    form.get_by_role("button", name="Commencer la chouette" if edition else "Start the chouette").click()
    wait_until_idle(page)
    tables = page.evaluate(
        """() => [...document.querySelectorAll('.tt-chouette-players, .tt-chouette-scoreboard')].map((table) => {
            const box = table.closest('.tt-chouette-table');
            const panel = table.closest('.tt-panel').getBoundingClientRect();
            const heads = [...table.querySelectorAll('thead th')];
            const last = heads[heads.length - 1];
            return {table: table.className, columns: heads.length,
                boxScroll: box.scrollWidth, boxWidth: box.clientWidth,
                right: table.getBoundingClientRect().right, panelRight: panel.right,
                last: last.textContent, lastRight: last.getBoundingClientRect().right,
                cut: heads.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent)};
        })"""
    )
    screenshot(page, f"chouette-tables-{edition.strip('/') or 'en'}")
    assert [t["table"] for t in tables] == ["tt-chouette-scoreboard", "tt-chouette-players"], tables
    for t in tables:
        assert t["columns"] >= 4, t
        assert t["boxScroll"] <= t["boxWidth"], t  # nothing to scroll to: the whole table in sight
        assert t["right"] <= t["panelRight"] + 0.5 and t["lastRight"] <= t["panelRight"] + 0.5, t
        assert t["cut"] == [], t


@pytest.mark.parametrize("sized_page", [DESKTOP], ids=size_id, indirect=True)
def test_every_disabled_button_looks_alike(sized_page: Page, site_url: str) -> None:
    # Confirm, Next game and Rematch are primary buttons (dark blue when they can be pressed); disabled, they
    # are faded and outlined like Undo or Hint, not a dark grey block beside the light ones (issue 15).
    page = sized_page
    open_game(page, site_url)
    start_new_game(page, match_length=3, rules="backgammon", opponent="human")
    wait_for_own_move(page)
    looks = page.evaluate(
        """() => [...document.querySelectorAll('.tt-game .tt-button:disabled')].filter((b) => !b.hidden).map((b) => {
            const s = getComputedStyle(b);
            return [b.textContent, b.classList.contains('tt-primary'), s.backgroundColor, s.color, s.borderColor,
                s.opacity];
        })"""
    )
    screenshot(page, "disabled-buttons")
    names = {name for name, *_ in looks}
    assert {"Confirm", "Next game", "Rematch"} <= names, looks
    assert any(primary for _, primary, *_ in looks) and not all(primary for _, primary, *_ in looks), looks
    assert len({tuple(look[2:]) for look in looks}) == 1, looks
