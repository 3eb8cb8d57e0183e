// The chouette page's mount (docs/play-chouette.md has the #chouette element; site/pages.js calls
// mountChouette on every arrival at the page). The game's stylesheet and the chouette's own are linked here.

import { createChouette } from "./chouette.js";

let styled = false;

/** Start the chouette page in `root` (its `data-engine-worker` may name the worker script, same origin only). */
export function mountChouette(root) {
  if (!styled) {
    styled = true;
    for (const sheet of ["../game/game.css", "./chouette.css"]) {
      const style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = new URL(sheet, import.meta.url).href;
      document.head.append(style);
    }
  }
  const configured = new URL(root.dataset.engineWorker || "../engine/worker.js", window.location.href);
  const workerUrl = configured.origin === window.location.origin ? configured : new URL("../engine/worker.js", import.meta.url);
  const chouette = createChouette(root, { workerUrl });
  window.toutesTables = chouette; // the same handle as the game page's, for the e2e tests' driving helpers
  return chouette;
}

/** Stop a chouette mounted by mountChouette (its page was left without a reload). */
export function unmountChouette(chouette) {
  chouette.destroy();
  if (window.toutesTables === chouette) window.toutesTables = undefined;
}
