#!/usr/bin/env python3
"""How long the game takes to be playable in the browser, against a bare Pyodide boot.

In one headless Chromium run, against the built site served on localhost, each round measures, from
navigation start, each in a fresh browser profile on disk (a player's, with a disk HTTP cache):

- bare boot: ``loadPyodide()`` of the same self-hosted runtime in a module worker (the bench page
  ``site/bench/?run=bare``), cold (empty HTTP cache) and on a reload (HTTP cache warm, revalidated);
- the game page (``play/``), as a player gets it:

  - **playable**: the first view of the game is shown and no engine request is pending (the page's
    ``window.toutesTables`` has a ``view`` and its engine's ``pending`` count is 0, checked every animation
    frame);
  - **engine ready**: the engine worker's ``ready`` answer arrives (``engine/client.js`` marks it), and of
    that boot when the runtime was up (its ``packages`` stage);
  - **board painted**: the first animation frame in which the board canvas has a painted pixel;

  on a first visit (cold, the service worker installing meanwhile), on a reload served by the service
  worker (the page checked to be controlled by it), and, with service workers blocked, cold and on a
  reload from the HTTP cache;
- the bytes the server sent during the first visit, until the site is offline-ready (the service
  worker has precached the whole site);
- once, after the rounds: the computer's move time through the engine worker, from the request to the
  answer (as the game page waits for it), median over ``--moves`` plays that were a real choice.

Goal (issue 13): playable within 0.6 x the bare boot, cold and on a service-worker reload (against the
bare boot's HTTP-cache reload), with the first visit's bytes at most 1.3 x those before the issue.
With ``--baseline DIR`` the game figures of a second built site (an older build's copy) are measured in
the same rounds too, so a change is compared under the same load.
Run:  python3 scripts/site.py build && python3 benchmarks/browser_boot.py [--repeat N] [--moves N] [--site DIR]
      [--baseline DIR]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import importlib.util
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

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


site = load_site_script()


# What a host that compresses its responses (GitHub Pages does) would send gzip-compressed: text and
# wasm. The snapshot, the bytecode and the wheels are compressed already.
COMPRESSED_BY_HOST = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".wasm")


class ByteCount:
    """Bytes of response bodies the server has sent (304s send none), and which files they were."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.lock = threading.Lock()
        self.total = 0
        self.sent: list[tuple[str, int]] = []  # (file, bytes), in order
        self.gzipped: dict[str, int] = {}
        self.first_visits: list[dict[str, int]] = []  # the bytes of each first visit, by file

    def add(self, file: str, count: int) -> None:
        with self.lock:
            self.total += count
            self.sent.append((file, count))

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def by_file(self, since: int, until: int) -> dict[str, int]:
        """Bytes sent per file between two ``mark()``s."""
        files: dict[str, int] = {}
        with self.lock:
            for file, count in self.sent[since:until]:
                files[file] = files.get(file, 0) + count
        return files

    def as_compressing_host(self, files: dict[str, int]) -> int:
        """The bytes of ``files`` (``by_file``) as a host that gzips text and wasm would send them (worked
        out after the rounds, not while they are timed)."""
        total = 0
        for file, count in files.items():
            path = self.directory / file
            if file.endswith(COMPRESSED_BY_HOST) and path.is_file() and count == path.stat().st_size:
                if file not in self.gzipped:
                    self.gzipped[file] = len(gzip.compress(path.read_bytes(), 6))
                count = self.gzipped[file]
            total += count
        return total


class CountingHandler(site.SiteRequestHandler):  # type: ignore[misc,name-defined]
    quiet = True
    counter: ByteCount

    def copyfile(self, source: IO[bytes], outputfile: IO[bytes]) -> None:
        served = Path(self.translate_path(self.path))
        if served.is_dir():
            served /= "index.html"
        file = served.resolve().relative_to(Path(self.directory).resolve()).as_posix()
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            self.counter.add(file, len(chunk))


