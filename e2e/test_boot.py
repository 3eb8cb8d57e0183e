"""The engine worker boots from the build's snapshot, and without it when it cannot be used.

site/engine/PROTOCOL.md ("Files the worker loads"): the worker restores the interpreter the build
recorded (scripts/boot_snapshot.mjs) once its key matches the Pyodide and the engine wheel it runs, and
checks it with the key's probe; a snapshot that is missing, corrupted or made for something else is
not used: the worker warns and boots as usual, and the game plays all the same.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route

import driving

SNAPSHOT_URL = "**/wheels/boot-snapshot.bin"
MANIFEST_URL = "**/wheels/manifest.json"
FROM_SNAPSHOT = "restored from the boot snapshot"  # the worker's "packages" progress detail then
FALLBACK_WARNING = "[engine] booting without the boot snapshot"
PACKAGES_STAGE = "() => performance.getEntriesByName('tt-engine-packages').at(-1).detail"


def packages_stage(page: Page) -> str:
    """The detail of the engine's last "packages" progress stage (engine/client.js marks each stage)."""
    detail: str = page.evaluate(PACKAGES_STAGE)
    return detail


def plays_a_move(page: Page) -> None:
    """The player's first turn is played on the board and confirmed: the move list grows."""
    v = driving.wait_for_player(page)
    assert v["phase"] == "move", v["phase"]  # Toutes Tables 225, the page's default: no cube, the page rolls
    driving.play_turn_with_pointer(page, v, use_drag=False)
    driving.wait_for_more_moves(page, len(v["moves"]))


# A reload offline boots from the snapshot too: e2e/test_offline_play.py plays a whole game that way.


def test_a_first_visit_boots_from_the_snapshot_and_plays_a_move(page: Page, site_url: str) -> None:
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    driving.open_game(page, site_url)
    assert packages_stage(page) == FROM_SNAPSHOT
    plays_a_move(page)
    assert not [w for w in warnings if FALLBACK_WARNING in w]


def missing(route: Route) -> None:
    route.fulfill(status=404, body="not found")


def corrupted(route: Route) -> None:
    """The real snapshot with bytes in the middle of its compressed data flipped (its gzip check fails)."""
    body = bytearray(route.fetch().body())
    middle = len(body) // 2
    body[middle : middle + 64] = bytes(b ^ 0xFF for b in body[middle : middle + 64])
    route.fulfill(status=200, body=bytes(body), headers={"Content-Type": "application/octet-stream"})


