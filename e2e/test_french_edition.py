"""The French edition in real Chromium: its pages under fr/, the language switch, search in French, and
the browser's language choosing the edition on a first visit to the root (docs/javascripts/language.js)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

FRENCH_PAGES = [
    "fr/", "fr/rules/drawn-starts/", "fr/embed/", "fr/analysis/", "fr/play-review/",
]
LANGUAGE_KEY = "toutes-tables:language"


@pytest.fixture
def french_browser(browser: Browser) -> Iterator[Page]:
    """A page of a browser whose preferred language is French, failing the test on console errors."""
    context = browser.new_context(locale="fr-FR", service_workers="allow")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


def switch_language(page: Page, language: str) -> None:
    """Open the header's language menu and choose ``language``, as a reader would."""
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'.md-select__link[hreflang="{language}"]').click()


@pytest.mark.parametrize("path", FRENCH_PAGES)
def test_a_french_page_is_in_french(page: Page, site_url: str, path: str) -> None:
    response = page.goto(site_url + path)
    assert response is not None and response.ok
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("h1").count() == 1
    # the theme's own words are French too (its search box)
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "Rechercher"


def test_the_french_drawn_starts_page_keeps_its_diagrams_and_setup_drawer(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/rules/drawn-starts/")
    assert page.locator("figure.tt-diagram svg.tt-board").count() == 3
    # the drawer's script (one directory deeper than the English page's) has loaded and built its controls
    expect(page.locator(".tt-setup-drawer select")).to_have_count(4, timeout=20_000)


def test_the_language_switch_leads_to_the_same_page_after_instant_navigation(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/")
    # a page reached by instant navigation: the header (and its switch) is still the first page's
    page.locator('.md-content a[href$="drawn-starts/"]').first.click()
    page.wait_for_url(site_url + "rules/drawn-starts/")
    switch_language(page, "fr")
    page.wait_for_url(site_url + "fr/rules/drawn-starts/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert (page.locator("h1").text_content() or "").startswith("Les 225 départs")
    switch_language(page, "en")
    page.wait_for_url(site_url + "rules/drawn-starts/")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.evaluate(f"() => localStorage.getItem({LANGUAGE_KEY!r})") == "en"


def test_the_play_pages_link_to_the_same_page_in_the_other_language(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/play/")
    bar = page.locator(".tt-play-bar")
    expect(bar.locator("a").first).to_have_text("← Toutes Tables : le livre des règles")
    bar.locator('a[hreflang="en"]').click()
    page.wait_for_url(site_url + "play/")
    expect(page.locator('.tt-play-bar a[hreflang="fr"]')).to_have_text("Français")


def search(page: Page, words: str) -> list[str]:
    """Type ``words`` in the theme's search and return the results' links."""
    page.locator("body").evaluate("(body) => document.activeElement.blur()")
    page.keyboard.press("s")  # the theme's shortcut opens the search
    expect(page.locator("[data-md-toggle=search]")).to_be_checked()
    # the index loads in a worker, and a query typed before it is ready is dropped: wait for the theme's
    # "type to start searching" (in the page's language), which replaces "initializing search" once ready
    ready = page.evaluate(
        "() => JSON.parse(document.getElementById('__config').textContent).translations['search.result.placeholder']"
    )
    expect(page.locator(".md-search-result__meta")).to_have_text(ready, timeout=30_000)
    # typed key by key, as a reader does: the theme reads the query on each key
    page.locator("input.md-search__input").press_sequentially(words)
    results = page.locator(".md-search-result__item a")
    expect(results.first).to_be_attached(timeout=20_000)
    return [results.nth(i).get_attribute("href") or "" for i in range(results.count())]


def test_search_finds_french_words_in_the_french_pages(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/rules/drawn-starts/")
    links = search(page, "miroir")
    assert any(link.endswith("fr/rules/drawn-starts/") or "fr/rules/drawn-starts/#" in link for link in links), links


def test_search_still_finds_english_words_in_the_english_pages(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/drawn-starts/")
    links = search(page, "mirrored")
    assert any("rules/drawn-starts/" in link and "fr/" not in link for link in links), links


def test_a_first_visit_to_the_root_opens_the_browsers_language_and_remembers_it(
    french_browser: Page, site_url: str
) -> None:
    page = french_browser
    page.goto(site_url, wait_until="commit")  # the page replaces itself with the French home
    page.wait_for_url(site_url + "fr/")
    assert page.evaluate(f"() => localStorage.getItem({LANGUAGE_KEY!r})") == "fr"
    # the reader chooses English: the root then stays English for this browser
    switch_language(page, "en")
    page.wait_for_url(site_url)
    page.goto(site_url + "rules/")
    page.goto(site_url)
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.url == site_url


def test_a_shared_link_keeps_its_language(french_browser: Page, site_url: str) -> None:
    page = french_browser
    page.goto(site_url + "rules/drawn-starts/")
    assert page.url == site_url + "rules/drawn-starts/"
    assert page.locator("html").get_attribute("lang") == "en"


def test_an_english_browser_stays_at_the_english_root(page: Page, site_url: str) -> None:
    page.goto(site_url)
    assert page.url == site_url
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.evaluate(f"() => localStorage.getItem({LANGUAGE_KEY!r})") == "en"
