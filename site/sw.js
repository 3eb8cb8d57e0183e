// Service worker for the whole site. At install it precaches every file of the build (pages, the
// game's modules, the Pyodide runtime, the wheels) in a cache named after the build's content hash;
// requests are then answered cache-first, so after one online visit the game loads with the network
// cut. A new build changes this file (its precache line), the browser installs it, and the old
// cache is deleted on activation.
// offline.js registers it only once the first page's engine worker has booted, so this precache does not
// compete with that boot; the files the boot fetched are then revalidated from the HTTP cache ("no-cache"
// below), not downloaded again.
// The files only the engine's boot without its snapshot needs (PRECACHE.onDemand: the runtime wheels, the
// boot's bytecode) are not downloaded for the precache, since a boot from the snapshot never uses them:
// they are cached when that boot has fetched them, from the HTTP cache at install (a first visit whose
// boot fell back) or as this worker answers them, so a browser that boots that way can do so offline too.
// It must be served from the site root so that its scope covers every page.

const PRECACHE = { version: "source", urls: [], onDemand: [] }; // @precache-manifest: written by hooks/site_assets.py
const CACHE_PREFIX = "toutes-tables-";
const CACHE_NAME = `${CACHE_PREFIX}${PRECACHE.version}`;
const ON_DEMAND = new Set(PRECACHE.onDemand.map((url) => new URL(url, self.location).href));

/** Put `url` in `cache` if the browser's HTTP cache has it (this visit's boot fetched it); download nothing. */
async function keepIfFetched(cache, url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (response.ok) await cache.put(url, response);
  } catch {
    // not in the HTTP cache: fetched, and then kept, when a boot needs it
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      // "no-cache": revalidate with the server, so a stale HTTP cache cannot slip into a new build.
      await cache.addAll(PRECACHE.urls.map((url) => new Request(new URL(url, self.location), { cache: "no-cache" })));
      await Promise.all(PRECACHE.onDemand.map((url) => keepIfFetched(cache, new URL(url, self.location))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(cacheFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  // Share links carry the game in the query string; every such URL is the same page.
  const navigation = request.mode === "navigate";
  const cached = await cache.match(request, { ignoreSearch: navigation });
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok && ON_DEMAND.has(request.url)) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    if (navigation) {
      const notFound = await cache.match(new URL("404.html", self.location));
      if (notFound) return notFound;
    }
    throw error;
  }
}
