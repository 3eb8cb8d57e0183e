"""The web game's engine has the network for crashed positions (docs/computer.md, the glance).

The engine wheel carries ``data/crashed.bin``; in the browser the computer must judge a crashed position
(in contact, one side down to a handful of checkers in play) by that network, as CPython does. The
analysis board's ``study_advice`` answers the same equities in the worker as
``toutes_tables.study_service`` here.
"""

from __future__ import annotations

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
DICE = [2, 1]


@pytest.mark.parametrize("rules", ["toutes-tables", "backgammon"])
def test_the_browser_judges_a_crashed_position_by_its_own_network(
    page: Page, site_url: str, rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    position = XGID.parse(study_service.study_position(rules, board=BOARD, turn="white", dice=DICE)["xgid"]).position
    assert crashed(position.mine, position.theirs)
    expected = driving.python_advice(rules, BOARD, DICE)
    shipped = default_network()
    monkeypatch.setattr(shipped, "crashed_network", shipped.main)
    by_the_main_network = driving.python_advice(rules, BOARD, DICE)
    monkeypatch.undo()
    assert [p["equity"] for p in expected] != [p["equity"] for p in by_the_main_network]
    driving.open_game(page, site_url)
    assert driving.browser_advice(page, rules, BOARD, DICE) == expected
