#!/usr/bin/env python3
"""How long the engine takes to be ready in the browser, against a bare Pyodide boot.

In one headless Chromium run, against the built site served on localhost (the bench page
``site/bench/``), each repetition measures, from navigation start, in a fresh browser profile:

- bare boot, cold: ``loadPyodide()`` of the same self-hosted runtime in a module worker, empty HTTP cache;
- engine ready, cold: the game's engine worker (Pyodide, packaging + micropip, the engine wheel through
  micropip, the import) answering ``version``, empty HTTP cache;
- the same two again on a reload (HTTP cache warm, revalidated);
- engine ready on a reload served by the service worker (after one visit that installed it);
- on the game page itself, cold, the first frame in which the board canvas is painted;
- of the cold engine boot, where the time goes: until the runtime is up (the worker's ``packages``
  progress stage arrives) and from then to ready (packages, the engine's install and import);
- once, after the rounds: the computer's move time through the engine worker, from the request to the
  answer (as the game page waits for it), median over ``--moves`` plays that were a real choice.

Goals (issue 3): engine ready within 1.2 x the bare boot; the service-worker reload no slower than a
bare boot + 1 s; the board painted within 1 s.
Run:  python3 scripts/site.py build && python3 benchmarks/browser_boot.py [--repeat N] [--moves N] [--site DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
TIMEOUT_MS = 120_000


def load_site_script() -> Any:
    spec = importlib.util.spec_from_file_location("site_script", ROOT / "scripts" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_result(page: Page, url: str, *, reload: bool = False) -> dict[str, Any]:
    if reload:
        page.reload()
    else:
        page.goto(url)
    # Polled by hand: wait_for_function would evaluate a string, which the page's CSP forbids.
    page.set_default_timeout(TIMEOUT_MS)
    result: dict[str, Any] = page.evaluate(
        """async (timeoutMs) => {
          const deadline = performance.now() + timeoutMs;
          while (!window.benchResult && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          return window.benchResult ?? { error: `no result within ${timeoutMs} ms` };
        }""", TIMEOUT_MS)
    if "error" in result:
        raise RuntimeError(f"{url}: {result['error']}")
    return result


# Injected before the page's own scripts: notes the first animation frame in which the game's board
# canvas has a painted pixel at its centre (the board draws with a plain 2d context, shared here).
WATCH_BOARD_PAINT = """
requestAnimationFrame(function poll() {
  const canvas = document.querySelector("canvas.tt-board");
  if (canvas && canvas.width > 0 && canvas.height > 0) {
    const pixel = canvas.getContext("2d").getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
    if (pixel[3] > 0) {
      window.boardPaintedMs = performance.now();
      return;
    }
  }
  requestAnimationFrame(poll);
});
"""


def board_painted(browser: Browser, base: str) -> float:
    """Milliseconds from navigation start to the first painted board on the game page, cold."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(WATCH_BOARD_PAINT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(base + "play/")
    painted: float | None = page.evaluate(
        """async (timeoutMs) => {
          const deadline = performance.now() + timeoutMs;
          while (window.boardPaintedMs === undefined && performance.now() < deadline) {
            await new Promise((r) => setTimeout(r, 20));
          }
          return window.boardPaintedMs ?? null;
        }""", TIMEOUT_MS)
    context.close()
    if painted is None:
        raise RuntimeError("the game page painted no board")
    return painted


def one_round(browser: Browser, base: str) -> dict[str, float]:
    figures: dict[str, float] = {"game page: board painted, cold": board_painted(browser, base)}
    bare = browser.new_context(service_workers="block")
    page = bare.new_page()
    figures["bare boot, cold"] = bench_result(page, base + "bench/?run=bare")["readyMs"]
    figures["bare boot, HTTP cache"] = bench_result(page, base + "bench/?run=bare", reload=True)["readyMs"]
    bare.close()

    engine = browser.new_context(service_workers="allow")
    page = engine.new_page()
    cold = bench_result(page, base + "bench/?run=engine")
    figures["engine ready, cold"] = cold["readyMs"]
    figures["engine cold: runtime up"] = cold["stages"]["packages"]
    figures["engine cold: runtime up to ready"] = cold["stages"]["ready"] - cold["stages"]["packages"]
    figures["engine ready, HTTP cache"] = bench_result(page, base + "bench/?run=engine", reload=True)["readyMs"]
    installed = bench_result(page, base + "bench/?run=engine&sw=1")
    assert installed["controlled"], "the service worker controls the page once installed"
    served = bench_result(page, base + "bench/?run=engine&sw=1", reload=True)
    assert served["controlled"], "the reload was served by the service worker"
    figures["engine ready, service-worker reload"] = served["readyMs"]
    engine.close()
    return figures


def computer_moves(browser: Browser, base: str, moves: int, rules: str) -> list[float]:
    """Milliseconds of each of ``moves`` computer plays (non-forced) through the engine worker."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    result = bench_result(page, f"{base}bench/?run=computer&moves={moves}&rules={rules}")
    context.close()
    return [float(ms) for ms in result["playMs"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds; medians are reported (default 3)")
    parser.add_argument("--moves", type=int, default=40, help="computer plays timed (default 40; 0: none)")
    parser.add_argument("--rules", default="toutes-tables-225", help="rule set of the computer's games")
    parser.add_argument("--site", type=Path, help="the built site to serve (default public/; a copy is safe "
                        "from builds made meanwhile)")
    args = parser.parse_args()

    site = load_site_script()
    site_dir = args.site or site.PUBLIC
    if not (site_dir / "bench" / "index.html").exists():
        sys.exit(f"no built site in {site_dir}: python3 scripts/site.py build")
    server, base = site.serve_in_thread(site_dir)
    rounds: list[dict[str, float]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            for i in range(args.repeat):
                rounds.append(one_round(browser, base))
                figures = ", ".join(f"{k} {v / 1000:.2f} s" for k, v in rounds[-1].items())
                print(f"round {i + 1}: {figures}", flush=True)
            play_ms = computer_moves(browser, base, args.moves, args.rules) if args.moves else []
            version = browser.version
            browser.close()
    finally:
        server.shutdown()

    median = {key: statistics.median(r[key] for r in rounds) / 1000 for key in rounds[0]}
    print(f"\nChromium {version}, headless; medians of {len(rounds)} rounds (seconds from navigation start):")
    for key, seconds in median.items():
        print(f"  {key:<38} {seconds:6.2f} s")
    bare, engine = median["bare boot, cold"], median["engine ready, cold"]
    warm_ratio = median["engine ready, HTTP cache"] / median["bare boot, HTTP cache"]
    sw_margin = median["engine ready, service-worker reload"] - bare
    # Each round's own ratio too: the two boots of a round ran seconds apart, under much the same load.
    paired = statistics.median(r["engine ready, cold"] / r["bare boot, cold"] for r in rounds)
    print(f"\n  engine ready / bare boot, cold           {engine / bare:6.2f} x   (goal <= 1.2 x)")
    print(f"  the same, median of the rounds' ratios   {paired:6.2f} x")
    print(f"  engine ready / bare boot, HTTP cache     {warm_ratio:6.2f} x")
    print(f"  service-worker reload - bare boot, cold  {sw_margin:+6.2f} s   (goal <= +1 s)")
    painted = median["game page: board painted, cold"]
    print(f"  board painted, cold                      {painted:6.2f} s   (goal <= 1 s)")
    if play_ms:
        quartiles = statistics.quantiles(play_ms, n=4)
        print(
            f"\n  computer's move ({args.rules}, {len(play_ms)} plays): median {statistics.median(play_ms):.0f} ms, "
            f"quartiles {quartiles[0]:.0f}-{quartiles[2]:.0f} ms, max {max(play_ms):.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
