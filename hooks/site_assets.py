"""MkDocs hook: turn the MkDocs output into the whole static site of the game.

- every page (MkDocs' and the HTML files of ``site/``) gets a Content-Security-Policy ``<meta>`` that
  allows only this origin, plus the hashes of the page's own inline scripts (mkdocs-material has a few),
  so no ``'unsafe-inline'`` for scripts;
- ``site/`` (the game's ES modules, service worker, manifest, icons) is copied to the output root;
- the Pyodide runtime (``node_modules/pyodide``) goes to ``pyodide/`` (its lock file without the packages
  the site does not ship, its wasm with a gzip-compressed copy, which the engine worker loads) and the wheels staged by
  ``scripts/site.py`` (with their ``manifest.json``, the boot's recorded bytecode and its snapshot) to ``wheels/``;
- the service worker gets the list of every file to precache and a cache version derived from their
  contents, so each build that changes anything replaces the cache; the files only the engine's boot
  without its snapshot needs are listed apart (``onDemand``): cached when that boot has fetched them, never
  downloaded for the precache.

It raises instead of producing a site that would fail at run time (missing runtime or wheels, a file
of ``site/`` that collides with a page).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
SITE_SOURCES = ROOT / "site"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_LOCK = "pyodide-lock.json"
WASM = "pyodide.asm.wasm"
COMPRESSED_WASM = f"{WASM}.gz"
STAGED_WHEELS = ROOT / ".cache" / "wheels"
COMPRESSED_WASM_CACHE = ROOT / ".cache" / "compressed-wasm"
SERVICE_WORKER = "sw.js"
PRECACHE_LINE = re.compile(r"^const PRECACHE = .*// @precache-manifest.*$", re.MULTILINE)
# Sources that document or test the front end are not part of it.
NOT_PUBLISHED = re.compile(r"\.md$|\.test\.m?js$")
# Source maps and the compressed sitemap are of no use offline, nor are the search stemmers of languages
# the site has no edition in (search_stemmers keeps the editions' own); sitemap.xml is kept: instant
# navigation reads it to know which links are pages.
# The runtime's wasm itself neither: the engine worker loads its compressed copy (site/engine/compressed_wasm.js);
# only the benchmark's bare Pyodide boot (site/bench/) reads the wasm as it is.
NOT_PRECACHED = re.compile(r"(^|/)sitemap\.xml\.gz$|\.map$|^assets/javascripts/lunr/|^pyodide/pyodide\.asm\.wasm$")
LUNR = "assets/javascripts/lunr/min/lunr.{}.min.js"

PAGE_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],  # + hashes of the page's inline scripts
    # Material's stylesheets and icons use inline style attributes and data: SVG masks.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)
CHARSET_META = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)


def content_security_policy(html: str) -> str:
    hashes = sorted({
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in INLINE_SCRIPT.findall(html)
        if body.strip()
    })
    policy = {**PAGE_POLICY, "script-src": PAGE_POLICY["script-src"] + hashes}
    return "; ".join(" ".join([directive, *sources]) for directive, sources in policy.items())


def with_policy(html: str, name: str) -> str:
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(html)}">'
    # Right after the charset, before any script or stylesheet, so it governs all of them.
    charset = CHARSET_META.search(html)
    if charset is None:
        raise PluginError(f"{name}: no <meta charset> to put the Content-Security-Policy after")
    return html[: charset.end()] + meta + html[charset.end():]


def on_post_page(output: str, page: Any, config: Any) -> str:
    return with_policy(output, page.file.src_path)


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """Static templates such as 404.html are pages too."""
    return with_policy(output, template_name) if template_name.endswith(".html") else output


# After the i18n plugin's (-100), which builds the other editions (fr/) from inside the first build's
# post_build and rewrites the search index: the site is finished once, when every edition is written.
@event_priority(-200)
def on_post_build(config: Any) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return  # an edition built from inside the first build: that build finishes the site
    out = Path(config["site_dir"])
    copy_site_sources(out)
    copy_pyodide_runtime(out / "pyodide")
    copy_wheels(out / "wheels")
    write_service_worker(out, search_stemmers(config))


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    server.watch(str(SITE_SOURCES))
    return server


def copy_site_sources(out: Path) -> None:
    for source in sorted(SITE_SOURCES.rglob("*")):
        if not source.is_file() or NOT_PUBLISHED.search(source.name):
            continue
        target = out / source.relative_to(SITE_SOURCES)
        if target.exists():
            raise PluginError(f"site/{source.relative_to(SITE_SOURCES)} collides with a page at {target}")
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix == ".html":  # pages of site/ (demos, the benchmark) get the same policy
            target.write_text(with_policy(source.read_text(), f"site/{source.relative_to(SITE_SOURCES)}"))
        else:
            shutil.copy2(source, target)


def copy_pyodide_runtime(target: Path) -> None:
    missing = [name for name in PYODIDE_RUNTIME_FILES if not (PYODIDE_PACKAGE / name).exists()]
    if missing:
        raise PluginError(f"Pyodide runtime files missing from {PYODIDE_PACKAGE}: {missing}; "
                          "run `python3 scripts/site.py build` (it runs npm ci)")
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_RUNTIME_FILES:
        if name == PYODIDE_LOCK:
            (target / name).write_text(json.dumps(site_lock(json.loads((PYODIDE_PACKAGE / name).read_text()))))
        else:
            shutil.copy2(PYODIDE_PACKAGE / name, target / name)
    shutil.copy2(compressed_wasm(target / WASM), target / COMPRESSED_WASM)


def compressed_wasm(wasm: Path) -> Path:
    """The wasm's gzip-compressed copy, which the engine worker fetches (site/engine/compressed_wasm.js),
    made once per wasm (10 s at the highest level) under .cache/."""
    data = wasm.read_bytes()
    made = COMPRESSED_WASM_CACHE / f"{hashlib.sha256(data).hexdigest()[:16]}.gz"
    if not made.exists():
        shutil.rmtree(COMPRESSED_WASM_CACHE, ignore_errors=True)
        COMPRESSED_WASM_CACHE.mkdir(parents=True)
        made.write_bytes(gzip.compress(data, 9, mtime=0))  # mtime 0: the same wasm, the same file
    return made


def site_lock(lock: dict[str, Any]) -> dict[str, Any]:
    """Pyodide's lock file as this site has it: the runtime's own information, and none of the 357 packages
    Pyodide's distribution has, since the site ships none of them (the engine's wheels are loaded by URL),
    so loadPyodide reads 0.1 KB instead of 119 KB on a first visit."""
    return {**lock, "packages": {}}


def copy_wheels(target: Path) -> None:
    manifest_path = STAGED_WHEELS / "manifest.json"
    if not manifest_path.exists():
        raise PluginError(f"no staged wheels in {STAGED_WHEELS}; run `python3 scripts/site.py build`")
    manifest = json.loads(manifest_path.read_text())
    # "bytecode": what the worker's boot imports, compiled; "snapshot": the worker's boot snapshot and its key
    # (scripts/site.py makes both); each optional for the worker
    names = [
        *manifest["runtime"],
        manifest["engine"],
        *([manifest["bytecode"]] if "bytecode" in manifest else []),
        *([manifest["snapshot"]["file"]] if "snapshot" in manifest else []),
    ]
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy2(STAGED_WHEELS / name, target / name)
    shutil.copy2(manifest_path, target / "manifest.json")


def precache_url(relative: str) -> str:
    """The URL a page asks for, relative to the service worker's scope: directories, not index.html."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def search_stemmers(config: Any) -> set[str]:
    """The lunr files Material's search worker loads for the search plugin's languages (English is built in;
    the segmenters of Japanese, Hindi and Thai are not, as the site has no edition in them)."""
    languages = config.plugins["material/search"].config.lang or ["en"]
    names = [lang for lang in languages if lang != "en"] + (["multi"] if len(languages) > 1 else [])
    return {LUNR.format(name) for name in ["stemmer.support", *names]} if names else set()


