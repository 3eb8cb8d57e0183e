"""After one online visit, a whole game is played with the network cut (issue: offline play).

The reload offline boots the engine from the build's snapshot, served by the service worker
(site/engine/PROTOCOL.md, "Files the worker loads").
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

import driving


def test_a_whole_game_is_played_with_the_network_cut(context: BrowserContext, page: Page, site_url: str) -> None:
    driving.open_game(page, site_url)
    driving.wait_for_offline_cache(page, site_url)

    context.set_offline(True)
    page.reload()
    page.wait_for_function(
        "() => window.toutesTables && window.toutesTables.view", timeout=driving.BOOT_TIMEOUT_MS
    )
    assert page.evaluate("() => navigator.onLine") is False
    restored = "() => performance.getEntriesByName('tt-engine-packages').at(-1).detail"
    assert page.evaluate(restored) == "restored from the boot snapshot"
    # A fresh game after the reload, so the whole of it is played offline.
    driving.start_new_game(page)
    turns = 0
    while True:
        v = driving.wait_for_player(page)
        if v["phase"] == "over":
            break
        driving.play_turn_with_pointer(page, v, use_drag=False)
        page.wait_for_function(
            "(n) => { const v = window.toutesTables.view; return v.phase === 'over' || v.moves.length > n; }",
            arg=len(v["moves"]),
        )
        turns += 1
        assert turns < 200, "the game does not end"
    result = driving.game_view(page)["result"]
    assert result["winner"] in ("black", "white") and result["points"] in (1, 2)
    assert page.evaluate("() => navigator.onLine") is False