def truncated(route: Route) -> None:
    """A well-formed gzip stream of part of the snapshot: it decompresses, to the wrong length."""
    whole = gzip.decompress(route.fetch().body())
    route.fulfill(status=200, body=gzip.compress(whole[: len(whole) // 2], 1))


def key_edit(edit: Callable[[dict[str, Any]], None]) -> Callable[[Route], None]:
    def handler(route: Route) -> None:
        manifest = json.loads(route.fetch().text())
        edit(manifest["snapshot"])
        route.fulfill(status=200, body=json.dumps(manifest), headers={"Content-Type": "application/json"})

    return handler


FAULTS: dict[str, tuple[str, Callable[[Route], None]]] = {
    "missing": (SNAPSHOT_URL, missing),
    "corrupted": (SNAPSHOT_URL, corrupted),
    "truncated": (SNAPSHOT_URL, truncated),
    "another engine wheel": (MANIFEST_URL, key_edit(lambda key: key.update(engine_sha256="0" * 64))),
    "another Pyodide": (MANIFEST_URL, key_edit(lambda key: key.update(pyodide="0.0.0"))),
    # The snapshot is stored XOR-ed with the image of the wasm's data segments: another image would
    # restore a corrupted memory, so it is refused.
    "other data segments": (MANIFEST_URL, key_edit(lambda key: key["reference"].update(sha256="0" * 64))),
    "another interpreter": (
        MANIFEST_URL,
        key_edit(lambda key: key["probe"].update(answer='{"result": "not what it answers"}')),
    ),
}


@pytest.fixture
def isolated(browser: Browser) -> Iterator[tuple[BrowserContext, Page, list[str]]]:
    """A fresh profile without service workers (whose precache would see the faults too), its page, and
    the page's console errors and warnings (workers' included)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    messages: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            messages.append(f"{message.type}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: messages.append(f"error: uncaught {error}"))
    yield context, page, messages
    context.close()


@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_snapshot_that_cannot_be_used_falls_back_to_the_ordinary_boot_with_a_warning(
    isolated: tuple[BrowserContext, Page, list[str]], site_url: str, fault: str
) -> None:
    context, page, messages = isolated
    url, handler = FAULTS[fault]
    context.route(url, handler)
    driving.open_game(page, site_url)
    assert packages_stage(page).startswith("packaging-"), "the runtime wheels were unpacked: the ordinary boot"
    plays_a_move(page)
    assert [m for m in messages if m.startswith("warning: ") and FALLBACK_WARNING in m], messages
    assert not [m for m in messages if m.startswith("error: ")], messages


def fallback_files(site_dir: Path) -> list[str]:
    """The files only the boot without the snapshot fetches: the runtime wheels and the bytecode."""
    manifest = json.loads((site_dir / "wheels" / "manifest.json").read_text())
    return [f"wheels/{name}" for name in [*manifest["runtime"], manifest["bytecode"]]]


def test_a_first_visit_downloads_the_compressed_wasm_and_none_of_the_files_only_the_fallback_needs(
    context: BrowserContext, page: Page, site_url: str, site_dir: Path
) -> None:
    downloaded: list[str] = []
    context.on("requestfinished", lambda request: downloaded.append(request.url.removeprefix(site_url)))
    driving.open_game(page, site_url)
    driving.wait_for_offline_cache(page, site_url)
    assert packages_stage(page) == FROM_SNAPSHOT
    assert "pyodide/pyodide.asm.wasm.gz" in downloaded
    never = {"pyodide/pyodide.asm.wasm", *fallback_files(site_dir)}
    assert not [file for file in downloaded if file in never], downloaded


def test_a_browser_whose_boot_falls_back_keeps_the_fallbacks_files_and_plays_offline(
    context: BrowserContext, page: Page, site_url: str
) -> None:
    # The snapshot's key names another Pyodide, for the page and the service worker alike: every boot falls
    # back. (Playwright's routing turns the HTTP cache off, so the first visit's fallback files are not
    # there for the precache: the service worker keeps them when the next boot fetches them through it.)
    context.route(MANIFEST_URL, key_edit(lambda key: key.update(pyodide="0.0.0")))
    driving.open_game(page, site_url)
    assert packages_stage(page).startswith("packaging-")
    driving.wait_for_offline_cache(page, site_url)
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=driving.BOOT_TIMEOUT_MS)
    assert packages_stage(page).startswith("packaging-")

    context.set_offline(True)
    page.reload()
    page.wait_for_function("() => window.toutesTables && window.toutesTables.view", timeout=driving.BOOT_TIMEOUT_MS)
    assert page.evaluate("() => navigator.onLine") is False
    assert packages_stage(page).startswith("packaging-"), "the ordinary boot, offline"
    plays_a_move(page)


def test_the_precache_keeps_a_fallback_file_the_browser_already_fetched(
    context: BrowserContext, page: Page, site_url: str, site_dir: Path
) -> None:
    wheel = next(file for file in fallback_files(site_dir) if file.endswith(".whl"))
    # Fetched before any page registers the service worker (the benchmark page, running nothing, does not),
    # as a first visit's fallback boot would: it is then in the HTTP cache.
    page.goto(site_url + "bench/?run=none")
    page.evaluate("async (url) => { await (await fetch(url)).arrayBuffer(); }", site_url + wheel)
    driving.open_game(page, site_url)
    driving.wait_for_offline_cache(page, site_url)
    kept = page.evaluate(
        """async (url) => {
          for (const name of await caches.keys()) {
            const response = await (await caches.open(name)).match(url);
            if (response) return (await response.arrayBuffer()).byteLength;
          }
          return 0;
        }""",
        site_url + wheel,
    )
    assert kept == (site_dir / wheel).stat().st_size
