#!/usr/bin/env python3
"""The computer's time per move in the browser (Pyodide in headless Chromium) against CPython, same positions.

    python3 scripts/site.py build && python3 benchmarks/computer_browser.py [--decisions 100] [--levels expert]

The positions are decisions (turns with at least two distinct legal plays) from games the
``advanced`` level plays against itself, alternately in each rule set of ``--rules`` (a random
one of the 225 starts for a ``-225`` set, the classic start otherwise; see ``selfplay.py``).
Every level then plays each of those decisions, timed around ``choose_play`` (the network
already loaded), once in this CPython and once in Pyodide inside a Web Worker of the built
site's ``bench/computer.html``, with the very same Python code (``TIMING_CODE``) and noise
seed, so the two runs make the same choices unless the expert's time budget cut a search short
(differences are printed). Before timing, each interpreter evaluates the 225 starts three times:
the first pass is the cold figure (WebAssembly is still being compiled to faster code), the last
the warm one. The wheel timed in the browser is the built site's: the script refuses to run when
its ``toutes_tables/ai`` sources differ from ``pkg/``.

Printed per level and interpreter: median, mean, 90th- and 95th-percentile milliseconds per move, and
the browser / CPython ratio of the medians, with the load average before and after each run. A level
may be a variant of a level's search, ``expert+ply=2+deep_candidates=2+deep_margin=0.03`` (each
``+field=value`` replaces that field of ``ai.levels.Level``; its time budget is kept). The issue's
goal: the expert's median move under 300 ms in the browser.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser_boot import CHROMIUM, CHROMIUM_ARGS, load_site_script  # noqa: E402
from selfplay import turns  # noqa: E402

from toutes_tables.ai import LEVELS, choose_play  # noqa: E402
from toutes_tables.ai.network import default_network  # noqa: E402

TIMEOUT_MS = 1_800_000

# Run as is by both interpreters: CPython execs it, the worker hands it to pyodide.runPython.
TIMING_CODE = '''
import dataclasses
import json
import random
import time

from toutes_tables import Position, start_position
from toutes_tables.ai import choose_play, get_level
from toutes_tables.ai.network import default_network


def level_of(name):
    """The level ``name``, or a variant of its search: ``expert+ply=2+deep_margin=0.02`` (its time budget kept)."""
    base, *changes = name.split("+")
    level = get_level(base)
    fields = {}
    for change in changes:
        field, _, value = change.partition("=")
        kind = type(getattr(level, field))
        fields[field] = value.lower() in {"1", "true"} if kind is bool else kind(value)
    return dataclasses.replace(level, name=name, **fields)


def time_levels(request_json):
    """Milliseconds and choices of each level on each decision of the request."""
    request = json.loads(request_json)
    began = time.perf_counter()
    network = default_network()
    load_ms = 1000 * (time.perf_counter() - began)
    starts = [start_position(n) for n in range(1, 226)]
    evaluation_us = []
    for _ in range(3):
        began = time.perf_counter()
        for position in starts:
            network.outputs(position.mine, position.theirs, (0, 1, 2, 3, 4))
        evaluation_us.append(1e6 * (time.perf_counter() - began) / len(starts))
    cases = [(Position(c["mine"], c["theirs"]), tuple(c["dice"]), c["rules"]) for c in request["cases"]]
    levels = {}
    for level in request["levels"]:
        rng = random.Random(request["seed"])
        times, choices = [], []
        for position, dice, rules in cases:
            began = time.perf_counter()
            play = choose_play(position, dice, rules, level_of(level), rng)
            times.append(1000 * (time.perf_counter() - began))
            choices.append(str(play))
        levels[level] = {"ms": times, "choices": choices}
    return json.dumps({"load_ms": load_ms, "evaluation_us": evaluation_us, "levels": levels})
'''


def decisions(count: int, rules_list: list[str], seed: int) -> list[dict[str, Any]]:
    """``count`` decisions from the advanced level's self-play games, as JSON-able cases."""
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for turn in turns(lambda position, dice, rules: choose_play(position, dice, rules, "advanced"), rules_list, rng):
        if turn.is_decision:
            position = turn.position
            cases.append({"mine": position.mine, "theirs": position.theirs, "dice": turn.dice, "rules": turn.rules})
            if len(cases) == count:
                return cases
    raise AssertionError("self-play never ends")


def stale_sources(public: Path) -> list[str]:
    """The ``toutes_tables/ai`` sources whose copy in the built site's engine wheel differs from ``pkg/``."""
    manifest = json.loads((public / "wheels" / "manifest.json").read_text())
    with zipfile.ZipFile(public / "wheels" / manifest["engine"]) as wheel:
        built = {name: wheel.read(name) for name in wheel.namelist() if name.startswith("toutes_tables/ai/")}
    ai = ROOT / "pkg" / "toutes_tables" / "ai"
    here = {f"toutes_tables/ai/{p.name}": p.read_bytes() for p in ai.glob("*.py")}
    return sorted(name for name in built.keys() | here.keys() if built.get(name) != here.get(name))


