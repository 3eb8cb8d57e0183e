"""The web platform in real Chromium: the game page, the engine worker, offline reloads, the origin rule."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page

from driving import wait_for_offline_cache

ROOT = Path(__file__).resolve().parent.parent

ENGINE_BOOT_TIMEOUT_MS = 90_000

# Boots the engine through the public client API, as the game does, and asks it a few things.
BOOT_AND_ASK_ENGINE = """async (siteUrl) => {
  const { createEngine } = await import(new URL("engine/client.js", siteUrl).href);
  const stages = [];
  const engine = createEngine(undefined, { onProgress: ({ stage }) => stages.push(stage) });
  const ready = await engine.ready;
  const version = await engine.call("version");
  const failure = await engine.call("no_such_method").then(
    (result) => ({ unexpectedResult: result }),
    (error) => ({ name: error.name, type: error.type, message: error.message }),
  );
  const badParams = await engine.call("version", { surplus: 1 }).then(
    (result) => ({ unexpectedResult: result }),
    (error) => ({ type: error.type, message: error.message }),
  );
  engine.terminate();
  return { ready, version, stages, failure, badParams };
}"""


def engine_version() -> str:
    text = (ROOT / "pkg" / "toutes_tables" / "__init__.py").read_text()
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    assert match, "the engine declares its __version__"
    return match.group(1)


def boot_engine(page: Page, site_url: str) -> dict[str, Any]:
    page.set_default_timeout(ENGINE_BOOT_TIMEOUT_MS)
    answer: dict[str, Any] = page.evaluate(BOOT_AND_ASK_ENGINE, site_url)
    return answer


def test_game_page_has_the_game_root_and_loads_its_modules(page: Page, site_url: str, problems: Any) -> None:
    response = page.goto(site_url + "play/")
    assert response is not None and response.ok
    page.wait_for_load_state("networkidle")
    assert page.locator("#game").count() == 1
    assert any(url.endswith("/game/main.js") for url in problems.requests)
    assert any(url.endswith("/offline.js") for url in problems.requests)


def test_engine_worker_boots_and_answers_version(page: Page, site_url: str) -> None:
    page.goto(site_url + "play/")
    answer = boot_engine(page, site_url)
    assert answer["ready"]["version"] == engine_version()
    assert answer["version"] == engine_version()
    assert list(dict.fromkeys(answer["stages"])) == ["runtime", "packages", "engine", "import"]
    assert answer["failure"] == {
        "name": "EngineError", "type": "ServiceError", "message": "unknown service method 'no_such_method'"}
    # a malformed call is refused by the service's own check, naming the parameter (not a Python TypeError)
    assert answer["badParams"] == {
        "type": "ServiceError", "message": "version has no parameter 'surplus'; it takes no parameters"}


def test_no_request_leaves_the_origin(page: Page, site_url: str, problems: Any) -> None:
    page.goto(site_url + "play/")
    boot_engine(page, site_url)
    wait_for_offline_cache(page, site_url)
    page.goto(site_url)  # the rules book's home page too
    page.wait_for_load_state("networkidle")
    origin = urlsplit(site_url).netloc
    foreign = [url for url in problems.requests if urlsplit(url).scheme not in ("data", "blob")
               and urlsplit(url).netloc != origin]
    assert problems.requests, "requests were recorded"
    assert any(url.endswith(".wasm.gz") for url in problems.requests), "worker requests were recorded"
    assert foreign == []


def test_every_page_has_a_strict_content_security_policy(site_dir: Path) -> None:
    pages = sorted(site_dir.rglob("*.html"))
    assert site_dir / "play" / "index.html" in pages
    for html in pages:
        text = html.read_text()
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
        assert policy, f"{html} has a Content-Security-Policy"
        directives = dict((d.split()[0], d.split()[1:]) for d in policy.group(1).split("; "))
        assert directives["default-src"] == ["'self'"]
        assert directives["connect-src"] == ["'self'"]
        assert "'unsafe-inline'" not in directives["script-src"]
        assert "'unsafe-eval'" not in directives["script-src"]
        assert all(s == "'self'" or s.startswith("'sha256-") for s in directives["script-src"]), html


def test_site_names_its_wheels_and_precaches_everything_the_engine_needs(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "wheels" / "manifest.json").read_text())
    assert manifest["engine"] == f"toutes_tables-{engine_version()}-py3-none-any.whl"
    for name in [*manifest["runtime"], manifest["engine"]]:
        assert (site_dir / "wheels" / name).is_file()
    precache = re.search(r"^const PRECACHE = (\{.*\}); // @precache-manifest", (site_dir / "sw.js").read_text(), re.M)
    assert precache
    urls = json.loads(precache.group(1))["urls"]
    for needed in ["play/", "engine/worker.js", "engine/client.js", "pyodide/pyodide.asm.wasm.gz",
                   "pyodide/python_stdlib.zip", "wheels/manifest.json", f"wheels/{manifest['engine']}",
                   "manifest.webmanifest", "icons/icon-192.png"]:
        assert needed in urls


# Each edition's play page, and how the engine words a surplus parameter in its language (the engine speaks the
# page's <html lang>: docs/translations.md, "The engine speaks the page's language").
EDITIONS = [("play/", "version has no parameter 'surplus'; "), ("fr/play/", "version n'a pas de paramètre 'surplus'")]


@pytest.mark.parametrize(("path", "refusal"), EDITIONS, ids=["en", "fr"])
def test_engine_boots_offline_after_one_visit(
    context: BrowserContext, page: Page, site_url: str, path: str, refusal: str
) -> None:
    page.goto(site_url + path)
    assert boot_engine(page, site_url)["version"] == engine_version()
    wait_for_offline_cache(page, site_url)

    context.set_offline(True)
    page.reload()
    assert page.locator("#game").count() == 1
    answer = boot_engine(page, site_url)
    assert answer["ready"]["version"] == engine_version()
    assert answer["version"] == engine_version()
    assert answer["badParams"]["message"].startswith(refusal), answer["badParams"]


def test_web_manifest_makes_the_site_installable(page: Page, site_url: str) -> None:
    page.goto(site_url + "play/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href
    manifest = page.evaluate("async (url) => (await fetch(url)).json()", href)
    assert manifest["start_url"] and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        response = page.request.get(site_url + icon["src"])
        assert response.ok and response.headers["content-type"] == icon["type"]


def test_engine_reports_a_failed_boot_instead_of_hanging(browser: Any, site_url: str) -> None:
    """With WebAssembly forbidden to the worker (no 'wasm-unsafe-eval'), ready rejects with the reason, which a
    French page says in French."""
    context = browser.new_context(service_workers="block")
    try:
        def strict_worker(route: Any) -> None:
            response = route.fetch()
            headers = {**response.headers, "content-security-policy": "default-src 'self'; script-src 'self'"}
            route.fulfill(response=response, headers=headers)

        context.route("**/engine/worker.js", strict_worker)
        page = context.new_page()
        page.goto(site_url + "bench/?run=none")  # a page of the site that starts no engine of its own
        page.set_default_timeout(ENGINE_BOOT_TIMEOUT_MS)
        failure = page.evaluate("""async (siteUrl) => {
          const { createEngine } = await import(new URL("engine/client.js", siteUrl).href);
          const engine = createEngine();
          const boot = await engine.ready.then(() => ({ ready: true }), (e) => e);
          const request = await engine.call("version").then(() => "answered", (e) => e.type);
          // said in French as a French page says it (site/i18n/engine-words.js)
          document.documentElement.lang = "fr";
          const { loadLanguage } = await import(new URL("i18n/i18n.js", siteUrl).href);
          await loadLanguage("fr");
          const { engineFailure } = await import(new URL("i18n/engine-words.js", siteUrl).href);
          const { type, message, kind } = boot;
          return { boot: { type, message, kind }, request, french: engineFailure(boot) };
        }""", site_url)
    finally:
        context.close()
    assert failure["boot"]["type"] == "CompileError"
    assert "Content Security Policy" in failure["boot"]["message"]
    assert failure["request"] == "CompileError"
    assert failure["boot"]["kind"] == "wasm"
    assert failure["french"].startswith("ce navigateur n'a pas pu démarrer son WebAssembly"), failure["french"]
