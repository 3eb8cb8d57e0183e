"""A game's review is saved with the game (docs/play-review.md, "At the end of a game"): a reload shows the
finished review again, and a damaged review in the save is left out while the game loads as usual."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from driving import wait_for_player
from playwright.sync_api import Page, expect
from test_review_app_layout import random_record
from test_review_page import REVIEW_TIMEOUT_MS, open_review, play_near_the_end_to_the_end

SITE = Path(__file__).resolve().parent.parent / "site"
REVIEW_JS = SITE / "review" / "review.js"
REVIEW_PANEL_JS = SITE / "game" / "review-panel.js"


def declared_version(source: Path, pattern: str) -> int:
    found = re.search(pattern, source.read_text(encoding="utf-8"), re.M)
    assert found, f"{source.name} no longer declares it: {pattern}"
    return int(found.group(1))


def saved_version() -> int:
    """The shape of a kept review the page writes now (review.js's SAVED_VERSION), read from its source."""
    return declared_version(REVIEW_JS, r"^const SAVED_VERSION = (\d+);")


def game_save_version() -> int:
    """The shape of the review kept in the game's save (review-panel.js's REVIEW_SAVE_VERSION), from its source."""
    return declared_version(REVIEW_PANEL_JS, r"^export const REVIEW_SAVE_VERSION = (\d+);")


SAVE_KEY = "toutes-tables/saved-game"  # site/game/storage.js's STORAGE_KEY


def play_to_the_end_and_review(page: Page, site_url: str) -> dict[str, Any]:
    play_near_the_end_to_the_end(page, site_url)
    expect(page.locator(".tt-review-panel")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    state: dict[str, Any] = page.evaluate("() => window.toutesTables.review")
    assert state["done"] and state["decisions"]
    # the finished review is in the game's save, in its own versioned shape
    saved = json.loads(page.evaluate("(k) => localStorage.getItem(k)", SAVE_KEY))
    assert saved["review"]["version"] == game_save_version() and saved["review"]["done"] is True
    return state


def test_a_finished_review_is_shown_again_after_a_reload(page: Page, site_url: str) -> None:
    before = play_to_the_end_and_review(page, site_url)
    page.reload()
    v = wait_for_player(page)
    assert v["record"] == before["record"]  # the game as it ended, with its review
    panel = page.locator(".tt-review-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Review finished")
    after = page.evaluate("() => window.toutesTables.review")
    assert after["done"] and not after["running"]
    assert after["decisions"] == before["decisions"] and after["summary"] == before["summary"]
    expect(panel.locator(".tt-review-panel-marks li")).to_have_count(sum(1 for d in before["decisions"] if d["mark"]))


def test_a_damaged_review_in_the_save_is_left_out_and_the_game_loads(page: Page, site_url: str) -> None:
    play_to_the_end_and_review(page, site_url)
    record = wait_for_player(page)["record"]
    page.evaluate(
        "(k) => { const save = JSON.parse(localStorage.getItem(k)); save.review.decisions = 'damaged';"
        " localStorage.setItem(k, JSON.stringify(save)); }",
        SAVE_KEY,
    )
    page.reload()
    assert wait_for_player(page)["record"] == record  # nothing of the game is lost
    expect(page.locator(".tt-notice")).to_be_hidden()  # no "could not be restored": the game was restored
    expect(page.locator(".tt-review-panel")).to_be_hidden()
    assert page.evaluate("() => window.toutesTables.review.record") is None


def test_a_review_kept_on_the_device_in_another_shape_is_made_again(page: Page, site_url: str) -> None:
    # the review page keeps finished reviews by the record's hash (site/review/review.js); one saved without this
    # version's mark (an older page's) or damaged is not shown as kept: the record is reviewed again
    record = random_record(8, turns=4)
    key = "tt-review:" + hashlib.sha256(record.encode()).hexdigest()[:24]
    player = {"decisions": 0, "error_mp": 0.0, "rating": "None", "luck": 0.0}
    older = {"rules": "backgammon", "games": 1, "marks": None, "decisions": [], "summary": {"black": player,
                                                                                          "white": player}}
    page.goto(f"{site_url}play-review/")
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))", [key, older])
    open_review(page, site_url, record)
    expect(page.locator(".tt-review .tt-status")).not_to_contain_text("kept on this device")
    assert page.evaluate("() => window.toutesTablesReview.review.decisions.length") > 0
    # made again, it is kept in this version's shape
    kept = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))
    assert kept["version"] == saved_version() and kept["decisions"]


def test_the_full_review_reuses_the_games_review_and_computes_none_of_it_again(page: Page, site_url: str) -> None:
    # "Open the full review" once reviewed the game again from nothing (203 s on a phone): the review page now takes
    # the panel's decisions over (review_start's known) and the engine says how many it reused (review_next's reused)
    before = play_to_the_end_and_review(page, site_url)
    page.locator(".tt-review-panel").get_by_role("button", name="Open the full review").click()
    page.wait_for_url("**/play-review/")
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    review = page.evaluate("() => window.toutesTablesReview.review")
    assert review["done"] and review["record"] == before["record"]
    assert review["reused"] == len(review["decisions"]) == len(before["decisions"])  # not one decision computed
    keys = ("colour", "dice", "played", "best", "error", "mark", "luck")
    shown = [{k: d[k] for k in keys} for d in review["decisions"]]
    assert shown == [{k: d[k] for k in keys} for d in before["decisions"]]
    assert page.evaluate("() => document.querySelector('.tt-review progress').value") == page.evaluate(
        "() => document.querySelector('.tt-review progress').max")
    assert_one_minus_sign(page.locator(".tt-review-summary").inner_text())  # the loser's result among them


def assert_one_minus_sign(text: str) -> None:
    """Every negative figure of `text` is signed "−" (U+2212): none with a hyphen (dice such as 6-4 are no sign)."""
    assert "\u2212" in text
    assert not re.search(r"(^|[\s(:])-\d", text), re.findall(r".{0,20}(?:^|[\s(:])-\d.{0,10}", text)


def test_the_review_page_signs_its_figures_with_one_minus_sign(page: Page, site_url: str) -> None:
    # the summary once wrote a loser's result "-1" beside luck as "−0.120": one sign, "−", everywhere
    open_review(page, site_url, random_record(5, turns=8))
    for item in range(page.locator(".tt-review-moves li").count()):
        page.locator(".tt-review-moves li").nth(item).click()
        assert_one_minus_sign(page.locator(".tt-review").inner_text())



def test_the_full_review_reuses_a_partial_review_and_computes_only_the_rest(page: Page, site_url: str) -> None:
    # the panel's review as far as it went when the player opened the full review: its first half, handed over as
    # the game page hands it (site/handoff.js), the record with it
    before = play_to_the_end_and_review(page, site_url)
    half = len(before["decisions"]) // 2
    assert half >= 1
    page.evaluate(
        """([record, decisions]) => {
            sessionStorage.setItem("tt-review-record", record);
            sessionStorage.setItem("tt-review-known", JSON.stringify({ version: 1, record, decisions }));
        }""",
        [before["record"], before["decisions"][:half]],
    )
    page.goto(f"{site_url}play-review/")
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    review = page.evaluate("() => window.toutesTablesReview.review")
    assert review["reused"] == half  # the first half taken over, the rest computed
    keys = ("colour", "dice", "played", "best", "error", "mark", "luck")
    shown = [{k: d[k] for k in keys} for d in review["decisions"]]
    assert shown == [{k: d[k] for k in keys} for d in before["decisions"]]
