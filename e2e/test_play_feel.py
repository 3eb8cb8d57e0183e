"""The game's feel: the dice roll and the checkers slide (not under prefers-reduced-motion), and sounds
made with Web Audio, off until the player turns them on, the choice remembered (docs/play.md)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import quote

import pytest
from conftest import PageProblems
from driving import open_game, play_turn_with_pointer, seed_dice, wait_for_player, watched_page
from playwright.sync_api import Browser, Page, expect

# Counts the sounds' sources as the page makes them: the real AudioContext, watched.
COUNT_AUDIO = """
window.__ttSources = 0;
const Real = window.AudioContext;
if (Real) {
  window.AudioContext = class extends Real {
    createOscillator() { window.__ttSources += 1; return super.createOscillator(); }
    createBufferSource() { window.__ttSources += 1; return super.createBufferSource(); }
  };
}
"""


def motion_page(browser: Browser, problems: PageProblems, seed: int, reduced: str) -> Iterator[Page]:
    context = browser.new_context(reduced_motion=reduced, service_workers="block")  # type: ignore[arg-type]
    seed_dice(context, seed)
    context.add_init_script(COUNT_AUDIO)
    yield from watched_page(context, problems)


@pytest.fixture
def moving_page(browser: Browser, problems: PageProblems, dice_seed: int) -> Iterator[Page]:
    yield from motion_page(browser, problems, dice_seed, "no-preference")


@pytest.fixture
def still_page(browser: Browser, problems: PageProblems, dice_seed: int) -> Iterator[Page]:
    yield from motion_page(browser, problems, dice_seed, "reduce")


def play_a_turn_each(page: Page) -> dict[str, int]:
    """Play the player's first turn and wait for the computer's; the board's motion counts."""
    v = wait_for_player(page)
    play_turn_with_pointer(page, v, use_drag=False)
    page.wait_for_function(
        "(n) => { const g = window.toutesTables; const v = g.view;"
        " return !g.busy && v.moves.filter((m) => m.kind === 'play').length >= n; }",
        arg=len([m for m in v["moves"] if m["kind"] == "play"]) + 2,
    )
    return page.evaluate("() => window.toutesTables.board.motion")  # type: ignore[no-any-return]


def test_the_dice_roll_and_the_computers_checkers_slide(moving_page: Page, site_url: str) -> None:
    open_game(moving_page, site_url)
    motion = play_a_turn_each(moving_page)
    assert motion["rolls"] >= 2 and motion["slides"] >= 2, motion  # the player's click glides, the computer's play


def test_under_reduced_motion_the_dice_and_checkers_do_not_move(still_page: Page, site_url: str) -> None:
    open_game(still_page, site_url)
    motion = play_a_turn_each(still_page)
    assert motion == {"rolls": 0, "slides": 0}


def test_sound_is_off_until_turned_on_and_the_choice_is_remembered(moving_page: Page, site_url: str) -> None:
    page = moving_page
    open_game(page, site_url)
    toggle = page.get_by_label("Sound")
    expect(toggle).not_to_be_checked()
    play_a_turn_each(page)
    assert page.evaluate("() => window.__ttSources") == 0  # off: not a sound made
    toggle.check()
    assert page.evaluate("() => localStorage.getItem('toutes-tables:sound')") == "on"
    play_a_turn_each(page)
    assert page.evaluate("() => window.__ttSources") > 0
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=60_000)
    expect(page.get_by_label("Sound")).to_be_checked()
    page.get_by_label("Sound").uncheck()
    assert page.evaluate("() => localStorage.getItem('toutes-tables:sound')") == "off"


def until_the_computer_has_played_with_rolls_by_hand(page: Page) -> None:
    """Turn Roll by hand on, play the opening roll if it is the player's, and wait for the computer's play:
    the player's dice then wait for the Roll button."""
    page.get_by_label("Roll my dice by hand").check()
    v = wait_for_player(page)
    if v["phase"] == "move":  # the opening roll was the player's: play it first
        play_turn_with_pointer(page, v, use_drag=False)
    page.wait_for_function(
        "() => { const g = window.toutesTables;"
        " return !g.busy && g.view.phase === 'roll' && g.view.actor === 'white'; }"
    )


