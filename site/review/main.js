// The review page's mount (docs/play-review.md has the #review element; site/pages.js calls mountReview
// on every arrival at the page). The game's layout is its layout too.

import { livePage } from "../mount.js";
import { createReview } from "./review.js";

// its `data-engine-worker` may name the worker script, same origin only (mount.js)
const page = livePage({ base: import.meta.url, sheets: ["../game/game.css", "./review.css"], create: createReview, handle: "toutesTablesReview" });
export const mountReview = page.mount;
export const unmountReview = page.unmount;
