"""On a phone held upright the status line takes the room its sentence needs, and the board does not jump.

The stacked stage kept three lines for the status (game.css): under a one-line status, a blank band of about
45 px above the board on /play/ and /fr/play/ at 390x844 (found by the player-tester). The status area now
fits its sentence and holds that height through the turn (site/game/stage.js): the board sits one grid gap
under the status's text, and stays where it is as the status changes within a turn.
"""

from __future__ import annotations

import pytest
from driving import click_location, farthest_move, wait_for_player, wait_for_steps
from playwright.sync_api import Page, expect

GAP = 8  # the stage's grid gap (game.css's --tt-gap): all there may be between the status and the board
STATUS_AND_BOARD = """() => {
    const status = document.querySelector(".tt-status").getBoundingClientRect();
    const board = document.querySelector("canvas.tt-board").getBoundingClientRect();
    return { statusBottom: status.bottom, boardTop: board.top, text: document.querySelector(".tt-status").innerText };
}"""
YOUR_MOVE = {"en": "Your move: ", "fr": "À vous de jouer\u00a0: "}
YOU_PLAY = {"en": "You play ", "fr": "Vous jouez "}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_board_sits_under_the_status_and_stays_there_as_it_changes(
    page: Page, site_url: str, language: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # a phone held upright: the stage stacked
    # White to play 5-3 from the classic start: a one-line status on a 390 px phone
    edition = f"{site_url}{'fr/' if language == 'fr' else ''}"
    page.goto(f"{edition}play/?rules=backgammon&position=4HPwATDgc/ABMA&turn=white&dice=5-3")
    v = wait_for_player(page)
    assert v["phase"] == "move" and v["turn"] == "white", (v["phase"], v["turn"])
    expect(page.locator(".tt-status")).to_contain_text(YOUR_MOVE[language])
    before = page.evaluate(STATUS_AND_BOARD)
    assert 0 <= before["boardTop"] - before["statusBottom"] <= GAP + 2, before  # no blank band
    # one checker moved: the status changes ("You play 13/8. Confirm, or undo."), the board stays put
    source, destination = farthest_move(v)
    click_location(page, source)
    click_location(page, destination)
    wait_for_steps(page, 1)
    expect(page.locator(".tt-status")).to_contain_text(YOU_PLAY[language])
    after = page.evaluate(STATUS_AND_BOARD)
    assert after["boardTop"] == before["boardTop"], (before, after)
    assert 0 <= after["boardTop"] - after["statusBottom"] <= GAP + 2, after
