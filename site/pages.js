// Site-wide entry, loaded by every page (overrides/main.html). It registers the service worker and
// mounts what is live in the page: the game (#game), the chouette (#chouette) and the <tt-board> widgets.
//
// Material's instant navigation swaps the page content without reloading: module scripts already run
// are not run again, so a page's live parts are mounted here on each emission of Material's `document$`
// (the first page and every page reached after), idempotently, and the game is stopped (its engine
// worker terminated) when its page is left. Without Material (site/ demo pages) this runs once.

import "./offline.js";

let game = null; // {root, instance}: the game mounted in the current page, if any
let chouette = null; // the same for the chouette page (#chouette)
let queue = Promise.resolve(); // one mount at a time: a fast second navigation waits for the first

async function mountPage() {
  const root = document.getElementById("game");
  if (game && game.root !== root) {
    const { unmountGame } = await import("./game/main.js");
    unmountGame(game.instance);
    game = null;
  }
  if (root && !game) {
    const { mountGame } = await import("./game/main.js");
    // still the same page once the module has arrived?
    if (document.getElementById("game") === root) game = { root, instance: mountGame(root) };
  }
  const chouetteRoot = document.getElementById("chouette");
  if (chouette && chouette.root !== chouetteRoot) {
    const { unmountChouette } = await import("./chouette/main.js");
    unmountChouette(chouette.instance);
    chouette = null;
  }
  if (chouetteRoot && !chouette) {
    const { mountChouette } = await import("./chouette/main.js");
    if (document.getElementById("chouette") === chouetteRoot) chouette = { root: chouetteRoot, instance: mountChouette(chouetteRoot) };
  }
  // <tt-board> elements upgrade (and mount, and clean up on removal) by themselves once defined
  if (document.querySelector("tt-board")) await import("./board/element.js");
}

function onPage() {
  queue = queue.then(mountPage).catch((error) => console.error(error));
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
