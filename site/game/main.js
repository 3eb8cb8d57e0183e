// Entry point of the game page (docs/play.md): mounts the game in #game.
// The stylesheet is linked from here so the page needs nothing but this module.

import { createGame } from "./game.js";

const root = document.getElementById("game");
if (root) {
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = new URL("./game.css", import.meta.url).href;
  document.head.append(style);
  // the worker must come from this site: anything else in the attribute is ignored
  const configured = new URL(root.dataset.engineWorker || "../engine/worker.js", window.location.href);
  const workerUrl = configured.origin === window.location.origin ? configured : new URL("../engine/worker.js", import.meta.url);
  window.toutesTables = createGame(root, { workerUrl });
}
