"""End-to-end fixtures: the built site served on localhost, driven in real Chromium by Playwright.

- ``site_dir``: ``public/``, built once per session by ``scripts/site.py`` (skipped when the test
  command has just built it, which it says with ``TOUTES_TABLES_SITE_BUILT=1``);
- ``site_url``: the base URL of a threaded static server on a free localhost port;
- ``browser``: Debian's Chromium, headless; it resolves no host name but localhost, so a request that
  tries to leave the origin fails loudly instead of silently reaching the network;
- ``context`` / ``page``: a fresh profile per test (own HTTP cache, own service workers); ``page``
  fails the test on any console error or uncaught exception, and ``requests`` lists every URL the
  pages, workers and service worker asked for;
- ``dice_seed``: every test's pages roll seeded dice (site/game/seed.js), so a test plays the same
  game at every run. Each test's seed comes from a base seed and the test's name; ``TT_E2E_SEED``
  sets another base. A failing test's report names its seed and the base that reproduces it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import zlib
from collections.abc import Generator, Iterator
from pathlib import Path
from types import ModuleType

import pluggy
import pytest

ROOT = Path(__file__).resolve().parent.parent
# The tests share their page-driving helpers as a plain module (e2e/driving.py), not a package.
sys.path.insert(0, str(Path(__file__).resolve().parent))
# Service-worker requests are reported to the context only with this switch (Playwright, Chromium).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, Request, sync_playwright  # noqa: E402

from driving import seed_dice  # noqa: E402

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
    return Path(site_script.PUBLIC)


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


# The base of every test's dice seed; TT_E2E_SEED=<n> plays every test with other dice.
BASE_SEED = int(os.environ.get("TT_E2E_SEED", "1698"))
DICE_SEED_KEY = pytest.StashKey[int]()


def seed_for(test_name: str, base: int = BASE_SEED) -> int:
    """The dice seed of the test named ``test_name``: the same at every run, different from test to test."""
    return (base * 1_000_003 + zlib.crc32(test_name.encode())) % 2**31


@pytest.fixture
def dice_seed(request: pytest.FixtureRequest) -> int:
    # named by file and test, not by node id: the same seed whichever directory pytest runs from
    seed = seed_for(f"{request.node.path.name}::{request.node.name}")
    request.node.stash[DICE_SEED_KEY] = seed
    return seed


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pluggy.Result[pytest.TestReport], None]:
    """A failed test's report says which dice it rolled, so the failure can be played again."""
    outcome = yield
    report = outcome.get_result()
    seed = item.stash.get(DICE_SEED_KEY, None)
    if report.failed and seed is not None:
        report.sections.append(
            ("dice seed", f"this test rolled the dice of seed {seed} (base TT_E2E_SEED={BASE_SEED}: "
                          f"TT_E2E_SEED={BASE_SEED} python -m pytest {item.nodeid!r} plays them again)")
        )


@pytest.fixture
def problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def context(browser: Browser, problems: PageProblems, dice_seed: int) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    seed_dice(context, dice_seed)
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

