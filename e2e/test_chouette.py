"""A chouette played through the page: three players, two of them the computer (docs/play-chouette.md).

The person ("You") plays whatever falls to him as box or captain with the farthest checker moves
(bad play, which draws the computers' doubles), never doubles, and answers the box's doubles the
opposite way of the other team member, so that one double is accepted by one member and refused by
another. Games are played until that happened; the game's line and the totals on the scoreboard are
then checked against what the rules make of the move list and the result.

The dice seed makes the session reproducible (a seed found to give such a double in the first game);
the test does not rely on it: any session reaches the case in a few games.
"""

from __future__ import annotations

import re
from typing import Any

from driving import (
    BOOT_TIMEOUT_MS,
    GAME_TIMEOUT_MS,
    open_chouette,
    play_turn_with_pointer,
    wait_for_more_moves,
    wait_for_offline_cache,
)
from driving import game_view as chouette_view
from driving import wait_until_idle as wait_for_person  # no computer due: the person acts, or the game is over
from playwright.sync_api import BrowserContext, Page, expect

SEED = 16
PERSON = "You"
COMPUTERS = ("Ann", "Bruno")
MAX_GAMES = 6
DOUBLES = re.compile(r"^(?P<who>.+) \((?:box|captain, for the team)\) doubles? to (?P<value>\d+)\.$")
# "Ann takes.", "You take." (the verb agrees with the name)
PAYS = re.compile(r"^(?P<name>.+) (?:drops?|refuses? the double) and pays? (?:his|your) stake\.$")
TAKES = re.compile(r"^(?P<name>.+) (?:takes?|joins? the double)\.$")


def set_up(page: Page, seed: int | None) -> None:
    form = page.locator("form.tt-chouette-setup")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    form.locator("select[name=count]").select_option("3")
    rows = form.locator(".tt-chouette-seat")
    expect(rows).to_have_count(3)
    for i, name in enumerate((PERSON, *COMPUTERS)):
        row = rows.nth(i)
        row.locator("input[name=name]").fill(name)
        row.locator("select[name=kind]").select_option("human" if name == PERSON else "computer")
        if name != PERSON:
            row.locator("select[name=level]").select_option("advanced")
    form.locator("select[name=rules]").select_option("backgammon")
    if seed is not None:
        form.get_by_text("Dice seed").click()
        form.locator("input[name=seed]").fill(str(seed))
    form.get_by_role("button", name="Start the chouette").click()
    expect(form).to_be_hidden()
    page.wait_for_function("() => window.toutesTables.view", timeout=GAME_TIMEOUT_MS)


def expected_changes(v: dict[str, Any]) -> dict[str, int]:
    """What each player gains over the finished game, by the rules, from its move list and result."""
    changes = {p["name"]: 0 for p in v["players"]}
    box = v["box"]
    offered = 1
    for line in (m["text"] for m in v["moves"]):
        if match := DOUBLES.match(line):
            offered = int(match["value"])
        elif match := PAYS.match(line):  # a member out of the game pays his stake before the double
            changes[match["name"]] -= offered // 2
            changes[box] += offered // 2
    result = v["result"]
    team_won = result["winner"] == "black"
    for p in v["players"]:
        if p["role"] in ("captain", "member"):  # still in at the end: the game's points, cube included
            gain = result["points"] if team_won else -result["points"]
            changes[p["name"]] += gain
            changes[box] -= gain
    return changes


def split_double(v: dict[str, Any]) -> bool:
    """Did the box double in this game, one member take and another drop that same double?"""
    answers: list[str] = []
    for line in (m["text"] for m in v["moves"]):
        if (match := DOUBLES.match(line)) is not None:
            answers = [] if match["who"] == v["box"] else ["captain's"]
        elif TAKES.match(line) and "captain's" not in answers:
            answers.append("take")
        elif PAYS.match(line) and "captain's" not in answers:
            answers.append("drop")
        if "take" in answers and "drop" in answers:
            return True
    return False


def other_members_answer(v: dict[str, Any]) -> str | None:
    return next((p["answer"] for p in v["players"] if p["name"] != PERSON and p["answer"] is not None), None)


def scoreboard(page: Page) -> tuple[dict[str, int], dict[int, dict[str, int]]]:
    """The scoreboard as shown: the Total row and every game's row, by player."""
    table = page.locator("table.tt-chouette-scoreboard")
    names = table.locator("thead th").all_inner_texts()[1:]

    def numbers(row: Any) -> dict[str, int]:
        return {n: int(t.replace("+", "")) for n, t in zip(names, row.locator("td").all_inner_texts(), strict=True)}

    games = {}
    for row in table.locator("tbody tr[data-game]").all():
        games[int(row.get_attribute("data-game") or 0)] = numbers(row)
    return numbers(table.locator("tr.tt-chouette-total")), games