def test_rolling_by_hand_waits_for_the_roll_button(moving_page: Page, site_url: str) -> None:
    page = moving_page
    open_game(page, site_url)
    until_the_computer_has_played_with_rolls_by_hand(page)
    expect(page.locator(".tt-status")).to_have_text("Your turn: roll the dice.")
    page.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_function(
        "() => { const v = window.toutesTables.view; return v.phase === 'move' && v.actor === 'white'; }"
    )
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=60_000)
    expect(page.get_by_label("Roll my dice by hand")).to_be_checked()  # remembered in this browser


# Watches every frame: while the computer's play slides in (board.sliding), is any of the turn's buttons
# (those with a key: Roll, Double, Take, Drop, Undo, Confirm, Hint, Resign, Next game) pressable, or gone?
WATCH_THE_TURNS_BUTTONS = """() => {
  const seen = { frames: 0, pressable: [], counts: [] };
  window.__ttWhileSliding = seen;
  const tick = () => {
    const g = window.toutesTables;
    if (g && g.board.sliding) {
      seen.frames += 1;
      const buttons = [...document.querySelectorAll(".tt-control-bar button[aria-keyshortcuts]")];
      seen.counts.push(buttons.filter((b) => b.offsetParent !== null).length);
      for (const b of buttons) if (!b.disabled) seen.pressable.push(b.textContent);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return document.querySelectorAll(".tt-control-bar button[aria-keyshortcuts]").length;
}"""


def test_the_turns_buttons_are_disabled_in_place_while_the_computers_checkers_slide(
    moving_page: Page, site_url: str
) -> None:
    # docs/play.md: the computer cannot be hurried; its play slides in with the buttons greyed, then they are back
    page = moving_page
    open_game(page, site_url)
    shown = page.evaluate(WATCH_THE_TURNS_BUTTONS)
    until_the_computer_has_played_with_rolls_by_hand(page)
    seen = page.evaluate("() => window.__ttWhileSliding")
    assert seen["frames"] > 0, "the computer's play did not slide"
    assert seen["pressable"] == [], seen["pressable"]
    assert set(seen["counts"]) == {shown}, (seen["counts"], shown)  # in place, not removed
    expect(page.get_by_role("button", name="Roll", exact=True)).to_be_enabled()


# Positions given by a share link (a money game with a live cube), the player White:
# a race White leads, double and take; and one White has won, double and drop.
RACE_TO_DOUBLE = "tbsbAABtdw8AAA"  # White 6:4 5:3 4:3 3:2 2:2 1:1, Black 7:2 6:3 5:3 4:3 3:2 2:1 1:1
RACE_TO_DROP = "+L4PAADf9wEAAA"  # White 3:5 2:5 1:5, Black 6:5 5:5 4:5


@pytest.mark.parametrize(("position", "answer"), [(RACE_TO_DOUBLE, "Black takes."), (RACE_TO_DROP, "Black drops.")])
def test_the_computers_answer_to_your_double_is_in_the_status_line(
    page: Page, site_url: str, position: str, answer: str
) -> None:
    open_game(page, site_url, f"?rules=backgammon&position={quote(position, safe='')}&turn=white")
    v = wait_for_player(page)
    assert v["phase"] == "roll" and v["cube_actions"] == ["double"], (v["phase"], v["cube_actions"])
    page.get_by_role("button", name="Double").click()
    page.wait_for_function("(n) => window.toutesTables.view.moves.length > n + 1", arg=len(v["moves"]))
    expect(page.locator(".tt-status")).to_contain_text(answer)


def test_the_computers_double_is_in_the_status_line(page: Page, site_url: str) -> None:
    # the same race, Black (the computer) on roll
    open_game(page, site_url, f"?rules=backgammon&position={quote(RACE_TO_DOUBLE, safe='')}&turn=black")
    v = wait_for_player(page)
    assert v["phase"] == "double-offered" and v["actor"] == "white", v["phase"]
    expect(page.locator(".tt-status")).to_have_text("Black doubles to 2: take or drop?")
