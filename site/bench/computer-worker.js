// Times the computer's moves inside Pyodide, for benchmarks/computer_browser.py. Boots the site's own
// Pyodide runtime, unpacks the engine wheel named in wheels/manifest.json straight into site-packages
// (the engine has no dependencies, so micropip is not needed to time it), then runs the Python timing
// code the benchmark sends, the same code it runs in CPython, and posts back its JSON answer. A worker kept
// for a session (computer.js's openSession) answers one request after another with the same Pyodide.

const PYODIDE_URL = new URL("../pyodide/", import.meta.url);
const WHEELS_URL = new URL("../wheels/", import.meta.url);

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

let booted = null; // Pyodide with the engine unpacked, once per worker: a kept session's calls share it

function boot() {
  booted ??= (async () => {
    postMessage({ type: "progress", detail: "loading Pyodide" });
    const { engine } = await (await fetchOk(new URL("manifest.json", WHEELS_URL))).json();
    const wheel = new Uint8Array(await (await fetchOk(new URL(engine, WHEELS_URL))).arrayBuffer());
    const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_URL).href);
    const pyodide = await loadPyodide({ indexURL: PYODIDE_URL.href, packageBaseUrl: PYODIDE_URL.href });
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
    return { pyodide, engine };
  })();
  return booted;
}

// code: Python run first in the interpreter's globals (empty in a session's later calls, whose functions and
// state are still there); entry: the function then called with argument, which answers JSON text.
async function run({ code, entry, argument }) {
  const { pyodide, engine } = await boot();
  postMessage({ type: "progress", detail: "timing" });
  const timeLevels = pyodide.runPython(code ? `${code}\n${entry}` : entry);
  const answer = JSON.parse(timeLevels(argument));
  answer.python = pyodide.runPython("import sys; sys.version.split()[0]");
  answer.engine = engine;
  return answer;
}

self.addEventListener("message", async ({ data }) => {
  try {
    postMessage({ type: "result", ...(await run(data)) });
  } catch (error) {
    postMessage({ type: "result", error: String(error?.message ?? error) });
  }
});
