// The game page's mount (docs/play.md has the #game element; site/pages.js calls mountGame for it on
// every arrival at the page, full load or Material's instant navigation).
// The stylesheet is linked from here so the page needs nothing but this module.

import { engineWorkerUrl, linkStylesheets } from "../mount.js";
import { createGame } from "./game.js";

/** Start a game in `root` (its `data-engine-worker` may name the worker script, same origin only). */
export function mountGame(root) {
  linkStylesheets(import.meta.url, "./game.css");
  const game = createGame(root, { workerUrl: engineWorkerUrl(root) });
  window.toutesTables = game;
  return game;
}

/** Stop a game mounted by mountGame (its page was left without a reload). */
export function unmountGame(game) {
  game.destroy();
  if (window.toutesTables === game) window.toutesTables = undefined;
}
