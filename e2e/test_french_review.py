"""The review on /fr/play-review/: the cube decisions' actions, which the engine sends as data ("double",
"drop"), are said in French from the page's catalogue ("Blanc : double", "Noir refuse"), docs/translations.md."""

from __future__ import annotations

from playwright.sync_api import Page, expect

# a finished 2-point match: White doubles at once and Black drops (a very bad drop), then a short Crawford game
from test_review_page import REVIEW_TIMEOUT_MS, finished_match
from toutes_tables import record as records


def test_the_french_review_says_the_cube_actions_in_french(page: Page, site_url: str) -> None:
    record = records.match_to_text(finished_match())
    page.goto(f"{site_url}fr/play-review/")
    page.evaluate("(r) => sessionStorage.setItem('tt-review-record', r)", record)
    page.reload()
    expect(page.locator(".tt-review .tt-status")).to_contain_text("Revue terminée", timeout=REVIEW_TIMEOUT_MS)
    decisions = page.evaluate("() => window.toutesTablesReview.review.decisions")
    answer = next(i for i, d in enumerate(decisions) if d["kind"] == "take")
    assert decisions[answer]["played"] == "drop" and decisions[answer]["best"] == "take"  # data, in English
    moves = page.locator(".tt-review-moves li")
    expect(moves.nth(answer)).to_contain_text("Noir refuse")
    double = next(i for i, d in enumerate(decisions) if d["kind"] == "cube" and d["played"] == "double")
    expect(moves.nth(double)).to_contain_text("Blanc\u00a0: double")  # a French colon, its space unbreakable
    text = page.locator(".tt-review-moves").inner_text()
    assert " drop" not in text and " take" not in text, text
    # the decision's detail: its best action in French too
    moves.nth(answer).click()
    detail = page.locator(".tt-review-detail")
    expect(detail).to_contain_text("Le meilleur\u00a0: prend")
    assert "take" not in detail.inner_text()
