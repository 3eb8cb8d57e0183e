"""The analysis board (docs/analysis.md): a position set up by clicks or pasted, checked by the engine,
analysed, shared, and played from."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect
from driving import BOOT_TIMEOUT_MS, hold_engine_boot, wait_until_engine_boot_held

from toutes_tables.matchid import MATCH_ID_MAX_LENGTH
from toutes_tables.rules import MAX_CUBE

# The engine answers each change in well under a second on an idle machine; a loaded one (CI beside
# other work) can take many times that, and a wait that is too short fails by chance.
ANSWER_TIMEOUT_MS = 30_000
OPENING_52 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


def open_board(page: Page, site_url: str, query: str = "") -> None:
    page.goto(f"{site_url}analysis/{query}")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("on roll" if not query else "to play",
                                                                     timeout=BOOT_TIMEOUT_MS)


def click_point(page: Page, location: int | str, *, button: str = "left") -> None:
    x, y = page.evaluate(
        "(loc) => { const b = window.toutesTablesAnalysis.board; const c = b.pixelOf(loc); return [c.x, c.y]; }",
        location,
    )
    page.locator(".tt-analysis canvas").click(position={"x": x, "y": y}, button=button)  # type: ignore[arg-type]


def wait_for_xgid(page: Page, expected: str) -> None:
    expect(page.get_by_label("XGID", exact=True)).to_have_value(expected, timeout=ANSWER_TIMEOUT_MS)


def test_a_position_set_up_by_clicks_gets_its_ids_and_its_analysis(page: Page, site_url: str) -> None:
    open_board(page, site_url)
    page.locator(".tt-analysis select[name=rules]").select_option("backgammon")
    page.get_by_role("button", name="Clear board").click()
    wait_for_xgid(page, "XGID=--------------------------:0:0:1:00:0:0:0:0:10")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("Set up the checkers", timeout=ANSWER_TIMEOUT_MS)
    # White: two on its 6 point and one on its 5; Black: one on its ace point (absolute 24)
    for location in (6, 6, 5):
        click_point(page, location)
    page.get_by_label("Black", exact=True).first.check()
    click_point(page, 1)
    page.wait_for_function("() => window.toutesTablesAnalysis.view.position.off.black === 14")
    view = page.evaluate("() => window.toutesTablesAnalysis.view")
    assert view["position"]["points"][5] == -2 and view["position"]["points"][4] == -1
    assert view["position"]["points"][0] == 1
    assert view["position"]["off"] == {"black": 14, "white": 12}
    # a right-click takes a checker away again
    click_point(page, 5, button="right")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White on roll", timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_function("() => window.toutesTablesAnalysis.view.position.off.white === 13")
    page.get_by_label("First die").select_option("6")
    page.get_by_label("Second die").select_option("5")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White to play 6-5", timeout=ANSWER_TIMEOUT_MS)
    page.get_by_role("button", name="Analyse").click()
    plays = page.locator(".tt-analysis-plays li")
    expect(plays.first).to_contain_text("6/off", timeout=BOOT_TIMEOUT_MS)


def test_a_pasted_xgid_opens_with_its_dice_cube_and_score_and_the_best_plays(page: Page, site_url: str) -> None:
    open_board(page, site_url)
    page.locator(".tt-analysis select[name=rules]").select_option("backgammon")
    page.get_by_label("XGID, gnubg ID or Position ID").fill("XGID=-b----E-C---eE---c-e----B-:1:-1:1:31:1:2:0:5:10")
    page.get_by_role("button", name="Load").click()
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text(
        "White to play 3-1: 16 legal plays", timeout=ANSWER_TIMEOUT_MS
    )
    assert page.get_by_label("Cube", exact=True).input_value() == "2"
    assert page.get_by_label("Cube owner").input_value() == "black"
    assert page.get_by_label("Match length (0: money)").input_value() == "5"
    assert page.get_by_label("Black's score").input_value() == "2"
    page.get_by_role("button", name="Analyse").click()
    best = page.locator(".tt-analysis-plays li").first
    expect(best).to_contain_text("8/5 6/5", timeout=BOOT_TIMEOUT_MS)
    expect(best).to_contain_text("makes your 5 point")
    assert page.evaluate("() => window.toutesTablesAnalysis.board.state.arrows") == [[8, 5], [6, 5]]
    second = page.locator(".tt-analysis-plays li").nth(1)
    second.click()
    expect(second).to_have_class("tt-analysis-play tt-chosen")
    assert page.evaluate("() => window.toutesTablesAnalysis.board.state.arrows") != [[8, 5], [6, 5]]


def test_an_xgid_pasted_on_toutes_tables_is_read_as_backgammon_and_says_so(page: Page, site_url: str) -> None:
    # a player pasted an XGID on the board as it opens (Toutes Tables 225): the rules stayed, no cube was shown,
    # and without dice Analyse stayed disabled: an XGID carries backgammon's cube and match score
    open_board(page, site_url)
    rules = page.locator(".tt-analysis select[name=rules]")
    assert rules.input_value() == "toutes-tables-225"
    paste = page.get_by_label("XGID, gnubg ID or Position ID")
    paste.fill("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    page.get_by_role("button", name="Load").click()
    status = page.locator(".tt-analysis .tt-status")
    expect(status).to_contain_text("Read as Backgammon: the ID has a cube and a score.", timeout=ANSWER_TIMEOUT_MS)
    expect(status).to_contain_text("White to play 5-2")
    assert rules.input_value() == "backgammon"
    assert page.evaluate("() => window.toutesTablesAnalysis.view.rules") == "backgammon"
    assert page.evaluate("() => window.toutesTablesAnalysis.board.state.cube") == {"value": 1, "owner": None}
    expect(page.locator(".tt-analysis-cube")).to_be_visible()
    # before the roll: the cube decision
    paste.fill("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    page.get_by_role("button", name="Load").click()
    expect(status).to_contain_text("White on roll", timeout=ANSWER_TIMEOUT_MS)
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator(".tt-analysis-verdict")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # Backgammon 225 has the cube: it stays, and nothing is said
    rules.select_option("backgammon-225")
    expect(status).to_contain_text("White on roll", timeout=ANSWER_TIMEOUT_MS)
    paste.fill(OPENING_52)
    page.get_by_role("button", name="Load").click()
    expect(status).to_contain_text("White to play 5-2", timeout=ANSWER_TIMEOUT_MS)
    expect(status).not_to_contain_text("Read as")
    assert rules.input_value() == "backgammon-225"


def test_a_cleared_board_asks_for_checkers_and_a_finished_game_says_why_in_french(page: Page, site_url: str) -> None:
    # "Vider le tablier" once gave "Cette position ne peut pas être jouée : the game is over: white has borne off
    # all 15 checkers.": English inside French, and a game won for a board just emptied to set up a position
    page.goto(f"{site_url}fr/analysis/")
    status = page.locator(".tt-analysis .tt-status")
    expect(status).to_contain_text("a le dé", timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Vider le tablier").click()
    expect(status).to_contain_text(
        "Placez les dames\u00a0: un tablier vide n'a rien à analyser", timeout=ANSWER_TIMEOUT_MS
    )
    expect(status).not_to_contain_text("borne off")
    page.get_by_role("radio", name="Noir").first.check()
    click_point(page, 1)  # one black checker: White has borne off all 15, the game is over
    expect(status).to_contain_text("la partie est finie\u00a0: Blanc a sorti ses 15 dames", timeout=ANSWER_TIMEOUT_MS)
    expect(status).not_to_contain_text("borne off")


def test_the_boards_cubes_and_match_length_are_the_engines(page: Page, site_url: str) -> None:
    """The page keeps no copy of the engine's bounds: the worker's ready message brings them (service.limits)."""
    open_board(page, site_url)
    cubes = page.locator(".tt-analysis select[name=cube] option").all_inner_texts()
    assert cubes == [str(2**i) for i in range(MAX_CUBE.bit_length())] and cubes[-1] == str(MAX_CUBE)
    assert page.get_by_label("Match length (0: money)").get_attribute("max") == str(MATCH_ID_MAX_LENGTH)
    assert page.get_by_label("Black's score").get_attribute("max") == str(MATCH_ID_MAX_LENGTH - 1)


def test_a_bad_id_is_named_and_the_board_is_kept(page: Page, site_url: str) -> None:
    open_board(page, site_url)
    before = page.get_by_label("XGID", exact=True).input_value()
    page.get_by_label("XGID, gnubg ID or Position ID").fill("XGID=not-a-position")
    page.get_by_role("button", name="Load").click()  # the engine reads it and says why it is not one
    expect(page.locator(".tt-analysis .tt-notice")).to_contain_text(
        "an XGID has 10 fields separated by ':', got 1 in 'XGID=not-a-position'", timeout=ANSWER_TIMEOUT_MS)
    page.get_by_label("XGID, gnubg ID or Position ID").fill("not an ID at all, " * 4)
    page.get_by_role("button", name="Load").click()  # no ID's shape: the page says so, the text cut with an ellipsis
    expect(page.locator(".tt-analysis .tt-notice")).to_have_text(
        '"' + ("not an ID at all, " * 3)[:39] + '…" is not an XGID, a gnubg ID or a Position ID.')
    page.get_by_label("XGID, gnubg ID or Position ID").fill("XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:0:0:10")
    page.get_by_role("button", name="Load").click()
    expect(page.locator(".tt-analysis .tt-notice")).to_contain_text("dice", timeout=ANSWER_TIMEOUT_MS)
    assert page.get_by_label("XGID", exact=True).input_value() == before


def test_a_malformed_xgid_is_refused_once_with_the_engines_reason_in_french(page: Page, site_url: str) -> None:
    """The page once checked the XGID's shape itself and said, in the banner and again in the panel, only that the
    text (cut at 40 characters, with no sign of the cut) was not an ID: the engine says what is wrong."""
    page.goto(f"{site_url}fr/analysis/")
    status, notice = page.locator(".tt-analysis .tt-status"), page.locator(".tt-analysis .tt-notice")
    expect(status).to_contain_text("a le dé", timeout=BOOT_TIMEOUT_MS)
    malformed = "XGID=aa--BBBB----a-----bbbbb-:1:0:1:00:3:4:0:7:10"  # 24 position characters, not 26
    page.locator(".tt-analysis input[name=id]").fill(malformed)
    page.get_by_role("button", name="Charger").click()
    expect(notice).to_have_text(
        f"Position impossible à mettre en place : XGID '{malformed}' : la position a 26 caractères, et non 24",
        timeout=ANSWER_TIMEOUT_MS)
    assert page.get_by_text("la position a 26 caractères").count() == 1  # said once, not again in the panel
    assert status.inner_text() == ""


def test_a_position_with_one_legal_play_is_not_said_to_have_run_into_a_limit(page: Page, site_url: str) -> None:
    # White has two checkers on the bar against five closed points and rolls 2-1: bar/24 is the only play
    open_board(page, site_url, "?rules=backgammon&xgid=XGID=------M-----e------bbbbb-B:0:0:1:21:0:0:0:0:10")
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator(".tt-analysis-plays li")).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-analysis-plays li").first).to_contain_text("bar/24")
    expect(page.locator(".tt-analysis-budget")).to_have_count(0)


def test_the_share_link_opens_the_board_at_the_position_and_play_from_here_starts_a_game(page: Page,
                                                                                      site_url: str) -> None:
    open_board(page, site_url, f"?rules=backgammon&xgid={OPENING_52}")
    link = page.get_by_label("Link to this position").input_value()
    query = parse_qs(urlsplit(link).query)
    assert query == {"rules": ["backgammon"], "xgid": [OPENING_52]}
    play = page.get_by_role("link", name="Play from here").get_attribute("href")
    assert play is not None and "position=4HPwATDgc%2FABMA" in play and "rules=backgammon" in play
    page.get_by_label("Start number").fill("17")
    page.get_by_role("button", name="Set up").click()
    # the status read "White to play 5-2" before the click too: wait for the new position's XGID, then read it
    expect(page.get_by_label("XGID", exact=True)).not_to_have_value(OPENING_52, timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White to play 5-2", timeout=ANSWER_TIMEOUT_MS)


def test_a_rollout_runs_beside_the_search_and_stops(page: Page, site_url: str) -> None:
    open_board(page, site_url, f"?rules=backgammon&xgid={OPENING_52}")
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator(".tt-analysis-plays li").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Roll out").click()
    rows = page.locator(".tt-rollout-table tbody tr")
    expect(rows).to_have_count(4, timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-rollout-status")).to_contain_text("2 games of each play", timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Stop").click()
    expect(page.get_by_role("button", name="Roll out")).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    games = page.locator(".tt-rollout-status").inner_text()
    assert re.match(r"Stopped after \d+( to \d+)? games? of each play \(of 216", games), games  # it says it was stopped
    page.wait_for_timeout(6000)
    assert page.locator(".tt-rollout-status").inner_text() == games, "the rollout went on after Stop"
    first = rows.first.locator("td")
    assert first.nth(0).inner_text() == page.locator(".tt-analysis-plays li strong").first.inner_text()
    assert "to" in first.nth(2).inner_text()  # the 95 % interval


def test_the_embed_code_shows_the_position_on_the_board(page: Page, site_url: str) -> None:
    open_board(page, site_url, f"?rules=backgammon&xgid={OPENING_52}")
    code = page.get_by_label("Embed code for another site").input_value()
    assert code.startswith(f'<iframe src="{site_url}embed/board/?rules=backgammon&amp;position=4HPwATDgc%2FABMA')
    assert "dice=5-2&amp;mode=play" in code


def test_a_link_with_a_position_id_turn_and_dice_opens_that_turn(page: Page, site_url: str) -> None:
    open_board(page, site_url, "?rules=toutes-tables&position=4HPwATDgc/ABMA&turn=black&dice=6-1")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("Black to play 6-1", timeout=ANSWER_TIMEOUT_MS)


# Every state the Analyse button is drawn in from the page's first moment: its disabled flag, and whether the engine
# had checked a position by then (the page's view).
WATCH_ANALYSE = """
new MutationObserver(() => {
    const button = document.querySelector('.tt-analysis .tt-primary');
    if (!button) return;
    const page = globalThis.toutesTablesAnalysis;
    (globalThis.analyseSeen ||= []).push({ disabled: button.disabled, view: Boolean(page && page.view) });
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def test_analyse_pressed_as_soon_as_it_is_enabled_is_answered_and_never_enabled_before(page: Page,
                                                                                       site_url: str) -> None:
    # a press about 3 s after the page came up once went unanswered with no busy sign: the button was enabled
    # before the engine had a position to analyse
    page.add_init_script(WATCH_ANALYSE)
    page.goto(f"{site_url}analysis/?rules=backgammon&xgid={OPENING_52}")
    button = page.get_by_role("button", name="Analyse")
    expect(button).to_be_enabled(timeout=BOOT_TIMEOUT_MS)
    button.click()
    expect(page.locator(".tt-analysis .tt-thinking")).to_be_visible()  # the busy sign at once
    expect(page.locator(".tt-analysis-plays li").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)  # and the answer
    seen = page.evaluate("() => globalThis.analyseSeen")
    assert seen and seen[0]["disabled"], seen[:3]  # disabled as soon as it is drawn
    assert not [s for s in seen if not s["disabled"] and not s["view"]], "enabled before the engine had a position"
    # the plays' differences from the best are signed "−", as the review's figures
    text = page.locator(".tt-analysis-plays").inner_text()
    assert "\u2212" in text and not re.search(r"(^|[\s(:])-\d", text), text


def test_an_id_loaded_while_the_engine_comes_up_keeps_its_dice_and_is_analysed(browser: Browser, site_url: str) -> None:
    # an XGID loaded in the first seconds once lost its dice: the page's own first request, sent when the
    # engine came up, replaced the player's, and Analyse stayed disabled
    context = browser.new_context(service_workers="block")
    try:
        held = hold_engine_boot(context)
        page = context.new_page()
        page.goto(f"{site_url}analysis/")
        wait_until_engine_boot_held(page, held)
        page.locator(".tt-analysis select[name=rules]").select_option("backgammon")
        page.get_by_label("XGID, gnubg ID or Position ID").fill(OPENING_52)
        page.get_by_role("button", name="Load").click()
        for route in held:
            route.continue_()
        expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White to play 5-2", timeout=BOOT_TIMEOUT_MS)
        assert [page.locator(f".tt-analysis select[name={d}]").input_value() for d in ("die1", "die2")] == ["5", "2"]
        page.get_by_role("button", name="Analyse").click()
        expect(page.locator(".tt-analysis-plays li").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    finally:
        context.close()


def test_a_number_out_of_bounds_is_said_in_french_by_the_page_not_the_browser(page: Page, site_url: str) -> None:
    """The board's number fields are checked by the page (as the game's dialogs check theirs), in the page's
    language: the browser's own message would be in its language, and a bad match length went to the engine."""
    page.goto(f"{site_url}fr/analysis/")
    status = page.locator(".tt-analysis .tt-status")
    expect(status).to_contain_text("a le dé", timeout=BOOT_TIMEOUT_MS)
    page.locator(".tt-analysis select[name=rules]").select_option("backgammon")
    length = page.locator(".tt-analysis input[name=length]")
    expect(length).to_be_visible(timeout=ANSWER_TIMEOUT_MS)  # a set with the cube: the match's fields
    length.fill(str(MATCH_ID_MAX_LENGTH + 1))
    length.press("Tab")  # the change is made
    notice = page.locator(".tt-analysis .tt-analysis-field-error")  # under the fields, where the player types
    expect(notice).to_have_text(
        f"Un match se joue en un nombre entier de points de 0 à {MATCH_ID_MAX_LENGTH} (0 : une partie d'argent).")
    expect(length).to_have_attribute("aria-invalid", "true")
    length.fill("5")  # a good value: the message goes and the board takes it
    length.press("Tab")
    expect(notice).to_be_hidden(timeout=ANSWER_TIMEOUT_MS)
    expect(length).not_to_have_attribute("aria-invalid", "true")
    start = page.locator(".tt-analysis input[name=start]")
    start.fill("300")
    page.get_by_role("button", name="Mettre en place").click()
    expect(notice).to_have_text("Un numéro de départ est un nombre entier de 1 à 225.")
