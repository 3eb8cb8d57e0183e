"""The review page while it runs (docs/play-review.md): the game's own start and the progress from the first moment,
Stop, and an unfinished review taken up again after a reload or in a new tab, its decisions not computed again."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_review_page import REVIEW_TIMEOUT_MS, assert_agrees, cli_review, seeded_record

from toutes_tables.position import Color, Position
from toutes_tables.starts import start_position

# The board and the run's row the first time the page has a review: before its first decision, or just after.
FIRST_LOOK = """() => {
  const page = window.toutesTablesReview;
  if (!page || !page.review) return null;
  const bar = document.querySelector('.tt-review-run progress');
  return {
    decisions: page.review.decisions.length,
    points: page.board.state.position.points.slice(1, 25),
    run: document.querySelector('.tt-review-run').innerText,
    runShown: !document.querySelector('.tt-review-run').hidden,
    barRuns: !bar.hasAttribute('value'),
  };
}"""

COUNT = "() => window.toutesTablesReview.review.decisions.length"
# whether the page's review has more than `n` decisions (false while the page comes up)
MORE_THAN = "(n) => { const p = window.toutesTablesReview; return Boolean(p?.review && p.review.decisions.length > n) }"


@pytest.fixture(scope="module")
def record_225(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Toutes Tables 225 game of 24 turns from a drawn start (not the classic one), and its record's path."""
    path = tmp_path_factory.mktemp("progress") / "game.txt"
    path.write_text(seeded_record(rules="toutes-tables-225"))
    return path


@pytest.fixture(scope="module")
def expert_report(record_225: Path) -> dict[str, Any]:
    """The CLI's review of the record at the Expert's depth (the page's quicker one, chosen in these tests)."""
    return cli_review(record_225, "expert")


def open_at_expert(page: Page, site_url: str, record: str) -> None:
    """The review page on a clean device at the Expert's depth, handed ``record`` as the game page hands one."""
    page.goto(f"{site_url}play-review/")
    page.evaluate(
        "(r) => { localStorage.clear(); sessionStorage.clear(); localStorage.setItem('tt-review-level', 'expert');"
        " sessionStorage.setItem('tt-review-record', r); }",
        record,
    )
    page.reload()


def test_the_games_own_start_and_the_progress_are_shown_before_the_first_decision(
    page: Page, site_url: str, record_225: Path, expert_report: dict[str, Any]
) -> None:
    open_at_expert(page, site_url, record_225.read_text())
    seen = page.wait_for_function(FIRST_LOOK, timeout=REVIEW_TIMEOUT_MS).json_value()
    first = expert_report["decisions"][0]
    begins = Position.from_gnubg_id(first["position_id"], Color(first["colour"])).absolute()["points"]
    assert begins != start_position(64).absolute()["points"]  # a drawn start: the classic one would be wrong
    # the board shows where the game begins (the first decision's position) from the first moment, never the
    # classic start the page opened on; the bar is there with its count of turns
    assert seen["points"] == begins, seen
    counted = re.search(r"Turns reviewed: (\d+) of (\d+)", seen["run"])
    assert seen["runShown"] and counted, seen
    assert int(counted.group(2)) >= sum(1 for d in expert_report["decisions"] if d["kind"] == "move")
    if seen["decisions"] == 0:  # seen before the first decision (the usual case): the bar runs, nothing counted
        assert seen["barRuns"] and counted.group(1) == "0", seen
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)


def test_a_stopped_review_is_taken_up_after_a_reload_and_in_a_new_tab_without_computing_it_again(
    page: Page, site_url: str, record_225: Path, expert_report: dict[str, Any]
) -> None:
    open_at_expert(page, site_url, record_225.read_text())
    status = page.locator(".tt-review .tt-status")
    page.wait_for_function(MORE_THAN, arg=3, timeout=REVIEW_TIMEOUT_MS)
    page.locator(".tt-review-run").get_by_role("button", name="Stop").click()
    expect(status).to_contain_text("Review stopped")
    stopped = page.evaluate(COUNT)
    assert page.evaluate("() => window.toutesTablesReview.review.done") is False
    expect(page.locator(".tt-review-run").get_by_role("button", name="Stop")).to_be_disabled()
    assert stopped < len(expert_report["decisions"])

    # a reload takes the review up where it stopped: its decisions come back from the device, not recomputed
    page.reload()
    expect(status).to_contain_text("Reviewing", timeout=REVIEW_TIMEOUT_MS)
    page.wait_for_function(MORE_THAN, arg=stopped, timeout=REVIEW_TIMEOUT_MS)
    assert page.evaluate("() => window.toutesTablesReview.review.reused") == stopped
    page.locator(".tt-review-run").get_by_role("button", name="Stop").click()
    expect(status).to_contain_text("Review stopped")
    again = page.evaluate(COUNT)

    # a new tab (nothing handed over, no link): the last review on this device, unfinished, goes on to its end
    fresh = page.context.new_page()
    fresh.goto(f"{site_url}play-review/")
    fresh_status = fresh.locator(".tt-review .tt-status")
    expect(fresh_status).to_contain_text("Review finished at Expert depth", timeout=REVIEW_TIMEOUT_MS)
    review = fresh.evaluate("() => window.toutesTablesReview.review")
    assert review["reused"] == again
    assert_agrees(review, expert_report)  # what was kept and what was computed after it make the CLI's review
    # and finished, it is kept as a finished review: shown at once on the next visit
    fresh.reload()
    expect(fresh_status).to_contain_text("kept on this device", timeout=60_000)
    fresh.close()


def test_the_game_pages_review_can_be_stopped_mid_way_and_goes_on_after_a_reload(page: Page, site_url: str) -> None:
    from test_review_saved_with_the_game import SAVE_KEY, play_to_the_end_and_review

    play_to_the_end_and_review(page, site_url)
    # the game's save holding an unfinished review of a long game (60 turns at World class: minutes of work), as
    # the panel saves one that a reload cut short, none of it done yet
    page.evaluate(
        "([k, record]) => { const save = JSON.parse(localStorage.getItem(k));"
        " Object.assign(save.review, { record, game: 1, done: false, decisions: [], summary: null });"
        " localStorage.setItem(k, JSON.stringify(save)); }",
        [SAVE_KEY, seeded_record(turns=60)],
    )
    page.reload()
    panel = page.locator(".tt-review-panel")
    expect(panel).to_contain_text("Turns reviewed: ", timeout=REVIEW_TIMEOUT_MS)  # its first decision is in
    panel.get_by_role("button", name="Stop the review").click()
    expect(panel).to_contain_text("Review stopped: what was reviewed so far is shown.")
    expect(panel.get_by_role("button", name="Stop the review")).to_be_disabled()
    state = page.evaluate("() => window.toutesTables.review")
    assert not state["running"] and not state["done"] and 0 < len(state["decisions"]) < 60, state
    # what was reviewed before the stop is in the game's save, and a reload goes on from it
    saved = page.evaluate("(k) => JSON.parse(localStorage.getItem(k)).review", SAVE_KEY)
    assert saved["done"] is False and len(saved["decisions"]) == len(state["decisions"])
    page.reload()
    page.wait_for_function(
        "(n) => { const r = window.toutesTables && window.toutesTables.review; return Boolean(r && r.reused >= n); }",
        arg=len(state["decisions"]),
        timeout=REVIEW_TIMEOUT_MS,
    )
    panel.get_by_role("button", name="Stop the review").click()  # not to leave minutes of work to the next test
    expect(panel).to_contain_text("Review stopped")
