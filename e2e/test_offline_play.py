"""After one online visit, a whole game is played with the network cut (issue: offline play)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from playwright.sync_api import BrowserContext, Page


def load_sibling(name: str) -> ModuleType:
    """Another e2e module by path (the e2e folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"e2e_{name}", Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


game_driver = load_sibling("test_game")
platform = load_sibling("test_platform")


def test_a_whole_game_is_played_with_the_network_cut(context: BrowserContext, page: Page, site_url: str) -> None:
    game_driver.open_game(page, site_url)
    platform.wait_for_offline_cache(page, site_url)

    context.set_offline(True)
    page.reload()
    page.wait_for_function(
        "() => window.toutesTables && window.toutesTables.view", timeout=game_driver.BOOT_TIMEOUT_MS
    )
    assert page.evaluate("() => navigator.onLine") is False
    # A fresh game after the reload, so the whole of it is played offline.
    game_driver.start_new_game(page)
    turns = 0
    while True:
        v = game_driver.wait_for_player(page)
        if v["phase"] == "over":
            break
        game_driver.play_turn_with_pointer(page, v, use_drag=False)
        page.wait_for_function(
            "(n) => { const v = window.toutesTables.view; return v.phase === 'over' || v.moves.length > n; }",
            arg=len(v["moves"]),
        )
        turns += 1
        assert turns < 200, "the game does not end"
    result = game_driver.game_view(page)["result"]
    assert result["winner"] in ("black", "white") and result["points"] in (1, 2)
    assert page.evaluate("() => navigator.onLine") is False
