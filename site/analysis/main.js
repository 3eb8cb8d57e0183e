// The analysis board page's mount (docs/analysis.md has the #analysis element; site/pages.js calls
// mountAnalysis on every arrival at the page). Shaped like the game's mount (site/game/main.js).

import { createAnalysis } from "./analysis.js";

let styled = false;

function linkStyle(href) {
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = new URL(href, import.meta.url).href;
  document.head.append(style);
}

/** Start an analysis board in `root` (its `data-engine-worker` may name the worker, same origin only). */
export function mountAnalysis(root) {
  if (!styled) {
    styled = true;
    linkStyle("../game/game.css"); // the game's layout: board beside its side panel
    linkStyle("./analysis.css");
  }
  const configured = new URL(root.dataset.engineWorker || "../engine/worker.js", window.location.href);
  const workerUrl = configured.origin === window.location.origin ? configured : new URL("../engine/worker.js", import.meta.url);
  const analysis = createAnalysis(root, { workerUrl });
  window.toutesTablesAnalysis = analysis;
  return analysis;
}

/** Stop an analysis board mounted by mountAnalysis (its page was left without a reload). */
export function unmountAnalysis(analysis) {
  analysis.destroy();
  if (window.toutesTablesAnalysis === analysis) window.toutesTablesAnalysis = undefined;
}
