"""The computer's advice in the game page: the Hint button, the cube advice, the cost of a move, the level.

The hint's plays come from the engine worker; the test plays the first one through the canvas
like a player, so a hint that is not a legal play (or is given in the wrong locations) fails.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from toutes_tables.analysis import mark as mark_of

from driving import (
    BOOT_TIMEOUT_MS,
    GAME_TIMEOUT_MS,
    click_location,
    game_view,
    open_game,
    play_turn_with_pointer,
    play_until_double_is_possible,
    start_new_game,
    wait_for_more_moves,
    wait_for_player,
    wait_for_steps,
)

HINT_TIMEOUT_MS = 30_000  # the strongest level looks one roll ahead: slower than a move in a loaded machine


def ask_for_hint(page: Page, key: bool = False) -> dict[str, Any]:
    """Press Hint (the button, or the H key) and return the engine's answer once it is on show."""
    if key:
        page.locator("canvas.tt-board").focus()  # keys work anywhere in the game but form fields
        page.keyboard.press("h")
    else:
        page.get_by_role("button", name="Hint").click()
    page.wait_for_function(
        "() => window.toutesTables.hint !== null && !window.toutesTables.busy", timeout=HINT_TIMEOUT_MS
    )
    expect(page.locator(".tt-hint")).to_be_visible()
    return page.evaluate("() => window.toutesTables.hint")  # type: ignore[no-any-return]


def play_moves(page: Page, moves: list[list[int | str]]) -> dict[str, Any]:
    """Play ``[from, to]`` checker moves on the canvas, one click each end."""
    v = game_view(page)
    for source, destination in moves:
        steps = len(v["turn_state"]["steps"])
        click_location(page, source)
        click_location(page, destination)
        v = wait_for_steps(page, steps + 1)
    return v


