// The rules engine in a module Web Worker: Pyodide boots once, installs the engine wheel with
// micropip, and then every request is answered by toutes_tables.service.dispatch.
// The message protocol is written down in PROTOCOL.md beside this file.

const PYODIDE_URL = new URL("../pyodide/", import.meta.url);
const WHEELS_URL = new URL("../wheels/", import.meta.url);

// Requests and answers cross into Python as JSON text, so only JSON-able data passes and nothing
// a page sends is ever evaluated. The Python side is this fixed module, defined once at boot.
const BRIDGE = `
import json
from toutes_tables import services as service

def call(method, params_json):
    try:
        params = json.loads(params_json)
        if params is not None and not isinstance(params, dict):
            raise service.ServiceError(f"params must be an object, not {type(params).__name__}")
        return json.dumps({"result": service.dispatch(method, params)}, allow_nan=False)
    except Exception as error:
        return json.dumps({"error": {"type": type(error).__name__, "message": str(error)}})
`;

function progress(stage, detail) {
  postMessage({ type: "progress", stage, detail });
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** The boot's recorded bytecode (bytecode_cache.py) and the finder that serves it, or null without it. */
async function fetchBytecodeCache(manifest) {
  if (!manifest.bytecode) return null;
  const [finder, compressed] = await Promise.all([
    fetchText(new URL("bytecode_cache.py", import.meta.url)),
    fetch(new URL(manifest.bytecode, WHEELS_URL)).then((response) => {
      if (!response.ok) throw new Error(`${manifest.bytecode}: HTTP ${response.status}`);
      return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    }),
  ]);
  return { finder, blob: new Uint8Array(compressed) };
}

async function boot() {
  const started = performance.now();
  progress("runtime", "loading the Python runtime");
  // The wheels and the recorded bytecode are fetched while the runtime boots (the network and the
  // cache are idle then), so once Python is up they are already in memory.
  const manifestRequest = fetchJson(new URL("manifest.json", WHEELS_URL));
  const wheelsRequest = manifestRequest.then(({ runtime, engine }) =>
    Promise.all([...runtime, engine].map((name) => fetchBytes(new URL(name, WHEELS_URL)))),
  );
  const bytecodeRequest = manifestRequest.then(fetchBytecodeCache);
  // Awaited below; not unhandled rejections while the runtime loads.
  wheelsRequest.catch(() => {});
  bytecodeRequest.catch(() => {});
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_URL).href);
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_URL.href,
    packageBaseUrl: PYODIDE_URL.href, // never the CDN Pyodide would otherwise default to
    stdout: (line) => console.log(`[engine] ${line}`),
    stderr: (line) => console.warn(`[engine] ${line}`),
  });
  const manifest = await manifestRequest;
  const wheels = await wheelsRequest;
  const engineWheel = wheels.pop();

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
  // packaging and micropip are pure-Python wheels: unpacked straight into site-packages from the
  // bytes already fetched (what loadPackage would do after fetching them again).
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  // The finder of site-packages must look again; importlib.invalidate_caches() would also re-read
  // the standard library's zip directory, for nothing.
  pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);

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
  const bridge = pyodide.runPython(`${BRIDGE}\ncall`);
  const version = JSON.parse(bridge("version", "null")).result;
  return { bridge, version, bootMs: performance.now() - started };
}

function describe(error) {
  return { type: error?.type ?? error?.name ?? "Error", message: String(error?.message ?? error) };
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
  else if (wasmStartFailed) bootFailed(args[0]);
};

// Settles once: with the engine, or with the reason it cannot start. Requests wait on it.
let bootFailed;
const engine = new Promise((resolve, reject) => {
  bootFailed = reject;
  boot().then(resolve, reject);
});
engine.then(
  ({ version, bootMs }) => postMessage({ type: "ready", version, bootMs }),
  (error) => postMessage({ type: "failed", error: describe(error) }),
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
