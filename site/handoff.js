// What the game page hands the review page (site/review/) when the player asks for a review: the match's
// record, in sessionStorage under this key. Its own module, so that the game need not load the review
// page's code to know where to put it.

export const HANDOFF_KEY = "tt-review-record";
