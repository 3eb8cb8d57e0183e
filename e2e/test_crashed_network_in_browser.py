"""The web game's engine has the network for crashed positions (docs/computer.md, the glance).

The engine wheel carries ``data/crashed.bin``; in the browser the computer must judge a crashed position
(in contact, one side down to a handful of checkers in play) by that network, as CPython does. The
analysis board's ``study_advice`` answers the same equities in the worker as
``toutes_tables.study_service`` here.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

import driving
from toutes_tables import study_service
from toutes_tables.ai.network import default_network
from toutes_tables.ai.phases import crashed
from toutes_tables.xgid import XGID

# White (negative counts, on roll) has 12 checkers left, piled on its ace and deuce points, and one back on
# Black's 20 point; Black (13 checkers) is still to bear in: in contact, White crashed.
BOARD = {
    "points": [-5, -4, -2, 0, 0, 0] + [0] * 11 + [3, 2, -1, 2, 2, 2, 2],
    "bar": {"black": 0, "white": 0},
}
ADVICE = """async ([rules, board]) => {
  const engine = window.toutesTables.engine;
  const view = await engine.call("study_position", {rules, board, turn: "white", dice: [2, 1]});
  return await engine.call("study_advice", {rules, xgid: view.xgid, count: 4});
}"""


def python_advice(rules: str) -> dict[str, Any]:
    view = study_service.study_position(rules, board=BOARD, turn="white", dice=[2, 1])
    advice: dict[str, Any] = study_service.study_advice(rules, view["xgid"], 4)
    return advice


@pytest.mark.parametrize("rules", ["toutes-tables", "backgammon"])
def test_the_browser_judges_a_crashed_position_by_its_own_network(page: Page, site_url: str, rules: str) -> None:
    position = XGID.parse(study_service.study_position(rules, board=BOARD, turn="white", dice=[2, 1])["xgid"]).position
    assert crashed(position.mine, position.theirs)
    expected = python_advice(rules)
    shipped = default_network()
    main_only = pytest.MonkeyPatch()
    main_only.setattr(shipped, "crashed_network", shipped.main)
    try:
        by_the_main_network = python_advice(rules)
    finally:
        main_only.undo()
    assert [p["equity"] for p in expected["plays"]] != [p["equity"] for p in by_the_main_network["plays"]]
    driving.open_game(page, site_url)
    answer = page.evaluate(ADVICE, [rules, BOARD])
    # compared as values, not as JSON text (JavaScript writes a float 0.0 as 0)
    assert answer["plays"] == expected["plays"]
