#!/usr/bin/env python3
"""Take the docs' pictures of the play pages from the built site: the game, a finished game and the chouette,
at a phone's size (390x844, held upright) and a desktop's (1280x800), as small WebP files in docs/images/,
in each edition: the English pages' (docs/images/<name>.webp) and the French pages' under /fr/
(docs/images/<name>.fr.webp, the game's own words in French).

    python3 scripts/site.py build && python3 scripts/docs_screenshots.py

docs/play.md and docs/play-chouette.md show the English ones, docs/play.fr.md and docs/play-chouette.fr.md
the French ones (by their explicit names; the i18n plugin serves images/<name>.fr.webp as fr/images/<name>.webp
and leaves it out of the English edition). The dice are seeded (site/game/seed.js) and motion is off,
so a run on the same build takes the same pictures; run it again when the play pages change. The e2e run
writes its own screenshots (not committed) to .cache/screenshots/.
"""

from __future__ import annotations

import base64
import json
import runpy
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent

IMAGES = ROOT / "docs" / "images"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
SEED = 1698
TIMEOUT_MS = 120_000
WEBP_QUALITY = 0.8
# White (the player) to bear off his last two checkers, Black with all fifteen at home: White wins a gammon.
LAST_ROLL = "?rules=backgammon&position=%2BL4PAAADAAAAAA&turn=white"
# Each edition: its pages' folder in the built site and its pictures' file-name suffix (docs/images/).
EDITIONS = {"en": ("", ""), "fr": ("fr/", ".fr")}


PLAYER_TO_ACT = """() => {
    const g = window.toutesTables;
    if (!g || !g.view || g.busy) return false;
    const v = g.view;
    return v.phase === "over" || (v.actor !== null && v.phase !== "opening");
}"""


def webp(page: Page, png: bytes) -> bytes:
    """The PNG re-encoded as WebP by the browser itself (no image library needed)."""
    data = page.evaluate(
        """async ([png, quality]) => {
            const image = new Image();
            image.src = "data:image/png;base64," + png;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = image.naturalWidth;
            canvas.height = image.naturalHeight;
            canvas.getContext("2d").drawImage(image, 0, 0);
            return canvas.toDataURL("image/webp", quality).split(",")[1];
        }""",
        [base64.b64encode(png).decode(), WEBP_QUALITY],
    )
    return base64.b64decode(data)


def words(locale: str) -> dict[str, str]:
    """The site's catalogue for that edition (site/i18n/<locale>.json): the buttons' names as shown."""
    return json.loads((ROOT / "site" / "i18n" / f"{locale}.json").read_text(encoding="utf-8"))


def save(page: Page, name: str) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / f"{name}.webp"
    path.write_bytes(webp(page, page.screenshot()))
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def new_page(browser: Browser, size: tuple[int, int]) -> Page:
    phone = size[0] < 900
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        has_touch=phone,
        is_mobile=phone,
        service_workers="block",
        reduced_motion="reduce",
    )
    context.add_init_script(f"globalThis.__toutesTablesDiceSeed = {SEED};")
    return context.new_page()


def click_location(page: Page, location: int | str) -> None:
    x, y = page.evaluate(
        """(loc) => {
            const board = window.toutesTables.board;
            const c = board.pixelOf(loc);
            const r = board.canvas.getBoundingClientRect();
            return [r.left + c.x, r.top + c.y];
        }""",
        location,
    )
    page.mouse.click(x, y)


def game(page: Page, url: str, name: str, catalogue: dict[str, str]) -> None:
    page.goto(f"{url}play/")
    page.wait_for_function(PLAYER_TO_ACT, timeout=TIMEOUT_MS)
    save(page, name)


def finished_game(page: Page, url: str, name: str, catalogue: dict[str, str]) -> None:
    page.goto(f"{url}play/{LAST_ROLL}")
    page.wait_for_function(PLAYER_TO_ACT, timeout=TIMEOUT_MS)
    while page.evaluate("() => window.toutesTables.view.phase") in ("roll", "move"):
        view = page.evaluate("() => window.toutesTables.view")
        if view["phase"] == "roll":  # the cube is live: the page waits for Roll (or Double)
            page.get_by_role("button", name=catalogue["game.button.roll"], exact=True).click()
        elif view["turn_state"]["finished"]:
            page.get_by_role("button", name=catalogue["game.button.confirm"]).click()
        else:
            source, destinations = next(iter(view["turn_state"]["dests"].items()))
            click_location(page, int(source))
            click_location(page, destinations[-1])
        page.wait_for_timeout(300)
        page.wait_for_function(PLAYER_TO_ACT, timeout=TIMEOUT_MS)
    save(page, name)


def chouette(page: Page, url: str, name: str, catalogue: dict[str, str]) -> None:
    page.goto(f"{url}play-chouette/")
    page.get_by_role("button", name=catalogue["chouette.setup.start"]).click(timeout=TIMEOUT_MS)
    page.wait_for_function("() => { const g = window.toutesTables; return g.view && !g.busy; }", timeout=TIMEOUT_MS)
    save(page, name)


def main() -> int:
    # scripts/site.py is a script, not a package (and ``site`` is the standard library's): its server, by path
    site_script = runpy.run_path(str(ROOT / "scripts" / "site.py"))
    public = site_script["PUBLIC"]
    if not all((public / folder / "play" / "index.html").exists() for folder, _ in EDITIONS.values()):
        print("build the site first: python3 scripts/site.py build", file=sys.stderr)
        return 1
    server, url = site_script["serve_in_thread"](public)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            for locale, (folder, suffix) in EDITIONS.items():
                catalogue = words(locale)
                for label, size in SIZES.items():
                    for take, name in ((game, "play-game"), (finished_game, "play-over"), (chouette, "play-chouette")):
                        page = new_page(browser, size)
                        take(page, f"{url}{folder}", f"{name}-{label}{suffix}", catalogue)
                        page.context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
