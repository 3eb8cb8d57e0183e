// What every live page's mount does first (the game, the chouette, the analysis board, the review):
// link its stylesheets once, and pick its engine worker, which must come from this site.

const linked = new Set();

/** Link the stylesheets `sheets` (relative to `base`, a module's import.meta.url) once per document. */
export function linkStylesheets(base, ...sheets) {
  for (const sheet of sheets) {
    const href = new URL(sheet, base).href;
    if (linked.has(href)) continue;
    linked.add(href);
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = href;
    document.head.append(style);
  }
}

/** The worker named by the root's `data-engine-worker` if it is on this origin, else the site's own. */
export function engineWorkerUrl(root) {
  const own = new URL("./engine/worker.js", import.meta.url);
  const configured = new URL(root.dataset.engineWorker || own.href, window.location.href);
  return configured.origin === window.location.origin ? configured : own;
}
