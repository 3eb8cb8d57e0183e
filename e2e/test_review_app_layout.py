"""The review page as an app (docs/play-review.md, "What the review shows"): the game page's frame, the board as
large as the window allows with the stepping and learning buttons on the first screen, the board never scrolled
away (when the review finishes, a move is clicked, an exercise runs); "learn from your mistakes" hides the answer
until the player has tried; the move list's numbers are whole; a newer review always replaces an older one."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_play_layout import DESKTOP, PHONE, assert_board_fills_the_screen, screenshot, size_id
from test_play_layout import sized_page as sized_page  # noqa: F401 (the fixture, as the game's layout tests have it)
from test_review_page import open_review, play_on_the_review_board

import toutes_tables as tt
from toutes_tables import record as records

ANSWER_TIMEOUT_MS = 60_000


def random_record(seed: int, turns: int = 14) -> str:
    """A backgammon game of White's 3-1 opening and ``turns`` random plays: short to review, with marked errors."""
    game = tt.Game("backgammon", rng=random.Random(0))
    game.roll_opening((1, 3))
    game.play("8/5 6/5")
    rng = random.Random(seed)
    for _ in range(turns):
        game.roll((rng.randint(1, 6), rng.randint(1, 6)))
        plays = game.legal_plays()
        game.play(rng.choice(plays) if plays else ())
    return records.game_to_text(game)


RECORD = random_record(5)


def assert_board_in_view(page: Page) -> None:
    """The page has not scrolled and the whole board is on the screen."""
    size = page.viewport_size
    assert size is not None
    assert page.evaluate("() => window.scrollY") == 0
    board = page.locator("canvas.tt-board").bounding_box()
    assert board is not None
    assert board["y"] >= 0 and board["y"] + board["height"] <= size["height"] + 0.5, (board, size)


def assert_controls_on_the_first_screen(page: Page, count: int) -> None:
    size = page.viewport_size
    assert size is not None
    controls = page.locator(".tt-control-bar > *")
    expect(controls).to_have_count(count)
    for i in range(count):
        b = controls.nth(i).bounding_box()
        assert b is not None, i
        assert 0 <= b["y"] and b["y"] + b["height"] <= size["height"], (i, b, size)
        assert 0 <= b["x"] and b["x"] + b["width"] <= size["width"] + 0.5, (i, b, size)
        if size["width"] < 900:
            assert b["height"] >= 44, (i, b)  # a finger's target


def assert_no_dead_gap_above_the_board(page: Page) -> None:
    """Stacked (a phone), the board comes right under the status line: the status area is as tall as what it shows
    (the game's three kept lines left 40 empty pixels there once the review's run was hidden)."""
    area = page.locator(".tt-review .tt-status-area").bounding_box()
    status = page.locator(".tt-review .tt-status").bounding_box()
    board = page.locator("canvas.tt-board").bounding_box()
    assert area is not None and status is not None and board is not None
    assert area["height"] <= status["height"] + 1, (area, status)
    if board["y"] > area["y"]:  # stacked: the status above the board, one grid gap between them
        assert board["y"] - (area["y"] + area["height"]) <= 12, (area, board)


def assert_decision_on_the_first_screen(page: Page) -> None:
    """The current decision's first lines (the play made and its mark, the best play) are on the first screen."""
    size = page.viewport_size
    assert size is not None
    detail = page.locator(".tt-review-detail p").first.bounding_box()
    assert detail is not None
    assert 0 <= detail["y"] and detail["y"] + 3 * detail["height"] <= size["height"], (detail, size)


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_the_review_has_the_game_pages_layout_and_keeps_the_board_in_view(sized_page: Page, site_url: str) -> None:
    page = sized_page
    open_review(page, site_url, RECORD)
    assert_board_fills_the_screen(page)
    # first, previous, next, last and the two "learn from your mistakes" buttons
    assert_controls_on_the_first_screen(page, 6)
    assert_board_in_view(page)  # the review finished without scrolling the board away
    assert_no_dead_gap_above_the_board(page)
    assert_decision_on_the_first_screen(page)
    expect(page.locator(".md-header")).to_be_hidden()
    # a move far down the list: the list (in the panel) scrolls to it, the page does not
    count = page.evaluate("() => window.toutesTablesReview.review.decisions.length")
    assert count >= 12, count
    page.locator(f".tt-review-moves li[data-index='{count - 1}']").click()
    assert page.evaluate("() => window.toutesTablesReview.current") == count - 1
    assert_board_in_view(page)
    page.keyboard.press("Home")
    assert_board_in_view(page)
    screenshot(page, "review")


def assert_current_decision_in_view(page: Page) -> None:
    """The decision on show (its play, its best line and its first ranked plays) is in sight in the panel."""
    size = page.viewport_size
    assert size is not None
    panel = page.locator(".tt-review .tt-panel").bounding_box()
    detail = page.locator(".tt-review-detail").bounding_box()
    first = page.locator(".tt-review-detail p").first.bounding_box()
    best = page.locator(".tt-review-alternatives li").first.bounding_box()
    assert panel is not None and detail is not None and first is not None and best is not None
    bottom = min(size["height"], panel["y"] + panel["height"]) + 1
    assert detail["y"] >= max(0, panel["y"]) - 1, (detail, panel)
    assert first["y"] + first["height"] <= bottom and best["y"] + best["height"] <= bottom, (first, best, panel, size)