def answer_as_person(page: Page, v: dict[str, Any]) -> None:
    if v["cube"]["offered_by"] == "white":  # the box doubled: do the opposite of the other member
        take = other_members_answer(v) != "take"
        verb = "take" if take else "drop"
    elif v["box"] == PERSON:  # the captain doubled the person in the box
        verb = "take"
    else:  # the captain doubled: join it
        verb = "join"
    page.get_by_role("button", name=f"{PERSON} {verb}").click()


def play_until_split_double(page: Page) -> dict[str, Any]:
    """Play games through the page until one ends that had a box's double taken by one member and dropped by another."""
    while True:
        v = wait_for_person(page)
        if v["phase"] == "over":
            if split_double(v):
                return v
            assert v["game_number"] < MAX_GAMES, f"no box's double was answered both ways in {MAX_GAMES} games"
            page.get_by_role("button", name="Next game").click()
            page.wait_for_function("(n) => window.toutesTables.view.game_number > n", arg=v["game_number"])
            continue
        if v["phase"] == "double-offered":
            assert PERSON in v["awaiting"] and all(n == PERSON for n in v["awaiting"]), v["awaiting"]
            answer_as_person(page, v)
        elif v["phase"] == "roll":
            assert v["to_act"] == PERSON
            page.get_by_role("button", name="Roll", exact=True).click()
        elif v["phase"] == "move":
            assert v["to_act"] == PERSON
            play_turn_with_pointer(page, v, use_drag=False)
        else:
            raise AssertionError(f"unexpected phase {v['phase']!r} waiting for the person")
        # every action sets the page busy as it is clicked: wait_for_person waits for its answer


def test_a_chouette_of_three_with_a_double_taken_by_one_member_and_dropped_by_another(
    page: Page, site_url: str
) -> None:
    open_chouette(page, site_url)
    set_up(page, SEED)
    v = chouette_view(page)
    assert sorted(p["name"] for p in v["players"]) == sorted((PERSON, *COMPUTERS))
    assert {p["role"] for p in v["players"]} == {"box", "captain", "member"}

    v = play_until_split_double(page)

    expected = expected_changes(v)
    assert sum(expected.values()) == 0
    totals, games = scoreboard(page)
    assert games[v["game_number"]] == expected, (v["moves"], v["result"])
    assert totals == {p["name"]: p["total"] for p in v["players"]}
    assert sum(totals.values()) == 0
    earlier = [games[g] for g in games if g < v["game_number"]]
    assert totals == {n: expected[n] + sum(g[n] for g in earlier) for n in expected}
    expect(page.locator(".tt-chouette-check")).to_have_text(re.compile("sum to zero"))
    # the roles on show are the engine's: the box and the acting captain of the finished game
    roles = {p["name"]: p["role"] for p in v["players"]}
    for name, role in roles.items():
        expect(page.locator(f"table.tt-chouette-players tr[data-player='{name}'] td[data-role]")).to_have_attribute(
            "data-role", role
        )

    # saved after every action: a reload resumes the same session and scoreboard
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    resumed = chouette_view(page)
    assert resumed["save"] == v["save"] and resumed["phase"] == "over"
    assert scoreboard(page) == (totals, games)

    # a newcomer joins between games, at the bottom of the order
    page.get_by_text("A newcomer joins").click()
    page.get_by_label("Newcomer's name").fill("Dora")
    page.get_by_label("Newcomer plays as").select_option("computer")
    page.get_by_role("button", name="Add", exact=True).click()
    page.wait_for_function("() => window.toutesTables.view.players.length === 4", timeout=GAME_TIMEOUT_MS)
    # and the next game starts with the rotation done (the winner's side stays in the box or takes it)
    page.get_by_role("button", name="Next game").click()
    page.wait_for_function("(n) => window.toutesTables.view.game_number > n", arg=v["game_number"])
    after = chouette_view(page)
    box_won = v["result"]["winner"] == "white"
    if box_won:
        assert after["box"] == v["box"]
    else:
        assert after["box"] == v["captain"]
    assert (after["players"][-1]["name"], after["players"][-1]["role"]) == ("Dora", "member")


