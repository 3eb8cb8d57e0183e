"""Resigning and the rematch (docs/play.md, "Resigning"; docs/rules/scoring.md, "Resigning").

The player offers a resignation at an outcome; the computer accepts it when it expects no more from
playing on and refuses it otherwise (the game goes on, the status line says why). In a match the game's
points count and the match goes on; at the end of the match, Rematch starts the same match again.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PageProblems
from toutes_tables import Position

from driving import (
    assert_status_read_whole,
    open_game,
    remember_view,
    seed_dice,
    start_new_game,
    wait_for_new_view,
    wait_for_player,
    watched_page,
)
from playwright.sync_api import Browser, Page, expect

# White (the player) on roll with all fifteen on his mid-point, Black with all fifteen on his ace point:
# Black wins a gammon for sure, so it refuses a single game and accepts a gammon.
SURE_GAMMON_FOR_BLACK = Position.from_text("white 13:15 / 1:15").gnubg_id()


def resign(page: Page, words: str, key: bool = False, title: str = "Resign") -> None:
    """Open the Resign dialog (its button or the Q key), choose what to concede, resign (``title``: the
    dialog's name and its button's, in the page's language)."""
    if key:
        page.locator("canvas.tt-board").focus()
        page.keyboard.press("q")
    else:
        page.get_by_role("button", name="Resign…").click()
    dialog = page.get_by_role("dialog", name=title)
    expect(dialog).to_be_visible()
    dialog.get_by_label(words).check()
    remember_view(page)
    dialog.get_by_role("button", name=title, exact=True).click()
    expect(dialog).to_be_hidden()


def test_the_computer_refuses_a_single_game_it_would_win_as_a_gammon_and_accepts_the_gammon_then_rematch(
    page: Page, site_url: str
) -> None:
    open_game(page, site_url, f"?rules=backgammon&position={SURE_GAMMON_FOR_BLACK}&turn=white")
    v = wait_for_player(page)
    assert v["actor"] == "white" and v["phase"] in ("roll", "move"), (v["actor"], v["phase"])
    moves = len(v["moves"])

    resign(page, "A single game (1 point)")
    status = page.locator(".tt-status")
    why = page.locator(".tt-resign-answer")
    expect(status).to_have_text("Black refuses: the game goes on.")
    expect(why).to_contain_text("Black refuses: a single game gives 1 point, but playing on is worth +")
    v = wait_for_player(page)
    assert v["phase"] != "over" and len(v["moves"]) == moves, v["phase"]  # nothing happened to the game

    resign(page, "A gammon (2 points)", key=True)
    wait_for_new_view(page)
    v = wait_for_player(page)
    assert v["phase"] == "over" and v["result"]["reason"] == "resigned", v["result"]
    assert v["result"]["winner"] == "black" and v["result"]["outcome"] == "gammon" and v["result"]["points"] == 2
    expect(status).to_contain_text("Black accepts. Black wins a gammon (resigned), 2 points")
    expect(why).to_contain_text("Black accepts: a gammon gives 2 points, and playing on is worth +")
    assert v["moves"][-1]["text"] == "White resigns."
    expect(page.get_by_role("button", name="Resign…")).to_be_disabled()
    expect(page.get_by_role("button", name="Next game")).to_be_disabled()  # a single game: the match is over

    rematch = page.get_by_role("button", name="Rematch")
    expect(rematch).to_be_enabled()
    remember_view(page)
    rematch.click()
    wait_for_new_view(page)
    v = wait_for_player(page)
    assert v["phase"] != "over" and v["rules"] == "backgammon" and v["match"]["score"] == {"black": 0, "white": 0}
    expect(rematch).to_be_disabled()


def test_a_resignation_in_a_match_scores_its_points_and_the_match_goes_on(page: Page, site_url: str) -> None:
    open_game(page, site_url)
    wait_for_player(page)
    start_new_game(page, match_length=3, rules="backgammon")
    v = wait_for_player(page)
    assert v["actor"] == "white", v["actor"]
    # at the start, playing on is worth about nothing to the computer: a single game is accepted
    resign(page, "A single game (1 point)")
    wait_for_new_view(page)
    v = wait_for_player(page)
    assert v["phase"] == "over" and v["match"]["score"] == {"black": 1, "white": 0}, v["match"]
    assert not v["match"]["over"]
    expect(page.get_by_role("button", name="Rematch")).to_be_disabled()
    next_game = page.get_by_role("button", name="Next game")
    expect(next_game).to_be_enabled()
    remember_view(page)
    next_game.click()
    wait_for_new_view(page)
    assert wait_for_player(page)["game_number"] == 2


@pytest.fixture
def small_phone(browser: Browser, problems: PageProblems, dice_seed: int) -> Iterator[Page]:
    """A 360 x 740 phone held upright, with touch: the narrowest status line the page has."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, service_workers="block"
    )
    seed_dice(context, dice_seed)
    yield from watched_page(context, problems)


@pytest.mark.parametrize(
    ("edition", "words"),
    [
        ("", {"title": "Resign", "single": "A single game (1 point)", "gammon": "A gammon (2 points)",
              "refused": "Black refuses: the game goes on.", "why": "Black refuses: a single game gives 1 point",
              "accepted": "Black accepts. Black wins a gammon",
              "why_accepted": "Black accepts: a gammon gives 2 points"}),
        ("fr/", {"title": "Abandonner", "single": "Une partie simple (1 point)", "gammon": "Un gammon (2 points)",
                 "refused": "Noir refuse : la partie continue.",
                 "why": "Noir refuse : une partie simple lui rapporte 1 point, mais continuer à jouer vaut +",
                 "accepted": "Noir accepte.",
                 "why_accepted": "Noir accepte : un gammon lui rapporte 2 points, et continuer à jouer vaut +"}),
    ],
    ids=["en", "fr"],
)
def test_the_computers_answer_to_a_resignation_is_read_whole_on_a_small_phone_in_the_pages_language(
    small_phone: Page, site_url: str, edition: str, words: dict[str, str]
) -> None:
    page = small_phone
    open_game(page, f"{site_url}{edition}", f"?rules=backgammon&position={SURE_GAMMON_FOR_BLACK}&turn=white")
    wait_for_player(page)
    status = page.locator(".tt-status")
    why = page.locator(".tt-resign-answer")

    resign(page, words["single"], key=True, title=words["title"])
    expect(status).to_have_text(words["refused"])
    expect(why).to_contain_text(words["why"])
    assert_status_read_whole(page)

    resign(page, words["gammon"], key=True, title=words["title"])
    wait_for_new_view(page)
    assert wait_for_player(page)["phase"] == "over"
    expect(status).to_contain_text(words["accepted"])
    expect(why).to_contain_text(words["why_accepted"])
    expect(why).to_be_in_viewport()  # the figures are on the first screen too, under the buttons
    assert_status_read_whole(page)
