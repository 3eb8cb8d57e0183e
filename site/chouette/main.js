// The chouette page's mount (docs/play-chouette.md has the #chouette element; site/pages.js calls
// mountChouette on every arrival at the page). The game's stylesheet and the chouette's own are linked here;
// its handle is the game page's, for the e2e tests' driving helpers.

import { livePage } from "../mount.js";
import { createChouette } from "./chouette.js";

// its `data-engine-worker` may name the worker script, same origin only (mount.js)
const page = livePage({ base: import.meta.url, sheets: ["../game/game.css", "./chouette.css"], create: createChouette, handle: "toutesTables" });
export const mountChouette = page.mount;
export const unmountChouette = page.unmount;