def test_a_corrupt_saved_chouette_is_reported_and_a_fresh_setup_shown(page: Page, site_url: str) -> None:
    open_chouette(page, site_url)
    expect(page.locator("form.tt-chouette-setup")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.evaluate(
        """() => localStorage.setItem("toutes-tables/saved-chouette",
            JSON.stringify({version: 1, save: {format: "toutes-tables/chouette", version: 1, players: ["A"]},
                            seats: {A: {kind: "human", level: null}}, steps: []}))"""
    )
    page.reload()
    notice = page.locator(".tt-notice")
    expect(notice).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(notice).to_contain_text("could not be restored")
    expect(page.locator("form.tt-chouette-setup")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('toutes-tables/saved-chouette')") is None
    # a fresh chouette starts from the form
    page.get_by_role("button", name="Start the chouette").click()
    page.wait_for_function("() => window.toutesTables.view && window.toutesTables.view.players.length === 3",
                           timeout=GAME_TIMEOUT_MS)


def test_a_chouette_of_computers_resumes_and_plays_on_with_the_network_cut(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    open_chouette(page, site_url)
    wait_for_offline_cache(page, site_url)
    form = page.locator("form.tt-chouette-setup")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    for i in range(3):
        form.locator(".tt-chouette-seat").nth(i).locator("select[name=kind]").select_option("computer")
    form.get_by_role("button", name="Start the chouette").click()
    page.wait_for_function("() => { const v = window.toutesTables.view; return v && v.moves.length >= 3; }",
                           timeout=GAME_TIMEOUT_MS)

    saved = page.evaluate("() => JSON.parse(localStorage.getItem('toutes-tables/saved-chouette')).save")
    context.set_offline(True)
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => navigator.onLine") is False
    resumed = chouette_view(page)["save"]  # the same session, carried on from where it was saved
    assert resumed["order_rolls"] == saved["order_rolls"]
    assert resumed["actions"][: len(saved["actions"])] == saved["actions"]
    # the computers carry on by themselves to the end of the game
    page.wait_for_function("() => window.toutesTables.view.phase === 'over'", timeout=180_000)
    v = chouette_view(page)
    totals, games = scoreboard(page)
    assert games[1] == expected_changes(v) and sum(totals.values()) == 0
    assert page.evaluate("() => navigator.onLine") is False


def test_the_chouette_page_mounts_after_instant_navigation_and_gives_way_to_the_game(
    page: Page, site_url: str
) -> None:
    with page.expect_response(lambda response: response.url.endswith("/sitemap.xml")):
        page.goto(site_url)
    page.wait_for_load_state("load")
    page.evaluate("() => { window.__notReloaded = true; }")
    nav = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link")
    nav.filter(has_text="Chouette").first.click()
    page.wait_for_url(f"{site_url}play-chouette/")
    expect(page.locator("form.tt-chouette-setup")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => window.__notReloaded === true"), "the click reloaded the page"
    chouette = page.evaluate_handle("() => window.toutesTables")
    # the play pages have no side navigation (overrides/play.html): their slim bar links to each other
    page.locator(".tt-play-bar a", has_text="Play").first.click()
    page.wait_for_url(f"{site_url}play/")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("(old) => window.toutesTables !== old && window.__notReloaded === true", chouette)


def test_the_captain_sees_the_team_members_suggested_play_and_can_play_it(page: Page, site_url: str) -> None:
    open_chouette(page, site_url)
    set_up(page, seed=0)  # the order this seed rolls: Ann in the box, You captain, Bruno in the team
    v = chouette_view(page)
    assert [(p["name"], p["role"]) for p in v["players"]] == [("Ann", "box"), ("You", "captain"), ("Bruno", "member")]
    while True:
        v = wait_for_person(page)
        assert v["phase"] in ("roll", "move") and v["to_act"] == PERSON, (v["phase"], v["to_act"])
        if v["phase"] == "roll":
            page.get_by_role("button", name="Roll", exact=True).click()
            continue
        if not v["turn_state"]["no_play"]:
            break
    panel = page.locator("section.tt-chouette-advice")
    expect(panel).to_be_visible()
    bruno = panel.locator("li[data-player='Bruno']")
    expect(bruno.locator("button", has_text="Play it")).to_be_visible(timeout=GAME_TIMEOUT_MS)
    suggested = page.evaluate("() => window.toutesTables.advice[0].play")
    expect(bruno).to_contain_text(f"Bruno: {suggested}")
    bruno.get_by_role("button", name="Play Bruno's suggestion").click()
    v = wait_for_person(page)
    assert v["turn_state"]["finished"] and v["turn_state"]["notation"] == suggested
    page.get_by_role("button", name="Confirm").click()
    wait_for_more_moves(page, len(v["moves"]), timeout=GAME_TIMEOUT_MS)
    played = [m["text"] for m in chouette_view(page)["moves"] if m["text"].startswith("You (")]
    assert played[-1].endswith(f": {suggested}")
