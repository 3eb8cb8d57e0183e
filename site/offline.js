// Registers the site's service worker (sw.js, at the site root), which makes the site work offline.
// `offlineReady` resolves once a service worker is active, that is once the whole site is cached.

const SITE_ROOT = new URL("./", import.meta.url);

export const offlineReady =
  "serviceWorker" in navigator
    ? navigator.serviceWorker
        .register(new URL("sw.js", SITE_ROOT), { scope: SITE_ROOT.href })
        .then(() => navigator.serviceWorker.ready)
    : Promise.reject(new Error("this browser has no service workers: the site will not work offline"));

offlineReady.catch((error) => console.warn(`offline cache unavailable: ${error.message}`));
