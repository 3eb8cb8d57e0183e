#!/usr/bin/env python3
"""Install, build, serve and test the Toutes Tables static site.

    python3 scripts/site.py serve     # install what is missing, build public/, serve http://127.0.0.1:8000
    python3 scripts/site.py build     # the same without serving
    python3 scripts/site.py test      # install (Chromium too), node --test site/, build strictly, pytest tests pkg e2e
    python3 scripts/site.py install   # only the install step

The script itself uses the standard library only, because its first job is to install everything else:
the pip requirements (``requirements-dev.txt``), the npm packages (``npm ci``: the pinned Pyodide runtime)
and, for tests, Debian's Chromium. Each step leaves a stamp under ``.cache/`` so a second run skips what
has not changed.

The build makes the engine wheel from ``pkg/``, downloads the ``micropip`` and ``packaging`` wheels for
Pyodide's Python, stages them with a ``manifest.json`` in ``.cache/wheels/``, records under Node the
bytecode the engine worker's boot imports (``scripts/boot_bytecode.mjs``) and the worker's boot snapshot (a
ready interpreter, ``scripts/boot_snapshot.mjs``) beside them, and runs ``mkdocs build``
into ``public/``; the MkDocs hook ``hooks/site_assets.py`` then copies ``site/``, the Pyodide runtime and
the staged wheels into the output and writes the service worker's precache list.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
PUBLIC = ROOT / "public"
STAGED_WHEELS = CACHE / "wheels"
ENGINE_WHEEL_CACHE = CACHE / "engine-wheel"
RUNTIME_WHEEL_CACHE = CACHE / "runtime-wheels"
BOOT_BYTECODE_CACHE = CACHE / "boot-bytecode"
BOOT_SNAPSHOT_CACHE = CACHE / "boot-snapshot"
STAMPS = CACHE / "stamps"
# The engine's bounds for the checks a page makes before the engine is up, written from the engine by the build
PAGE_LIMITS = ROOT / "site" / "engine" / "limits.js"
CHROMIUM = Path("/usr/bin/chromium")

# Pyodide 314's own lock names these versions; we load them by URL because the lock's hashes
# do not match the wheels PyPI serves.
RUNTIME_WHEELS = ("micropip==0.11.1", "packaging==26.1")
PYODIDE_PYTHON = "3.14"

# The origin of the sitemap's URLs (mkdocs.yml's site_url), which the dev server replaces with its own.
SITEMAP_ORIGIN = re.compile(r"<loc>https?://[^/<]+/")

# What a host that can set headers should send; GitHub Pages cannot, so pages carry a <meta> policy
# instead (see hooks/site_assets.py). A worker takes its policy from its own script's response, so
# sending it on scripts here checks that the engine worker runs under it.
WORKER_CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'"
)
# Who may show a page in a frame: a <meta> policy cannot say it, so a host that can set headers sends it.
# The embed pages (site/embed/) are made to be framed by any site; every other page only by this site.
EMBED_PATH = "/embed/board/"
FRAME_POLICY = "frame-ancestors 'self'"
EMBED_FRAME_POLICY = "frame-ancestors *"


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(*command: str | Path, **kwargs: object) -> None:
    log(" ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


def digest(*paths: Path, extra: str = "") -> str:
    """A content hash of files (directories walked in sorted order), to decide what must be redone."""
    h = hashlib.sha256(extra.encode())
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if "__pycache__" in file.parts or not file.exists():
                continue
            h.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes() + b"\0")
    return h.hexdigest()


def stamped(name: str, key: str) -> bool:
    stamp = STAMPS / name
    return stamp.exists() and stamp.read_text() == key


def stamp(name: str, key: str) -> None:
    STAMPS.mkdir(parents=True, exist_ok=True)
    (STAMPS / name).write_text(key)


# --- install ---------------------------------------------------------------------------------------


def install(*, browser: bool) -> None:
    install_pip_requirements()
    install_npm_packages()
    if browser:
        install_chromium()


def install_pip_requirements() -> None:
    requirements = ROOT / "requirements-dev.txt"
    key = digest(requirements, extra=sys.executable)
    if stamped("pip", key):
        return
    run(sys.executable, "-m", "pip", "install", "--quiet", "-r", requirements)
    stamp("pip", key)


def install_npm_packages() -> None:
    lock = ROOT / "package-lock.json"
    key = digest(lock)
    if stamped("npm", key) and (ROOT / "node_modules" / "pyodide" / "package.json").exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        apt_install("npm")
        npm = "npm"
    run(npm, "ci", "--no-audit", "--no-fund")
    stamp("npm", key)


def install_chromium() -> None:
    if not CHROMIUM.exists():
        apt_install("chromium")


def apt_install(package: str) -> None:
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    run(*sudo, "apt-get", "update", "-qq")
    run(*sudo, "apt-get", "install", "-y", "-qq", package, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


# --- build -----------------------------------------------------------------------------------------


def page_limits_module() -> str:
    """The text of site/engine/limits.js: the engine's bounds on what a page asks (``service.limits``) and its most
    automatic doubles (``rules.MAX_AUTO_DOUBLES``), taken from the engine in pkg/ (pure Python, nothing to install)."""
    if str(ROOT / "pkg") not in sys.path:
        sys.path.insert(0, str(ROOT / "pkg"))
    from toutes_tables.rules import MAX_AUTO_DOUBLES
    from toutes_tables.services import dispatch

    limits = {**dispatch("limits", {}), "max_auto_doubles": MAX_AUTO_DOUBLES}
    return (
        "// Written by `python3 scripts/site.py build` from the engine (toutes_tables.service.limits and\n"
        "// rules.MAX_AUTO_DOUBLES): do not edit. The pages' checks made before the engine is up (a saved game,\n"
        "// a review link, the new game dialog) read the engine's bounds here; tests/test_page_limits.py fails\n"
        "// when this file differs from what the engine says.\n"
        f"export const LIMITS = Object.freeze({json.dumps(limits, separators=(', ', ': '))});\n"
    )


def write_page_limits() -> None:
    text = page_limits_module()
    if not PAGE_LIMITS.exists() or PAGE_LIMITS.read_text(encoding="utf-8") != text:
        PAGE_LIMITS.write_text(text, encoding="utf-8")
        log(f"wrote {PAGE_LIMITS.relative_to(ROOT)} from the engine")


def build(*, strict: bool = False) -> None:
    write_page_limits()
    engine = engine_wheel()
    runtime = runtime_wheels()
    stage_wheels(engine, runtime)
    stage_boot_bytecode()
    stage_boot_snapshot(engine, runtime)
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet"]
    if strict:
        command.append("--strict")
    # mkdocs-material prints a notice about its successor on every build; it is noise here.
    run(*command, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    log(f"built {PUBLIC.relative_to(ROOT)}/")


def engine_wheel() -> Path:
    """Build the engine wheel from pkg/ unless a wheel of exactly these sources is cached."""
    sources = [ROOT / "pkg", ROOT / "pyproject.toml"] + [p for p in [ROOT / "README.md"] if p.exists()]
    key = digest(*sources)[:16]
    outdir = ENGINE_WHEEL_CACHE / key
    wheels = sorted(outdir.glob("*.whl"))
    if not wheels:
        shutil.rmtree(ENGINE_WHEEL_CACHE, ignore_errors=True)
        # setuptools' build/lib keeps files from earlier builds that pyproject no longer packs.
        shutil.rmtree(ROOT / "build", ignore_errors=True)
        log(f"building the engine wheel into {outdir.relative_to(ROOT)}/")
        # setuptools is chatty even with --quiet; its output is shown only if the build fails.
        built = subprocess.run(
            [sys.executable, "-m", "build", "--quiet", "--wheel", "--no-isolation", "--outdir", str(outdir)],
            cwd=ROOT, capture_output=True, text=True,
        )
        if built.returncode != 0:
            sys.stderr.write(built.stdout + built.stderr)
            raise SystemExit("building the engine wheel failed")
        shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch space
        wheels = sorted(outdir.glob("*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one engine wheel in {outdir}, found {[w.name for w in wheels]}")
    return wheels[0]


def runtime_wheels() -> list[Path]:
    """micropip and packaging for Pyodide's Python, downloaded once into .cache/."""
    key = digest(extra=repr(RUNTIME_WHEELS))
    wheels = sorted(RUNTIME_WHEEL_CACHE.glob("*.whl"))
    if not (stamped("runtime-wheels", key) and len(wheels) == len(RUNTIME_WHEELS)):
        shutil.rmtree(RUNTIME_WHEEL_CACHE, ignore_errors=True)
        run(
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", PYODIDE_PYTHON, "--dest", RUNTIME_WHEEL_CACHE, *RUNTIME_WHEELS,
        )
        stamp("runtime-wheels", key)
        wheels = sorted(RUNTIME_WHEEL_CACHE.glob("*.whl"))
    # packaging first: micropip imports it.
    return sorted(wheels, key=lambda w: not w.name.startswith("packaging-"))


