"""The game page's controls belong to the game: nothing acts before the engine can, and its keys stay its own."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from driving import (
    BOOT_TIMEOUT_MS,
    GAME_TIMEOUT_MS,
    drag_checker,
    game_view,
    hold_engine_boot,
    open_game,
    play_turn_with_pointer,
    seed_dice,
    wait_for_more_moves,
    wait_for_player,
    wait_for_steps,
    wait_until_engine_boot_held,
)


def test_nothing_can_be_pressed_while_the_engine_loads_and_early_clicks_and_keys_leave_the_first_game_whole(
    browser: Browser, site_url: str, dice_seed: int, problems: Any
) -> None:
    # the worker's files are held back, so the page stays loading while the test clicks and types;
    # no service worker: it would fetch them itself, out of the test's reach
    context = browser.new_context(service_workers="block")
    try:
        seed_dice(context, dice_seed)
        held = hold_engine_boot(context)
        page = context.new_page()
        page.on("console", problems.on_console)
        page.on("pageerror", problems.on_page_error)
        page.goto(f"{site_url}play/")
        expect(page.locator(".tt-progress")).to_be_visible()
        page.wait_for_function("() => window.toutesTables")
        # the worker asks for the wheels' manifest early in its boot: wait for that request to be held
        wait_until_engine_boot_held(page, held)
        for name in ("Roll", "Undo", "Confirm", "New game…"):
            button = page.get_by_role("button", name=name)
            # in place, so nothing jumps when the game appears, but disabled
            expect(button).to_be_visible()
            expect(button).to_be_disabled()
            button.click(force=True)
        page.locator("canvas.tt-board").focus()
        for key in ("r", "u", "c", "h", "Enter", "n", "ArrowLeft", "Enter", " "):
            page.keyboard.press(key)
        page.get_by_role("button", name="Roll").focus()
        page.keyboard.press("r")
        page.keyboard.press("c")
        assert page.evaluate("() => window.toutesTables.view") is None
        for route in held:
            route.continue_()
        page.wait_for_function("() => window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
        v = wait_for_player(page)
        expect(page.locator(".tt-notice")).to_be_hidden()
        assert v["phase"] == "move" and v["actor"] == "white" and v["turn_state"]["dests"]
        expect(page.get_by_role("button", name="New game…")).to_be_enabled()
        # and the first game plays on
        play_turn_with_pointer(page, v, use_drag=False)
        wait_for_more_moves(page, len(v["moves"]))
        assert not problems.errors, problems.errors
    finally:
        context.close()


# Counts the character keys that reach the window, where the theme's own shortcuts listen (N / P page
# turns, S search): the play page has no search to open, so a count is what can show a key escaping.
COUNT_KEYS_AT_THE_WINDOW = """(() => {
    window.keysAtTheWindow = [];
    window.addEventListener("keydown", (ev) => { if (ev.key.length === 1) window.keysAtTheWindow.push(ev.key); });
})()"""


def test_the_games_keys_do_not_turn_the_page_or_open_the_search(page: Page, site_url: str) -> None:
    page.add_init_script(COUNT_KEYS_AT_THE_WINDOW)
    open_game(page, site_url)
    wait_for_player(page)
    url = page.url
    # with the board focused (the game's own N / P jump between checkers), and with a game button focused
    for focus in ("canvas.tt-board", ".tt-game button:text('Flip board')"):
        page.locator(focus).focus()
        for key in ("n", "p", "N", "P", "s", "S", ".", ",", "/", "f"):
            page.keyboard.press(key)
            assert page.url == url, f"{key} left the page"
    assert page.evaluate("() => window.keysAtTheWindow") == []
    assert page.evaluate("() => Boolean(window.toutesTables && window.toutesTables.view)")
    # outside the game the keys do reach the window (so the count above could have caught one)
    page.locator("body").evaluate("(body) => document.activeElement.blur()")
    page.keyboard.press("x")
    assert page.evaluate("() => window.keysAtTheWindow") == ["x"]
    # in the rules book the site's shortcuts still work
    page.goto(f"{site_url}rules/")
    page.locator("body").evaluate("(body) => document.activeElement.blur()")
    page.keyboard.press("s")
    expect(page.locator("[data-md-toggle=search]")).to_be_checked()


def test_one_undo_takes_back_a_checker_dragged_with_both_dice(page: Page, site_url: str) -> None:
    # docs/play.md: a checker carried 8/4 with a 3-1 in one drag is one move, and one Undo takes it back
    open_game(page, site_url, "?rules=backgammon&position=4HPwATDgc/ABMA&turn=white&dice=3-1")
    before = wait_for_player(page)
    drag_checker(page, 8, 4)
    carried = wait_for_steps(page, 2)
    assert len(carried["turn_state"]["steps"]) == 2, carried["turn_state"]["steps"]  # 8/5 5/4 or 8/7 7/4
    page.get_by_role("button", name="Undo", exact=True).click()
    page.wait_for_function(
        "() => !window.toutesTables.busy && window.toutesTables.view.turn_state.steps.length === 0",
        timeout=GAME_TIMEOUT_MS,
    )
    after = game_view(page)
    assert after["position"] == before["position"]
    expect(page.get_by_role("button", name="Undo", exact=True)).to_be_disabled()
