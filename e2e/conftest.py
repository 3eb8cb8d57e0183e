"""End-to-end fixtures: the built site served on localhost, driven in real Chromium by Playwright.

- ``site_dir``: ``public/``, built once per session by ``scripts/site.py`` (skipped when the test
  command has just built it, which it says with ``TOUTES_TABLES_SITE_BUILT=1``);
- ``site_url``: the base URL of a threaded static server on a free localhost port;
- ``browser``: Debian's Chromium, headless; it resolves no host name but localhost, so a request that
  tries to leave the origin fails loudly instead of silently reaching the network;
- ``context`` / ``page``: a fresh profile per test (own HTTP cache, own service workers); ``page``
  fails the test on any console error or uncaught exception, and ``requests`` lists every URL the
  pages, workers and service worker asked for.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The tests share their page-driving helpers as a plain module (e2e/driving.py), not a package.
sys.path.insert(0, str(Path(__file__).resolve().parent))
# Service-worker requests are reported to the context only with this switch (Playwright, Chromium).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Request, sync_playwright  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def load_site_script() -> ModuleType:
    """scripts/site.py, which builds and serves the site (a script, not a package)."""
    spec = importlib.util.spec_from_file_location("site_script", ROOT / "scripts" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


site_script = load_site_script()


class PageProblems:
    """What went wrong in a page and its workers, and every URL requested, during one test."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location.get('url', '')})")

    def on_page_error(self, error: Exception) -> None:
        self.errors.append(f"uncaught: {error}")

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if os.environ.get("TOUTES_TABLES_SITE_BUILT") != "1":
        site_script.install(browser=True)
        site_script.build()
    return site_script.PUBLIC


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server, url = site_script.serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


@pytest.fixture
def problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def context(browser: Browser, problems: PageProblems) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    context.on("request", problems.on_request)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext, problems: PageProblems) -> Iterator[Page]:
    page = context.new_page()
    page.on("console", problems.on_console)
    page.on("pageerror", problems.on_page_error)
    yield page
    if problems.errors:
        pytest.fail("the page reported errors:\n" + "\n".join(problems.errors), pytrace=False)

