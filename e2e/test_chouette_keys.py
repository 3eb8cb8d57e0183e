"""The chouette's keys are the game's (docs/play-chouette.md, "Keys"): R rolls, U undoes, C confirms,
D doubles, T and X answer a double for the first person still to answer, Q resigns, G starts the next
game. They belong to the chouette while it has the focus, as the game's belong to the game.

Three people share the screen, so every action is a key press: no computer acts between them.
"""

from __future__ import annotations

from typing import Any

from driving import (
    BOOT_TIMEOUT_MS,
    GAME_TIMEOUT_MS,
    complete_play_with_pointer,
    click_location,
    farthest_move,
    open_chouette,
    press_key,
    wait_for_steps,
)
from driving import wait_until_idle as wait_for_person
import pytest
from playwright.sync_api import Page, expect

PEOPLE = ("Ann", "Bruno", "Claire")


def set_up_three_people(page: Page, start: str = "Start the chouette") -> None:
    form = page.locator("form.tt-chouette-setup")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    form.locator("select[name=count]").select_option("3")
    rows = form.locator(".tt-chouette-seat")
    expect(rows).to_have_count(3)
    for i, name in enumerate(PEOPLE):
        rows.nth(i).locator("input[name=name]").fill(name)
        rows.nth(i).locator("select[name=kind]").select_option("human")
    form.locator("select[name=rules]").select_option("backgammon")
    form.get_by_role("button", name=start).click()
    expect(form).to_be_hidden()
    page.wait_for_function("() => window.toutesTables.view", timeout=GAME_TIMEOUT_MS)


def press(page: Page, key: str) -> dict[str, Any]:
    """Press ``key`` with the board focused; the view once the page has answered it and nobody is due but a person."""
    press_key(page, key)
    return wait_for_person(page)


def play_with_keys(page: Page, v: dict[str, Any]) -> dict[str, Any]:
    """A person's turn: R to roll if the dice wait for it, one checker moved and U to take it back, then C."""
    if v["phase"] == "roll":
        v = press(page, "r")
    assert v["phase"] == "move", v["phase"]
    if v["turn_state"]["no_play"]:
        return wait_for_person(page)  # passed by the page itself
    src, dst = farthest_move(v)
    click_location(page, src)
    click_location(page, dst)
    steps = wait_for_steps(page, 1)["turn_state"]["steps"]  # one checker moved, over one die or more
    v = press(page, "u")
    assert v["turn_state"]["steps"] == [], steps  # the whole of that move taken back (docs/play-chouette.md)
    complete_play_with_pointer(page, v)
    return press(page, "c")


def answers(v: dict[str, Any]) -> dict[str, str | None]:
    return {p["name"]: p["answer"] for p in v["players"]}


def test_the_chouettes_keys_roll_undo_confirm_double_take_drop_resign_and_start_the_next_game(
    page: Page, site_url: str
) -> None:
    open_chouette(page, site_url)
    set_up_three_people(page)
    v = wait_for_person(page)
    # until the dice wait for a person who may double: each turn played with R, U and C
    for _ in range(6):
        if v["phase"] == "roll" and "double" in v["cube_actions"]:
            break
        v = play_with_keys(page, v)
    assert v["phase"] == "roll" and "double" in v["cube_actions"], (v["phase"], v["cube_actions"])

    v = press(page, "d")
    assert v["phase"] == "double-offered", v["phase"]
    first = v["awaiting"][0]
    v = press(page, "t")  # the first person in the list takes (or joins)
    assert answers(v)[first] in ("take", "join"), answers(v)
    if v["phase"] == "double-offered":
        second = v["awaiting"][0]
        v = press(page, "x")  # the next one drops (or refuses)
        assert v["phase"] == "over" or answers(v)[second] in ("drop", "refuse"), (v["phase"], answers(v))
        while v["phase"] == "double-offered":
            v = press(page, "t")

    if v["phase"] == "over":  # the box dropped: the next game, for the resignation
        game = v["game_number"]
        v = press(page, "g")
        assert v["game_number"] == game + 1, v["game_number"]
    # the person on roll resigns what the box beside Resign says (a single game); the game is over
    assert v["phase"] in ("roll", "move") and v["to_act"] in PEOPLE, (v["phase"], v["to_act"])
    # the choice beside Resign has a visible label, its accessible name
    expect(page.locator(".tt-resign .tt-label")).to_be_visible()
    expect(page.locator(".tt-resign .tt-label")).to_have_text("Concede")
    expect(page.get_by_label("Concede")).to_have_value("single")
    v = press(page, "q")
    assert v["phase"] == "over", v["phase"]
    assert "resign" in v["moves"][-1]["text"], v["moves"][-1]

    game = v["game_number"]
    v = press(page, "g")
    assert v["game_number"] == game + 1, v["game_number"]



# every answer a take (or a join): how the status says it, and the captain's move after it
SETTLED = {
    "en": {"take": "takes", "join": "joins the double", "and": " and ", "last": ", and ", "move": "{name} to move: "},
    "fr": {
        "take": "accepte", "join": "suit le double", "and": " et ", "last": " et ", "move": "À {name} de jouer\u00a0: ",
    },
}


def settled_words(v: dict[str, Any], lang: str) -> str:
    words = SETTLED[lang]
    settled = v["settled"]
    parts = [f"{a['name']} {words['join' if settled['doubler'] == 'black' and a['name'] != v['box'] else 'take']}"
             for a in settled["answers"]]
    clause = words["and"].join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + words["last"] + parts[-1]
    return f"{clause}. " + words["move"].format(name=v["to_act"])


@pytest.mark.parametrize(("edition", "start"), [("", "Start the chouette"), ("fr/", "Commencer la chouette")],
                         ids=["en", "fr"])
def test_once_a_double_is_settled_the_status_says_who_took_and_who_dropped(
    page: Page, site_url: str, edition: str, start: str
) -> None:
    open_chouette(page, f"{site_url}{edition}")
    set_up_three_people(page, start)
    v = wait_for_person(page)
    for _ in range(6):
        if v["phase"] == "roll" and "double" in v["cube_actions"]:
            break
        v = play_with_keys(page, v)
    v = press(page, "d")
    while v["phase"] == "double-offered":  # every answer a take (or a join)
        v = press(page, "t")
    assert v["phase"] == "move" and v["settled"], (v["phase"], v["settled"])
    said = settled_words(v, "fr" if edition else "en")
    expect(page.locator(".tt-status")).to_contain_text(said)
    assert page.locator(".tt-status").inner_text().startswith(said), said
    play_with_keys(page, v)  # until the next play, and no longer after it
    expect(page.locator(".tt-status")).not_to_contain_text(said)
