// The analysis board page's mount (docs/analysis.md has the #analysis element; site/pages.js calls
// mountAnalysis on every arrival at the page). The game's layout is its layout too.

import { engineWorkerUrl, linkStylesheets } from "../mount.js";
import { createAnalysis } from "./analysis.js";

/** Start an analysis board in `root` (its `data-engine-worker` may name the worker, same origin only). */
export function mountAnalysis(root) {
  linkStylesheets(import.meta.url, "../game/game.css", "./analysis.css");
  const analysis = createAnalysis(root, { workerUrl: engineWorkerUrl(root) });
  window.toutesTablesAnalysis = analysis;
  return analysis;
}

/** Stop an analysis board mounted by mountAnalysis (its page was left without a reload). */
export function unmountAnalysis(analysis) {
  analysis.destroy();
  if (window.toutesTablesAnalysis === analysis) window.toutesTablesAnalysis = undefined;
}
