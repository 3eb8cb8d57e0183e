"""The French edition in real Chromium: its pages under fr/, the language switch, search in French, the
browser's language choosing the edition on a first visit to the root (docs/javascripts/language.js), and
the game and the book's widgets speaking French there (site/i18n/fr.json, docs/translations.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from driving import (
    BOOT_TIMEOUT_MS,
    FRENCH_CALL,
    GAME_TIMEOUT_MS,
    game_view,
    open_game,
    play_turn_with_pointer,
    wait_for_more_moves,
    wait_for_player,
)
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


@pytest.mark.parametrize(
    ("path", "title"), [("fr/rules/moving/", "Lien vers cette section"), ("rules/moving/", "Permanent link")]
)
def test_a_headings_anchor_is_named_in_the_pages_language(page: Page, site_url: str, path: str, title: str) -> None:
    # the toc extension's permalink_title, given per edition by hooks/editions.py (mkdocs.yml, extra.words)
    page.goto(site_url + path)
    titles = page.locator("a.headerlink").evaluate_all("(links) => links.map((a) => a.title)")
    assert titles and set(titles) == {title}, titles


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
    expect(bar).to_have_attribute("aria-label", "Le site")
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
    # typed key by key, as a reader does: the theme reads the query on each key and redraws the list for each
    # prefix ("mirr" lists 7 links, "mirrored" 5), so the list is read once it has been still for a while, and
    # read in one go: counting the links, then reading them one by one, could meet a shorter list halfway
    page.evaluate(
        """() => {
            window.ttSearchChanged = performance.now();
            new MutationObserver(() => { window.ttSearchChanged = performance.now(); })
                .observe(document.querySelector(".md-search-result"), {childList: true, subtree: true});
        }"""
    )
    page.locator("input.md-search__input").press_sequentially(words)
    page.wait_for_function(
        """() => document.querySelector(".md-search-result__item a")
            && performance.now() - window.ttSearchChanged > 1000""",
        timeout=20_000,
    )
    links: list[str] = page.locator(".md-search-result__item a").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href') || '')"
    )
    return links


def test_search_finds_french_words_in_the_french_pages(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/rules/drawn-starts/")
    links = search(page, "miroir")
    assert any(link.endswith("fr/rules/drawn-starts/") or "fr/rules/drawn-starts/#" in link for link in links), links


def test_search_still_finds_english_words_in_the_english_pages(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/drawn-starts/")
    links = search(page, "mirrored")
    assert any("rules/drawn-starts/" in link and "fr/" not in link for link in links), links


def test_a_search_on_a_french_page_lists_french_pages_only(page: Page, site_url: str) -> None:
    # each edition has its own index (hooks/editions.py): "jan" is in both editions' board pages
    page.goto(site_url + "fr/rules/board/")
    links = search(page, "jan")
    assert links and all("/fr/" in link for link in links), links


def test_a_search_on_an_english_page_lists_english_pages_only(page: Page, site_url: str) -> None:
    # "surcase" is the French book's word, which the English pages cite too: only theirs are listed
    page.goto(site_url + "rules/board/")
    links = search(page, "surcase")
    assert links and not [link for link in links if "/fr/" in link], links


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


# -- the game, the widgets ----------------------------------------------------------------------------

# the turn's buttons, by the names the French book gives them (docs/play.fr.md, computer.fr.md)
FRENCH_BUTTONS = ["Valider", "Reprendre", "Conseil", "Abandonner…", "Nouvelle partie…", "Retourner le tablier"]
ENGLISH_BUTTONS = ["Confirm", "Undo", "Hint", "Resign…", "New game…", "Flip board"]


def play_a_french_turn(page: Page) -> dict[str, Any]:
    """Wait for the player's turn on the French game page, check its words, play it; the view after it."""
    v = wait_for_player(page)
    assert v["phase"] == "move", v["phase"]
    # the dice announced the French way, in the status line and to screen readers
    expect(page.locator(".tt-status")).to_have_text(re.compile(rf"^À vous de jouer\u00a0: {FRENCH_CALL}\.$"))
    expect(page.locator(".tt-live").first).to_contain_text(
        re.compile(rf"Blanc jette {FRENCH_CALL}\."), timeout=GAME_TIMEOUT_MS
    )
    assert re.fullmatch(FRENCH_CALL, v["dice_call"]), v["dice_call"]
    moves = len(v["moves"])
    play_turn_with_pointer(page, v, use_drag=False, confirm="Valider")
    wait_for_more_moves(page, moves, timeout=GAME_TIMEOUT_MS)
    return game_view(page)


