"""Touch targets of at least 44 px on a phone held upright (docs/play.md, "How the page works").

At 390×844 a point is about 22 px wide, half a finger. A finger's tap is read as 44 px wide
(site/board/reach.js): it acts on the one location it covers, and on the point it lands in the middle of;
only a tap near the border between two targets brings up a row of 44 px buttons asking which one. These
tests measure the area from which each location can be reached, the chooser's buttons and the control
bar's, and play a whole game with nothing but taps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT, PageProblems
from driving import (
    board_point,
    farthest_move,
    game_view,
    open_game,
    seed_dice,
    wait_for_more_moves,
    wait_for_player,
    wait_for_steps,
    watched_page,
)
from playwright.sync_api import Browser, Page, ViewportSize, expect

PHONE: ViewportSize = {"width": 390, "height": 844}
# White to play 3-1 from the starting position (a share link): 8 and 6 can move, 7 between them is 8's
# destination; 5 and 4, side by side, are destinations too
OPENING_31 = "?rules=backgammon&position=4HPwATDgc/ABMA&turn=white&dice=3-1"
FINGER = 44  # CSS pixels: the least a touch target may measure
SCREENSHOTS = ROOT / ".cache" / "screenshots"


@pytest.fixture
def phone(browser: Browser, problems: PageProblems, dice_seed: int) -> Iterator[Page]:
    """A phone held upright, with touch; seeded dice; no motion, so the computer's turns are quick."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block", reduced_motion="reduce"
    )
    seed_dice(context, dice_seed)
    yield from watched_page(context, problems)


def reach_extent(page: Page, location: int | str) -> dict[str, Any]:
    """How wide and high the area is from which a tap reaches ``location`` (alone or in the chooser).

    Taps are tried every pixel across the location's centre row and down its centre column, through the
    board's own reading of a tap (``board.reachAt``). ``alone``: how wide the part of it is where the tap
    is the location's alone (no chooser); ``beside``: whether a neighbouring column is another target's.
    """
    return page.evaluate(  # type: ignore[no-any-return]
        """(loc) => {
            const board = window.toutesTables.board;
            const c = board.pixelOf(loc);
            const w = board.canvas.clientWidth, h = board.canvas.clientHeight;
            const pointWidth = w / 16.65;
            const reach = (x, y) => board.reachAt(x, y).map(String);
            const reaches = (x, y) => reach(x, y).includes(String(loc));
            const only = (x, y) => { const r = reach(x, y); return r.length === 1 && r[0] === String(loc); };
            let xs = [], ys = [], alone = [];
            for (let x = 0; x < w; x++) {
                if (reaches(x, c.y)) xs.push(x);
                if (only(x, c.y)) alone.push(x);
            }
            for (let y = 0; y < h; y++) if (reaches(c.x, y)) ys.push(y);
            const span = (v) => (v.length ? v[v.length - 1] - v[0] + 1 : 0);
            const beside = [c.x - pointWidth, c.x + pointWidth].some((x) => {
                const r = reach(x, c.y);
                return r.length === 1 && r[0] !== String(loc);
            });
            return { width: span(xs), height: span(ys), alone: span(alone), beside, pointWidth };
        }""",
        location,
    )


def assert_reached_by_a_finger(page: Page, location: int | str) -> None:
    """44 px of taps reach ``location`` where the board has room: a target with another beside it keeps
    at least the middle half of its own point, the border between them asking which one."""
    extent = reach_extent(page, location)
    assert extent["height"] >= FINGER, (location, extent)
    if extent["beside"]:
        assert extent["alone"] >= extent["pointWidth"] / 2, (location, extent)
    else:
        assert extent["width"] >= FINGER, (location, extent)


def tap_location(page: Page, location: int | str) -> None:
    """Tap a location's centre with a finger; if the board asks which point was meant, tap its button."""
    page.touchscreen.tap(*board_point(page, location))
    chooser = page.locator(".tt-board-chooser")
    if chooser.count():
        choice = chooser.locator(f'button[data-location="{location}"]')
        found = choice.bounding_box()
        assert found is not None, location
        assert found["width"] >= FINGER and found["height"] >= FINGER, found
        page.touchscreen.tap(found["x"] + found["width"] / 2, found["y"] + found["height"] / 2)
        expect(chooser).to_have_count(0)


def tap_button(page: Page, name: str) -> None:
    button = page.locator(".tt-control-bar").get_by_role("button", name=name, exact=True)
    found = button.bounding_box()
    assert found is not None, name
    page.touchscreen.tap(found["x"] + found["width"] / 2, found["y"] + found["height"] / 2)


def play_turn_by_taps(page: Page, v: dict[str, Any]) -> None:
    while not v["turn_state"]["finished"]:
        src, dst = farthest_move(v)
        steps = len(v["turn_state"]["steps"])
        tap_location(page, src)
        tap_location(page, dst)
        v = wait_for_steps(page, steps + 1)
    if not v["turn_state"]["no_play"]:
        tap_button(page, "Confirm")


