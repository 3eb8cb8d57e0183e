// The game page's mount (docs/play.md has the #game element; site/pages.js calls mountGame for it on
// every arrival at the page, full load or Material's instant navigation).
// The stylesheet is linked from here so the page needs nothing but this module.

import { createGame } from "./game.js";

let styled = false;

/** Start a game in `root` (its `data-engine-worker` may name the worker script, same origin only). */
export function mountGame(root) {
  if (!styled) {
    styled = true;
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = new URL("./game.css", import.meta.url).href;
    document.head.append(style);
  }
  // the worker must come from this site: anything else in the attribute is ignored
  const configured = new URL(root.dataset.engineWorker || "../engine/worker.js", window.location.href);
  const workerUrl = configured.origin === window.location.origin ? configured : new URL("../engine/worker.js", import.meta.url);
  const game = createGame(root, { workerUrl });
  window.toutesTables = game;
  return game;
}

/** Stop a game mounted by mountGame (its page was left without a reload). */
export function unmountGame(game) {
  game.destroy();
  if (window.toutesTables === game) window.toutesTables = undefined;
}
