"""The embeddable <tt-board> element, on its demo page (site/board/embed-demo.html)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from driving import BOOT_TIMEOUT_MS, click_on_board



def test_the_six_ace_example_lists_only_the_maximum_pips_play_and_accepts_it(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}board/embed-demo.html")
    example = page.locator("tt-board").nth(1)
    plays = example.locator(".tt-embed-plays li")
    expect(plays).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
    expect(plays.first).to_have_text("3/off 2/1*")
    for location in (2, 1, 3, "off"):
        click_on_board(page, 1, location)
        page.wait_for_timeout(150)
    expect(example.locator(".tt-embed-status")).to_have_text("White plays 3/off 2/1*: a legal play.")
    expect(plays.first).to_have_class("tt-embed-chosen")
    # the chosen play marked in the page's words (site/i18n: widget.your_play), not by a stylesheet
    expect(plays.first).to_have_text("3/off 2/1* ← your play")


def test_changing_the_dice_recomputes_the_legal_plays(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}board/embed-demo.html")
    example = page.locator("tt-board").nth(1)
    expect(example.locator(".tt-embed-plays li")).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
    example.locator("select").nth(0).select_option("2")
    example.locator("select").nth(1).select_option("1")
    expect(example.locator(".tt-embed-status")).to_contain_text("Two-ace")
    expect(example.locator(".tt-embed-plays li").first).to_be_visible()


def test_a_bad_attribute_shows_a_message_instead_of_a_board(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}board/embed-demo.html")
    bad = page.locator("tt-board").nth(3)
    expect(bad.get_by_role("alert")).to_contain_text('rules="chess" is not a rule set')
    assert bad.locator("canvas").count() == 0
