// Boot timings for benchmarks/browser_boot.py. `?run=bare` boots Pyodide alone in a module worker,
// `?run=engine` boots the game's engine worker (Pyodide + wheels + import) and asks it its version;
// `&sw=1` also registers the site's service worker. Times are from navigation start, so a reload
// served by the service worker counts the page load too. `?run=none` runs nothing.

import { createEngine } from "../engine/client.js";

const params = new URLSearchParams(location.search);

function bareBoot() {
  const worker = new Worker(new URL("bare-boot-worker.js", import.meta.url), { type: "module" });
  return new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      worker.terminate();
      if (data.error) reject(new Error(data.error));
      else resolve({ version: data.version, workerMs: data.workerMs });
    });
    worker.addEventListener("error", (event) => reject(new Error(event.message)));
  });
}

async function engineBoot() {
  const engine = createEngine();
  const { bootMs } = await engine.ready;
  const version = await engine.call("version");
  engine.terminate();
  return { version, workerMs: bootMs };
}

async function main() {
  const run = params.get("run");
  if (run === "none") return; // the page alone, for tests that drive the engine themselves
  const boot = { bare: bareBoot, engine: engineBoot }[run];
  if (!boot) throw new Error(`unknown run ${JSON.stringify(run)}`);
  const started = performance.now();
  const outcome = await boot();
  const readyMs = performance.now();
  let controlled = navigator.serviceWorker?.controller != null;
  if (params.get("sw") === "1") {
    await (await import("../offline.js")).offlineReady;
    // Active is not yet controlling: the worker claims its clients as it activates.
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    controlled = navigator.serviceWorker.controller != null;
  }
  window.benchResult = { run, readyMs, startedMs: started, controlled, ...outcome };
  document.getElementById("status").textContent = JSON.stringify(window.benchResult);
}

main().catch((error) => {
  window.benchResult = { error: String(error) };
  document.getElementById("status").textContent = String(error);
});
