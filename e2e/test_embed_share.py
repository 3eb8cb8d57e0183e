"""The game page's embed code (site/game/embed-share.js): an <iframe> of the embed page showing the
position of this turn, the same as the share link shares, and its dice once rolled (docs/embed.md)."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from driving import BOOT_TIMEOUT_MS, open_game, wait_for_player

CLASSIC = "4HPwATDgc/ABMA"  # the classic start's Position ID


def embed_src(page: Page) -> str:
    code = page.locator("textarea[aria-label='Embed code for another site']").input_value()
    match = re.fullmatch(r'<iframe src="([^"]+)" width="\d+" height="\d+" title="[^"]*" .*></iframe>', code)
    assert match, code
    return html.unescape(match.group(1))


def test_the_embed_code_of_a_game_shows_its_position_then_its_roll_to_play(page: Page, site_url: str) -> None:
    open_game(page, site_url, f"?rules=backgammon&position={CLASSIC}&turn=white")
    v = wait_for_player(page)
    assert (v["phase"], v["turn"], v["position_id"]) == ("roll", "white", CLASSIC)
    src = embed_src(page)
    assert src.startswith(f"{site_url}embed/board/?")
    query = parse_qs(urlsplit(src).query)
    assert query == {"rules": ["backgammon"], "position": [CLASSIC], "turn": ["white"], "mode": ["view"]}
    # the share link shares the same position and player on roll
    link = parse_qs(urlsplit(page.locator("input[aria-label='Share link']").input_value()).query)
    assert (link["position"], link["turn"]) == (query["position"], query["turn"])

    page.get_by_role("button", name="Roll").click()
    v = wait_for_player(page)
    assert v["phase"] == "move"
    first, second = (die["value"] for die in v["dice"][:2])  # the view's dice: {value, used, colour}
    rolled = parse_qs(urlsplit(embed_src(page)).query)
    expected = {"rules": ["backgammon"], "position": [CLASSIC], "turn": ["white"], "dice": [f"{first}-{second}"]}
    assert rolled == {**expected, "mode": ["play"]}, f"dice {v['dice']}"

    page.goto(embed_src(page))
    expect(page.locator(".tt-embed-status")).to_contain_text("White to play", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-embed-status")).to_contain_text("pick up a checker")


def test_the_embedded_position_is_the_games(page: Page, site_url: str) -> None:
    open_game(page, site_url, f"?rules=backgammon&position={CLASSIC}&turn=white")
    wait_for_player(page)
    page.goto(embed_src(page))
    expect(page.locator(".tt-embed-status")).to_have_text(
        f"White on roll. Position ID {CLASSIC}.", timeout=BOOT_TIMEOUT_MS
    )


def test_the_embed_codes_copy_button_selects_the_whole_code(page: Page, site_url: str) -> None:
    open_game(page, site_url, f"?rules=backgammon&position={CLASSIC}&turn=white")
    wait_for_player(page)
    page.locator("details.tt-share summary").click()
    page.get_by_role("button", name="Copy the embed code").click()
    code = page.locator("textarea[aria-label='Embed code for another site']")
    selected = code.evaluate("(t) => [t.selectionStart, t.selectionEnd, t.value.length]")
    assert selected[0] == 0 and selected[1] == selected[2] > 0, selected