def stage_wheels(engine: Path, runtime: list[Path]) -> None:
    """Put exactly the wheels the worker loads, and a manifest naming them, where the hook copies from."""
    shutil.rmtree(STAGED_WHEELS, ignore_errors=True)
    STAGED_WHEELS.mkdir(parents=True)
    for wheel in [*runtime, engine]:
        shutil.copy2(wheel, STAGED_WHEELS / wheel.name)
    manifest = {"runtime": [w.name for w in runtime], "engine": engine.name}
    (STAGED_WHEELS / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")


PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
WORKER_BOOT_STEPS = ROOT / "scripts" / "worker_boot_steps.mjs"  # shared by the two scripts below


def stage_boot_bytecode() -> None:
    """Record the bytecode of the modules the engine worker's boot imports (see site/engine/bytecode_cache.py).

    ``scripts/boot_bytecode.mjs`` boots the site's Pyodide under Node and goes through the worker's
    steps with the staged wheels; its output is staged beside them and named in their manifest.
    """
    recorder = ROOT / "scripts" / "boot_bytecode.mjs"
    sources = [STAGED_WHEELS, recorder, WORKER_BOOT_STEPS, ROOT / "site" / "engine" / "bytecode_cache.py"]
    recorded = BOOT_BYTECODE_CACHE / digest_under_node(sources) / "boot-bytecode.bin"
    if not recorded.exists():
        run_node_once(BOOT_BYTECODE_CACHE, recorded, "recording the engine worker's boot bytecode",
                      recorder, PYODIDE_PACKAGE, STAGED_WHEELS, recorded)
    stage_beside_wheels(recorded, "bytecode", recorded.name)


def stage_boot_snapshot(engine: Path, runtime: list[Path]) -> None:
    """Make the engine worker's boot snapshot (a memory snapshot of a ready interpreter; see site/engine/PROTOCOL.md).

    ``scripts/boot_snapshot.mjs`` boots the site's Pyodide under Node, unpacks the staged engine wheel,
    imports the service, checks a restored copy and writes the snapshot (its free memory zeroed, stored
    XOR-ed with the wasm's data segments, gzip-compressed) with its key (what it is valid for), staged
    beside the wheels; the key goes into their manifest as ``"snapshot"``.
    Remade only when the wheels, the scripts or Pyodide change.
    """
    maker = ROOT / "scripts" / "boot_snapshot.mjs"
    sources = [engine, *runtime, maker, WORKER_BOOT_STEPS, ROOT / "site" / "engine" / "bridge.js",
               ROOT / "site" / "engine" / "snapshot_memory.js"]
    made = BOOT_SNAPSHOT_CACHE / digest_under_node(sources) / "boot-snapshot.bin"
    key_file = made.with_name("boot-snapshot.json")
    if not (made.exists() and key_file.exists()):
        run_node_once(BOOT_SNAPSHOT_CACHE, made, "making the engine worker's boot snapshot",
                      maker, PYODIDE_PACKAGE, STAGED_WHEELS, made, key_file)
    stage_beside_wheels(made, "snapshot", json.loads(key_file.read_text()))


def digest_under_node(sources: list[Path]) -> str:
    """The cache key of something made by running the site's Pyodide under Node from ``sources``."""
    return digest(*sources, PYODIDE_PACKAGE / "package.json")[:16]


def run_node_once(cache: Path, output: Path, what: str, script: Path, *args: Path) -> None:
    """Run ``script`` under Node into ``output``, in a ``cache`` emptied of older outputs first."""
    shutil.rmtree(cache, ignore_errors=True)
    output.parent.mkdir(parents=True)
    node = shutil.which("node")
    if node is None:  # npm ci (the install step) brings node
        raise SystemExit(f"node not found: it is needed for {what}")
    log(what)
    run(node, script, *args)


def stage_beside_wheels(made: Path, key: str, value: object) -> None:
    """Copy ``made`` beside the staged wheels and name it in their manifest under ``key``."""
    shutil.copy2(made, STAGED_WHEELS / made.name)
    manifest_path = STAGED_WHEELS / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest[key] = value
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")


# --- serve -----------------------------------------------------------------------------------------


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, revalidated on every load (a dev server)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/octet-stream",
        ".zip": "application/zip",
        ".svg": "image/svg+xml",
    }
    quiet = False

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/sitemap.xml" and self.headers.get("Host"):
            self.send_sitemap(self.headers["Host"])
        else:
            super().do_GET()

    def send_sitemap(self, host: str) -> None:
        """The sitemap with this server's own address in place of the built ``site_url``'s origin.

        Material's instant navigation makes instant only the links the sitemap lists, compared with their
        port and path, so a server on another port (the tests pick a free one) must list its own.
        """
        path = Path(self.directory) / "sitemap.xml"
        if not path.exists():
            self.send_error(404)
            return
        body = SITEMAP_ORIGIN.sub(f"<loc>http://{host}/", path.read_text()).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        path = self.path.split("?")[0]
        if path.endswith((".js", ".mjs")):
            self.send_header("Content-Security-Policy", WORKER_CSP)
        elif path.endswith("/") or path.endswith(".html"):
            framing = EMBED_FRAME_POLICY if path.startswith(EMBED_PATH) else FRAME_POLICY
            self.send_header("Content-Security-Policy", framing)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that leaves a page (or a test that closes it) mid-download is no server error.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False
                ) -> http.server.ThreadingHTTPServer:
    """A threaded static server for ``directory``; port 0 picks a free port (see ``server_address``)."""
    handler = type("Handler", (SiteRequestHandler,), {"quiet": quiet})
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path, *, quiet: bool = True) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start serving ``directory`` on a free localhost port; return the server and its base URL."""
    server = make_server(directory, port=0, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    host, port = str(server.server_address[0]), int(server.server_address[1])
    return server, f"http://{host}:{port}/"


def serve(port: int) -> None:
    server = make_server(PUBLIC, port=port)
    log(f"serving {PUBLIC.relative_to(ROOT)}/ on http://127.0.0.1:{port}/ (game: /play/); Ctrl-C stops")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- test ------------------------------------------------------------------------------------------


def node_tests() -> int:
    """The front end's unit tests (``site/**/*.test.mjs``) under node's own test runner."""
    node = shutil.which("node")
    if node is None:  # npm (installed above) brings node; a missing node must fail the run, not skip it
        log("node not found: the front-end tests cannot run")
        return 1
    log("node --test site/")
    return subprocess.run([node, "--test", "site/"], cwd=ROOT).returncode


def test(pytest_args: list[str]) -> int:
    install(browser=True)
    node_status = node_tests()
    build(strict=True)
    env = {**os.environ, "TOUTES_TABLES_SITE_BUILT": "1"}
    # pkg: the engine's docstring examples, run as doctests (pyproject's --doctest-modules).
    paths = ["tests", "pkg", "e2e"]
    log(f"pytest {' '.join(paths + pytest_args)}")
    pytest = subprocess.run([sys.executable, "-m", "pytest", *paths, *pytest_args], cwd=ROOT, env=env)
    pytest_status = pytest.returncode
    if node_status != 0:
        log(f"node --test site/ failed (exit {node_status})")
    return pytest_status or node_status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="install, build and serve public/")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("build", help="install and build public/")
    commands.add_parser("install", help="install the pip and npm requirements (and Chromium with --browser)"
                        ).add_argument("--browser", action="store_true")
    commands.add_parser("test", help="install, node --test site/, build, pytest tests pkg e2e (extra args: pytest)")
    args, pytest_args = parser.parse_known_args(argv)
    if pytest_args and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(pytest_args)}")

    os.chdir(ROOT)
    if args.command == "install":
        install(browser=args.browser)
    elif args.command == "build":
        install(browser=False)
        build()
    elif args.command == "serve":
        install(browser=False)
        build()
        serve(args.port)
    elif args.command == "test":
        return test(pytest_args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