def serve_counting(directory: Path) -> tuple[Any, str, ByteCount]:
    counter = ByteCount(directory)
    handler = type("Handler", (CountingHandler,), {"counter": counter})
    server = site.SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", counter


def wait_in_page(page: Page, script: str, what: str) -> Any:
    """Poll ``script`` (an expression of ``window``) in the page until it is not undefined."""
    # Polled by hand: wait_for_function would evaluate a string, which the page's CSP forbids.
    result = page.evaluate(
        """async ([timeoutMs, name]) => {
          const deadline = performance.now() + timeoutMs;
          while (window[name] === undefined && performance.now() < deadline) {
            await new Promise((r) => setTimeout(r, 20));
          }
          return window[name] ?? null;
        }""", [TIMEOUT_MS, script])
    if result is None:
        raise RuntimeError(f"{page.url}: no {what} within {TIMEOUT_MS} ms")
    return result


def bench_result(page: Page, url: str, *, reload: bool = False) -> dict[str, Any]:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.set_default_timeout(TIMEOUT_MS)
    result: dict[str, Any] = wait_in_page(page, "benchResult", "bench result")
    if "error" in result:
        raise RuntimeError(f"{url}: {result['error']}")
    return result


# Injected before the page's own scripts. Every animation frame until both are seen: the first frame in
# which the board canvas has a painted pixel at its centre (a plain 2d context, shared here), and the
# first in which the game has a view and its engine no pending request (playable). Then the engine's
# marks (engine/client.js) are read.
WATCH_GAME = """
requestAnimationFrame(function poll() {
  const canvas = document.querySelector("canvas.tt-board");
  if (window.boardPaintedMs === undefined && canvas && canvas.width > 0 && canvas.height > 0) {
    const pixel = canvas.getContext("2d").getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
    if (pixel[3] > 0) window.boardPaintedMs = performance.now();
  }
  const game = window.toutesTables;
  if (window.playableMs === undefined && game && game.view && game.engine && game.engine.pending === 0) {
    window.playableMs = performance.now();
  }
  if (window.boardPaintedMs === undefined || window.playableMs === undefined) {
    requestAnimationFrame(poll);
    return;
  }
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  window.gameTimes = {
    playable: window.playableMs,
    painted: window.boardPaintedMs,
    ready: mark("tt-engine-ready"),
    runtimeUp: mark("tt-engine-packages"),
    controlled: navigator.serviceWorker?.controller != null,
  };
});
"""


def game_times(page: Page, base: str, *, reload: bool = False) -> dict[str, Any]:
    if reload:
        page.reload()
    else:
        page.goto(base + "play/")
    times: dict[str, Any] = wait_in_page(page, "gameTimes", "playable game")
    return times


def wait_offline_ready(page: Page, base: str) -> None:
    """Until the service worker has precached the whole site and controls the page (e2e/driving.py does the same)."""
    page.evaluate("async (base) => { await (await import(new URL('offline.js', base).href)).offlineReady; }", base)
    page.evaluate(
        "async () => { while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 20)); }"
    )


@contextmanager
def fresh_profile(p: Playwright, service_workers: str, init_script: str | None = None) -> Iterator[Page]:
    """A page in a new browser profile on disk, as a player's: its HTTP cache is a disk cache (an
    in-memory one, Playwright's ordinary contexts', drops the largest files, so a second fetch of the
    runtime or the snapshot would download it again instead of revalidating it)."""
    profile = tempfile.mkdtemp(prefix="tt-boot-bench-")
    context: BrowserContext = p.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        service_workers=service_workers,  # type: ignore[arg-type]
    )
    try:
        if init_script:
            context.add_init_script(init_script)
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        yield page
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def bare_boots(p: Playwright, base: str) -> dict[str, float]:
    with fresh_profile(p, "block") as page:
        return {
            "bare boot, cold": bench_result(page, base + "bench/?run=bare")["readyMs"],
            "bare boot, HTTP cache": bench_result(page, base + "bench/?run=bare", reload=True)["readyMs"],
        }