def test_a_game_on_the_french_play_page_speaks_french(page: Page, site_url: str) -> None:
    open_game(page, site_url + "fr/")
    assert page.locator("html").get_attribute("lang") == "fr"
    for name in FRENCH_BUTTONS:
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(page.locator(".tt-control-bar")).to_have_attribute("aria-label", "Les commandes du tour")
    expect(page.locator(".tt-info")).to_contain_text("Règle")
    v = play_a_french_turn(page)
    # the move list is the engine's, in French: "Blanc (Six et as) : 13/7 8/7"
    expect(page.locator(".tt-moves li").nth(1)).to_contain_text(re.compile(rf"^Blanc \({FRENCH_CALL}\)\u00a0: "))
    assert v["moves"][0]["text"].startswith("Premier jet"), v["moves"][0]
    # the New game dialog
    page.get_by_role("button", name="Nouvelle partie…").click()
    dialog = page.locator("dialog.tt-dialog")
    expect(dialog.get_by_role("heading", name="Nouvelle partie")).to_be_visible()
    expect(dialog.locator("select[name=opponent] option").first).to_have_text("l'ordinateur")
    # the computer's levels, named by the catalogues (the engine names them in English, as data)
    expect(dialog.locator("select[name=level] option")).to_have_text(
        ["Débutant", "Intermédiaire", "Avancé", "Expert", "Classe mondiale"]
    )
    dialog.get_by_role("button", name="Annuler").click()
    expect(dialog).to_be_hidden()


def test_the_language_switch_keeps_the_game_in_play(page: Page, site_url: str) -> None:
    open_game(page, site_url + "fr/")
    v = play_a_french_turn(page)
    v = wait_for_player(page)
    record, moves = v["record"], len(v["moves"])
    # to the English page: the same game, where it was, in English
    page.locator('.tt-play-bar a[hreflang="en"]').click()
    page.wait_for_url(site_url + "play/")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    english = wait_for_player(page)
    assert english["record"] == record and len(english["moves"]) == moves
    for name in ENGLISH_BUTTONS:
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(page.locator(".tt-status")).to_have_text(re.compile(r"^Your move: "))
    assert not re.search(FRENCH_CALL, english["dice_call"]), english["dice_call"]
    # and back to French: still the same game, its move list in French again
    page.locator('.tt-play-bar a[hreflang="fr"]').click()
    page.wait_for_url(site_url + "fr/play/")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    french = wait_for_player(page)
    assert french["record"] == record and len(french["moves"]) == moves
    expect(page.get_by_role("button", name="Valider", exact=True)).to_be_visible()
    expect(page.locator(".tt-status")).to_have_text(re.compile(rf"^À vous de jouer\u00a0: {FRENCH_CALL}\.$"))


