// The rules engine in a module Web Worker: Pyodide boots once, restored from the build's boot snapshot
// (a ready interpreter with the engine wheel installed and toutes_tables.services imported), or, if the
// snapshot cannot be used, booted as usual with the engine wheel installed by micropip; then every request
// is answered by toutes_tables.services.dispatch. The message protocol and the files this worker loads are
// written down in PROTOCOL.md beside this file.

import { BRIDGE } from "./bridge.js";
import { serveWasmCompressed } from "./compressed_wasm.js";
import { restoringSnapshot, sha256Hex } from "./snapshot_memory.js";

const PYODIDE_URL = new URL("../pyodide/", import.meta.url);
const WHEELS_URL = new URL("../wheels/", import.meta.url);
const PYODIDE_OPTIONS = {
  indexURL: PYODIDE_URL.href,
  packageBaseUrl: PYODIDE_URL.href, // never the CDN Pyodide would otherwise default to
  stdout: (line) => console.log(`[engine] ${line}`),
  stderr: (line) => console.warn(`[engine] ${line}`),
};

// Pyodide's fetch of its wasm is answered from the wasm's gzip-compressed copy (compressed_wasm.js).
const wasmBytes = serveWasmCompressed(PYODIDE_URL);

let bootStage = "runtime"; // the boot's last stage: a failed boot says where it stopped (PROTOCOL.md)

function progress(stage, detail) {
  bootStage = stage;
  postMessage({ type: "progress", stage, detail });
}

/** A file the boot needs that the server did not give: `kind` "http", its file name and HTTP status kept as data. */
class FetchError extends Error {
  constructor(url, status) {
    super(`${url}: HTTP ${status}`);
    this.kind = "http";
    this.file = String(url).split("/").pop();
    this.status = status;
  }
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new FetchError(url, response.status);
  return response;
}

const fetchJson = async (url) => (await fetchOk(url)).json();
const fetchBytes = async (url) => new Uint8Array(await (await fetchOk(url)).arrayBuffer());
const fetchText = async (url) => (await fetchOk(url)).text();

/** A gzip-compressed file, decompressed as it arrives (a corrupted one fails its gzip check). */
async function fetchGunzipped(url) {
  const response = await fetchOk(url);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

/**
 * The boot snapshot's bytes, once checked against what this worker is about to run: the snapshot's key
 * in the manifest (scripts/boot_snapshot.mjs) must name this Pyodide and the engine wheel just fetched.
 * Pyodide itself refuses a snapshot of another pyodide.asm.wasm (its build id).
 */
async function checkedSnapshot(manifest, engineWheel, pyodideVersion) {
  const key = manifest.snapshot;
  if (!key) throw new Error("the wheels' manifest names no boot snapshot");
  if (key.pyodide !== pyodideVersion) throw new Error(`the snapshot is of Pyodide ${key.pyodide}, not ${pyodideVersion}`);
  const [bytes, wheelHash] = await Promise.all([fetchGunzipped(new URL(key.file, WHEELS_URL)), engineWheel.then(sha256Hex)]);
  if (key.engine !== manifest.engine || key.engine_sha256 !== wheelHash) throw new Error("the snapshot was made from another engine wheel");
  if (bytes.length !== key.bytes) throw new Error(`the snapshot has ${bytes.length} bytes, not ${key.bytes}`);
  return bytes;
}

/** The boot's recorded bytecode (bytecode_cache.py) and the finder that serves it, or null without it. */
async function fetchBytecodeCache(manifest) {
  if (!manifest.bytecode) return null;
  const [finder, blob] = await Promise.all([
    fetchText(new URL("bytecode_cache.py", import.meta.url)),
    fetchGunzipped(new URL(manifest.bytecode, WHEELS_URL)),
  ]);
  return { finder, blob };
}

/**
 * Pure-Python wheels unpacked straight into site-packages from their bytes (what loadPackage would do
 * after fetching them again); then the finder of site-packages must look again.
 */
function unpackWheels(pyodide, wheels) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  // importlib.invalidate_caches() would also re-read the standard library's zip directory, for nothing.
  pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
}

async function boot() {
  const started = performance.now();
  progress("runtime", "loading the Python runtime");
  // The manifest, the engine wheel and the snapshot are fetched while the runtime script loads and the
  // runtime's own files are fetched, so the snapshot is in memory when Pyodide asks for it.
  const manifestRequest = fetchJson(new URL("manifest.json", WHEELS_URL));
  const engineWheel = manifestRequest.then(({ engine }) => fetchBytes(new URL(engine, WHEELS_URL)));
  const pyodideModule = import(new URL("pyodide.mjs", PYODIDE_URL).href);
  const runtimeModule = import(new URL("pyodide.asm.mjs", PYODIDE_URL).href);
  runtimeModule.catch(() => {});
  const snapshot = Promise.all([manifestRequest, pyodideModule]).then(([manifest, { version }]) =>
    checkedSnapshot(manifest, engineWheel, version),
  );
  // Awaited below; not unhandled rejections meanwhile.
  engineWheel.catch(() => {});
  snapshot.catch(() => {});
  const { loadPyodide } = await pyodideModule;
  const manifest = await manifestRequest;
  let bridge;
  try {
    const { default: createPyodideModule } = await runtimeModule;
    // Asked once the runtime is instantiated: the wasm's bytes it was instantiated from, not a second download.
    const restoring = restoringSnapshot(createPyodideModule, snapshot, manifest.snapshot ?? {}, wasmBytes);
    bridge = await restore(loadPyodide, restoring, snapshot, manifest, await engineWheel);
  } catch (error) {
    // Slower, nothing else changes: the boot the snapshot stands for.
    console.warn(`[engine] booting without the boot snapshot: ${error.message}`);
    bridge = await bootWithoutSnapshot(loadPyodide, manifest, await engineWheel);
  }
  const version = JSON.parse(bridge("version", "null")).result;
  const limits = JSON.parse(bridge("limits", "null")).result; // the pages' bounds, from the engine itself
  return { bridge, version, limits, bootMs: performance.now() - started };
}

