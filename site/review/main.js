// The review page's mount (docs/play-review.md has the #review element; site/pages.js calls mountReview
// on every arrival at the page). The game's layout is its layout too.

import { engineWorkerUrl, linkStylesheets } from "../mount.js";
import { createReview } from "./review.js";

/** Start a review page in `root` (its `data-engine-worker` may name the worker, same origin only). */
export function mountReview(root) {
  linkStylesheets(import.meta.url, "../game/game.css", "./review.css");
  const review = createReview(root, { workerUrl: engineWorkerUrl(root) });
  window.toutesTablesReview = review;
  return review;
}

/** Stop a review mounted by mountReview (its page was left without a reload). */
export function unmountReview(review) {
  review.destroy();
  if (window.toutesTablesReview === review) window.toutesTablesReview = undefined;
}
