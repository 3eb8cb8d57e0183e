"""The game page played through its real UI: clicks, drags and keys on the canvas board.

The dice are random, so each test reads the legal destinations the engine offers (the page
exposes its controller as ``window.toutesTables``) and then acts on the canvas like a player.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from driving import (
    BOOT_TIMEOUT_MS,
    GAME_TIMEOUT_MS,
    open_game,
    open_new_game_dialog,
    game_view,
    wait_for_player,
    click_location,
    drag_checker,
    farthest_move,
    wait_for_steps,
    play_turn_with_pointer,
    play_until_double_is_possible,
    remember_view,
    wait_for_more_moves,
    wait_for_new_view,
    start_new_game,
)


def test_a_whole_game_against_the_computer_played_to_the_end(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    turns = 0
    while True:
        v = wait_for_player(page)
        if v["phase"] == "over":
            break
        assert v["phase"] == "move", v["phase"]  # Toutes Tables 225: no cube, the page rolls
        assert v["actor"] == "white"
        play_turn_with_pointer(page, v, use_drag=turns % 2 == 1)
        page.wait_for_function(
            "(n) => { const v = window.toutesTables.view; return v.phase === 'over' || v.moves.length > n; }",
            arg=len(v["moves"]),
        )
        turns += 1
        assert turns < 200, "the game does not end"
    v = game_view(page)
    assert v["result"]["winner"] in ("black", "white")
    assert v["result"]["points"] in (1, 2)
    assert v["match"]["score"][v["result"]["winner"]] >= v["result"]["points"]
    expect(page.locator(".tt-status")).to_contain_text("wins")
    white_plays = [m for m in v["moves"] if m.get("colour") == "white"]
    assert len(white_plays) >= turns - 1


def test_undo_takes_back_the_last_checker(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    v = wait_for_player(page)
    before = v["position"]
    src, dst = farthest_move(v)
    click_location(page, src)
    click_location(page, dst)
    moved = wait_for_steps(page, 1)
    assert moved["position"] != before
    # a move using both dice is two steps but one move: one Undo takes it all back (docs/play.md)
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => !window.toutesTables.busy && window.toutesTables.view.turn_state.steps.length === 0")
    assert game_view(page)["position"] == before
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()


def test_a_double_offered_and_taken_in_backgammon(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, match_length=3, rules="backgammon", opponent="human")  # a 1-point match has no cube
    # play (hot-seat) until a player may double before rolling
    v = play_until_double_is_possible(page, 10)
    assert v is not None, "no chance to double came up in 10 turns"
    doubler = v["actor"]
    page.get_by_role("button", name="Double").click()
    v = wait_for_player(page)
    assert v["phase"] == "double-offered"
    assert v["cube"]["offered_by"] == doubler
    expect(page.locator(".tt-status")).to_contain_text("doubles to 2")
    page.get_by_role("button", name="Take").click()
    page.wait_for_function("() => window.toutesTables.view.cube.value === 2")
    v = game_view(page)
    taker = "black" if doubler == "white" else "white"
    assert v["cube"]["owner"] == taker
    # the doubler no longer may double, so the page rolls for him at once
    assert v["turn"] == doubler
    page.wait_for_function("() => window.toutesTables.view.phase === 'move'")
    assert game_view(page)["cube_actions"] == []
    expect(page.locator(".tt-info")).to_contain_text(f"2, owned by {taker.capitalize()}")
    assert [m["kind"] for m in v["moves"][-2:]] == ["double", "take"]


def test_a_reload_resumes_in_the_middle_of_a_turn(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    v = wait_for_player(page)
    src, dst = farthest_move(v)
    drag_checker(page, src, dst)
    v = wait_for_steps(page, 1)
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    resumed = wait_for_player(page)
    for key in ("position", "turn_state", "moves", "start", "dice", "position_id"):
        assert resumed[key] == v[key], key
    # and the turn goes on from there
    play_turn_with_pointer(page, resumed, use_drag=False)
    wait_for_more_moves(page, len(resumed["moves"]))


@pytest.mark.parametrize(
    "saved",
    [
        "{not json",
        json.dumps({"version": 999, "record": "x", "steps": [], "players": {"black": "computer", "white": "human"}}),
        json.dumps(
            {"version": 1, "record": "garbage", "steps": [], "players": {"black": "computer", "white": "human"}}
        ),
    ],
    ids=["corrupt", "outdated", "bad-record"],
)
def test_corrupt_saved_data_gives_a_message_and_a_fresh_game(page: Page, site_url: str, saved: str) -> None:
    page.goto(f"{site_url}play/")
    page.evaluate("(text) => localStorage.setItem('toutes-tables/saved-game', text)", saved)
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".tt-notice")).to_contain_text("could not be restored")
    v = wait_for_player(page)
    assert v["rules"] == "toutes-tables-225"
    stored = json.loads(page.evaluate("() => localStorage.getItem('toutes-tables/saved-game')"))
    assert stored["version"] == 1 and stored["record"] == v["record"]


def test_a_turn_played_with_the_keyboard_only(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    v = wait_for_player(page)
    canvas = page.locator("canvas.tt-board")
    # Tab through the page until the board has focus, as a keyboard user would
    for _ in range(30):
        if page.evaluate("() => document.activeElement && document.activeElement.classList.contains('tt-board')"):
            break
        page.keyboard.press("Tab")
    expect(canvas).to_be_focused()
    moves_before = len(v["moves"])
    while not v["turn_state"]["finished"]:
        steps = len(v["turn_state"]["steps"])
        page.keyboard.press("n")  # the next movable checker
        page.keyboard.press("Enter")  # pick it up: the cursor goes to its first destination
        page.keyboard.press("Enter")  # drop it there
        v = wait_for_steps(page, steps + 1)
    live = page.locator(".tt-live").first
    expect(live).to_contain_text(v["turn_state"]["notation_so_far"].split(" ")[0])
    page.keyboard.press("c")  # confirm
    wait_for_more_moves(page, moves_before)
    assert game_view(page)["moves"][moves_before]["colour"] == "white"


def test_the_computer_answers_a_double(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, match_length=3, rules="backgammon", opponent="computer")  # a 1-point match has no cube
    # the computer may double first: take it, and go on
    take = page.get_by_role("button", name="Take")
    if play_until_double_is_possible(page, 15, on_double_offered=lambda _: take.click()) is None:
        pytest.skip("no chance to double came up")
    page.get_by_role("button", name="Double").click()
    page.wait_for_function(
        "() => ['take', 'drop'].includes(window.toutesTables.view.moves.at(-1).kind)", timeout=GAME_TIMEOUT_MS
    )
    v = game_view(page)
    if v["moves"][-1]["kind"] == "take":
        assert v["cube"]["owner"] == "black" and v["cube"]["value"] >= 2
    else:
        assert v["phase"] == "over" and v["result"]["winner"] == "white" and v["result"]["reason"] == "dropped"
        expect(page.locator(".tt-status")).to_contain_text("White wins")


def test_a_money_game_is_one_game_for_points_with_the_cube_in_play(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    dialog = open_new_game_dialog(page, rules="backgammon")
    match_length = dialog.locator("input[name=match_length]")
    expect(match_length).to_be_visible()
    dialog.locator("input[name=money_game]").check()
    # one game for points: no match length to choose, no Crawford rule
    expect(match_length).to_be_hidden()
    expect(dialog.locator("[data-option=crawford]")).to_be_hidden()
    remember_view(page)
    dialog.get_by_role("button", name="Start").click()
    wait_for_new_view(page)
    v = game_view(page)
    assert v["rules"] == "backgammon" and v["match"]["length"] == 0
    assert v["cube"]["value"] == 1 and "jacoby=off" in v["record"]
    # the choice is kept for the next New game
    page.get_by_role("button", name="New game…").click()
    expect(dialog.locator("input[name=money_game]")).to_be_checked()
    expect(match_length).to_be_hidden()


def test_the_new_game_dialog_offers_no_cube_for_a_match_to_1_point(page: Page, site_url: str) -> None:
    """docs/rules/cube.md, "A match to 1 point": the cube is dead there, so its options are not offered."""
    open_game(page, site_url)
    dialog = open_new_game_dialog(page, rules="backgammon")
    match_length = dialog.locator("input[name=match_length]")
    for length, shown in (("1", False), ("3", True), ("1", False)):
        match_length.fill(length)
        for option in ("cube", "crawford", "auto_doubles"):
            row = dialog.locator(f"[data-option={option}]")
            (expect(row).to_be_visible if shown else expect(row).to_be_hidden)()
    dialog.locator("input[name=money_game]").check()  # a money game keeps its live cube
    expect(dialog.locator("[data-option=cube]")).to_be_visible()


def checker_and_another_not_its_destination(dests: dict[str, list[int | str]]) -> tuple[str, str] | None:
    """Two movable checkers, the second not on a point the first may move to (a click there would move the first)."""
    for touched, reachable in dests.items():
        for other in dests:
            if other != touched and (other == "bar" or int(other) not in reachable):
                return touched, other
    return None


def test_touch_move_strict_mode_holds_the_player_to_the_checker_picked_up(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    dialog = open_new_game_dialog(page, opponent="human")
    dialog.locator("input[name=strict_touch]").check()
    remember_view(page)
    dialog.get_by_role("button", name="Start").click()
    wait_for_new_view(page)
    pair = None
    for _ in range(10):
        v = wait_for_player(page)
        pair = checker_and_another_not_its_destination(v["turn_state"]["dests"])
        if pair is not None:
            break
        play_turn_with_pointer(page, v, use_drag=False)
        wait_for_more_moves(page, len(v["moves"]))
    assert pair is not None, "no turn in 10 had two checkers to choose from"
    touched, other = pair
    click_location(page, touched if touched == "bar" else int(touched))
    page.wait_for_function("() => Object.keys(window.toutesTables.board.state.dests).length === 1")
    assert list(page.evaluate("() => window.toutesTables.board.state.dests")) == [touched]
    # another checker cannot be picked up now: only the touched one stays movable
    click_location(page, other if other == "bar" else int(other))
    assert list(page.evaluate("() => window.toutesTables.board.state.dests")) == [touched]
    assert page.evaluate("() => window.toutesTables.board.state.selected") is None
    dest = v["turn_state"]["dests"][touched][0]
    click_location(page, touched if touched == "bar" else int(touched))
    click_location(page, dest)
    after = wait_for_steps(page, 1)
    moved_from = after["turn_state"]["steps"][0][0]
    expected = 25 if touched == "bar" else (int(touched) if v["turn"] == "white" else 25 - int(touched))
    assert moved_from == expected
    # once it has moved, the rest of the turn is free again: every checker that can move is offered,
    # and the moved checker is not picked up or held to by itself
    shown = page.evaluate("() => Object.keys(window.toutesTables.board.state.dests)")
    assert sorted(shown) == sorted(after["turn_state"]["dests"])
    assert page.evaluate("() => window.toutesTables.board.state.selected") is None


def test_a_dropped_double_ends_the_game_and_the_match_goes_on_to_the_next_game(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    start_new_game(page, match_length=3, rules="backgammon-225", opponent="human")
    v = play_until_double_is_possible(page, 10)
    assert v is not None, "no chance to double came up in 10 turns"
    doubler = v["actor"]
    first_start = v["start"]["number"]
    page.get_by_role("button", name="Double").click()
    page.wait_for_function("() => window.toutesTables.view.phase === 'double-offered'")
    page.get_by_role("button", name="Drop").click()
    page.wait_for_function("() => window.toutesTables.view.phase === 'over'")
    v = game_view(page)
    assert v["result"]["winner"] == doubler and v["match"]["score"][doubler] == 1
    expect(page.locator(".tt-status")).to_contain_text("Match to 3")
    page.get_by_role("button", name="Next game").click()
    v = wait_for_player(page)
    assert v["game_number"] == 2
    assert v["start"]["number"] == first_start  # each 225 start is played twice
    assert v["match"]["score"][doubler] == 1
    assert v["phase"] == "move"
