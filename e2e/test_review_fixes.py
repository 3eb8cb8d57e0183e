"""The review page's fixes of issue 11's audit: a player with no decision to make is rated in words (not "N/A"),
and the page never scrolls sideways while a review runs (docs/play-review.md)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_play_layout import DESKTOP, PHONE, screenshot, size_id
from test_play_layout import sized_page as sized_page  # noqa: F401 (the fixture, as the game's layout tests have it)
from test_review_page import REVIEW_TIMEOUT_MS, finished_match, open_review, play_on_the_review_board, seeded_record

import toutes_tables as tt
from toutes_tables import record as records


def one_move_record() -> str:
    """A backgammon game of one play: the other player never had a decision to make."""
    game = tt.Game("backgammon", rng=random.Random(0))
    game.roll_opening((1, 3))
    game.play("8/5 6/5")
    return records.game_to_text(game)


@pytest.mark.parametrize(("lang", "word"), [("", "No decision to rate"), ("fr/", "Aucune décision à juger")])
def test_a_player_with_no_decision_is_rated_in_words(page: Page, site_url: str, lang: str, word: str) -> None:
    page.goto(f"{site_url}{lang}play-review/")
    page.evaluate("(r) => sessionStorage.setItem('tt-review-record', r)", one_move_record())
    page.reload()
    summary = page.locator(".tt-review-summary")
    expect(summary).to_contain_text(word, timeout=REVIEW_TIMEOUT_MS)
    assert "N/A" not in summary.inner_text()
    players = page.evaluate("() => window.toutesTablesReview.review.summary")
    assert sorted(p["rating"] is None for p in (players["black"], players["white"])) == [False, True], players


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_the_page_never_scrolls_sideways_while_a_review_runs(sized_page: Page, site_url: str) -> None:
    page = sized_page
    page.goto(f"{site_url}play-review/")
    page.evaluate("(r) => sessionStorage.setItem('tt-review-record', r)", seeded_record(turns=60))
    page.reload()
    run_text = page.locator(".tt-review-run")
    expect(run_text).to_contain_text(" of ", timeout=REVIEW_TIMEOUT_MS)  # "2 of 62 turns": the review runs
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    screenshot(page, "review-running")
    assert widths[0] <= widths[1], widths
    stop = page.locator(".tt-review-run").get_by_role("button")
    box = stop.bounding_box()
    assert box is not None and box["x"] + box["width"] <= widths[1], (box, widths)


def test_an_unfinished_review_goes_on_after_a_reload_from_the_decisions_it_had_done(page: Page, site_url: str) -> None:
    from test_review_saved_with_the_game import SAVE_KEY, play_to_the_end_and_review

    before = play_to_the_end_and_review(page, site_url)
    half = len(before["decisions"]) // 2
    assert half >= 1
    # the game's save as the panel writes it mid-review: done false, the decisions so far (reviewToSave)
    page.evaluate(
        "([k, half]) => { const save = JSON.parse(localStorage.getItem(k));"
        " save.review.done = false; save.review.decisions = save.review.decisions.slice(0, half);"
        " localStorage.setItem(k, JSON.stringify(save)); }",
        [SAVE_KEY, half],
    )
    page.reload()
    panel = page.locator(".tt-review-panel")
    expect(panel).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    after = page.evaluate("() => window.toutesTables.review")
    assert after["reused"] == half, after["reused"]  # the decisions done before the reload, not computed again
    keys = ("colour", "dice", "played", "best", "error", "mark", "luck")
    shown = [{k: d[k] for k in keys} for d in after["decisions"]]
    assert shown == [{k: d[k] for k in keys} for d in before["decisions"]]
    expect(panel.locator(".tt-review-panel-marks li")).to_have_count(sum(1 for d in before["decisions"] if d["mark"]))



def go_to_mistake(page: Page, colour: str, want: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Start learning from `colour`'s mistakes and step on to the first one `want` takes."""
    page.get_by_role("button", name=f"Learn from {colour.capitalize()}'s mistakes").click()
    learning = page.evaluate("() => window.toutesTablesReview.learning")
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    at = next(i for i, index in enumerate(learning["queue"]) if want(decisions[index]))
    for _ in range(at):
        page.locator(".tt-review-learn").get_by_role("button", name="Next mistake").click()
    chosen: dict[str, Any] = decisions[learning["queue"][at]]
    return chosen


def test_replaying_the_play_made_costs_exactly_what_the_review_says(page: Page, site_url: str) -> None:
    open_review(page, site_url, seeded_record())
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    colour = next(d["colour"] for d in decisions if d["kind"] == "move" and d["mark"] in ("bad", "very bad"))
    d = go_to_mistake(page, colour, lambda d: d["kind"] == "move")
    expect(page.locator(".tt-review-learn")).to_contain_text("find a better play than")
    play_on_the_review_board(page, d["played_locations"])  # the play made, again
    verdict = page.locator(".tt-review-verdict")
    expect(verdict).to_contain_text("Still wrong", timeout=120_000)
    expect(verdict).to_contain_text(f"costs {1000 * d['error']:.0f} millipoints")  # the review's own error


def test_a_cube_mistake_is_an_exercise_answered_with_the_reviews_figures(page: Page, site_url: str) -> None:
    # White doubles at once and Black drops (a very bad drop): Black's mistakes hold a cube answer
    open_review(page, site_url, records.match_to_text(finished_match()))
    expect(page.get_by_role("button", name="Learn from Black's mistakes")).to_be_enabled()
    d = go_to_mistake(page, "black", lambda d: d["kind"] == "take")
    learn = page.locator(".tt-review-learn")
    expect(learn).to_contain_text("take or drop?")
    assert not page.evaluate("() => window.toutesTablesReview.board.state.arrows.length")
    learn.get_by_role("button", name=d["played"], exact=True).click()  # the answer made again
    verdict = page.locator(".tt-review-verdict")
    expect(verdict).to_contain_text(f"Still wrong. {d['played']} costs {1000 * d['error']:.0f} millipoints")
    expect(verdict).to_contain_text("(cubeful equities)")
    learn.get_by_role("button", name="Try again").click()
    learn.get_by_role("button", name=d["best"], exact=True).click()
    expect(verdict).to_contain_text("Right!")
    screenshot(page, "cube-exercise")
