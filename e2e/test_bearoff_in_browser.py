"""The web game's engine has the bear-off databases (docs/computer.md, "In the bear-off: exact tables").

The engine wheel carries ``data/bearoff.bin``; in the browser the computer must judge a position with
both sides all home by those tables, as CPython does, not by its network. The analysis board's
``study_advice`` answers the same equities in the worker as ``toutes_tables.study_service`` here.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

import driving
from toutes_tables.ai import bearoff

# Both sides all home (White, negative counts, on roll on points 1-6; Black on 19-24): the tables' reach.
BOARD = {"points": [-2, -3, -2, 0, -3, -2] + [0] * 12 + [0, 2, 3, 2, 3, 2], "bar": {"black": 0, "white": 0}}
DICE = [6, 3]


@pytest.mark.parametrize("rules", ["toutes-tables", "backgammon"])
def test_the_browser_plays_the_bear_off_by_the_databases(
    page: Page, site_url: str, rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = driving.python_advice(rules, BOARD, DICE)
    monkeypatch.setattr(bearoff, "available", lambda: False)
    by_the_network = driving.python_advice(rules, BOARD, DICE)
    monkeypatch.undo()
    assert [p["equity"] for p in expected] != [p["equity"] for p in by_the_network]
    driving.open_game(page, site_url)
    assert driving.browser_advice(page, rules, BOARD, DICE) == expected
