"""The web game's engine has the bear-off databases (docs/computer.md, "In the bear-off: exact tables").

The engine wheel carries ``data/bearoff.bin``; in the browser the computer must judge a position with
both sides all home by those tables, as CPython does, not by its network. The analysis board's
``study_advice`` answers the same equities in the worker as ``toutes_tables.study_service`` here.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

import driving
from toutes_tables import study_service
from toutes_tables.ai import bearoff

# Both sides all home (White, negative counts, on roll on points 1-6; Black on 19-24): the tables' reach.
BOARD = {"points": [-2, -3, -2, 0, -3, -2] + [0] * 12 + [0, 2, 3, 2, 3, 2], "bar": {"black": 0, "white": 0}}
ADVICE = """async ([rules, board]) => {
  const engine = window.toutesTables.engine;
  const view = await engine.call("study_position", {rules, board, turn: "white", dice: [6, 3]});
  return await engine.call("study_advice", {rules, xgid: view.xgid, count: 4});
}"""


def python_advice(rules: str) -> dict[str, Any]:
    view = study_service.study_position(rules, board=BOARD, turn="white", dice=[6, 3])
    advice: dict[str, Any] = study_service.study_advice(rules, view["xgid"], 4)
    return advice


@pytest.mark.parametrize("rules", ["toutes-tables", "backgammon"])
def test_the_browser_plays_the_bear_off_by_the_databases(page: Page, site_url: str, rules: str) -> None:
    expected = python_advice(rules)
    network_only = pytest.MonkeyPatch()
    network_only.setattr(bearoff, "available", lambda: False)
    try:
        by_the_network = python_advice(rules)
    finally:
        network_only.undo()
    assert [p["equity"] for p in expected["plays"]] != [p["equity"] for p in by_the_network["plays"]]
    driving.open_game(page, site_url)
    answer = page.evaluate(ADVICE, [rules, BOARD])
    # compared as values, not as JSON text: the worker's answer comes through JavaScript, which writes a
    # float 0.0 (the best play's cost) as 0
    assert answer["plays"] == expected["plays"]