def game_boots(p: Playwright, base: str, counter: ByteCount, label: str = "") -> dict[str, float]:
    figures: dict[str, float] = {}
    with fresh_profile(p, "allow", WATCH_GAME) as page:
        sent_before = counter.total
        mark = counter.mark()
        first = game_times(page, base)
        wait_offline_ready(page, base)
        figures[f"{label}first visit: MB sent until offline-ready"] = (counter.total - sent_before) / 1e6
        counter.first_visits.append(counter.by_file(mark, counter.mark()))
        figures[f"{label}game playable, cold"] = first["playable"]
        figures[f"{label}game engine ready, cold"] = first["ready"]
        figures[f"{label}game cold: runtime up"] = first["runtimeUp"]
        figures[f"{label}game board painted, cold"] = first["painted"]
        served = game_times(page, base, reload=True)
        assert served["controlled"], "the reload was served by the service worker"
        figures[f"{label}game playable, service-worker reload"] = served["playable"]
        figures[f"{label}game engine ready, service-worker reload"] = served["ready"]
    with fresh_profile(p, "block", WATCH_GAME) as page:
        figures[f"{label}game playable, cold, no service worker"] = game_times(page, base)["playable"]
        figures[f"{label}game playable, HTTP cache"] = game_times(page, base, reload=True)["playable"]
    return figures


def computer_moves(p: Playwright, base: str, moves: int, rules: str) -> list[float]:
    """Milliseconds of each of ``moves`` computer plays (non-forced) through the engine worker."""
    with fresh_profile(p, "block") as page:
        result = bench_result(page, f"{base}bench/?run=computer&moves={moves}&rules={rules}")
    return [float(ms) for ms in result["playMs"]]


# The parts of a first visit's bytes, by path: the first that matches names it.
PARTS = (
    ("the boot snapshot", "wheels/boot-snapshot.bin"), ("the runtime's wasm", "pyodide/pyodide.asm.wasm"),
    ("the standard library", "pyodide/python_stdlib.zip"), ("the rest of the runtime", "pyodide/"),
    ("the engine wheel", "wheels/toutes_tables-"), ("fallback only: bytecode", "wheels/boot-bytecode.bin"),
    ("fallback only: micropip, packaging", "wheels/"), ("the 225 start diagrams", "starts/"),
    ("everything else (pages, scripts, styles)", ""),
)


def report_bytes(counter: ByteCount, label: str) -> None:
    """The first visit's bytes by part, as sent here and as a compressing host would send them."""
    if not counter.first_visits:
        return
    files = counter.first_visits[-1]
    parts: dict[str, list[int]] = {name: [0, 0] for name, _ in PARTS}
    for file, count in files.items():
        name = next(name for name, prefix in PARTS if file.startswith(prefix))
        parts[name][0] += count
        parts[name][1] += counter.as_compressing_host({file: count})
    hosts = [counter.as_compressing_host(visit) / 1e6 for visit in counter.first_visits]
    print(f"\n  {label}first visit's bytes by part (last round), sent here / by a host gzipping text and wasm:")
    for name, (sent, gzipped) in parts.items():
        print(f"    {name:<44} {sent / 1e6:6.2f} MB  {gzipped / 1e6:6.2f} MB")
    print(f"    {'total':<44} {sum(files.values()) / 1e6:6.2f} MB  {sum(p[1] for p in parts.values()) / 1e6:6.2f} MB"
          f"   (a compressing host, median of the rounds: {statistics.median(hosts):.2f} MB)")


