// A bare loadPyodide() of the same self-hosted runtime the engine worker uses, as the benchmark's baseline.
const started = performance.now();
try {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
  const version = pyodide.runPython("import sys; sys.version.split()[0]");
  postMessage({ version, workerMs: performance.now() - started });
} catch (error) {
  postMessage({ error: String(error) });
}
