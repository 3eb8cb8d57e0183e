"""The chouette on a French page speaks French: its own words from site/i18n/fr.json, the engine's (the
move list, the dice) in French too (docs/translations.md). The page is the French edition's
/fr/play-chouette/, and the English page served with lang="fr" (the page's <html lang> is all that
decides the language of its words and of the engine's).
"""

from __future__ import annotations

import re

import pytest

from driving import BOOT_TIMEOUT_MS, GAME_TIMEOUT_MS, open_chouette
from driving import game_view as chouette_view
from playwright.sync_api import Page, Route, expect

FRENCH_CALL = re.compile(
    r"^(?:(?:Deux|Trois|Quatre|Cinq|Six) et (?:as|deux|trois|quatre|cinq)"
    r"|Sonnés|Quines|Carmes|Ternes|Double deux|Bezas)$"
)


def serve_in_french(page: Page, site_url: str) -> None:
    def french(route: Route) -> None:
        response = route.fetch()
        html = response.text().replace('<html lang="en"', '<html lang="fr"', 1)
        route.fulfill(response=response, body=html)

    page.route(f"{site_url}play-chouette/", french)


@pytest.mark.parametrize("edition", ["fr/", "lang=fr"])
def test_the_chouette_on_a_french_page_speaks_french(page: Page, site_url: str, edition: str) -> None:
    if edition == "fr/":
        open_chouette(page, f"{site_url}fr/")
    else:
        serve_in_french(page, site_url)
        open_chouette(page, site_url)
    assert page.evaluate("document.documentElement.lang") == "fr"
    form = page.locator("form.tt-chouette-setup")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(form.get_by_role("heading", name="Préparer une chouette")).to_be_visible()
    expect(form.locator("input[name=name]").first).to_have_value("Vous")
    expect(page.locator(".tt-status")).to_have_text("Choisissez les joueurs, puis commencez.")
    form.get_by_role("button", name="Commencer la chouette").click()  # the test's dice seed (conftest)
    expect(form).to_be_hidden()
    # a first play made (by a computer), or the person to make it (the opening roll's winner)
    page.wait_for_function(
        """() => { const v = window.toutesTables && window.toutesTables.view;
                   return v && (v.moves.some((m) => m.kind === "play") || (v.phase === "move" && v.dice_call)); }""",
        timeout=GAME_TIMEOUT_MS,
    )
    v = chouette_view(page)
    played = [m["text"] for m in v["moves"] if m["kind"] == "play"]
    call = re.search(r"\((.+)\)\u00a0: ", played[0])[1] if played else v["dice_call"]  # type: ignore[index]
    assert FRENCH_CALL.match(call), (call, v["moves"])
    assert v["moves"][0]["text"].startswith("Premier jet\u00a0: "), v["moves"]
    expect(page.get_by_role("button", name="Lancer")).to_be_visible()
    expect(page.get_by_role("button", name="Valider")).to_be_visible()
    expect(page.locator("table.tt-chouette-players thead th").first).to_have_text("Rang")
    expect(page.locator("table.tt-chouette-scoreboard thead th").first).to_have_text("Partie")
    expect(page.locator(".tt-moves li").first).to_contain_text("Premier jet")
    status = page.locator(".tt-status").inner_text()
    assert not re.search(r"\b(?:to move|to roll|roll the dice|is thinking)\b", status), status
