"""The review's time per decision in the browser (Pyodide in headless Chromium) against CPython, same game.

    python3 scripts/site.py build
    setsid nice -n 19 python3 benchmarks/review_browser.py [--rules backgammon] [--turns 60] [--seed 1]
        [--level world-class|expert]

A seeded game (the ``advanced`` level playing both sides, checker plays only, so the record is the
same whatever the machine's load; with ``--turns N`` the first seed from ``--seed`` whose game is
within a tenth of N turns) is reviewed through the calls the review page's worker makes,
``review_start`` then ``review_next`` one decision at a time (:mod:`toutes_tables.review_service`:
the review at ``--level``, World class by default as on the page, each decision as the page gets
it, with the players' summary so far), once in this CPython and once in Pyodide inside a Web Worker
of the built site's ``bench/computer.html`` kept for the whole run, with the very same Python code
(``TIMING_CODE``). The two alternate decision by decision, so both meet the same load on a shared
machine, and each step is timed twice: on the wall clock (inside each interpreter) and in processor
seconds (this process's; the browser's processes', read from /proc around the call). On a loaded
machine the processor seconds are the figures to compare: the wall clock also measures each one's
share of the processor. To keep those shares alike the browser's threads are given this process's
niceness before each step (Chromium sets its own priorities), and ``setsid`` gives this process a
scheduling group of its own as Chromium has (Linux's autogroups: otherwise its niceness counts only
against the other jobs of the shell's session). Each decision's times are printed as they come, then
the decisions, the median, mean and 90th-percentile milliseconds per decision, the whole review's
seconds (``review_start`` and every step), the browser / CPython ratios and the load averages; the
two reviews must agree decision for decision (differences are printed). The built site's wheel must
be ``pkg/``'s (the script refuses a stale build, as ``computer_browser.py`` does).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from computer_browser import bench_page, built_site, load_average  # noqa: E402

from toutes_tables import Game, legal_plays  # noqa: E402
from toutes_tables.ai import choose_play  # noqa: E402
from toutes_tables.analysis import REVIEW_LEVEL, REVIEW_LEVELS  # noqa: E402
from toutes_tables.record import game_to_text  # noqa: E402

TIMEOUT_MS = 3_600_000
MAX_TURNS = 400
MAX_SEEDS = 100  # seeds tried to find a game of about --turns turns

# Run as is by both interpreters: CPython execs it, the worker hands it to pyodide.runPython. The page's worker
# calls the same two service methods (site/review/review.js), so each step is what the page waits for.
TIMING_CODE = '''
import json
import time

from toutes_tables import review_service
from toutes_tables.ai.network import default_network


def review_begin(request_json):
    """Start the review of the request's record at its level (the network loaded first, untimed)."""
    request = json.loads(request_json)
    default_network()
    began = time.perf_counter()
    started = review_service.review_start(request["record"], level=request["level"])
    return json.dumps({"id": started["id"], "total": started["total"], "level": started["level"],
                       "ms": 1000 * (time.perf_counter() - began)})


def review_step(request_json):
    """The review's next decision, as review_next gives it to the page, and its milliseconds."""
    request = json.loads(request_json)
    began = time.perf_counter()
    answer = review_service.review_next(request["id"], 1)
    ms = 1000 * (time.perf_counter() - began)
    decisions = [[d["kind"], d["colour"], d["dice"], d["played"], d["best"], d["error"]] for d in answer["items"]]
    return json.dumps({"ms": ms, "decisions": decisions, "done": answer["done"]})
