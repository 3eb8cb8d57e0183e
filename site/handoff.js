// What the game page hands the review page (site/review/) when the player asks for a review: the match's
// record, in sessionStorage under HANDOFF_KEY, and the game page's own review of its last game as far as it went
// (site/game/review-panel.js's decisions), under HANDOFF_REVIEW_KEY, so that the review page reuses them instead
// of reviewing that game again (review_start's `known`). Its own module, so that the game need not load the
// review page's code to know where to put them.

export const HANDOFF_KEY = "tt-review-record";
export const HANDOFF_REVIEW_KEY = "tt-review-known";
export const HANDOFF_REVIEW_VERSION = 1; // the shape handed over: one of another version is not used
const MAX_HANDED_DECISIONS = 5_000; // the engine's bound on known decisions (analysis.MAX_KNOWN_DECISIONS)

/** Hand `record` over, with `review` (`{decisions}`, the game page's review of a game of it) when it has any. */
export function handOver(record, review) {
  sessionStorage.setItem(HANDOFF_KEY, record);
  sessionStorage.removeItem(HANDOFF_REVIEW_KEY);
  const decisions = review && Array.isArray(review.decisions) ? review.decisions : [];
  if (!decisions.length || decisions.length > MAX_HANDED_DECISIONS) return;
  try {
    sessionStorage.setItem(HANDOFF_REVIEW_KEY, JSON.stringify({ version: HANDOFF_REVIEW_VERSION, record, decisions }));
  } catch {
    // too large for the storage: the review page reviews the record from the start
  }
}

/**
 * The decisions handed over with `record` (the engine checks each against the record), or [] when there are none,
 * they came with another record, or they are of another version or shape.
 */
export function handedDecisions(record) {
  try {
    const handed = JSON.parse(sessionStorage.getItem(HANDOFF_REVIEW_KEY) || "null");
    const usable = handed && handed.version === HANDOFF_REVIEW_VERSION && handed.record === record
      && Array.isArray(handed.decisions) && handed.decisions.length <= MAX_HANDED_DECISIONS
      && handed.decisions.every((d) => d && typeof d === "object");
    return usable ? handed.decisions : [];
  } catch {
    return [];
  }
}
