"""One default rule set: every public function taking ``rules`` defaults to DEFAULT_RULES (Toutes Tables 225).

A caller who leaves ``rules`` out gets the same rules from ``legal_plays``, ``parse_play``, the
computer player, ``Game`` and ``Match``, so two calls on the same arguments never apply
different rules (docs/python.md, "Rule sets").
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import toutes_tables as tt
from toutes_tables import DEFAULT_RULES, ai, movegen, player, turn


def _public_callables() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {}
    for module in (tt, ai, movegen, player, turn):
        for name in getattr(module, "__all__", dir(module)):
            value = getattr(module, name, None)
            if callable(value) and not name.startswith("_"):
                found[f"{module.__name__}.{name}"] = value
                for method_name, method in inspect.getmembers(value, inspect.isfunction):
                    if not method_name.startswith("_") or method_name == "__init__":
                        found[f"{module.__name__}.{name}.{method_name}"] = method
    return found


def test_every_public_rules_parameter_defaults_to_default_rules_or_is_required() -> None:
    checked = []
    wrong = []
    for name, function in _public_callables().items():
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            continue
        rules = parameters.get("rules")
        if rules is None:
            continue
        checked.append(name)
        if rules.default not in (inspect.Parameter.empty, None, DEFAULT_RULES):
            wrong.append(f"{name}: rules={rules.default!r}")
    assert "toutes_tables.legal_plays" in checked and "toutes_tables.parse_play" in checked
    assert "toutes_tables.choose_play" in checked and "toutes_tables.Game.__init__" in checked
    assert not wrong, wrong


def test_the_default_rules_are_the_same_for_plays_parsing_the_computer_games_and_matches() -> None:
    position = tt.start_position(64)
    legal = tt.legal_plays(position, (6, 5))
    assert {p.result for p in legal} == {p.result for p in tt.legal_plays(position, (6, 5), DEFAULT_RULES)}
    assert tt.parse_play(position, "24/13", (6, 5)) in legal
    assert tt.choose_play(position, (6, 5)) in legal
    assert tt.ComputerPlayer().rules.name == DEFAULT_RULES
    assert tt.Game().rules.name == DEFAULT_RULES and tt.Match().rules.name == DEFAULT_RULES
    assert tt.GameOptions().rules == DEFAULT_RULES == "toutes-tables-225"


def test_the_chouette_defaults_to_backgammon_because_the_default_rules_have_no_cube() -> None:
    """The one documented exception (docs/python.md, "Rule sets"): a chouette is played for the cube."""
    from toutes_tables import chouette_service
    from toutes_tables.chouette import CHOUETTE_DEFAULT_RULES

    assert not tt.get_rules(DEFAULT_RULES).cube and tt.get_rules(CHOUETTE_DEFAULT_RULES).cube
    assert tt.Chouette(["Ann", "Bob", "Cy"]).rules.name == CHOUETTE_DEFAULT_RULES
    default = inspect.signature(chouette_service.chouette_new).parameters["rules"].default
    assert default == CHOUETTE_DEFAULT_RULES
    players = [{"name": name, "kind": "computer", "level": "beginner"} for name in ("Ann", "Bob", "Cy")]
    assert chouette_service.chouette_new(players, seed=1)["rules"] == CHOUETTE_DEFAULT_RULES
