#!/usr/bin/env python3
"""The review's time per decision in the browser (Pyodide in headless Chromium) against CPython, same game.

    python3 scripts/site.py build && python3 benchmarks/review_browser.py [--rules backgammon] [--seed 1]

A seeded game (the ``advanced`` level playing both sides, checker plays only, so the record is the
same whatever the machine's load) is reviewed by :func:`toutes_tables.analysis.review`, the code
the review page's worker runs, once in this CPython and once in Pyodide inside a Web Worker of the
built site's ``bench/computer.html``, with the very same Python code (``TIMING_CODE``). Each
decision is timed as it comes out of the review's stream. Printed: the decisions, the median, mean
and 90th-percentile milliseconds per decision, the whole review's seconds, and the browser /
CPython ratio of the medians and of the totals; the two reviews must agree decision for decision
(differences are printed). The built site's wheel must be ``pkg/``'s (the script refuses a stale
build, as ``computer_browser.py`` does).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from computer_browser import built_site, in_bench_worker  # noqa: E402

from toutes_tables import Game, legal_plays  # noqa: E402
from toutes_tables.ai import choose_play  # noqa: E402
from toutes_tables.record import game_to_text  # noqa: E402

TIMEOUT_MS = 3_600_000
MAX_TURNS = 400

# Run as is by both interpreters: CPython execs it, the worker hands it to pyodide.runPython.
TIMING_CODE = '''
import json
import time

from toutes_tables.ai.network import default_network
from toutes_tables.analysis import review


def time_review(record):
    """Milliseconds per decision of the review of ``record`` (the network loaded first), and what was decided."""
    default_network()
    decisions, ms = [], []
    began = last = time.perf_counter()
    for d in review(record):
        now = time.perf_counter()
        ms.append(1000 * (now - last))
        last = now
        decisions.append([d.kind, d.colour.value, d.played, d.best, round(d.error, 4)])
    return json.dumps({"ms": ms, "total_s": time.perf_counter() - began, "decisions": decisions})
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


def in_cpython(record: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(TIMING_CODE, namespace)  # the same code the browser runs
    answer: dict[str, Any] = json.loads(namespace["time_review"](record))
    answer["python"] = sys.version.split()[0]
    return answer


def in_browser(record: str, public: Path) -> dict[str, Any]:
    return in_bench_worker(public, TIMING_CODE, "time_review", record, TIMEOUT_MS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="backgammon")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    public = built_site()
    record = seeded_record(args.rules, args.seed)
    turns = sum(1 for line in record.splitlines() if line.startswith(("black ", "white ")))
    print(f"{args.rules}, seed {args.seed}: a game of {turns} turns", flush=True)
    cpython = in_cpython(record)
    print(f"CPython {cpython['python']} done", flush=True)
    browser = in_browser(record, public)
    print(f"{browser['browser']}, Pyodide's Python {browser['python']}, wheel {browser['engine']}")
    print(f"\n{'interpreter':<12}{'decisions':>10}{'median ms':>11}{'mean ms':>9}{'p90 ms':>8}{'total s':>9}")
    for name, run in (("CPython", cpython), ("Pyodide", browser)):
        ms = sorted(run["ms"])
        print(f"{name:<12}{len(ms):>10}{statistics.median(ms):>11.0f}{statistics.fmean(ms):>9.0f}"
              f"{ms[int(0.9 * len(ms))]:>8.0f}{run['total_s']:>9.1f}")
    median_ratio = statistics.median(browser["ms"]) / statistics.median(cpython["ms"])
    print(f"\nbrowser / CPython: {median_ratio:.2f}x per decision (medians), "
          f"{browser['total_s'] / cpython['total_s']:.2f}x for the whole review")
    differ = sum(a != b for a, b in zip(cpython["decisions"], browser["decisions"], strict=False))
    if differ or len(cpython["decisions"]) != len(browser["decisions"]):
        print(f"{differ} decisions differ between CPython and Pyodide")
    return 0


if __name__ == "__main__":
    sys.exit(main())
