"""The analysis board's "Play from here" carries the cube and the match score (docs/analysis.md): set up a
position with the cube on 4 owned by one side and a match score, play from it, and the game page shows them and
doubles as the rules allow; a reload keeps them."""

from __future__ import annotations

import re

import pytest
from driving import BOOT_TIMEOUT_MS, GAME_TIMEOUT_MS, seed_dice, wait_for_player
from playwright.sync_api import Page, expect
from test_analysis_board import ANSWER_TIMEOUT_MS, open_board

SEED = 20261202
# The opening position, White on roll without dice; the cube and the score are set up on the board below
POSITION = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def set_up(page: Page, owner: str) -> None:
    """The cube on 4 owned by ``owner``, a 7-point match at Black 2, White 5."""
    page.get_by_label("Cube", exact=True).select_option("4")
    page.get_by_label("Cube owner", exact=True).select_option(owner)
    for label, value in (("Match length (0: money)", "7"), ("Black's score", "2"), ("White's score", "5")):
        field = page.get_by_label(label, exact=True)
        field.fill(value)
        field.dispatch_event("change")
    expect(page.get_by_label("XGID", exact=True)).to_have_value(re.compile(r":2:(1|-1):1:00:5:2:0:7:10$"),
                                                                timeout=ANSWER_TIMEOUT_MS)


@pytest.mark.parametrize("owner", ["white", "black"])
def test_play_from_here_starts_the_match_at_the_score_with_the_cube_and_its_owner(
    page: Page, site_url: str, owner: str
) -> None:
    seed_dice(page.context, SEED)
    open_board(page, site_url)
    page.locator(".tt-analysis select[name=rules]").select_option("backgammon")
    page.get_by_label("XGID, gnubg ID or Position ID").fill(POSITION)
    page.get_by_role("button", name="Load").click()
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White on roll", timeout=ANSWER_TIMEOUT_MS)
    set_up(page, owner)
    expect(page.locator(".tt-analysis-play-note")).to_have_count(0)  # nothing is left behind any more
    link = page.get_by_role("link", name="Play from here")
    expect(link).to_have_attribute("href", re.compile(rf"&cube=4-{owner}&match=7&score=2-5$"))
    link.click()
    v = wait_for_player(page)
    assert v["cube"] == {"value": 4, "owner": owner, "offered_by": None}, v["cube"]
    assert v["match"]["length"] == 7 and v["match"]["score"] == {"black": 2, "white": 5} and not v["match"]["crawford"]
    assert v["turn"] == "white" and v["position_id"] == "4HPwATDgc/ABMA"
    info = page.locator(".tt-info-row")
    expect(info.filter(has_text="Score")).to_contain_text("Black 2, White 5 (match to 7)")
    expect(info.filter(has_text="Cube")).to_contain_text(f"4, owned by {owner.capitalize()}")
    double = page.get_by_role("button", name="Double", exact=True)
    if owner == "black":
        # White, the person, is on roll, but the cube is Black's: only its owner doubles (with nothing to decide
        # before the roll, the page rolls for White at once)
        assert v["cube_actions"] == [] and v["phase"] == "move"
        expect(double).to_be_disabled()
    else:
        assert v["cube_actions"] == ["double"] and v["phase"] == "roll"
        expect(double).to_be_enabled()
        double.click()
        # the computer (Black) takes the cube on 8 or drops: White then wins the 4 points, and the match
        page.wait_for_function(
            "() => { const v = window.toutesTables.view; return !window.toutesTables.busy"
            " && v.phase !== 'double-offered'; }", timeout=GAME_TIMEOUT_MS)
        v = wait_for_player(page)
        if v["phase"] == "over":
            assert v["result"]["points"] == 4 and v["match"]["winner"] == "white", v["result"]
        else:
            assert v["cube"]["value"] == 8 and v["cube"]["owner"] == "black", v["cube"]
    # the game is saved with its cube and score: a reload resumes them
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    resumed = wait_for_player(page)
    assert (resumed["cube"], resumed["match"], resumed["record"]) == (v["cube"], v["match"], v["record"])


def test_a_bad_cube_in_a_link_is_said_in_french_and_the_game_in_play_is_kept(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}fr/play/")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    before = wait_for_player(page)
    page.goto(f"{site_url}fr/play/?rules=backgammon&position=4HPwATDgc/ABMA&cube=3-black&match=5&score=5-0")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    notice = page.locator(".tt-notice")
    expect(notice).to_contain_text("le paramètre cube du lien doit être sa valeur, une puissance de 2")
    expect(notice).to_contain_text("le score du lien est pour un match en 2 points ou plus")
    after = wait_for_player(page)
    assert after["record"] == before["record"]


def test_a_link_to_the_game_after_the_crawford_game_lets_the_person_double(page: Page, site_url: str) -> None:
    seed_dice(page.context, SEED)
    page.goto(f"{site_url}play/?rules=backgammon&position=4HPwATDgc/ABMA&turn=white&match=5&score=1-4&crawford=no")
    v = wait_for_player(page)
    assert v["match"]["score"] == {"black": 1, "white": 4} and not v["match"]["crawford"]
    assert v["cube_actions"] == ["double"]
    page.goto(f"{site_url}play/?rules=backgammon&position=4HPwATDgc/ABMA&turn=white&match=5&score=1-4")
    v = wait_for_player(page)
    assert v["match"]["crawford"] and v["cube_actions"] == []
    expect(page.locator(".tt-info-row").filter(has_text="Crawford")).to_contain_text("this is the Crawford game")