def test_the_hints_best_play_is_legal_and_playing_it_costs_nothing(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    v = wait_for_player(page)
    assert v["phase"] == "move" and v["level"] == "expert"
    if v["turn_state"]["no_play"]:
        pytest.skip("the first roll had no legal play")
    page.get_by_label("Show what each of my moves cost").check()
    hint = ask_for_hint(page)
    assert hint["phase"] == "move" and hint["cube"] is None and len(hint["dice"]) == 2
    shown = page.locator(".tt-hint-plays li")
    expect(shown).to_have_count(len(hint["plays"]))
    best = hint["plays"][0]
    expect(shown.first).to_have_class(re.compile("tt-hint-best"))
    expect(shown.first.locator(".tt-hint-notation")).to_have_text(best["notation"])
    # the equity is shown with its sign
    expect(shown.first.locator(".tt-hint-equity")).to_have_text(re.compile(r"^([+\u2212]\d\.\d{3}|0\.000)$"))
    # the plays looked at one roll ahead come first, best first
    deepest = [p["equity"] for p in hint["plays"] if p["ply"] == best["ply"]]
    assert deepest == sorted(deepest, reverse=True)
    # the best play is drawn on the board as arrows, checker by checker
    assert page.evaluate("() => window.toutesTables.board.state.arrows") == best["moves"]

    played = play_moves(page, best["moves"])
    assert played["turn_state"]["finished"] and played["turn_state"]["notation"] == best["notation"]
    moves_before = len(v["moves"])
    page.get_by_role("button", name="Confirm").click()
    wait_for_more_moves(page, moves_before)
    line = game_view(page)["moves"][moves_before]
    assert line["colour"] == "white" and line["text"].endswith(best["notation"])
    assert page.evaluate("() => window.toutesTables.board.state.arrows") == []  # the hint's turn is over
    # the best play costs nothing, and the page says so
    expect(page.locator(".tt-cost")).to_have_text(f"{best['notation']}: best move.", timeout=GAME_TIMEOUT_MS)
    # the hint was for that turn only
    expect(page.locator(".tt-hint")).to_be_hidden()


def play_a_move_with_a_choice_showing_its_cost(page: Page, site_url: str) -> dict[str, Any] | None:
    """Open the game with the cost shown, play White's turns until one had a choice; return its cost line."""
    open_game(page, site_url)
    page.get_by_label("Show what each of my moves cost").check()
    for _ in range(6):
        v = wait_for_player(page)
        if v["phase"] == "over":
            pytest.skip("the game ended before a move with a choice")
        choice = not v["turn_state"]["no_play"] and not v["turn_state"]["forced"]
        play_turn_with_pointer(page, v, use_drag=False)
        wait_for_more_moves(page, len(v["moves"]))
        if choice:
            break
    cost: dict[str, Any] | None = game_view(page)["last_cost"]
    return cost


def test_the_cost_of_another_move_is_shown_as_a_figure(page: Page, site_url: str) -> None:
    cost = play_a_move_with_a_choice_showing_its_cost(page, site_url)
    assert cost is not None and cost["colour"] == "white" and cost["cost"] >= 0
    assert cost["mark"] == mark_of(cost["cost"])  # the engine's mark is the review's (docs/review.md)
    mark = f", {cost['mark']}" if cost["mark"] else ""
    expected = f"{cost['notation']}: best move." if cost["cost"] < 0.0005 else (
        f"{cost['notation']}: cost {cost['cost']:.3f}{mark} (equity given away against the best play, "
        f"{cost['best']}; 1.000 is a whole game)."
    )
    expect(page.locator(".tt-cost")).to_have_text(expected)


def test_the_cost_line_of_the_last_move_survives_a_reload(page: Page, site_url: str) -> None:
    """The page asks load to work the cost out again (show_cost_for): the line is not lost with the reload."""
    cost = play_a_move_with_a_choice_showing_its_cost(page, site_url)
    assert cost is not None and cost["colour"] == "white"
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    resumed = wait_for_player(page)["last_cost"]
    assert resumed is not None and (resumed["colour"], resumed["notation"]) == ("white", cost["notation"])
    expect(page.locator(".tt-cost")).to_contain_text(f"{cost['notation']}:")


def test_cube_advice_before_rolling_in_backgammon(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    # a match to 5: in a 1-point match the cube is dead, and the advice says only that
    start_new_game(page, match_length=5, rules="backgammon", opponent="computer")

    def take_after_asking(_: dict[str, Any]) -> None:  # the computer doubled first: ask whether to take
        hint = ask_for_hint(page)
        assert hint["cube"]["action"] in ("take", "drop")
        expect(page.locator(".tt-hint-cube")).to_contain_text(hint["cube"]["verdict"])
        page.get_by_role("button", name="Take").click()

    if play_until_double_is_possible(page, 15, on_double_offered=take_after_asking) is None:
        pytest.skip("the game ended, or 15 turns passed, before a chance to double")
    hint = ask_for_hint(page, key=True)  # the H key works like the button
    assert hint["phase"] == "roll" and hint["plays"] == [] and hint["dice"] is None
    cube = hint["cube"]
    assert cube["may_double"] and cube["action"] in ("double", "roll")
    advice = page.locator(".tt-hint-cube")
    expect(advice).to_contain_text(cube["verdict"])
    if cube["reason"]:
        expect(advice).to_contain_text(cube["reason"])


def test_the_level_chosen_in_the_dialog_is_played_and_kept_over_a_reload(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    page.get_by_role("button", name="New game…").click()
    levels = page.locator("dialog.tt-dialog select[name=level] option")
    expect(levels).to_have_text(["Beginner", "Intermediate", "Advanced", "Expert", "World class"])
    expect(page.locator("dialog.tt-dialog select[name=level]")).to_have_value("expert")
    page.get_by_role("button", name="Cancel").click()
    start_new_game(page, rules="toutes-tables", level="beginner")
    v = wait_for_player(page)
    assert v["level"] == "beginner"
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    resumed = wait_for_player(page)
    assert resumed["level"] == "beginner" and resumed["rules"] == "toutes-tables"
    page.get_by_role("button", name="New game…").click()
    expect(page.locator("dialog.tt-dialog select[name=level]")).to_have_value("beginner")


def test_a_saved_game_at_a_level_this_version_lacks_gives_a_message_and_a_fresh_game(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    wait_for_player(page)
    page.evaluate(
        """() => {
            const saved = JSON.parse(localStorage.getItem('toutes-tables/saved-game'));
            saved.options.level = 'grandmaster';
            localStorage.setItem('toutes-tables/saved-game', JSON.stringify(saved));
        }"""
    )
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-notice")).to_contain_text("unknown level 'grandmaster'")
    assert wait_for_player(page)["level"] == "expert"
