// Site-wide entry, loaded by every page (overrides/main.html). It registers the service worker and
// mounts what is live in the page: the game (#game), the analysis board (#analysis), the review
// (#review), the chouette (#chouette) and the <tt-board> widgets.
//
// Material's instant navigation swaps the page content without reloading: module scripts already run
// are not run again, so a page's live parts are mounted here on each emission of Material's `document$`
// (the first page and every page reached after), idempotently, and the game is stopped (its engine
// worker terminated) when its page is left. Without Material (site/ demo pages) this runs once.

import "./frame-guard.js";
import { precacheAfter } from "./offline.js";

// The live parts a page may hold, by their root element (docs/play.md, docs/play-chouette.md); each module
// mounts one in a root and unmounts it (stopping its engine worker) when its page is left. The root is
// known by its class as well as its id: a heading's anchor may have the same id (the rules book's
// "Chouette" page has an <h1 id="chouette">), and must not get a chouette mounted in it.
const LIVE_PARTS = [
  { root: "#game.toutes-tables-game", load: () => import("./game/main.js"), mount: "mountGame", unmount: "unmountGame" },
  {
    root: "#analysis.toutes-tables-analysis",
    load: () => import("./analysis/main.js"),
    mount: "mountAnalysis",
    unmount: "unmountAnalysis",
  },
  {
    root: "#review.toutes-tables-review",
    load: () => import("./review/main.js"),
    mount: "mountReview",
    unmount: "unmountReview",
  },
  {
    root: "#chouette.toutes-tables-chouette",
    load: () => import("./chouette/main.js"),
    mount: "mountChouette",
    unmount: "unmountChouette",
  },
];
const mounted = new Map(); // part (its root's selector) -> {root, instance}: what is mounted in the current page
let queue = Promise.resolve(); // one mount at a time: a fast second navigation waits for the first

/** Unmount `part` if its page was left; mount it if this page has its root and it is not mounted yet. */
async function mountPart(part) {
  const root = document.querySelector(part.root);
  const current = mounted.get(part.root);
  if (current && current.root !== root) {
    const module = await part.load();
    module[part.unmount](current.instance);
    mounted.delete(part.root);
  }
  if (root && !mounted.has(part.root)) {
    const module = await part.load();
    // still the same page once the module has arrived?
    if (document.querySelector(part.root) === root) mounted.set(part.root, { root, instance: module[part.mount](root) });
  }
}

async function mountPage() {
  for (const part of LIVE_PARTS) await mountPart(part);
  // <tt-board> elements upgrade (and mount, and clean up on removal) by themselves once defined
  if (document.querySelector("tt-board")) await import("./board/element.js");
}

let firstPageMounted;
// The service worker precaches the site once the first page's engines are up (or failed), not during their boot.
precacheAfter(
  new Promise((resolve) => {
    firstPageMounted = resolve;
  }).then(() => Promise.allSettled([...mounted.values()].map(({ instance }) => instance.engine?.ready))),
);

function onPage() {
  queue = queue.then(mountPage).catch((error) => console.error(error));
  queue.then(firstPageMounted);
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
