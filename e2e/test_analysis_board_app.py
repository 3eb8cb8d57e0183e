"""The analysis board as an app (docs/analysis.md, "The page"): the game page's frame at a phone's and a desktop's
size; every cube an XGID can carry; an analysis overtaken by a newer position never shown; "Play from here" keeps
the board's dice."""

from __future__ import annotations

import re

import pytest
from driving import BOOT_TIMEOUT_MS, wait_for_player
from playwright.sync_api import Page, expect
from test_analysis_board import ANSWER_TIMEOUT_MS, OPENING_52, open_board
from test_play_layout import DESKTOP, PHONE, assert_board_fills_the_screen, screenshot, size_id
from test_play_layout import sized_page as sized_page  # noqa: F401 (the fixture, as the game's layout tests have it)
from test_review_app_layout import assert_board_in_view, assert_controls_on_the_first_screen


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_the_analysis_board_has_the_game_pages_layout_and_keeps_the_board_in_view(
    sized_page: Page, site_url: str
) -> None:
    page = sized_page
    open_board(page, site_url, f"?rules=backgammon&xgid={OPENING_52}")
    assert_board_fills_the_screen(page)
    assert_controls_on_the_first_screen(page, 3)  # Analyse, Play from here, Clear board
    for name in ("First die", "Second die"):  # the dice are by the buttons, on the first screen too
        box = page.get_by_label(name, exact=True).bounding_box()
        size = page.viewport_size
        assert box is not None and size is not None
        assert box["y"] + box["height"] <= size["height"], (name, box)
    expect(page.locator(".md-header")).to_be_hidden()
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator(".tt-analysis-plays li").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert_board_in_view(page)
    screenshot(page, "analysis")


@pytest.mark.parametrize("sized_page", [PHONE], ids=size_id, indirect=True)
def test_on_a_phone_the_ranked_plays_come_into_view_below_the_controls_after_analyse(
    sized_page: Page, site_url: str
) -> None:
    # a tester pasted an XGID in the set-up (the panel scrolled down to it) and pressed Analyse: the plays stayed
    # out of sight at the panel's top, and a line of the set-up was cut in half under "Click adds / On roll"
    page = sized_page
    open_board(page, site_url)
    paste = page.get_by_label("XGID, gnubg ID or Position ID")
    paste.scroll_into_view_if_needed()
    paste.fill(OPENING_52)
    page.get_by_role("button", name="Load").tap()
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White to play 5-2", timeout=ANSWER_TIMEOUT_MS)
    assert page.locator(".tt-panel").evaluate("(p) => p.scrollTop") > 0  # the panel is scrolled down to the paste box
    page.get_by_role("button", name="Analyse").tap()
    plays = page.locator(".tt-analysis-plays li")
    expect(plays.first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    size = page.viewport_size
    controls = page.locator(".tt-controls").bounding_box()
    panel = page.locator(".tt-panel").bounding_box()
    first = plays.first.bounding_box()
    heading = page.locator(".tt-analysis-advice h3").bounding_box()
    assert size and controls and panel and first and heading
    # the results are in the panel's visible part, under the controls, and not behind them
    assert panel["y"] >= controls["y"] + controls["height"], (panel, controls)
    assert heading["y"] >= panel["y"] and first["y"] >= controls["y"] + controls["height"], (heading, first, controls)
    assert first["y"] + first["height"] <= min(size["height"], panel["y"] + panel["height"]), (first, panel, size)
    assert_board_in_view(page)
    screenshot(page, "analysis-after-paste")


def test_an_xgid_with_a_cube_above_64_shows_its_cube(page: Page, site_url: str) -> None:
    open_board(page, site_url)
    page.locator(".tt-analysis select[name=rules]").select_option("backgammon")
    for exponent, value in ((7, "128"), (12, "4096")):
        xgid = OPENING_52.replace(":0:0:1:52:", f":{exponent}:1:1:52:")
        page.get_by_label("XGID, gnubg ID or Position ID").fill(xgid)
        page.get_by_role("button", name="Load").click()
        page.wait_for_function("(v) => window.toutesTablesAnalysis.view?.cube.value === v", arg=int(value),
                               timeout=ANSWER_TIMEOUT_MS)
        expect(page.get_by_label("Cube", exact=True)).to_have_value(value)
        # the board's own XGID, written back from the controls, keeps the cube
        expect(page.get_by_label("XGID", exact=True)).to_have_value(xgid)


def test_an_analysis_overtaken_by_a_newer_position_is_never_shown(page: Page, site_url: str) -> None:
    open_board(page, site_url, "?rules=toutes-tables&xgid=XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    # watch the advice: no ranked play may ever appear once the dice are taken away
    page.evaluate(
        "() => { window.staleShown = false; window.diceGone = false;"
        " new MutationObserver(() => { if (window.diceGone && document.querySelector('.tt-analysis-plays'))"
        " window.staleShown = true; }).observe(document.querySelector('.tt-analysis-advice'),"
        " { childList: true, subtree: true }); }"
    )
    # Analyse, and before its answer the first die is taken away (a toutes tables position without dice: nothing
    # to analyse); the worker answers in order, so the analysis comes back while the new position is on its way
    page.evaluate(
        "() => { document.querySelector('.tt-analysis .tt-control-bar .tt-primary').click();"
        " const die = document.querySelector('select[name=\"die1\"]'); die.value = '';"
        " window.diceGone = true; die.dispatchEvent(new Event('change')); }"
    )
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White on roll", timeout=ANSWER_TIMEOUT_MS)
    # one more round trip through the worker: whatever was asked before has been answered
    page.evaluate("() => window.toutesTablesAnalysis.engine.call('version')")
    assert page.evaluate("() => window.staleShown") is False
    expect(page.get_by_role("button", name="Analyse")).to_be_disabled()  # toutes tables without dice
    expect(page.locator(".tt-analysis-plays")).to_have_count(0)


def test_play_from_here_opens_the_game_with_the_boards_dice_to_play(page: Page, site_url: str) -> None:
    open_board(page, site_url, f"?rules=backgammon&xgid={OPENING_52}")
    link = page.get_by_role("link", name="Play from here")
    expect(link).to_have_attribute("href", re.compile(r"/play/\?rules=backgammon&position=[^&]+&turn=white&dice=5-2$"))
    link.click()
    v = wait_for_player(page)
    assert v["phase"] == "move" and v["turn"] == "white"
    assert [d["value"] for d in v["dice"]] == [5, 2]
    assert v["position_id"] == "4HPwATDgc/ABMA"
