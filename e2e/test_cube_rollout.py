"""The analysis board's rollout of the cube actions (docs/analysis.md): no double, double/take and double/pass
played out cubeful in the worker, with progress, the 95 % interval, Stop, and the verdict beside the search's.

The panel seeds its rollouts itself (seed 1), so the figures are the same at every run.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect
from driving import BOOT_TIMEOUT_MS

# Every wait on the engine is generous: a loaded machine (three full runs side by side) answers many times slower.
ANSWER_TIMEOUT_MS = 60_000
# White (on roll, no dice) bears off his three checkers with a double now, else surely next turn; Black's three
# need a double too: White wins about 86 %, no gammon, so double/pass is obviously right.
PASS_XGID = "XGID=-BA---------------------c-:0:0:1:00:0:0:0:0:10"


def open_cube_decision(page: Page, site_url: str, xgid: str) -> None:
    page.goto(f"{site_url}analysis/?rules=backgammon&xgid={xgid}")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White on roll", timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator(".tt-analysis-verdict")).to_contain_text("Double, pass", timeout=ANSWER_TIMEOUT_MS)


def test_the_cube_actions_roll_out_beside_the_search_with_progress_interval_and_stop(page: Page, site_url: str) -> None:
    open_cube_decision(page, site_url, PASS_XGID)
    start = page.get_by_role("button", name="Roll out the cube actions")
    expect(start).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    start.click()
    rows = page.locator(".tt-rollout-table tbody tr")
    expect(rows).to_have_count(3, timeout=ANSWER_TIMEOUT_MS)
    status = page.locator(".tt-rollout-status")
    expect(status).to_contain_text("games of each cube action", timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_function(
        "() => Number(document.querySelector('.tt-rollout-progress').value) >= 4", timeout=ANSWER_TIMEOUT_MS
    )
    verdict = page.locator(".tt-rollout-verdict")
    expect(verdict).to_contain_text("Rollout: Double, pass", timeout=ANSWER_TIMEOUT_MS)
    expect(verdict).to_contain_text("Search: Double, pass")
    page.get_by_role("button", name="Stop").click()
    expect(start).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    cells = [[cell.inner_text() for cell in row.locator("td").all()] for row in rows.all()]
    assert [c[0] for c in cells] == ["No double", "Double, take", "Double, pass"]
    no_double, double_take, double_pass = (float(c[1].replace("\u2212", "-")) for c in cells)
    assert double_take > double_pass == 1.0 > no_double  # the rollout's equities: pass is right, doubling is
    assert " to " in cells[0][2] and " to " in cells[1][2]  # the 95 % intervals
    assert cells[2][2] == "+1.000 to +1.000"  # double/pass is exact
    assert all(c[3] != "–" for c in cells)  # the search's equity on every line
    assert cells[2][3] == "+1.000"
    # Stopped: the worker forgot the rollout (the page's first, id 1, in a fresh worker), and nothing moves on.
    shown = status.inner_text()
    answer = page.evaluate(
        """async () => {
            try { return await window.toutesTablesAnalysis.engine.call("rollout_next", { id: 1 }); }
            catch (error) { return String(error.message); }
        }"""
    )
    assert isinstance(answer, str) and "no rollout 1" in answer, answer
    assert status.inner_text() == shown


def test_a_position_with_dice_still_rolls_out_its_plays_not_the_cube(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}analysis/?rules=backgammon&xgid={PASS_XGID.replace(':00:', ':21:')}")
    expect(page.locator(".tt-analysis .tt-status")).to_contain_text("White to play 2-1", timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator(".tt-analysis-plays li").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Roll out", exact=True)).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Roll out the cube actions")).to_have_count(0)


def test_the_french_board_rolls_out_the_cube_actions_in_french(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}fr/analysis/?rules=backgammon&xgid={PASS_XGID}")
    expect(page.locator(".tt-analysis .tt-status")).not_to_be_empty(timeout=BOOT_TIMEOUT_MS)
    page.locator(".tt-analysis .tt-actions button").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Analys").click()  # the board's own words are not translated yet
    start = page.get_by_role("button", name="Dérouler les décisions de videau")
    expect(start).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    start.click()
    status = page.locator(".tt-rollout-status")
    expect(status).to_contain_text("de chaque décision de videau", timeout=ANSWER_TIMEOUT_MS)
    verdict = page.locator(".tt-rollout-verdict")
    expect(verdict).to_contain_text("Rollout\u00a0: Double, refuse", timeout=ANSWER_TIMEOUT_MS)
    rows = page.locator(".tt-rollout-table tbody tr td:first-child")
    expect(rows).to_have_text(["Pas de double", "Double, accepte", "Double, refuse"])
    page.get_by_role("button", name="Arrêter").click()
    expect(start).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)


# Every change of the rollout panel, as it is drawn: the games so far, the equities shown and the verdict line.
WATCH_PANEL = """() => {
    window.rolloutSeen = [];
    const panel = document.querySelector('.tt-rollout-table').parentElement;
    const look = () => window.rolloutSeen.push({
        games: Number(panel.querySelector('.tt-rollout-progress').value),
        equities: [...panel.querySelectorAll('.tt-rollout-table tbody .tt-rollout-equity')].map((e) => e.textContent),
        verdict: panel.querySelector('.tt-rollout-verdict').textContent,
    });
    const all = { subtree: true, childList: true, characterData: true, attributes: true };
    new MutationObserver(look).observe(panel, all);
}"""


def test_the_cube_rollout_shows_nothing_before_a_game_and_no_verdict_on_one_game(page: Page, site_url: str) -> None:
    # the panel once showed +0.000 equities with 0 games played, and its verdict after one game beside the search's
    open_cube_decision(page, site_url, PASS_XGID)
    start = page.get_by_role("button", name="Roll out the cube actions")
    expect(start).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    page.evaluate(WATCH_PANEL)
    start.click()
    verdict = page.locator(".tt-rollout-verdict")
    expect(verdict).to_contain_text("Rollout: Double, pass", timeout=3 * ANSWER_TIMEOUT_MS)
    page.get_by_role("button", name="Stop").click()
    seen = page.evaluate("() => window.rolloutSeen")
    before = [s for s in seen if s["games"] == 0 and s["equities"]]
    assert before and all(e == "\u2014" for s in before for e in s["equities"]), before
    first = [s for s in seen if s["games"] == 1]
    assert first and all(s["verdict"].startswith("Too few games") for s in first), first
    assert "Search: Double, pass" in first[-1]["verdict"]  # the search's verdict stands alone meanwhile
