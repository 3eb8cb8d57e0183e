"""Driving the built site like a player: shared by the e2e tests (found through conftest's sys.path).

Every test's dice are seeded (:func:`seed_dice`, called by conftest's ``context`` fixture), so a
test plays the same game at every run; still the tests read the legal destinations the engine
offers (the game page and the chouette page expose their controller as ``window.toutesTables``)
and then act on the canvas like a player, so they hold for any seed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

# How long a page may take to boot its engine. The fallback boot (micropip, no snapshot) took more than 60 s
# in three full runs side by side at a load of 37; a wait this long costs nothing when the boot is quick.
BOOT_TIMEOUT_MS = 180_000
# How long a page may take to act in a game, the computer's move included. A seeded session (every test here)
# plays the expert's full search, 2-ply look included, bounded by its 24,000 evaluations (ai/levels.py), not by
# its 2 s: about 2 s on a quiet machine, but 20 s were too few at a load of 40 (a computer's turn of
# e2e/test_game.py::test_the_computer_answers_a_double, 2026-12-02). A long wait costs nothing when the page is quick.
GAME_TIMEOUT_MS = 90_000

# The dice as a French page calls them, the French way (the engine's data/messages/fr.json; docs/rules/moving.fr.md)
FRENCH_CALL = (
    r"(?:(?:Deux|Trois|Quatre|Cinq|Six) et (?:as|deux|trois|quatre|cinq)|Sonnés|Quines|Carmes|Ternes|Double deux|Bezas)"
)


def seed_dice(context: BrowserContext, seed: int) -> None:
    """Every page of ``context`` rolls the dice of ``seed`` (read by site/game/seed.js, set before the site runs)."""
    context.add_init_script(f"globalThis.__toutesTablesDiceSeed = {int(seed)};")


def open_game(page: Page, site_url: str, query: str = "") -> None:
    """Open the game page and wait for its first view (a saved game resumed, or a new game)."""
    page.goto(f"{site_url}play/{query}")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=BOOT_TIMEOUT_MS)


def open_chouette(page: Page, site_url: str) -> None:
    """Open the chouette page and wait for its controller (it has no view until a session is set up or resumed)."""
    page.goto(f"{site_url}play-chouette/")
    page.wait_for_function("() => window.toutesTables && window.toutesTables.engine", timeout=BOOT_TIMEOUT_MS)


def game_view(page: Page) -> dict[str, Any]:
    """The view on show: the game page's, or the chouette page's."""
    return page.evaluate("() => window.toutesTables.view")  # type: ignore[no-any-return]


def wait_until_idle(page: Page) -> dict[str, Any]:
    """Until the page has a view and nothing is pending (no computer due to act, no answer awaited); return it."""
    page.wait_for_function(
        "() => { const g = window.toutesTables; return g && g.view && !g.busy; }", timeout=GAME_TIMEOUT_MS
    )
    return game_view(page)


def wait_for_player(page: Page) -> dict[str, Any]:
    """Wait until a human must act (or the game is over) and nothing is pending; return the view."""
    page.wait_for_function(
        """() => {
            const g = window.toutesTables;
            if (!g || !g.view || g.busy) return false;
            const v = g.view;
            return v.phase === "over" || (v.actor !== null && v.phase !== "opening");
        }""",
        timeout=GAME_TIMEOUT_MS,
    )
    return game_view(page)


def board_point(page: Page, location: int | str) -> tuple[float, float]:
    """Page coordinates of a board location's centre on the canvas."""
    x, y = page.evaluate(
        """(loc) => {
            const board = window.toutesTables.board;
            board.canvas.scrollIntoView({ block: "nearest" });
            const c = board.pixelOf(loc);
            const r = board.canvas.getBoundingClientRect();
            return [r.left + c.x, r.top + c.y];
        }""",
        location,
    )
    return x, y


def click_location(page: Page, location: int | str) -> None:
    page.mouse.click(*board_point(page, location))


def drag_checker(page: Page, source: int | str, destination: int | str) -> None:
    sx, sy = board_point(page, source)
    dx, dy = board_point(page, destination)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + dx) / 2, (sy + dy) / 2, steps=4)
    page.mouse.move(dx, dy, steps=4)
    page.mouse.up()


def farthest_move(v: dict[str, Any]) -> tuple[int | str, int | str]:
    """The source and destination travelling farthest (bearing off first), so games end quickly."""
    mover = v["turn"]

    def distance(src: str, dst: int | str) -> int:
        s = 25 if src == "bar" else int(src)
        d = 0 if dst == "off" else int(dst)
        if mover == "black":
            s, d = (0 if src == "bar" else s), (25 if dst == "off" else d)
            return d - s
        return s - d

    pairs = [(src, dst) for src, dests in v["turn_state"]["dests"].items() for dst in dests]
    src, dst = max(pairs, key=lambda p: distance(*p))
    return (src if src == "bar" else int(src)), dst