/** The interpreter restored from the boot snapshot, its engine's files unpacked, and checked with its probe. */
async function restore(loadPyodide, createPyodideModule, snapshot, manifest, engineWheel) {
  const pyodide = await loadPyodide({ ...PYODIDE_OPTIONS, createPyodideModule, _loadSnapshot: snapshot });
  progress("packages", "restored from the boot snapshot");
  progress("engine", manifest.engine);
  // The snapshot holds the interpreter's memory, not its files: the engine's modules not imported yet
  // and its data files are read from site-packages.
  unpackWheels(pyodide, [engineWheel]);
  progress("import", "toutes_tables.service");
  const bridge = pyodide.globals.get("call");
  const { method, params, answer } = manifest.snapshot.probe;
  if (typeof bridge !== "function" || bridge(method, JSON.stringify(params)) !== answer) {
    throw new Error("the restored engine does not answer as it did when the snapshot was made");
  }
  return bridge;
}

/** The ordinary boot: the runtime wheels unpacked, the engine wheel installed by micropip, the service imported. */
async function bootWithoutSnapshot(loadPyodide, manifest, engineWheel) {
  const runtimeWheels = Promise.all(manifest.runtime.map((name) => fetchBytes(new URL(name, WHEELS_URL))));
  const bytecodeRequest = fetchBytecodeCache(manifest);
  runtimeWheels.catch(() => {});
  bytecodeRequest.catch(() => {});
  const pyodide = await loadPyodide(PYODIDE_OPTIONS);
  const wheels = await runtimeWheels;

  progress("packages", manifest.runtime.join(", "));
  // Before any import: the modules the boot imports then run from the bytecode recorded at build time
  // instead of being compiled from source here (checked against their source; see bytecode_cache.py).
  const bytecode = await bytecodeRequest.catch((error) => {
    console.warn(`[engine] compiling from source: ${error.message}`); // slower, nothing else changes
    return null;
  });
  if (bytecode) {
    pyodide.FS.mkdirTree("/tmp/engine-boot");
    pyodide.FS.writeFile("/tmp/engine-boot/bytecode_cache.py", bytecode.finder);
    pyodide.FS.writeFile("/tmp/engine-boot/bytecode.marshal", bytecode.blob);
    pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp/engine-boot")
import bytecode_cache
sys.path.remove("/tmp/engine-boot")
with open("/tmp/engine-boot/bytecode.marshal", "rb") as blob:
    bytecode_cache.install(blob.read())
`);
    pyodide.FS.unlink("/tmp/engine-boot/bytecode.marshal");
  }
  unpackWheels(pyodide, wheels); // packaging and micropip

  progress("engine", manifest.engine);
  // The engine wheel is installed by micropip from the in-memory file system, under its own name.
  const wheelPath = `/tmp/${manifest.engine}`;
  pyodide.FS.writeFile(wheelPath, engineWheel);
  const micropip = pyodide.pyimport("micropip");
  // The engine has no dependencies: skipping their resolution saves a good part of the install.
  await micropip.install(`emfs:${wheelPath}`, { deps: false });
  micropip.destroy();
  pyodide.FS.unlink(wheelPath);

  progress("import", "toutes_tables.service");
  return pyodide.runPython(`${BRIDGE}\ncall`);
}

function describe(error) {
  return { type: error?.type ?? error?.name ?? "Error", message: String(error?.message ?? error) };
}

/** A failed boot as data the page words in its language (i18n/engine-words.js): the stage it stopped at, and why. */
function describeBoot(error) {
  const described = { ...describe(error), stage: bootStage };
  if (error?.kind) described.kind = error.kind;
  if (error?.kind === "http") Object.assign(described, { file: error.file, status: error.status });
  return described;
}

// Pyodide 314 catches a failed WebAssembly start (a Content-Security-Policy without 'wasm-unsafe-eval',
// the .wasm unreachable offline), only warns "wasm instantiation failed!" then the error, and never
// settles loadPyodide. Turn that warning into a failed boot so the page can say so.
const consoleWarn = console.warn.bind(console);
let wasmStartFailed = false;
let bootSettled = false;
console.warn = (...args) => {
  consoleWarn(...args);
  if (bootSettled) return;
  if (args[0] === "wasm instantiation failed!") wasmStartFailed = true;
  else if (wasmStartFailed) {
    const failure = args[0] instanceof Error ? args[0] : new Error(String(args[0]));
    failure.kind = "wasm"; // said by the page in its language (i18n/engine-words.js)
    bootFailed(failure);
  }
};

// Settles once: with the engine, or with the reason it cannot start. Requests wait on it.
let bootFailed;
const engine = new Promise((resolve, reject) => {
  bootFailed = reject;
  boot().then(resolve, reject);
});
engine.then(
  ({ version, limits, bootMs }) => postMessage({ type: "ready", version, limits, bootMs }),
  (error) => postMessage({ type: "failed", error: describeBoot(error) }),
).finally(() => {
  bootSettled = true;
  console.warn = consoleWarn;
});

self.addEventListener("message", async (event) => {
  const { id, method, params } = event.data ?? {};
  try {
    if (typeof method !== "string") throw new TypeError("a request needs a string method");
    const { bridge } = await engine;
    const answer = JSON.parse(bridge(method, JSON.stringify(params ?? null)));
    postMessage({ id, ...answer });
  } catch (error) {
    postMessage({ id, error: describe(error) });
  }
});