def test_the_french_setup_drawer_speaks_french(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/rules/drawn-starts/")
    drawer = page.locator(".tt-setup-drawer")
    expect(drawer.get_by_role("button", name="Lancer les dés")).to_be_visible(timeout=20_000)
    drawer.locator("input").fill("226")
    drawer.get_by_role("button", name="Mettre en place").nth(1).click()
    expect(drawer.locator(".tt-drawer-message")).to_have_text(
        "Mise en place impossible\u00a0: les numéros de départ vont de 1 à 225, pas «\u00a0226\u00a0»."
    )
    drawer.locator("input").fill("101")  # 4-2 then 5-3, as the page's example
    drawer.get_by_role("button", name="Mettre en place").nth(1).click()
    page.wait_for_function("el => el.dataset.startNumber", arg=drawer.element_handle(), timeout=20_000)
    steps = drawer.locator(".tt-drawer-steps li")
    expect(steps.first).to_have_text(
        "Premier jet\u00a0: 4-2. Le plus petit dé (2) est pour Noir, le plus grand (4) pour Blanc, dans le quart 1-6."
    )
    expect(drawer.locator(".tt-drawer-result a")).to_have_text("Jouer à Toutes Tables 225 depuis le n° 101")


def test_the_french_embed_maker_speaks_french_and_makes_a_french_board(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/embed/")
    maker = page.locator(".tt-embed-maker")
    expect(maker.get_by_role("button", name="Copier")).to_be_visible(timeout=20_000)
    expect(maker.locator("label", has_text="Règles")).to_have_count(1)
    code = maker.locator("textarea.tt-maker-code")
    expect(code).to_have_value(re.compile(r"lang=fr"))
    expect(code).to_have_value(re.compile(r'title="Tablier de Toutes Tables"'))


def test_the_french_analysis_board_speaks_french(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/analysis/")
    status = page.locator(".tt-analysis .tt-status")
    expect(status).to_have_text(re.compile(r"^Blanc a le dé\. Compte de pips\u00a0: Noir \d+, Blanc \d+\.$"),
                                timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Analyser")).to_be_visible()
    expect(page.get_by_role("link", name="Jouer d'ici")).to_be_visible()
    # gnubg's pair of codes is "l'identifiant gnubg"; rollout is the French players' word too (docs/translations.md)
    expect(page.get_by_label("Identifiant gnubg", exact=True)).to_be_visible()
    expect(page.locator(".tt-analysis-rollout")).to_have_attribute("aria-label", "Rollout")
    page.get_by_label("Premier dé").select_option("6")
    page.get_by_label("Second dé").select_option("5")
    expect(status).to_have_text(re.compile(r"^À Blanc de jouer 6-5\u00a0: \d+ coups permis\. "), timeout=60_000)
    # the embed code's board speaks French too
    expect(page.get_by_label("Code d'intégration pour un autre site")).to_have_value(re.compile(r"lang=fr"))


def test_the_language_switch_keeps_the_analysis_boards_position(page: Page, site_url: str) -> None:
    """A shared analysis link (?rules=…&xgid=…) switched to French opens the same position (language.js carries
    the query: the analysis board keeps no state of its own)."""
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    page.goto(f"{site_url}analysis/?rules=backgammon&xgid={xgid}#board")
    status = page.locator(".tt-analysis .tt-status")
    expect(status).to_contain_text("White to play 5-2", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_label("XGID", exact=True)).to_have_value(xgid)
    page.locator('.tt-play-bar a[hreflang="fr"]').click()  # the play pages' switch (overrides/play.html)
    page.wait_for_url(f"{site_url}fr/analysis/?rules=backgammon&xgid={xgid}#board")
    expect(status).to_contain_text("À Blanc de jouer 5-2", timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_label("XGID", exact=True)).to_have_value(xgid)
    assert page.locator("select[name=rules]").input_value() == "backgammon"
    # and back, still there
    page.locator('.tt-play-bar a[hreflang="en"]').click()
    page.wait_for_url(f"{site_url}analysis/?rules=backgammon&xgid={xgid}#board")
    expect(page.get_by_label("XGID", exact=True)).to_have_value(xgid, timeout=BOOT_TIMEOUT_MS)


def test_the_french_review_page_speaks_french(page: Page, site_url: str) -> None:
    page.goto(site_url + "fr/play-review/")
    expect(page.locator(".tt-review .tt-status")).to_have_text(
        "Collez l'enregistrement d'une partie ou d'un match, ou ouvrez un fichier .mat, pour le revoir.",
        timeout=BOOT_TIMEOUT_MS,
    )
    page.get_by_role("button", name="Revoir", exact=True).click()
    expect(page.locator(".tt-review .tt-notice")).to_have_text("Collez d'abord un enregistrement ou ouvrez un fichier.")
    expect(page.get_by_role("button", name="Apprendre des erreurs de Blanc")).to_be_visible()
