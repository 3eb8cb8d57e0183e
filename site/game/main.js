// The game page's mount (docs/play.md has the #game element; site/pages.js calls mountGame for it on
// every arrival at the page, full load or Material's instant navigation, and unmountGame when it is left).
// The stylesheet is linked from here so the page needs nothing but this module.

import { livePage } from "../mount.js";
import { createGame } from "./game.js";

// its `data-engine-worker` may name the worker script, same origin only (mount.js)
const page = livePage({ base: import.meta.url, sheets: ["./game.css"], create: createGame, handle: "toutesTables" });
export const mountGame = page.mount;
export const unmountGame = page.unmount;
