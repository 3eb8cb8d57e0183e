// Main-thread side of the engine worker: a promise per request, nothing ever blocks on Python.
//
//   import { createEngine } from "../engine/client.js";
//   const engine = createEngine(undefined, { onProgress: ({ stage, detail }) => show(stage, detail) });
//   const { version } = await engine.ready;
//   const v = await engine.call("version");
//
// The messages are described in PROTOCOL.md. The engine speaks the page's language: before a call
// made in a page whose <html lang> is not the one the engine was last told, `set_language` goes first
// (instant navigation may move the same engine between an English and a French page).

import { DEFAULT_LANGUAGE, pageLanguage, t } from "../i18n/i18n.js";

/**
 * An error answered by the engine (or a failed boot); `type` is the Python exception's class name. A failed boot
 * also has its `stage`, and `kind` ("http" with `file` and `status`, "wasm"), which the page words (engineFailure).
 */
export class EngineError extends Error {
  constructor({ type, message, stage, kind, file, status }) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    const boot = Object.entries({ stage, kind, file, status }).filter(([, value]) => value !== undefined);
    Object.assign(this, Object.fromEntries(boot));
  }
}

/**
 * Start the engine worker.
 * @param {string|URL} [workerUrl] the worker script; defaults to worker.js beside this module.
 * @param {{onProgress?: (progress: {stage: string, detail: string}) => void}} [options]
 * @returns {{ready: Promise<{version: string, bootMs: number, limits: object}>, call: (method: string, params?: object) => Promise<any>, terminate: () => void, pending: number}}
 *   `pending`: how many requests are still unanswered (0 once the page has nothing to wait for); `limits`: the
 *   engine's bounds the pages apply before asking (service.limits: max_cube, max_match_length, max_record_chars).
 *
 * Each boot stage and the ready answer leave a performance mark as they arrive (`tt-engine-<stage>`, its
 * detail the stage's; `tt-engine-ready`), so benchmarks and tests can read them from the page.
 */
export function createEngine(workerUrl = new URL("./worker.js", import.meta.url), { onProgress } = {}) {
  const worker = new Worker(workerUrl, { type: "module" });
  const pending = new Map();
  let nextId = 1;
  let settleReady;
  const ready = new Promise((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  ready.catch(() => {}); // a boot failure is reported to whoever awaits ready, not as an unhandled rejection

  function failAll(error) {
    settleReady.reject(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  worker.addEventListener("message", ({ data }) => {
    if (data.type === "progress") {
      performance.mark(`tt-engine-${data.stage}`, { detail: data.detail });
      onProgress?.({ stage: data.stage, detail: data.detail });
    } else if (data.type === "ready") {
      performance.mark("tt-engine-ready");
      settleReady.resolve({ version: data.version, bootMs: data.bootMs, limits: data.limits });
    } else if (data.type === "failed") {
      failAll(new EngineError(data.error));
    } else if (pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if ("error" in data) reject(new EngineError(data.error));
      else resolve(data.result);
    }
  });
  // The worker script itself failed to load or threw outside a request.
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    // in the page's words: a page may put this message inside its own sentence ("Interdit : …"); the
    // browser's own message is for developers
    if (event.message) console.warn(`the engine worker failed: ${event.message}`);
    failAll(new EngineError({ type: "WorkerError", message: t("engine.failure.worker") }));
  });

  function send(method, params) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, params });
    });
  }

  let spoken = DEFAULT_LANGUAGE; // the engine starts in English
  return {
    ready,
    call(method, params = {}) {
      const lang = pageLanguage();
      if (lang !== spoken && method !== "set_language") {
        spoken = lang;
        // a language the engine lacks is refused and it stays in English: the page's own words still translate
        send("set_language", { lang }).catch(() => {});
      }
      return send(method, params);
    },
    get pending() {
      return pending.size;
    },
    terminate() {
      worker.terminate();
      failAll(new EngineError({ type: "Terminated", message: t("engine.failure.terminated") }));
    },
  };
}