def test_every_target_on_the_phone_board_is_reached_from_a_finger_sized_area(phone: Page, site_url: str) -> None:
    page = phone
    open_game(page, site_url)
    v = wait_for_player(page)
    assert v["phase"] == "move", v["phase"]
    sources = [s if s == "bar" else int(s) for s in v["turn_state"]["dests"]]
    # the point drawn is narrower than a finger: this is what the reach is for
    assert reach_extent(page, sources[0])["pointWidth"] < FINGER
    for source in sources:
        assert_reached_by_a_finger(page, source)
    # once a checker is picked up, its destinations too
    src, _ = farthest_move(v)
    tap_location(page, src)
    page.wait_for_function("(s) => String(window.toutesTables.board.state.selected) === String(s)", arg=src)
    for dest in v["turn_state"]["dests"][str(src)]:
        assert_reached_by_a_finger(page, dest)
    # the control bar's buttons, greyed ones too
    for button in page.locator(".tt-control-bar button:visible").all():
        found = button.bounding_box()
        assert found is not None
        assert found["width"] >= FINGER and found["height"] >= FINGER, (button.text_content(), found)


def test_a_tap_between_two_movable_points_asks_which_one_with_finger_sized_buttons(phone: Page, site_url: str) -> None:
    page = phone
    open_game(page, site_url)
    wait_for_player(page)
    # a tap on the seam between two points that can both be tapped now
    seam = page.evaluate(
        """() => {
            const board = window.toutesTables.board;
            const w = board.canvas.clientWidth, h = board.canvas.clientHeight;
            for (let y = 0; y < h; y += 4)
                for (let x = 0; x < w; x += 2) {
                    const reach = board.reachAt(x, y);
                    if (reach.length > 1) return { x, y, reach: reach.map(String) };
                }
            return null;
        }"""
    )
    if seam is None:
        pytest.skip("the seeded first roll leaves no two tap targets within a finger of each other")
    box = page.locator("canvas.tt-board").bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + seam["x"], box["y"] + seam["y"])
    chooser = page.locator(".tt-board-chooser")
    expect(chooser).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "chooser-390x844.png"))
    choices = chooser.get_by_role("button")
    assert sorted(b.get_attribute("data-location") or "" for b in choices.all()) == sorted(seam["reach"])
    for b in choices.all():
        found = b.bounding_box()
        assert found is not None and found["width"] >= FINGER and found["height"] >= FINGER, found
    # nothing was picked up by the doubtful tap; the chooser's button picks its point up
    assert page.evaluate("() => window.toutesTables.board.state.selected") is None
    first = choices.first
    wanted = first.get_attribute("data-location")
    first.tap()
    expect(chooser).to_have_count(0)
    assert str(page.evaluate("() => window.toutesTables.board.state.selected")) == wanted


def test_a_tap_in_the_middle_of_a_point_beside_other_targets_acts_on_it_without_asking(
    phone: Page, site_url: str
) -> None:
    page = phone
    open_game(page, site_url, OPENING_31)
    v = wait_for_player(page)
    assert set(v["turn_state"]["dests"]) >= {"8", "6"}, v["turn_state"]["dests"]
    chooser = page.locator(".tt-board-chooser")
    page.touchscreen.tap(*board_point(page, 8))
    page.wait_for_function("() => String(window.toutesTables.board.state.selected) === '8'")
    expect(chooser).to_have_count(0)
    # 7, a destination of 8, lies beside 8 (picked up, a target too): its middle is 7's
    assert {str(d) for d in v["turn_state"]["dests"]["8"]} >= {"7", "5", "4"}
    page.touchscreen.tap(*board_point(page, 7))
    moved = wait_for_steps(page, 1)
    assert moved["turn_state"]["steps"] == [[8, 7]], moved["turn_state"]["steps"]
    expect(chooser).to_have_count(0)
    # with the 3 left, 8 and 7 side by side can both move: the middle of each picks it up
    assert {"8", "7"} <= set(moved["turn_state"]["dests"]), moved["turn_state"]["dests"]
    for point in (7, 8):
        page.touchscreen.tap(*board_point(page, point))
        page.wait_for_function("(p) => String(window.toutesTables.board.state.selected) === String(p)", arg=point)
        expect(chooser).to_have_count(0)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "middle-tap-390x844.png"))


def test_a_whole_game_is_played_by_taps_on_a_phone(phone: Page, site_url: str) -> None:
    page = phone
    open_game(page, site_url)
    for _ in range(200):
        v = wait_for_player(page)
        if v["phase"] == "over":
            break
        if v["phase"] == "roll":
            tap_button(page, "Roll")
        elif v["phase"] == "move":
            play_turn_by_taps(page, v)
        else:
            raise AssertionError(f"unexpected phase {v['phase']!r} in a game without a cube")
        wait_for_more_moves(page, len(v["moves"]))
    result = game_view(page)["result"]
    assert result is not None, "the game does not end in 200 turns"
    assert result["winner"] in ("black", "white") and result["points"] >= 1
