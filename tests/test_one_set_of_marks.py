"""One set of marks: the review's thresholds (analysis.MARKS, gnubg's) are the only ones, wherever a cost is worded.

The game page's cost word (the service's ``last_cost``), the analysis board's ranked plays and the review page's
legend all get their marks from the engine; the pages keep no copy of the thresholds, and the rules book states the
engine's values (docs/review.md, docs/computer.md).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toutes_tables import Game, Position, get_rules, legal_plays
from toutes_tables.analysis import BAD, DOUBTFUL, MARK_SIGNS, MARKS, VERY_BAD, Decision, mark, mark_thresholds
from toutes_tables.record import game_to_text
from toutes_tables.services import dispatch

ROOT = Path(__file__).resolve().parent.parent
# White's 6-5 at the classic start: 24/13 is the known best and 8/3 8/2, three blots, a blunder.
CLASSIC = "white 6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"
CLASSIC_65_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10"


def test_the_marks_are_gnubgs_worst_first() -> None:
    assert MARKS == ((VERY_BAD, "very bad"), (BAD, "bad"), (DOUBTFUL, "doubtful"))
    assert (DOUBTFUL, BAD, VERY_BAD) == (0.03, 0.06, 0.12)  # arSkillLevel in gnubg.c
    table = mark_thresholds()["errors"]
    assert [(m["above"], m["mark"], m["sign"]) for m in table] == [(a, n, MARK_SIGNS[n]) for a, n in MARKS]


def test_the_game_pages_cost_word_is_the_reviews_mark() -> None:
    game = Game("backgammon", position=Position.from_text(CLASSIC))
    game.roll((6, 5))
    dispatch("load", {"record": game_to_text(game), "steps": [], "level": "expert"})
    dispatch("move", {"from": 8, "to": 3})
    dispatch("move", {"from": 8, "to": 2})
    cost = dispatch("confirm", {"show_cost": True})["last_cost"]
    assert cost["cost"] > VERY_BAD
    assert cost["mark"] == mark(cost["cost"]) == "very bad"


def test_the_analysis_boards_plays_carry_the_reviews_mark_of_their_cost() -> None:
    plays = dispatch("study_advice", {"rules": "backgammon", "xgid": CLASSIC_65_XGID, "count": 20})["plays"]
    assert plays[0]["notation"] == "24/13" and plays[0]["cost"] == 0.0 and plays[0]["mark"] == ""
    for p in plays:
        assert abs(p["cost"] - (plays[0]["equity"] - p["equity"])) <= 0.0011  # each figure rounded to 0.001
        assert p["mark"] == mark(p["cost"])
    assert {p["mark"] for p in plays} >= {"", "very bad"}  # 20 plays of a 6-5 reach both ends of the scale


def test_the_review_hands_the_page_the_engines_table_of_marks() -> None:
    started = dispatch("review_start", {"record": game_to_text(Game("backgammon"))})
    dispatch("review_cancel", {"id": started["id"]})
    assert started["marks"] == mark_thresholds()


# A threshold written beside a mark's name in a page's script: `[0.04, "doubtful"]`, `doubtful = 0.03`,
# `"bad": 0.08`... Any such copy could drift from the engine's.
THRESHOLD_COPY = re.compile(
    r"""\b0\.\d+\s*,\s*["'](?:doubtful|bad|very bad)["']"""
    r"""|\b(?:doubtful|bad|very_?bad|verybad)\w*\s*[=:]\s*0\.\d"""
    r"""|["'](?:doubtful|bad|very bad)["']\s*[:,]\s*0\.\d""",
    re.IGNORECASE,
)


def test_no_page_keeps_its_own_copy_of_the_thresholds() -> None:
    # the pages' scripts (node tests are left out: their made-up decisions pair equities with marks)
    scripts = [p for p in (ROOT / "site").rglob("*.*js") if "node_modules" not in p.parts and ".test." not in p.name]
    assert len(scripts) > 20
    copies = [
        f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
        for p in scripts
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if THRESHOLD_COPY.search(line)
    ]
    assert copies == []


def test_the_pattern_finds_the_copies_it_is_meant_to_find() -> None:
    for line in ('  [0.16, "very bad"],', "function judge(d, doubtful = 0.03) {", "const marks = { bad: 0.08 };"):
        assert THRESHOLD_COPY.search(line), line


def test_the_rules_book_states_the_engines_thresholds() -> None:
    review = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    for above, name in MARKS:
        assert re.search(rf"\|\s*more than {above:.3f}\s*\|\s*{name}\s*\|", review), name
    computer = (ROOT / "docs" / "computer.md").read_text(encoding="utf-8")
    stated = re.findall(r"more than (0\.\d+) is \*(doubtful|bad|very bad)\*", computer)
    assert sorted((float(a), n) for a, n in stated) == sorted(MARKS)


# Three plays whose costs rounded once differ from the differences of their equities as shown (+0.100, +0.091,
# +0.070): 0.0096 is 0.010 (not 0.009), and 0.0306 is 0.031, doubtful (not 0.030, unmarked).
BEST, CLOSE, DOUBTFUL_PLAY = 0.1004, 0.0908, 0.0698


def fabricated_hint(monkeypatch: pytest.MonkeyPatch, position: Position, dice: tuple[int, int]) -> None:
    """The computer's hint of any level gives three legal plays of ``dice`` the equities above."""
    from toutes_tables.ai import advice

    plays = legal_plays(position, dice, get_rules("backgammon"))[:3]
    made = advice.Hint(
        [advice.PlayAdvice(p, str(p), e, 2, "why") for p, e in zip(plays, (BEST, CLOSE, DOUBTFUL_PLAY), strict=True)],
        None,
    )
    monkeypatch.setattr(advice, "hint", lambda *_, **__: made)


def reviewed_as(error: float) -> tuple[float, str]:
    """The error as the review shows it in whole millipoints (3 places), and its mark."""
    position = Position.from_text(CLASSIC)
    decision = Decision(1, 1, 1, "move", position.turn, position, position.gnubg_id(), None, (6, 5), "a", "b",
                        BEST - error, BEST, error, 20)
    return round(decision.shown_error, 3), decision.mark


def test_the_hint_and_the_analysis_board_cost_a_play_as_the_review_marks_its_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One cost for a play (service.with_costs): its equity's difference from the best rounded once, as the review
    rounds its error, and marked as shown; the figures as shown are what the review would show and mark."""
    position = Position.from_text(CLASSIC)
    fabricated_hint(monkeypatch, position, (6, 5))
    board = dispatch("study_advice", {"rules": "backgammon", "xgid": CLASSIC_65_XGID, "count": 3})["plays"]
    game = Game("backgammon", position=position)
    game.roll((6, 5))
    dispatch("load", {"record": game_to_text(game), "steps": [], "level": "expert"})
    hinted = dispatch("hint")["plays"]
    want = [reviewed_as(BEST - e) for e in (BEST, CLOSE, DOUBTFUL_PLAY)]
    assert want == [(0.0, ""), (0.01, ""), (0.031, "doubtful")]
    assert [(p["cost"], p["mark"]) for p in board] == want
    assert [(p["cost"], p["mark"]) for p in hinted] == want
    assert [p["equity"] for p in hinted] == [p["equity"] for p in board] == [0.1, 0.091, 0.07]