'''


def seeded_record(rules: str, seed: int) -> str:
    """A game the advanced level plays against itself with seeded dice (checker plays only), as its record."""
    rng = random.Random(seed)
    game = Game(rules, rng=random.Random(seed))
    while not game.is_over and len(game.history) < MAX_TURNS:
        if game.phase == "opening":
            game.roll_opening()
        elif game.phase == "roll":
            game.roll()
        elif game.phase == "move":
            assert game.dice is not None
            plays = legal_plays(game.position, game.dice, rules=rules)
            game.play(choose_play(game.position, game.dice, rules, "advanced", rng) if plays else ())
    return game_to_text(game)


def record_of_about(rules: str, seed: int, turns: int | None) -> tuple[int, str]:
    """The seed and record of the seeded game: ``seed``'s, or with ``turns`` the first from it within a tenth of it."""
    for tried in range(seed, seed + (MAX_SEEDS if turns else 1)):
        record = seeded_record(rules, tried)
        if turns is None or abs(turns_of(record) - turns) <= turns / 10:
            return tried, record
    raise SystemExit(f"no seed from {seed} to {seed + MAX_SEEDS - 1} plays a game of about {turns} turns")


def turns_of(record: str) -> int:
    return sum(1 for line in record.splitlines() if line.startswith(("black ", "white ")))


Call = Callable[[str, str], dict[str, Any]]


def in_cpython() -> Call:
    """Calls of ``TIMING_CODE``'s functions in this interpreter."""
    namespace: dict[str, Any] = {}
    exec(TIMING_CODE, namespace)  # the same code the browser runs

    def call(entry: str, argument: str) -> dict[str, Any]:
        began = time.process_time()
        answer: dict[str, Any] = json.loads(namespace[entry](argument))
        answer["cpu_s"] = time.process_time() - began
        answer["python"] = sys.version.split()[0]
        return answer

    return call


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (Linux's /proc), children first."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, queue = [], list(children.get(pid, []))
    while queue:
        child = queue.pop(0)
        found.append(child)
        queue.extend(children.get(child, []))
    return found


def browser_cpu_seconds() -> float:
    """The processor seconds used so far by the processes this one started (the browser and Playwright's driver)."""
    ticks = 0
    for pid in descendants(os.getpid()):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile: its seconds are lost (the browser's processes last the whole run)
        ticks += int(fields[11]) + int(fields[12])  # utime, stime: all its threads
    return ticks / os.sysconf("SC_CLK_TCK")


def share_our_niceness() -> int:
    """Give every thread of the browser this process started this process's niceness; the threads changed.

    Chromium sets its own priorities (its browser process at -8, renderers and workers at 0 or 5), so under
    ``nice -n 19`` the Pyodide worker would run ahead of CPython on a loaded machine and the ratio would
    measure the two priorities, not the two interpreters. Called before every browser step.
    """
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    changed = 0
    for pid in descendants(os.getpid()):
        for task in Path(f"/proc/{pid}/task").glob("[0-9]*"):
            try:
                if os.getpriority(os.PRIO_PROCESS, int(task.name)) != ours:
                    os.setpriority(os.PRIO_PROCESS, int(task.name), ours)
                    changed += 1
            except OSError:
                continue  # a thread that ended meanwhile
    return changed


@contextmanager
def in_browser(public: Path) -> Iterator[tuple[Call, str]]:
    """Calls of ``TIMING_CODE``'s functions in one Pyodide worker of the built site kept open, and the browser."""
    with bench_page(public, TIMEOUT_MS) as (page, browser):
        sent: list[str] = []
        reniced: list[int] = []  # threads given our niceness before each call

        def call(entry: str, argument: str) -> dict[str, Any]:
            code = "" if sent else TIMING_CODE  # defined once; the session keeps it
            sent.append(entry)
            reniced.append(share_our_niceness())
            began = browser_cpu_seconds()
            answer: dict[str, Any] = page.evaluate(
                "(request) => window.callSession(request)", {"code": code, "entry": entry, "argument": argument}
            )
            answer["cpu_s"] = browser_cpu_seconds() - began
            return answer

        try:
            yield call, f"Chromium {browser.version}, headless"
            print(f"browser threads given the benchmark's niceness ({os.getpriority(os.PRIO_PROCESS, 0)}): "
                  f"{reniced[0]} at the start, {sum(reniced[1:])} more during the run", flush=True)
        finally:
            page.evaluate("() => window.closeSession()")


def row(name: str, values: list[float], total: float) -> str:
    ordered = sorted(values)
    return (f"{name:<22}{len(values):>10}{statistics.median(values):>11.0f}{statistics.fmean(values):>9.0f}"
            f"{ordered[int(0.9 * len(values))]:>8.0f}{total:>9.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="backgammon")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=None, help="a game of about this many turns (the first seed)")
    parser.add_argument("--level", default=REVIEW_LEVEL, choices=REVIEW_LEVELS, help="the review's level")
    args = parser.parse_args()

    public = built_site()
    seed, record = record_of_about(args.rules, args.seed, args.turns)
    print(f"{args.rules}, seed {seed}: a game of {turns_of(record)} turns, reviewed at {args.level}", flush=True)
    print(f"load average {load_average()} before", flush=True)
    request = {"record": record, "level": args.level}
    cpython = in_cpython()
    runs: dict[str, dict[str, Any]] = {}
    names = ("CPython", "Pyodide")
    with in_browser(public) as (pyodide, browser):
        for name, call in zip(names, (cpython, pyodide), strict=True):
            started = call("review_begin", json.dumps(request))
            runs[name] = {"id": started["id"], "start_ms": started["ms"], "start_cpu": started["cpu_s"], "ms": [],
                          "cpu_ms": [], "decisions": [], "python": started["python"], "engine": started.get("engine"),
                          "done": False}
        print(f"CPython {runs['CPython']['python']}; {browser}, Pyodide's Python {runs['Pyodide']['python']}, "
              f"wheel {runs['Pyodide']['engine']}", flush=True)
        print(f"{'decision':>8}  {'kind':<5}{'CPython ms':>11}{'Pyodide ms':>11}{'ratio':>7}"
              f"{'CPU ms CPython':>16}{'Pyodide':>9}{'ratio':>7}", flush=True)
        while not all(run["done"] for run in runs.values()):
            for name, call in zip(names, (cpython, pyodide), strict=True):
                run = runs[name]
                if run["done"]:
                    continue
                step = call("review_step", json.dumps({"id": run["id"]}))
                run["done"] = step["done"]
                if step["decisions"]:  # the last call may only find the review over
                    run["ms"].append(step["ms"])
                    run["cpu_ms"].append(1000 * step["cpu_s"])
                    run["decisions"].extend(step["decisions"])
                else:
                    run["start_ms"] += step["ms"]
                    run["start_cpu"] += step["cpu_s"]
            cp, py = runs["CPython"], runs["Pyodide"]
            if len(cp["ms"]) == len(py["ms"]) and cp["ms"]:
                a, b, ca, cb = cp["ms"][-1], py["ms"][-1], cp["cpu_ms"][-1], py["cpu_ms"][-1]
                print(f"{len(cp['ms']):>8}  {cp['decisions'][-1][0]:<5}{a:>11.0f}{b:>11.0f}{b / a:>7.2f}"
                      f"{ca:>16.0f}{cb:>9.0f}{cb / max(ca, 1):>7.2f}", flush=True)
    print(f"load average {load_average()} after", flush=True)
    print(f"\n{'':<22}{'decisions':>10}{'median ms':>11}{'mean ms':>9}{'p90 ms':>8}{'total s':>9}")
    for name in names:
        run = runs[name]
        run["total_s"] = (sum(run["ms"]) + run["start_ms"]) / 1000
        run["total_cpu_s"] = sum(run["cpu_ms"]) / 1000 + run["start_cpu"]
        print(row(f"{name} wall clock", run["ms"], run["total_s"]))
        print(row(f"{name} CPU", run["cpu_ms"], run["total_cpu_s"]))
    cp, py = runs["CPython"], runs["Pyodide"]
    for what, key, total in (("wall clock", "ms", "total_s"), ("CPU", "cpu_ms", "total_cpu_s")):
        ratios = [b / a for a, b in zip(cp[key], py[key], strict=True) if a > 0]
        print(f"browser / CPython, {what}: {statistics.median(py[key]) / statistics.median(cp[key]):.2f}x per "
              f"decision (medians), {statistics.median(ratios):.2f}x as the median of the decisions' own ratios, "
              f"{py[total] / cp[total]:.2f}x for the whole review")
    differ = sum(a != b for a, b in zip(cp["decisions"], py["decisions"], strict=False))
    if differ or len(cp["decisions"]) != len(py["decisions"]):
        print(f"{differ} decisions differ between CPython and Pyodide")
    else:
        print("the two reviews agree decision for decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
