"""The embed page (/embed/board/) framed by a page of another origin: a live board in an <iframe>
that sends each completed play to its host page with postMessage (docs/embed.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from conftest import site_script
from playwright.sync_api import Frame, Page, Route, expect
from driving import BOOT_TIMEOUT_MS


HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A blog post</title></head>
<body>
<h1>My favourite opening</h1>
<iframe id="board" src="{src}" width="480" height="360" title="Toutes Tables board"></iframe>
<script>
  window.received = [];
  window.addEventListener("message", (event) => {{
    if (event.origin === {site_origin}) window.received.push(event.data);
    else window.received.push({{ type: "from another origin", origin: event.origin }});
  }});
</script>
</body></html>
"""


@pytest.fixture
def host_url(tmp_path: Path, site_url: str) -> Iterator[str]:
    """A second local origin (another port) whose page embeds a board of the site."""
    site_origin = site_url.rstrip("/")
    src = f"{site_url}embed/board/?rules=backgammon&position=64&dice=3-1&mode=play"
    (tmp_path / "index.html").write_text(HOST_PAGE.format(src=src, site_origin=json.dumps(site_origin)))
    server, url = site_script.serve_in_thread(tmp_path)
    assert urlsplit(url).netloc != urlsplit(site_url).netloc
    yield url
    server.shutdown()
    server.server_close()


def board_frame(page: Page, site_url: str) -> Frame:
    page.wait_for_function("() => document.getElementById('board').contentWindow !== null")
    frame = next(f for f in page.frames if f.url.startswith(f"{site_url}embed/board/"))
    expect(frame.locator(".tt-embed-status")).to_contain_text("to play", timeout=BOOT_TIMEOUT_MS)
    return frame


def click_in_frame(frame: Frame, location: int | str) -> None:
    x, y = frame.evaluate(
        "(loc) => { const c = document.querySelector('tt-board').board.pixelOf(loc); return [c.x, c.y]; }", location
    )
    frame.locator("tt-board canvas").click(position={"x": x, "y": y})
    frame.wait_for_timeout(150)


def test_a_board_embedded_by_another_site_sends_the_play_to_the_host_page(page: Page, site_url: str,
                                                                          host_url: str) -> None:
    page.goto(host_url)
    frame = board_frame(page, site_url)
    for location in (8, 5, 6, 5):  # 8/5 6/5 with 3-1
        click_in_frame(frame, location)
    expect(frame.locator(".tt-embed-status")).to_contain_text("White plays 8/5 6/5")
    page.wait_for_function("() => window.received.length > 0")
    received = page.evaluate("() => window.received")
    assert received == [{"type": "tt-play", "notation": "8/5 6/5", "plays": received[0]["plays"]}], received
    assert "8/5 6/5" in received[0]["plays"] and len(received[0]["plays"]) > 10


def test_the_embed_page_fits_its_frame(page: Page, site_url: str, host_url: str) -> None:
    page.goto(host_url)
    frame = board_frame(page, site_url)
    box = frame.locator("tt-board canvas").bounding_box()
    frame_box = page.locator("#board").bounding_box()
    assert box is not None and frame_box is not None
    assert box["width"] <= frame_box["width"] and box["y"] + box["height"] <= frame_box["y"] + frame_box["height"]
    assert box["width"] >= 0.6 * frame_box["width"], (box, frame_box)


def test_a_bad_embed_option_is_named_in_place_of_the_board(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed/board/?rules=chess")
    expect(page.get_by_role("alert")).to_contain_text('rules="chess" is not a rule set')
    page.goto(f"{site_url}embed/board/?colour=red")
    expect(page.get_by_role("alert")).to_contain_text('unknown option "colour"')


def test_only_the_embed_pages_may_be_framed_by_other_sites(site_url: str) -> None:
    with urlopen(f"{site_url}embed/board/") as answer:
        assert answer.headers["Content-Security-Policy"] == "frame-ancestors *"
    with urlopen(f"{site_url}play/") as answer:
        assert answer.headers["Content-Security-Policy"] == "frame-ancestors 'self'"


def test_a_game_page_framed_by_another_site_shows_only_a_link_to_itself(page: Page, site_url: str,
                                                                        tmp_path: Path) -> None:
    # What a host that cannot send frame-ancestors (GitHub Pages) still gets: the page's own guard.
    (tmp_path / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">'
        f'<iframe id="f" src="{site_url}rules/" width="600" height="400"></iframe>'
    )
    server, url = site_script.serve_in_thread(tmp_path)
    try:
        def without_frame_policy(route: Route) -> None:
            response = route.fetch()
            headers = {k: v for k, v in response.headers.items() if k.lower() != "content-security-policy"}
            route.fulfill(response=response, headers=headers)

        page.route(f"{site_url}rules/", without_frame_policy)
        page.goto(url)
        frame = page.frame_locator("#f")
        expect(frame.get_by_role("link", name="Open Toutes Tables in its own window")).to_be_visible(timeout=20_000)
    finally:
        server.shutdown()
        server.server_close()


def test_the_gallery_embed_link_opens_the_maker_with_that_start(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}starts/")
    page.locator("#start-17 a.tt-gallery-embed").click()
    code = page.get_by_label("The HTML to paste")
    page.wait_for_function("() => document.querySelector('.tt-maker-code')?.value.includes('position=17')")
    page.locator(".tt-embed-maker select[name=mode]").select_option("play")
    snippet = code.input_value()
    assert snippet.startswith(f'<iframe src="{site_url}embed/board/?rules=toutes-tables-225&amp;position=17&amp;')
    assert "&amp;dice=6-1&amp;mode=play" in snippet
    preview = page.frame_locator(".tt-maker-preview iframe")
    expect(preview.locator(".tt-embed-status")).to_contain_text("to play", timeout=BOOT_TIMEOUT_MS)