def wait_for_steps(page: Page, count: int) -> dict[str, Any]:
    page.wait_for_function(
        "(n) => !window.toutesTables.busy && window.toutesTables.view.turn_state.steps.length >= n",
        arg=count,
        timeout=GAME_TIMEOUT_MS,
    )
    return game_view(page)


def complete_play_with_pointer(page: Page, v: dict[str, Any], use_drag: bool = False) -> dict[str, Any]:
    """Move checkers on the canvas, each to its farthest destination, until the play is complete (not confirmed);
    the view then."""
    while not v["turn_state"]["finished"]:
        src, dst = farthest_move(v)
        steps = len(v["turn_state"]["steps"])
        if use_drag:
            drag_checker(page, src, dst)
        else:
            click_location(page, src)
            click_location(page, dst)
        v = wait_for_steps(page, steps + 1)
    return v


def play_turn_with_pointer(page: Page, v: dict[str, Any], use_drag: bool, confirm: str = "Confirm") -> None:
    """Move checkers on the canvas until the play is complete, then confirm it with the button (its label
    ``confirm``: "Valider" on a French page)."""
    v = complete_play_with_pointer(page, v, use_drag)
    if v["turn_state"]["no_play"]:
        return  # passed by the page itself
    page.get_by_role("button", name=confirm, exact=True).click()


def wait_for_more_moves(page: Page, count: int, timeout: float | None = None) -> None:
    """Until the move list has more than ``count`` lines (a play confirmed, a double answered, ...)."""
    page.wait_for_function("(n) => window.toutesTables.view.moves.length > n", arg=count, timeout=timeout)


def play_until_double_is_possible(
    page: Page, max_turns: int, on_double_offered: Callable[[dict[str, Any]], None] | None = None
) -> dict[str, Any] | None:
    """Play the player's turns with the pointer until the player on roll may double; return that view.

    ``on_double_offered`` answers a double offered to the player (the computer doubled first).
    None when the game ends first or no chance to double came up in ``max_turns`` turns.
    """
    for _ in range(max_turns):
        v = wait_for_player(page)
        if v["phase"] == "roll" and "double" in v["cube_actions"]:
            return v
        if v["phase"] == "double-offered" and on_double_offered is not None:
            on_double_offered(v)
            continue
        if v["phase"] == "over":
            return None
        play_turn_with_pointer(page, v, use_drag=False)
        wait_for_more_moves(page, len(v["moves"]))
    return None


def remember_view(page: Page) -> None:
    """Mark the view on show, so that :func:`wait_for_new_view` can tell when the page has a newer one."""
    page.evaluate("() => { window.__ttSeenView = window.toutesTables.view; }")


def wait_for_new_view(page: Page) -> None:
    page.wait_for_function(
        "() => window.toutesTables.view !== window.__ttSeenView && !window.toutesTables.busy",
        timeout=GAME_TIMEOUT_MS,
    )


def press_key(page: Page, key: str) -> None:
    """Press ``key`` with the board focused (the game's or the chouette's keys), and wait for the page's answer."""
    page.locator("canvas.tt-board").focus()
    remember_view(page)
    page.keyboard.press(key)
    wait_for_new_view(page)


def open_new_game_dialog(page: Page, new_game: str = "New game…", **choices: str) -> Locator:
    """Open the game page's New game dialog (its button named ``new_game``: "Nouvelle partie…" on a French page),
    pick each ``select[name]: value`` of ``choices``, and return it."""
    page.get_by_role("button", name=new_game).click()
    dialog = page.locator("dialog.tt-dialog")
    expect(dialog).to_be_visible()
    for name, value in choices.items():
        dialog.locator(f"select[name={name}]").select_option(value)
    return dialog


def start_new_game(
    page: Page, match_length: int = 1, new_game: str = "New game…", start: str = "Start", **choices: str
) -> None:
    """Start a new game by the New game dialog; ``new_game`` and ``start`` name its buttons in the page's language
    ("Nouvelle partie…" and "Commencer" on a French page)."""
    dialog = open_new_game_dialog(page, new_game, **choices)
    dialog.locator("input[name=match_length]").fill(str(match_length))
    # The old game's view stays on show until the engine answers: wait for the new game's.
    remember_view(page)
    dialog.get_by_role("button", name=start).click()
    wait_for_new_view(page)
    page.wait_for_function(
        "(rules) => window.toutesTables.view.rules === rules && window.toutesTables.view.moves.length === 0 || "
        "window.toutesTables.view.rules === rules && window.toutesTables.view.phase !== 'opening'",
        arg=choices.get("rules", "toutes-tables-225"),
        timeout=GAME_TIMEOUT_MS,
    )


