"""A whole game played on /play/ to its end, then its review (issue 11's "play a game to the end, open its review,
check the graph, the marks, stepping, and one learn from your mistakes exercise"). The dice are the session's seed
(conftest); the player plays by clicks on the board, each checker to its farthest destination (driving), against
the Beginner, in Toutes tables (no cube, so no double to answer)."""

from __future__ import annotations

from typing import Any

import driving
from driving import play_turn_with_pointer, wait_for_player
from playwright.sync_api import Page, expect
from test_review_page import REVIEW_TIMEOUT_MS, play_on_the_review_board

from toutes_tables.analysis import MARK_SIGNS

MAX_TURNS = 150  # a game of Toutes tables by clicks ends in about 30 of the player's turns


def play_a_whole_game(page: Page, site_url: str) -> dict[str, Any]:
    """A new game of Toutes tables against the Beginner, from its opening roll, played by clicks to its end."""
    driving.open_game(page, site_url)
    driving.start_new_game(page, rules="toutes-tables", level="beginner")
    for _ in range(MAX_TURNS):
        v = wait_for_player(page)
        if v["phase"] == "over":
            return v
        assert v["phase"] == "move", v["phase"]  # the page rolls by itself; no cube in this set
        play_turn_with_pointer(page, v, use_drag=False)
        driving.wait_for_more_moves(page, len(v["moves"]))
    raise AssertionError(f"the game did not end in {MAX_TURNS} turns")


def test_a_game_played_to_its_end_is_reviewed_stepped_through_and_learnt_from(page: Page, site_url: str) -> None:
    final = play_a_whole_game(page, site_url)
    assert final["result"] is not None
    panel = page.locator(".tt-review-panel")
    expect(panel).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    panel.get_by_role("button", name="Open the full review").click()
    page.wait_for_url("**/play-review/")
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    review = page.evaluate("() => window.toutesTablesReview.review")
    assert review["record"] == final["record"] and review["done"]
    decisions = review["decisions"]
    assert len(decisions) > 20  # a whole game, not a few turns

    # the graph is drawn, with a mark on it for each marked error; the move list carries the same signs
    graph = page.locator(".tt-review-graph")
    expect(graph).to_be_visible()
    box = graph.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 40
    marked = [i for i, d in enumerate(decisions) if d["mark"]]
    assert marked, "the player moving each checker as far as it goes made no marked error"
    signs = page.locator(".tt-review-moves .tt-mark")
    expect(signs).to_have_count(len(marked))
    shown_signs = {sign.strip() for sign in signs.all_inner_texts()}
    assert sorted(shown_signs) == sorted({MARK_SIGNS[decisions[i]["mark"]] for i in marked})

    # stepping: the keys and the buttons, and a click on the graph
    current = "() => window.toutesTablesReview.current"
    assert page.evaluate(current) == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate(current) == 1
    page.keyboard.press("End")
    assert page.evaluate(current) == len(decisions) - 1
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(current) == len(decisions) - 2
    page.get_by_role("button", name="First decision").click()
    assert page.evaluate(current) == 0
    page.get_by_role("button", name="Next decision").click()
    assert page.evaluate(current) == 1
    page.get_by_role("button", name="Last decision").click()
    assert page.evaluate(current) == len(decisions) - 1
    page.get_by_role("button", name="Previous decision").click()
    assert page.evaluate(current) == len(decisions) - 2
    page.keyboard.press("Home")
    assert page.evaluate(current) == 0
    graph.click(position={"x": box["width"] - 3, "y": box["height"] / 2})
    assert page.evaluate(current) == max(i for i, d in enumerate(decisions) if d["kind"] == "move")

    # one "learn from your mistakes" exercise: the player's first bad play, tried again with the best one
    def bad_plays(colour: str) -> list[dict[str, Any]]:
        return [d for d in decisions if d["colour"] == colour and d["kind"] == "move"
                and d["mark"] in ("bad", "very bad")]

    colour = "white" if bad_plays("white") else "black"  # the player's (White, the page's default), else the Beginner's
    mistakes = bad_plays(colour)
    assert mistakes, "neither side made a bad play"
    page.get_by_role("button", name=f"Learn from {colour.capitalize()}'s mistakes").click()
    expect(page.locator(".tt-review-learn")).to_contain_text("find a better play than")
    play_on_the_review_board(page, mistakes[0]["best_locations"])
    expect(page.locator(".tt-review-verdict")).to_contain_text("Best play!", timeout=60_000)
