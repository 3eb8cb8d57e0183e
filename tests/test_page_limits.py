"""The engine's bounds on what a page asks (``service.limits``) reach the pages with the worker's ready message, and
the checks a page makes before the engine is up read them from site/engine/limits.js, which the build writes from the
engine (scripts/site.py): no page keeps a copy that could drift from the engine's (site/engine/PROTOCOL.md,
"Messages from the worker")."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from toutes_tables.matchid import MATCH_ID_MAX_LENGTH
from toutes_tables.record import MAX_RECORD_CHARS
from toutes_tables.rules import MAX_AUTO_DOUBLES, MAX_CUBE
from toutes_tables.services import dispatch

ROOT = Path(__file__).resolve().parent.parent
LIMITS = {"max_cube": MAX_CUBE, "max_match_length": MATCH_ID_MAX_LENGTH, "max_record_chars": MAX_RECORD_CHARS}
GENERATED = ROOT / "site" / "engine" / "limits.js"
# The pages that check a record or a control before the engine is up: each reads the generated module.
EARLY_CHECKS = ["site/review/links.js", "site/game/review-panel.js", "site/game/storage.js", "site/game/dialog.js"]


def test_the_engine_says_its_limits() -> None:
    assert dispatch("limits", {}) == LIMITS


def test_the_worker_sends_the_engines_limits_with_its_ready_message() -> None:
    worker = (ROOT / "site" / "engine" / "worker.js").read_text(encoding="utf-8")
    client = (ROOT / "site" / "engine" / "client.js").read_text(encoding="utf-8")
    assert 'bridge("limits", "null")' in worker
    assert re.search(r'postMessage\(\{ type: "ready", [^}]*\blimits\b', worker)
    assert "limits: data.limits" in client


def copied_limits(text: str) -> list[str]:
    """Lines of a script that write one of the engine's limits as a number: the cube's, a record's (``2_000_000``),
    or a control's ``max`` at the longest match or the score below it."""
    values = {MAX_CUBE, MAX_RECORD_CHARS}
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        numbers = {int(m.replace("_", "")) for m in re.findall(r"(?<![\w.])\d[\d_]*(?![\w.])", line)}
        maxima = {int(m) for m in re.findall(r"\bmax:\s*(\d+)", line)}
        if numbers & values or maxima & {MATCH_ID_MAX_LENGTH, MATCH_ID_MAX_LENGTH - 1}:
            found.append(f"{n}: {line.strip()}")
    return found


def test_the_pattern_finds_the_copies_it_is_meant_to_find() -> None:
    for line in ("export const MAX_CUBE = 4096;", "const MAX_FILE_BYTES = 2_000_000;",
                 'el("input", { type: "number", min: 0, max: 63, value: 0 })'):
        assert copied_limits(line), line
    assert not copied_limits("const start = 64; // the classic start, No. 64")


def test_the_build_writes_the_engines_limits_into_the_module_the_pages_import() -> None:
    site_script = runpy.run_path(str(ROOT / "scripts" / "site.py"))
    assert site_script["PAGE_LIMITS"] == GENERATED
    text = site_script["page_limits_module"]()
    numbers = {k: int(v) for k, v in re.findall(r'"(\w+)": (\d+)', text)}
    assert numbers == LIMITS | {"max_auto_doubles": MAX_AUTO_DOUBLES}
    # the committed copy is the build's: node's tests read it as the built site does
    assert GENERATED.read_text(encoding="utf-8") == text, "run python3 scripts/site.py build (or write_page_limits)"
    for path in EARLY_CHECKS:
        assert 'import { LIMITS } from "../engine/limits.js";' in (ROOT / path).read_text(encoding="utf-8"), path


def test_no_page_keeps_a_copy_of_the_engines_limits() -> None:
    scripts = [p for p in (ROOT / "site").rglob("*.*js") if "node_modules" not in p.parts and ".test." not in p.name]
    assert len(scripts) > 20
    copies = {str(p.relative_to(ROOT)): copied_limits(p.read_text(encoding="utf-8")) for p in scripts if p != GENERATED}
    assert {path: lines for path, lines in copies.items() if lines} == {}
