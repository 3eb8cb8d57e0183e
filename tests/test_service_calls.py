"""Malformed and hostile calls to the JSON service: each is a ServiceError naming what is wrong, and changes nothing.

The web worker hands the page's requests to ``services.dispatch``; whatever arrives, the answer
is a ``ValueError`` subclass that names the parameter and what it accepts, and the game (or
chouette) in play stays exactly as it was.
"""

from __future__ import annotations

from typing import Any

import pytest

from toutes_tables import service_calls
from toutes_tables.services import ServiceError, dispatch, method_names

PEOPLE = [{"name": n, "kind": "human"} for n in ("Ann", "Bob", "Cy")]


@pytest.fixture
def game_in_play() -> dict[str, Any]:
    return dict(dispatch("new_match", {"rules": "backgammon", "match_length": 3}))


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("load", {"record": "x"}, "load needs the parameter 'steps'"),
        ("state", {"x": 1}, "state has no parameter 'x'; it takes no parameters"),
        ("new_match", {"match": 5}, "new_match has no parameter 'match'; it takes 'rules', 'match_length'"),
        ("roll", [1], "roll: the parameters are an object"),
        ("roll", "{}", "roll: the parameters are an object"),
        (["state"], None, "a method name is text, got \\['state'\\]"),
        (None, None, "a method name is text"),
        ("state", {1: 2}, "parameter names are text"),
        ("no_such_method", None, "unknown service method 'no_such_method'"),
    ],
)
def test_a_malformed_call_is_a_service_error_naming_what_is_wrong(
    game_in_play: dict[str, Any], name: Any, params: Any, message: str
) -> None:
    with pytest.raises(ServiceError, match=message):
        dispatch(name, params)
    assert dispatch("state") == game_in_play


# Each option is read as its type: a string "false" is not false, 0 is not an empty list.
BAD_OPTIONS = [
    ("new_match", {"crawford": "false"}, "crawford is true or false, got 'false'"),
    ("new_match", {"money_game": "false"}, "money_game is true or false"),
    ("new_match", {"auto_doubles": "no"}, "auto_doubles is true or false"),
    ("new_match", {"cube": 1}, "cube is true or false, got 1"),
    ("new_match", {"jacoby": None}, "jacoby is true or false"),
    ("new_match", {"point_game": "true"}, "point_game is true or false"),
    ("new_match", {"winner_opens": 0}, "winner_opens is true or false"),
    ("new_match", {"match_length": True}, "match_length is an integer 1-99, got True"),
    ("new_match", {"match_length": "5"}, "match_length is an integer"),
    ("new_match", {"match_length": 5.0}, "match_length is an integer"),
    ("new_match", {"match_length": 0}, "match_length is an integer 1-99"),
    ("new_match", {"match_length": 10**9}, "match_length is an integer 1-99"),
    ("new_match", {"match_length": 10**100}, "match_length is an integer 1-99"),
    ("new_match", {"auto_doubles": True, "auto_double_limit": 10**100}, "auto_double_limit is an integer 1-64"),
    ("new_match", {"start": True}, "start is an integer 1-225"),
    ("new_match", {"start": 226}, "start is an integer 1-225"),
    ("new_match", {"rules": ["backgammon"]}, "rules is one of"),
    ("new_match", {"turn": 1}, "turn is one of 'black', 'white'"),
    ("new_match", {"position": 5}, "position is a gnubg Position ID"),
    ("new_match", {"level": ["expert"]}, "level is one of"),
    ("confirm", {"show_cost": "false"}, "show_cost is true or false"),
    ("load", {"record": 5, "steps": []}, "record is a record"),
    ("load", {"record": "x" * 3_000_000, "steps": []}, "of at most 2,000,000 characters"),
    ("load", {"record": "", "steps": ""}, "steps is a list of \\[from, to\\] pairs, got ''"),
    ("load", {"record": "", "steps": 0}, "steps is a list of \\[from, to\\] pairs, got 0"),
    ("load", {"record": "", "steps": {}}, "steps is a list of \\[from, to\\] pairs, got {}"),
    ("load", {"record": "", "steps": [[1, 2]] * 5}, "steps is a list .* of at most 4 items"),
    ("load", {"record": "", "steps": [(1, 2)]}, "a step of steps is \\[from, to\\]"),
    ("load", {"record": "", "steps": [], "show_cost_for": "white"}, "show_cost_for is a list"),
    ("load", {"record": "", "steps": [], "show_cost_for": ["red"]}, "show_cost_for is one of 'black', 'white'"),
    ("explore", {"start": 64, "dice": [6, 1], "steps": ""}, "steps is a list"),
    ("explore", {"start": 64, "dice": "61"}, "dice is two dice 1-6"),
    ("explore", {"start": 64, "dice": [6, 1], "move": [13, 7]}, "move is {'from': ..., 'to': ...}"),
    ("explore", {"start": "64"}, "start is an integer 1-225"),
    ("move", {"from": [13], "to": 7}, "a board location is 1-24"),
    ("chouette_new", {"players": PEOPLE, "jacoby": "false"}, "jacoby is true or false"),
    ("chouette_new", {"players": PEOPLE, "seed": True}, "seed is an integer"),
    ("chouette_new", {"players": "Ann, Bob, Cy"}, "players is a list"),
    ("chouette_new", {"players": PEOPLE * 3}, "players is a list .* of at most 8 items"),
    ("chouette_new", {"players": [*PEOPLE[:2], {"name": "Cy", "kind": "computer", "level": ""}]}, "level is one of"),
    ("chouette_new", {"players": [*PEOPLE[:2], {"name": "Cy", "kind": "computer", "level": 0}]}, "level is one of"),
    ("chouette_answer", {"name": "Ann", "take": "yes"}, "take is true or false"),
    ("chouette_answer", {"name": 1, "take": True}, "name is a player's name"),
    ("chouette_resign", {"name": "Ann", "outcome": "all"}, "outcome is one of 'single'"),
    ("chouette_load", {"save": {}, "seats": []}, "seats is an object"),
    ("chouette_load", {"save": {}, "seats": {}, "steps": 0}, "steps is a list"),
]


