// Boot timings for benchmarks/browser_boot.py. `?run=bare` boots Pyodide alone in a module worker,
// `?run=engine` boots the game's engine worker (Pyodide + wheels + import) and asks it its version;
// `?run=computer[&moves=N][&rules=R]` times the computer's plays through that worker (see computerMoves);
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

/** The engine worker's boot; `stages` holds when each progress stage first arrived (ms from navigation). */
async function engineBoot() {
  const stages = {};
  const engine = createEngine(undefined, {
    onProgress: ({ stage }) => {
      stages[stage] ??= performance.now();
    },
  });
  const { bootMs } = await engine.ready;
  stages.ready = performance.now();
  const version = await engine.call("version");
  engine.terminate();
  return { version, workerMs: bootMs, stages };
}

/**
 * The computer plays both sides of games (rule set `rules`, default Toutes Tables 225) until it has made
 * `moves` plays that were a real choice (more than one legal play); each is timed from the request
 * to the answer, as the game page waits for it (worker round trip and view included).
 */
async function computerMoves() {
  const engine = createEngine();
  await engine.ready;
  const wanted = Number(params.get("moves") || "40");
  const match = { rules: params.get("rules") || "toutes-tables-225", match_length: 1 };
  const playMs = [];
  let view = await engine.call("new_match", match);
  while (playMs.length < wanted) {
    if (view.phase === "over") view = await engine.call("new_match", match);
    else if (view.phase === "opening") view = await engine.call("roll");
    else if (view.phase === "move" && !view.turn_state.forced) {
      const started = performance.now();
      view = await engine.call("computer_action");
      playMs.push(performance.now() - started);
    } else view = await engine.call("computer_action");
  }
  engine.terminate();
  return { rules: match.rules, playMs };
}

async function main() {
  const run = params.get("run");
  if (run === "none") return; // the page alone, for tests that drive the engine themselves
  const boot = { bare: bareBoot, engine: engineBoot, computer: computerMoves }[run];
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