def report(rounds: list[dict[str, float]], version: str, baseline: bool) -> None:
    median = {key: statistics.median(r[key] for r in rounds) for key in rounds[0]}
    print(f"\nChromium {version}, headless; medians of {len(rounds)} rounds (seconds from navigation start):")
    for key, value in median.items():
        unit = "MB" if key.endswith("offline-ready") else "s "
        print(f"  {key:<46} {value / (1 if unit == 'MB' else 1000):7.2f} {unit}")

    def ratio(a: str, b: str) -> str:
        # Each round's own ratio too: the boots of a round ran seconds apart, under much the same load.
        paired = statistics.median(r[a] / r[b] for r in rounds)
        return f"{median[a] / median[b]:6.2f} x   (rounds' median {paired:.2f} x)"

    print()
    print(f"  playable / bare boot, cold                      {ratio('game playable, cold', 'bare boot, cold')}"
          "   goal <= 0.6 x")
    print(f"  playable SW reload / bare boot, HTTP cache      "
          f"{ratio('game playable, service-worker reload', 'bare boot, HTTP cache')}   goal <= 0.6 x")
    print(f"  playable SW reload / bare boot, cold            "
          f"{ratio('game playable, service-worker reload', 'bare boot, cold')}")
    print(f"  playable HTTP cache / bare boot, HTTP cache     "
          f"{ratio('game playable, HTTP cache', 'bare boot, HTTP cache')}")
    print(f"  engine ready / bare boot, cold                  {ratio('game engine ready, cold', 'bare boot, cold')}")
    if baseline:
        print(f"  baseline playable / bare boot, cold             "
              f"{ratio('baseline: game playable, cold', 'bare boot, cold')}")
        print(f"  baseline playable SW reload / bare, HTTP cache  "
              f"{ratio('baseline: game playable, service-worker reload', 'bare boot, HTTP cache')}")
        sent = "first visit: MB sent until offline-ready"
        bytes_ratio = ratio(sent, f"baseline: {sent}")
        print(f"  first visit's bytes / the baseline's            {bytes_ratio}   goal <= 1.3 x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds; medians are reported (default 3)")
    parser.add_argument("--moves", type=int, default=40, help="computer plays timed (default 40; 0: none)")
    parser.add_argument("--rules", default="toutes-tables-225", help="rule set of the computer's games")
    parser.add_argument("--site", type=Path, help="the built site to serve (default public/; a copy is safe "
                        "from builds made meanwhile)")
    parser.add_argument("--baseline", type=Path, help="another built site (say, a copy of an older build) whose game "
                        "is measured in the same rounds, after this one's")
    args = parser.parse_args()

    site_dir = args.site or site.PUBLIC
    if not (site_dir / "bench" / "index.html").exists():
        sys.exit(f"no built site in {site_dir}: python3 scripts/site.py build")
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}", flush=True)
    server, base, counter = serve_counting(site_dir)
    baseline = serve_counting(args.baseline) if args.baseline else None
    rounds: list[dict[str, float]] = []
    try:
        with sync_playwright() as p:
            for i in range(args.repeat):
                figures = {**bare_boots(p, base), **game_boots(p, base, counter)}
                if baseline:
                    figures.update(game_boots(p, baseline[1], baseline[2], "baseline: "))
                rounds.append(figures)
                line = ", ".join(
                    f"{k} {v:.2f}" if k.endswith("offline-ready") else f"{k} {v / 1000:.2f} s"
                    for k, v in figures.items()
                )
                print(f"round {i + 1}: {line}", flush=True)
            play_ms = computer_moves(p, base, args.moves, args.rules) if args.moves else []
            with fresh_profile(p, "block") as page:
                version = str(page.evaluate("() => navigator.userAgent.match(/Chrome\\/([\\d.]+)/)[1]"))
    finally:
        server.shutdown()
        if baseline:
            baseline[0].shutdown()

    report(rounds, version, baseline is not None)
    report_bytes(counter, "")
    if baseline:
        report_bytes(baseline[2], "baseline: ")
    print(f"  load average at the end: {open('/proc/loadavg').read().split()[:3]}")
    if play_ms:
        quartiles = statistics.quantiles(play_ms, n=4)
        print(
            f"\n  computer's move ({args.rules}, {len(play_ms)} plays): median {statistics.median(play_ms):.0f} ms, "
            f"quartiles {quartiles[0]:.0f}-{quartiles[2]:.0f} ms, max {max(play_ms):.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
