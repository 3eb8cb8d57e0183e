"""The review page (docs/play-review.md): a seeded game's record reviewed in the browser, as the CLI
reviews it; the graph, the marks, stepping, a "learn from your mistakes" exercise, and a kept review."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from driving import game_view, open_game, play_turn_with_pointer, wait_for_player
from playwright.sync_api import Page, expect

import toutes_tables as tt
from toutes_tables import record as records
from toutes_tables.ai import choose_play

ROOT = Path(__file__).resolve().parent.parent
REVIEW_TIMEOUT_MS = 240_000
TURNS = 24  # an unfinished game: long enough for mistakes, short enough to review quickly


def seeded_record(seed: int = 20261201) -> str:
    """A backgammon game of TURNS turns, half the plays random, so it has marked errors."""
    game = tt.Game("backgammon", rng=random.Random(seed))
    rng = random.Random(seed + 1)
    while game.result is None and len(game.history) < 2 * TURNS:
        if game.phase == "opening":
            game.roll_opening()
        elif game.phase == "roll":
            game.roll()
        elif game.phase == "move":
            plays = tt.legal_plays(game.position, game.dice, rules="backgammon")
            if not plays:
                game.play(())
            elif rng.random() < 0.5:
                game.play(rng.choice(plays))
            else:
                game.play(choose_play(game.position, game.dice, "backgammon", level="beginner", rng=rng))
        else:
            break
    return records.game_to_text(game)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "game.txt"
    path.write_text(seeded_record())
    return path


def cli_review(path: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "pkg")}
    done = subprocess.run([sys.executable, "-m", "toutes_tables", "analyse", "--json", str(path)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def open_review(page: Page, site_url: str, record: str) -> None:
    page.goto(f"{site_url}play-review/")
    page.evaluate("(r) => sessionStorage.setItem('tt-review-record', r)", record)
    page.reload()
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)


def test_the_browsers_review_agrees_with_the_clis(page: Page, site_url: str, record_file: Path) -> None:
    expected = cli_review(record_file)
    open_review(page, site_url, record_file.read_text())
    review = page.evaluate("() => window.toutesTablesReview.review")
    got = [(d["colour"], d["dice"], d["played"], d["best"], d["error"], d["mark"]) for d in review["decisions"]]
    want = [(d["colour"], d["dice"], d["played"], d["best"], d["error"], d["mark"]) for d in expected["decisions"]]
    assert got == want
    for colour in ("black", "white"):
        assert review["summary"][colour]["checker_error_mp"] == expected["players"][colour]["checker_error_mp"]
        assert review["summary"][colour]["luck"] == expected["players"][colour]["luck"]
    marked = [d for d in expected["decisions"] if d["mark"]]
    assert marked, "the seeded game has no marked error: pick another seed"
    signs = page.locator(".tt-review-moves .tt-mark")
    expect(signs).to_have_count(len(marked))


def test_stepping_and_the_graph_show_each_decision_on_the_board(page: Page, site_url: str, record_file: Path) -> None:
    open_review(page, site_url, record_file.read_text())
    current = "() => window.toutesTablesReview.current"
    assert page.evaluate(current) == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate(current) == 1
    page.get_by_role("button", name="Last decision").click()
    last = page.evaluate("() => window.toutesTablesReview.review.decisions.length - 1")
    assert page.evaluate(current) == last
    page.keyboard.press("Home")
    assert page.evaluate(current) == 0
    # a click at the right end of the graph goes to the last move decision
    graph = page.locator(".tt-review-graph")
    box = graph.bounding_box()
    assert box is not None
    graph.click(position={"x": box["width"] - 3, "y": box["height"] / 2})
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    last_move = max(i for i, d in enumerate(decisions) if d["kind"] == "move")
    assert page.evaluate(current) == last_move
    # a marked decision shows the best play as arrows and the play made lit faintly
    marked = next(i for i, d in enumerate(decisions) if d["mark"] in ("bad", "very bad"))
    page.locator(f".tt-review-moves li[data-index='{marked}']").click()
    # the board is drawn after the click is handled (on a loaded machine, noticeably later): wait for it
    page.wait_for_function(
        "(best) => JSON.stringify(window.toutesTablesReview.board.state.arrows) === JSON.stringify(best)",
        arg=decisions[marked]["best_locations"],
    )
    state = page.evaluate("() => window.toutesTablesReview.board.state")
    assert state["arrows"] == decisions[marked]["best_locations"]
    assert state["lastMove"] == decisions[marked]["played_locations"]
    expect(page.locator(".tt-review-detail")).to_contain_text(f"Best: {decisions[marked]['best']}")


def test_learning_from_a_mistake_judges_the_new_play(page: Page, site_url: str, record_file: Path) -> None:
    open_review(page, site_url, record_file.read_text())
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    colour = next(d["colour"] for d in decisions if d["mark"] in ("bad", "very bad"))
    first = next(d for d in decisions
                 if d["colour"] == colour and d["kind"] == "move" and d["mark"] in ("bad", "very bad"))
    page.get_by_role("button", name=f"Learn from {colour.capitalize()}'s mistakes").click()
    expect(page.locator(".tt-review-learn")).to_contain_text("find a better play than")
    # play the reviewer's best play on the board, checker by checker
    for source, destination in first["best_locations"]:
        for location in (source, destination):
            x, y = page.evaluate(
                "(loc) => { const c = window.toutesTablesReview.board.pixelOf(loc); return [c.x, c.y]; }", location
            )
            page.locator(".tt-review canvas.tt-board").click(position={"x": x, "y": y})
            page.wait_for_timeout(200)
    expect(page.locator(".tt-review-verdict")).to_contain_text("Best play!", timeout=60_000)


def test_a_finished_review_is_kept_for_the_next_visit(page: Page, site_url: str, record_file: Path) -> None:
    open_review(page, site_url, record_file.read_text())
    page.reload()
    expect(page.locator(".tt-review .tt-status")).to_contain_text("kept on this device", timeout=60_000)
    assert page.evaluate("() => window.toutesTablesReview.review.decisions.length") > TURNS


def test_a_bad_record_is_named_and_nothing_is_lost(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}play-review/")
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Paste a game", timeout=REVIEW_TIMEOUT_MS)
    page.get_by_label("Game or match record, or a .mat file").fill("Toutes Tables record 1\nRules: chess\n")
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator(".tt-review .tt-notice")).to_contain_text("cannot be reviewed")


def test_the_game_pages_review_button_opens_the_review_of_the_game_in_play(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    for _ in range(3):
        v = wait_for_player(page)
        if v["phase"] == "over":
            break
        play_turn_with_pointer(page, v, use_drag=False)
    wait_for_player(page)
    record = game_view(page)["record"]
    page.get_by_role("button", name="Review", exact=True).click()
    page.wait_for_url(f"{site_url}play-review/")
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Review finished", timeout=REVIEW_TIMEOUT_MS)
    assert page.evaluate("() => window.toutesTablesReview.review.record") == record
    moves = page.evaluate("() => window.toutesTablesReview.review.decisions.filter((d) => d.kind === 'move').length")
    assert moves >= 4
    # the game is still there to go back to
    page.go_back()
    assert wait_for_player(page)["record"] == record
