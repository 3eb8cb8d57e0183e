// The analysis board page's mount (docs/analysis.md has the #analysis element; site/pages.js calls
// mountAnalysis on every arrival at the page). The game's layout is its layout too.

import { livePage } from "../mount.js";
import { createAnalysis } from "./analysis.js";

// its `data-engine-worker` may name the worker script, same origin only (mount.js)
const page = livePage({ base: import.meta.url, sheets: ["../game/game.css", "./analysis.css"], create: createAnalysis, handle: "toutesTablesAnalysis" });
export const mountAnalysis = page.mount;
export const unmountAnalysis = page.unmount;
