"""The app pages' slim bar (overrides/play.html) leads to each of them: play, chouette, the review page and
the analysis board, by their titles in the page's language, to the page of the same language (the analysis
board was hard to find: the bar said only "Play | Chouette", found by the player-tester)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

TITLES = {
    "en": ["Play", "Chouette", "Review a game", "Analysis board"],
    "fr": ["Jouer", "Chouette", "Revoir une partie", "Tablier d'analyse"],
}
PATHS = ["play/", "play-chouette/", "play-review/", "analysis/"]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("start", ["play/", "analysis/"])
def test_the_bar_links_every_app_page_in_the_same_language(
    page: Page, site_url: str, language: str, start: str
) -> None:
    edition = f"{site_url}{'fr/' if language == 'fr' else ''}"
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(edition + start)
    links = page.locator(".tt-play-bar .tt-play-links")
    for title, path in zip(TITLES[language], PATHS, strict=True):
        if path == start:  # the page on show is named, not linked
            expect(links.locator('[aria-current="page"]')).to_have_text(title)
        else:
            expect(links.get_by_role("link", name=title, exact=True)).to_have_js_property("href", edition + path)
    # on a phone the bar fits the width: nothing scrolls sideways
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    other = "analysis/" if start == "play/" else "play/"
    links.get_by_role("link", name=TITLES[language][PATHS.index(other)], exact=True).click()
    page.wait_for_url(edition + other)
    assert page.locator("html").get_attribute("lang") == language
    expect(page.locator(".tt-play-links [aria-current=page]")).to_have_text(TITLES[language][PATHS.index(other)])
