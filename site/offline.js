// Registers the site's service worker (sw.js, at the site root), which makes the site work offline.
// `offlineReady` resolves once a service worker is active, that is once the whole site is cached.
//
// The registration (and so the precache of the whole site) waits until the page has loaded and what a
// page asked to wait for has settled (`precacheAfter`): pages.js holds it until the engine workers of
// the first page it mounts are ready, so the precache does not compete with the first boot for the
// network and the processor. The files that boot fetched are then in the HTTP cache, and the precache
// only revalidates them.

const SITE_ROOT = new URL("./", import.meta.url);
const holds = [];

/** Put off the service worker's registration until `promise` settles (whichever way). */
export function precacheAfter(promise) {
  holds.push(promise);
}

async function pageSettled() {
  if (document.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  while (holds.length) await Promise.allSettled(holds.splice(0));
}

// why there is no offline cache, for the console (below) and the benchmark page: never shown to a player
const NO_WORKERS = "this browser has no service workers: the site will not work offline"; // i18n-exempt: the console's

export const offlineReady =
  "serviceWorker" in navigator
    ? pageSettled()
        .then(() => navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.href }))
        .then(() => navigator.serviceWorker.ready)
    : Promise.reject(new Error(NO_WORKERS));

offlineReady.catch((error) => console.warn(`offline cache unavailable: ${error.message}`));
