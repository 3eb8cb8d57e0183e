"""A board speaking French: the embed page with lang=fr (docs/embed.md, docs/translations.md).

Its words come from site/i18n/fr.json, and the engine, told the page's language, announces the dice
the French way ("Six et as"); the same page without lang stays English.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from driving import BOOT_TIMEOUT_MS, click_on_board



def test_the_embed_page_in_french_speaks_french_and_announces_the_dice_french_way(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed/board/?position=64&dice=6-1&mode=example&lang=fr")
    status = page.locator(".tt-embed-status")
    expect(status).to_have_text("Blanc doit jouer Six et as\u00a0: prenez une dame.", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page).to_have_title("Tablier de Toutes Tables")
    expect(page.get_by_role("button", name="Reprendre")).to_be_visible()
    expect(page.get_by_role("button", name="Recommencer")).to_be_visible()
    expect(page.locator("canvas")).to_have_attribute("aria-roledescription", "tablier de jeu de tables")
    expect(page.locator(".tt-embed-plays")).to_have_attribute("aria-label", re.compile(r"^\d+ coups? permis$"))


def test_the_chosen_play_is_marked_in_french(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed/board/?position=64&dice=6-1&mode=example&lang=fr")
    expect(page.locator(".tt-embed-status")).to_contain_text("Six et as", timeout=BOOT_TIMEOUT_MS)
    for location in (13, 7, 8, 7):
        click_on_board(page, 0, location)
    expect(page.locator(".tt-embed-status")).to_have_text("Blanc joue 13/7 8/7\u00a0: un coup permis.")
    chosen = page.locator(".tt-embed-plays li.tt-embed-chosen")
    expect(chosen).to_have_text("13/7 8/7 \u2190 votre coup")
    expect(page.locator(".tt-embed-plays")).not_to_contain_text("your play")


def test_the_french_dice_names_follow_the_dice_chosen(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed/board/?position=64&dice=6-1&mode=example&lang=fr")
    expect(page.locator(".tt-embed-status")).to_contain_text("Six et as", timeout=BOOT_TIMEOUT_MS)
    page.locator("select").nth(0).select_option("2")
    page.locator("select").nth(1).select_option("2")
    expect(page.locator(".tt-embed-status")).to_have_text("Blanc doit jouer Double deux\u00a0: prenez une dame.")


def test_a_bad_option_is_explained_in_french(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed/board/?lang=fr&turn=red")
    expect(page.get_by_role("alert")).to_have_text(
        'Ce tablier ne peut pas s\'afficher\u00a0: turn="red" doit valoir white ou black.'
    )


def test_without_lang_the_embed_page_stays_english(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed/board/?position=64&dice=6-1&mode=example")
    status = page.locator(".tt-embed-status")
    expect(status).to_have_text("White to play Six-ace: pick up a checker.", timeout=BOOT_TIMEOUT_MS)
    expect(page).to_have_title("Toutes Tables board")
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
