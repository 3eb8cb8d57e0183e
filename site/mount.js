// What every live page's mount does (the game, the chouette, the analysis board, the review): link its
// stylesheets once, pick its engine worker, which must come from this site, start the page's controller
// and hand it to the window under its name (for the e2e tests' driving helpers); and the unmount that
// stops it: livePage, which each page's main.js calls with its own parts.

const linked = new Set();

/** Link the stylesheets `sheets` (relative to `base`, a module's import.meta.url) once per document. */
function linkStylesheets(base, ...sheets) {
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
function engineWorkerUrl(root) {
  const own = new URL("./engine/worker.js", import.meta.url);
  const configured = new URL(root.dataset.engineWorker || own.href, window.location.href);
  return configured.origin === window.location.origin ? configured : own;
}

/**
 * A live page's mount and unmount, for its main.js to export under the names site/pages.js calls.
 * `mount(root)` links `sheets` (relative to `base`, main.js's import.meta.url), starts the page's
 * controller with `create(root, {workerUrl})` and makes it `window[handle]`; `unmount(page)` stops it
 * (its page was left without a reload) and takes the handle back.
 */
export function livePage({ base, sheets, create, handle }) {
  return {
    mount(root) {
      linkStylesheets(base, ...sheets);
      const page = create(root, { workerUrl: engineWorkerUrl(root) });
      window[handle] = page;
      return page;
    },
    unmount(page) {
      page.destroy();
      if (window[handle] === page) window[handle] = undefined;
    },
  };
}