@pytest.mark.parametrize("sized_page", [PHONE, DESKTOP], ids=size_id, indirect=True)
def test_a_move_clicked_in_the_list_or_the_graph_keeps_its_decision_in_view(sized_page: Page, site_url: str) -> None:
    # the panel stayed where the list or the graph was, the decision's text and best plays scrolled off above
    page = sized_page
    open_review(page, site_url, RECORD)
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    last_move = max(i for i, d in enumerate(decisions) if d["kind"] == "move" and d.get("alternatives"))
    item = page.locator(f".tt-review-moves li[data-index='{last_move}']")
    item.scroll_into_view_if_needed()
    item.click()
    assert page.evaluate("() => window.toutesTablesReview.current") == last_move
    assert_current_decision_in_view(page)
    assert_board_in_view(page)
    graph = page.locator(".tt-review-graph")
    graph.scroll_into_view_if_needed()
    box = graph.bounding_box()
    assert box is not None
    graph.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    assert page.evaluate("() => window.toutesTablesReview.current") != last_move
    if page.locator(".tt-review-alternatives").count():
        assert_current_decision_in_view(page)
    assert_board_in_view(page)
    screenshot(page, "review-decision-in-view")


def test_move_numbers_of_ten_and_more_are_shown_whole(page: Page, site_url: str) -> None:
    open_review(page, site_url, RECORD)
    moves = page.locator(".tt-review-moves")
    for index in (9, 10):  # the 10th and 11th decisions
        number = moves.locator(f"li[data-index='{index}'] .tt-review-number")
        expect(number).to_have_text(f"{index + 1}.")
        inside = page.evaluate(
            "(i) => { const list = document.querySelector('.tt-review-moves').getBoundingClientRect();"
            " const n = document.querySelector(`.tt-review-moves li[data-index='${i}'] .tt-review-number`)"
            ".getBoundingClientRect(); return n.left >= list.left && n.right <= list.right && n.width > 0; }",
            index,
        )
        assert inside, f"the number {index + 1} is cut off by the list's edge"


def first_mistake(page: Page) -> tuple[str, int, dict[str, Any]]:
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    for index, d in enumerate(decisions):
        if d["kind"] == "move" and d["mark"] in ("bad", "very bad"):
            return d["colour"], index, d
    raise AssertionError("the seeded record has no bad play: pick another seed")


@pytest.mark.parametrize("sized_page", [PHONE], ids=size_id, indirect=True)
def test_learning_from_a_mistake_hides_the_best_plays_until_the_player_has_tried(
    sized_page: Page, site_url: str
) -> None:
    page = sized_page
    open_review(page, site_url, RECORD)
    colour, index, mistake = first_mistake(page)
    page.get_by_role("button", name=f"Learn from {colour.capitalize()}'s mistakes").click()
    expect(page.locator(".tt-review-learn")).to_contain_text("find a better play than", timeout=ANSWER_TIMEOUT_MS)
    assert page.evaluate("() => window.toutesTablesReview.current") == index
    # nothing gives the answer away: no arrows, no play made lit, no best plays, no "Best:" line
    state = page.evaluate("() => window.toutesTablesReview.board.state")
    assert state["arrows"] == [] and state["lastMove"] == [] and state["playedArrows"] == []
    detail = page.locator(".tt-review-detail")
    expect(detail).to_contain_text("shown once you have tried")
    expect(detail.locator(".tt-review-alternatives")).to_have_count(0)
    expect(detail).not_to_contain_text("Best:")
    expect(detail).not_to_contain_text(mistake["best"])
    assert_board_in_view(page)
    play_on_the_review_board(page, mistake["played_locations"])  # the try: the play made, again
    expect(page.locator(".tt-review-verdict")).to_contain_text("Still wrong", timeout=ANSWER_TIMEOUT_MS)
    # tried: now the answer is shown
    expect(detail.locator(".tt-review-alternatives")).to_have_count(1)
    expect(detail).to_contain_text(f"Best: {mistake['best']}")
    assert page.evaluate("() => window.toutesTablesReview.board.state.arrows") != []
    assert_board_in_view(page)
    screenshot(page, "review-learning")


def test_a_new_review_starts_clean_and_the_newest_begin_wins(page: Page, site_url: str) -> None:
    other = random_record(8, turns=6)
    open_review(page, site_url, RECORD)  # RECORD, reviewed and kept on this device
    colour, _, _ = first_mistake(page)
    page.get_by_role("button", name=f"Learn from {colour.capitalize()}'s mistakes").click()
    expect(page.locator(".tt-review-learn")).to_be_visible()
    # another record (never reviewed) begun, then at once the kept one again: the newer begin() wins, even though
    # the older one's engine answers come later
    page.evaluate(
        "([older, newer]) => { const r = window.toutesTablesReview;"
        " window.bothDone = Promise.all([r.begin(older), r.begin(newer)]).then(() => true); }",
        [other, RECORD],
    )
    assert page.evaluate("() => window.bothDone") is True
    review = page.evaluate("() => window.toutesTablesReview.review")
    assert review["record"] == RECORD and review["done"]
    # nothing of the exercise under way carries over
    assert page.evaluate("() => window.toutesTablesReview.learning") is None
    expect(page.locator(".tt-review-learn")).to_be_hidden()
    assert page.evaluate("() => window.toutesTablesReview.current") == 0
    expect(page.locator(".tt-review-moves li.tt-chosen")).to_have_attribute("data-index", "0")
