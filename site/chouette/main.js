// The chouette page's mount (docs/play-chouette.md has the #chouette element; site/pages.js calls
// mountChouette on every arrival at the page). The game's stylesheet and the chouette's own are linked here.

import { engineWorkerUrl, linkStylesheets } from "../mount.js";
import { createChouette } from "./chouette.js";

/** Start the chouette page in `root` (its `data-engine-worker` may name the worker script, same origin only). */
export function mountChouette(root) {
  linkStylesheets(import.meta.url, "../game/game.css", "./chouette.css");
  const chouette = createChouette(root, { workerUrl: engineWorkerUrl(root) });
  window.toutesTables = chouette; // the same handle as the game page's, for the e2e tests' driving helpers
  return chouette;
}

/** Stop a chouette mounted by mountChouette (its page was left without a reload). */
export function unmountChouette(chouette) {
  chouette.destroy();
  if (window.toutesTables === chouette) window.toutesTables = undefined;
}