def precached(relative: str, kept: set[str]) -> bool:
    return relative in kept or not NOT_PRECACHED.search(relative)


def fallback_only(out: Path) -> set[str]:
    """The files only the engine worker's boot without the snapshot fetches (the runtime wheels, the bytecode;
    see site/engine/PROTOCOL.md): a first visit that boots from the snapshot never downloads them."""
    manifest = json.loads((out / "wheels" / "manifest.json").read_text())
    names = [*manifest["runtime"], *([manifest["bytecode"]] if "bytecode" in manifest else [])]
    return {f"wheels/{name}" for name in names}


def write_service_worker(out: Path, kept: set[str]) -> None:
    worker = out / SERVICE_WORKER
    if not worker.exists():
        raise PluginError(f"site/{SERVICE_WORKER} is missing")
    files = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path != worker and precached(path.relative_to(out).as_posix(), kept)
    )
    version = hashlib.sha256()
    for name in files:
        version.update(name.encode() + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    on_demand = fallback_only(out)
    manifest = {
        "version": version.hexdigest()[:16],
        "urls": [precache_url(name) for name in files if name not in on_demand],
        "onDemand": sorted(on_demand & set(files)),
    }
    source = worker.read_text()
    line = f"const PRECACHE = {json.dumps(manifest)}; // @precache-manifest: written by hooks/site_assets.py"
    replaced, count = PRECACHE_LINE.subn(lambda _: line, source)
    if count != 1:
        raise PluginError(
            f"site/{SERVICE_WORKER} must have exactly one `const PRECACHE = ...; // @precache-manifest` line"
        )
    worker.write_text(replaced)