@pytest.mark.parametrize(("name", "params", "message"), BAD_OPTIONS)
def test_options_are_read_as_their_type_not_as_truthy(
    game_in_play: dict[str, Any], name: str, params: dict[str, Any], message: str
) -> None:
    with pytest.raises(ServiceError, match=message):
        dispatch(name, params)
    assert dispatch("state") == game_in_play


def test_the_chouette_in_play_stays_after_a_refused_call() -> None:
    before = dispatch("chouette_new", {"players": PEOPLE, "seed": 7})
    for name, params, _ in BAD_OPTIONS:
        if name.startswith("chouette_"):
            with pytest.raises(ServiceError):
                dispatch(name, params)
    assert dispatch("chouette_state") == before


def test_an_error_quotes_a_hostile_value_shortly() -> None:
    with pytest.raises(ServiceError) as raised:
        dispatch("new_match", {"crawford": "x" * 1_000_000})
    assert len(str(raised.value)) < 200
    # a number past Python's 4,300-digit repr limit is named too (its repr would raise an unrelated error)
    with pytest.raises(ServiceError, match=r"match_length .* a number of about 5000 digits"):
        dispatch("new_match", {"match_length": 10**5000})
    # and a list nested past the interpreter's recursion limit
    nested: list[Any] = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(ServiceError, match="show_cost_for"):
        dispatch("load", {"record": "x", "show_cost_for": nested})


def test_an_empty_or_false_list_option_is_refused_not_read_as_none(game_in_play: dict[str, Any]) -> None:
    for falsy in (False, 0, ""):
        with pytest.raises(ServiceError, match="show_cost_for"):
            dispatch("load", {"record": game_in_play["record"], "show_cost_for": falsy})
    assert dispatch("state") == game_in_play


def test_every_method_is_registered_in_the_one_table() -> None:
    names = method_names()
    assert {"new_match", "load", "state", "hint", "explore", "chouette_new", "chouette_advice"} <= set(names)
    assert service_calls.method_names() == names


def _imports(module: str) -> set[str]:
    """The package modules ``toutes_tables.<module>`` imports (relative imports, at any depth of the file)."""
    import ast
    from pathlib import Path

    import toutes_tables

    tree = ast.parse((Path(toutes_tables.__file__).parent / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {alias.name for alias in node.names}
    return found


def test_the_service_layers_import_only_the_layers_below() -> None:
    """service_calls < service < chouette_service < services: the chouette registers itself, no circle."""
    layers = ["service_calls", "service", "chouette_service", "services"]
    for i, module in enumerate(layers):
        above = set(layers[i + 1 :])
        assert not _imports(module) & above, module
    # the bottom layer knows nothing of the engine but its errors and its catalogues (messages, which says the
    # errors in the page's language), which import nothing else of it
    assert _imports("service_calls") == {"errors", "messages"}
    assert _imports("messages") == {"errors"}
    assert _imports("errors") == set()