def in_cpython(request: dict[str, Any]) -> dict[str, Any]:
    default_network.cache_clear()  # so that the load is timed here too
    namespace: dict[str, Any] = {}
    exec(TIMING_CODE, namespace)  # the same code the browser runs
    answer: dict[str, Any] = json.loads(namespace["time_levels"](json.dumps(request)))
    answer["python"] = sys.version.split()[0]
    return answer


def built_site() -> Path:
    """The built site's folder; the script stops if it is not built or its engine wheel is not ``pkg/``'s."""
    public: Path = load_site_script().PUBLIC
    if not (public / "bench" / "computer.html").exists():
        sys.exit("build the site first: python3 scripts/site.py build")
    stale = stale_sources(public)
    if stale:
        sys.exit(f"the built engine wheel is not pkg/'s ({', '.join(stale)}): python3 scripts/site.py build")
    return public


@contextmanager
def bench_page(public: Path, timeout_ms: int = TIMEOUT_MS) -> Iterator[tuple[Page, Browser]]:
    """The built site's bench page (``bench/computer.html``) open in headless Chromium, served for as long as it is."""
    site = load_site_script()
    server, base = site.serve_in_thread(public)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_page()
            page.set_default_timeout(timeout_ms)
            page.goto(base + "bench/computer.html")
            try:
                yield page, browser
            finally:
                browser.close()
    finally:
        server.shutdown()


def in_bench_worker(public: Path, code: str, entry: str, argument: str, timeout_ms: int = TIMEOUT_MS) -> dict[str, Any]:
    """``code``'s function ``entry`` called with ``argument`` in the built site's bench worker (Pyodide), its answer."""
    with bench_page(public, timeout_ms) as (page, browser):
        answer: dict[str, Any] = page.evaluate(
            "(request) => window.timeComputer(request)", {"code": code, "entry": entry, "argument": argument}
        )
        answer["browser"] = f"Chromium {browser.version}, headless"
    return answer


def in_browser(request: dict[str, Any], public: Path) -> dict[str, Any]:
    return in_bench_worker(public, TIMING_CODE, "time_levels", json.dumps(request))


def load_average() -> str:
    """The machine's 1, 5 and 15-minute load averages: a shared machine's times depend on them."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def summary(ms: list[float]) -> tuple[float, float, float, float]:
    """Median, mean, 90th and 95th percentile."""
    ordered = sorted(ms)
    return statistics.median(ms), statistics.fmean(ms), ordered[int(0.9 * len(ms))], ordered[int(0.95 * len(ms))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=100, help="positions each level plays (default 100)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--rules", default="backgammon,toutes-tables-225")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    public = built_site()
    cases = decisions(args.decisions, args.rules.split(","), args.seed)
    request = {"cases": cases, "levels": args.levels.split(","), "seed": args.seed}
    print(f"{len(cases)} decisions ({args.rules}), levels {args.levels}", flush=True)
    print(f"load average {load_average()} before CPython", flush=True)
    cpython = in_cpython(request)
    print(f"CPython {cpython['python']} done; load average {load_average()}", flush=True)
    browser = in_browser(request, public)
    print(f"Pyodide done; load average {load_average()}", flush=True)
    print(f"{browser['browser']}, Pyodide's Python {browser['python']}, wheel {browser['engine']}")
    for name, run in (("CPython", cpython), ("Pyodide", browser)):
        cold, _, warm = run["evaluation_us"]
        print(f"  {name}: network load {run['load_ms']:.0f} ms, one evaluation {cold:.0f} us cold, {warm:.0f} us warm")
    width = max(13, *(len(level) + 1 for level in request["levels"]))
    columns = f"{'median ms':>10}{'mean ms':>9}{'p90 ms':>8}{'p95 ms':>8}{'ratio':>7}"
    print(f"\n{'level':<{width}}{'interpreter':<10}{columns}")
    for level in request["levels"]:
        cpython_median = statistics.median(cpython["levels"][level]["ms"])
        for name, run in (("CPython", cpython), ("Pyodide", browser)):
            median, mean, p90, p95 = summary(run["levels"][level]["ms"])
            ratio = f"{median / cpython_median:6.1f}x" if name == "Pyodide" else ""
            print(f"{level:<{width}}{name:<10}{median:>10.1f}{mean:>9.1f}{p90:>8.1f}{p95:>8.1f}{ratio:>7}")
        pairs = zip(cpython["levels"][level]["choices"], browser["levels"][level]["choices"], strict=True)
        differ = sum(a != b for a, b in pairs)
        if differ:
            print(f"  {level}: {differ} of {len(cases)} choices differ between CPython and Pyodide")
    return 0


if __name__ == "__main__":
    sys.exit(main())