def click_on_board(page: Page, index: int, location: int | str) -> None:
    """Click location (an absolute point, "bar" or "off") of the index-th <tt-board> of the page."""
    x, y = page.evaluate(
        """([i, loc]) => {
            const element = document.querySelectorAll("tt-board")[i];
            element.scrollIntoView({ block: "nearest" });
            const c = element.board.pixelOf(loc);
            const r = element.board.canvas.getBoundingClientRect();
            return [r.left + c.x, r.top + c.y];
        }""",
        [index, location],
    )
    page.mouse.click(x, y)
    page.wait_for_timeout(150)


def wait_for_offline_cache(page: Page, site_url: str) -> None:
    """Until the service worker is active (the whole site precached) and controls the page."""
    page.evaluate("async (siteUrl) => { await (await import(new URL('offline.js', siteUrl).href)).offlineReady; }",
                  site_url)
    # Polled by hand: wait_for_function would evaluate a string, which the page's CSP forbids.
    page.evaluate(
        "async () => { while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 20)); }"
    )


def draw_start_with_setup_drawer(page: Page, dice: tuple[int, int, int, int]) -> Locator:
    """Choose the four drawing dice in the rules book's setup-drawer (already on the page), set up, wait; the drawer."""
    drawer = page.locator(".tt-setup-drawer")
    selects = drawer.locator("select")
    for i, value in enumerate(dice):
        selects.nth(i).select_option(str(value))
    drawer.locator("button", has_text="Set up").first.click()
    page.wait_for_function("el => el.dataset.startNumber", arg=drawer.element_handle(), timeout=15_000)
    return drawer


def assert_status_read_whole(page: Page) -> None:
    """The status line's sentence is not cut by the lines kept for it above the board (site/game/game.css)."""
    text, needed, kept = page.evaluate(
        "() => { const s = document.querySelector('.tt-status');"
        " return [s.textContent, s.scrollHeight, s.parentElement.clientHeight]; }"
    )
    assert needed <= kept, (text, needed, kept)


def watched_page(context: BrowserContext, problems: Any) -> Iterator[Page]:
    """A page of a context made by the test (a viewport, reduced motion...), failing the test on errors
    as conftest's ``page`` does; the context is closed after it."""
    page = context.new_page()
    page.on("console", problems.on_console)
    page.on("pageerror", problems.on_page_error)
    yield page
    context.close()
    if problems.errors:
        pytest.fail("the page reported errors:\n" + "\n".join(problems.errors), pytrace=False)


def hold_engine_boot(context: BrowserContext) -> list[Route]:
    """Hold back the engine worker's wheels manifest, so a page stays loading until the routes go on.

    The context must block service workers: one would fetch the files itself, out of the test's reach.
    """
    held: list[Route] = []
    context.route("**/wheels/manifest.json", lambda route: held.append(route))
    return held


def wait_until_engine_boot_held(page: Page, held: list[Route]) -> None:
    """Wait (at most 30 s, then say what it waited for) until the worker has asked for what is held."""
    deadline = 600  # x 50 ms
    while not held and deadline:
        page.wait_for_timeout(50)
        deadline -= 1
    assert held, "the engine worker never asked for wheels/manifest.json"


# The analysis board's best plays for a board set up by hand (White on roll), asked of the page's engine worker.
BROWSER_ADVICE = """async ([rules, board, dice]) => {
  const engine = window.toutesTables.engine;
  const view = await engine.call("study_position", {rules, board, turn: "white", dice});
  return await engine.call("study_advice", {rules, xgid: view.xgid, count: 4});
}"""


def browser_advice(page: Page, rules: str, board: dict[str, Any], dice: list[int]) -> list[dict[str, Any]]:
    """The plays ``study_advice`` ranks in the page's worker for ``board`` (White on roll, ``dice``), as values."""
    answer: dict[str, Any] = page.evaluate(BROWSER_ADVICE, [rules, board, dice])
    return list(answer["plays"])


def python_advice(rules: str, board: dict[str, Any], dice: list[int]) -> list[dict[str, Any]]:
    """The same plays by ``toutes_tables.study_service`` in this Python, to compare with :func:`browser_advice`.

    Compared as values, not as JSON text: the worker's answer comes through JavaScript, which writes a float 0.0
    (the best play's cost) as 0.
    """
    from toutes_tables import study_service

    view = study_service.study_position(rules, board=board, turn="white", dice=dice)
    return list(study_service.study_advice(rules, view["xgid"], 4)["plays"])
