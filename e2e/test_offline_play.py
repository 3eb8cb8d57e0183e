"""After one online visit, a whole game is played with the network cut, in each edition (issue: offline play;
issue 15: "offline works in both").

The reload offline boots the engine from the build's snapshot, served by the service worker
(site/engine/PROTOCOL.md, "Files the worker loads"). On the French page the catalogue, the page and the engine's
words come from the same cache: the status line, the screen readers' announcements and the move list are French.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect

import driving
from driving import FRENCH_CALL

# The dice as the English page calls them (driving.FRENCH_CALL: as the French page does)
ENGLISH_CALL = (
    r"(?:(?:Two|Three|Four|Five|Six)-(?:ace|two|three|four|five)|Sonnés|Quines|Carmes|Ternes|Double two|Bezas)"
)


@dataclass(frozen=True)
class Edition:
    path: str  # under the site's root
    lang: str
    catalogue: str  # the page's catalogue, which the service worker must serve
    new_game: str  # the buttons' names
    start: str
    confirm: str
    your_move: str  # the status line on the player's turn
    rolls: str  # the announcement of the player's roll, for screen readers
    over: str  # the status line once the game is over (a one-point match)
    move_line: str  # a line of the move list


EDITIONS = [
    Edition(
        path="",
        lang="en",
        catalogue="i18n/en.json",
        new_game="New game…",
        start="Start",
        confirm="Confirm",
        your_move=rf"^Your move: {ENGLISH_CALL}\.$",
        rolls=rf"White rolls {ENGLISH_CALL}\.",
        over=r"^(?:White|Black) wins (?:a single game|a double game), \d points?, and the match\. ",
        move_line=rf"^(?:White|Black) \({ENGLISH_CALL}\): ",
    ),
    Edition(
        path="fr/",
        lang="fr",
        catalogue="i18n/fr.json",
        new_game="Nouvelle partie…",
        start="Commencer",
        confirm="Valider",
        your_move=rf"^À vous de jouer\u00a0: {FRENCH_CALL}\.$",
        rolls=rf"Blanc jette {FRENCH_CALL}\.",
        over=r"^(?:Blanc|Noir) gagne (?:une partie simple|une partie double), \d points?, et le match\. ",
        move_line=rf"^(?:Blanc|Noir) \({FRENCH_CALL}\)\u00a0: ",
    ),
]


@pytest.mark.parametrize("edition", EDITIONS, ids=[e.lang for e in EDITIONS])
def test_a_whole_game_is_played_with_the_network_cut(
    context: BrowserContext, page: Page, site_url: str, edition: Edition
) -> None:
    driving.open_game(page, site_url + edition.path)
    driving.wait_for_offline_cache(page, site_url)

    context.set_offline(True)
    served: dict[str, Response] = {}

    def note(response: Response) -> None:
        served.setdefault(response.url, response)

    page.on("response", note)
    page.reload()
    page.wait_for_function(
        "() => window.toutesTables && window.toutesTables.view", timeout=driving.BOOT_TIMEOUT_MS
    )
    assert page.evaluate("() => navigator.onLine") is False
    restored = "() => performance.getEntriesByName('tt-engine-packages').at(-1).detail"
    assert page.evaluate(restored) == "restored from the boot snapshot"
    # the page and its catalogue came from the service worker's cache
    assert page.locator("html").get_attribute("lang") == edition.lang
    page_response = served[site_url + edition.path + "play/"]
    catalogue = served[site_url + edition.catalogue]
    assert page_response.from_service_worker and catalogue.from_service_worker
    assert catalogue.ok
    # A fresh game after the reload, so the whole of it is played offline.
    driving.start_new_game(page, new_game=edition.new_game, start=edition.start)
    turns = 0
    while True:
        v = driving.wait_for_player(page)
        if v["phase"] == "over":
            break
        if turns == 0:
            # the player's first turn, in the page's language: the status line and the move list
            expect(page.locator(".tt-status")).to_have_text(re.compile(edition.your_move))
            expect(page.locator(".tt-live").first).to_contain_text(re.compile(edition.rolls))
            expect(page.get_by_role("button", name=edition.confirm, exact=True)).to_be_visible()
        driving.play_turn_with_pointer(page, v, use_drag=False, confirm=edition.confirm)
        page.wait_for_function(
            "(n) => { const v = window.toutesTables.view; return v.phase === 'over' || v.moves.length > n; }",
            arg=len(v["moves"]),
        )
        turns += 1
        assert turns < 200, "the game does not end"
    result = driving.game_view(page)["result"]
    assert result["winner"] in ("black", "white") and result["points"] in (1, 2)
    # the move list and the end of the game, on screen and to screen readers, in the page's language
    expect(page.locator(".tt-moves li").last).to_have_text(re.compile(edition.move_line))
    expect(page.locator(".tt-status")).to_have_text(re.compile(edition.over))
    expect(page.locator(".tt-live").first).to_contain_text(re.compile(edition.over[1:]))
    assert page.evaluate("() => navigator.onLine") is False
    from_network = [url for url, answer in served.items() if url.startswith("http") and not answer.from_service_worker]
    assert from_network == []
