// Why the engine could not start, on a French page: the worker sends the boot's stage and the kind of failure as
// data (site/engine/PROTOCOL.md), and the page words them from its catalogue (engineFailure), the runtime's own
// message kept only as a detail.
import { test } from "node:test";
import assert from "node:assert/strict";

globalThis.document = { documentElement: { lang: "fr" } };
const { loadLanguage, t } = await import("./i18n.js");
await loadLanguage("fr");
const { engineFailure } = await import("./engine-words.js");
const { EngineError } = await import("../engine/client.js");

test("a file the boot could not download is named in French", () => {
  const error = new EngineError({ type: "Error", message: "https://x/wheels/manifest.json: HTTP 404", stage: "runtime", kind: "http", file: "manifest.json", status: 404 });
  assert.equal(engineFailure(error), "le fichier manifest.json n'a pas pu être téléchargé (HTTP 404)");
  assert.equal(
    t("page.engine_failed_reload", { reason: engineFailure(error) }),
    "Le moteur des règles n'a pas pu démarrer\u00a0: le fichier manifest.json n'a pas pu être téléchargé (HTTP 404). Rechargez la page pour réessayer.",
  );
});

test("a boot that stopped at a stage says which in French, the runtime's message as a detail", () => {
  const error = new EngineError({ type: "PythonError", message: "ModuleNotFoundError: No module named 'x'", stage: "import" });
  assert.equal(engineFailure(error), "le moteur n'a pas démarré dans Python (ModuleNotFoundError: No module named 'x')");
  assert.match(engineFailure(new EngineError({ type: "Error", message: "boom", stage: "runtime", kind: "wasm" })), /^ce navigateur n'a pas pu démarrer son WebAssembly/);
});

test("the client's own failures are said in French", () => {
  assert.equal(engineFailure(new EngineError({ type: "WorkerError", message: "the engine worker failed to start" })), "son processus (le worker) n'a pas pu se charger");
  assert.equal(engineFailure(new EngineError({ type: "Terminated", message: "the engine worker was terminated" })), "le moteur a été arrêté");
});

test("an error the engine answered, already in the page's language, is shown as it came", () => {
  assert.equal(engineFailure(new EngineError({ type: "IllegalMoveError", message: "on ne peut pas accepter maintenant" })), "on ne peut pas accepter maintenant");
});

test("a call the worker can no longer answer is refused in the page's words, which a page puts in its sentence", async () => {
  // a stand-in for the browser's Worker: the engine is stopped (or its worker fails) while a call is pending
  const listeners = {};
  globalThis.Worker = class {
    addEventListener(type, listener) { listeners[type] = listener; }
    postMessage() {}
    terminate() {}
  };
  globalThis.performance ??= { mark() {} };
  const { createEngine } = await import("../engine/client.js");
  const stopped = createEngine("worker.js");
  const call = stopped.call("state");
  stopped.terminate();
  const error = await call.then(() => null, (e) => e);
  assert.equal(error.type, "Terminated");
  assert.equal(error.message, "le moteur a été arrêté");
  assert.equal(t("game.not_allowed", { reason: error.message }), "Interdit\u00a0: le moteur a été arrêté");
  const failing = createEngine("worker.js");
  const pending = failing.call("state");
  const warn = console.warn;
  console.warn = () => {};
  try {
    listeners.error({ message: "Uncaught SyntaxError: Unexpected token", preventDefault() {} });
  } finally {
    console.warn = warn;
  }
  const failed = await pending.then(() => null, (e) => e);
  assert.equal(failed.type, "WorkerError");
  assert.equal(failed.message, "son processus (le worker) n'a pas pu se charger");
  delete globalThis.Worker;
});
