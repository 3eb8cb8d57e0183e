// The engine's names, sent as data, in the page's language: a decision's mark ("very bad"), a roll's luck ("very
// lucky"), a rating ("World class"), a cube action ("no double", "double, pass"), said through the catalogues'
// review.* keys as the engine's own catalogues make them (toutes_tables.review_words). Its own module, so that the
// game and the analysis board need not load the review page's code (site/review/graph.js) to say them.

import { hasMessage, t } from "./i18n.js";

/** A review word's key part, as the engine's catalogues make it (toutes_tables.review_words): "very bad" is "very_bad". */
function slug(name) {
  return String(name).toLowerCase().replace(/\W+/g, "_").replace(/^_+|_+$/g, "");
}

/**
 * One of the engine's review names in the page's language: `kind` "mark" ("very bad"), "luck" ("very
 * lucky"), "rating" ("World class"), "luck_rating" ("Go to bed") or "action" ("no double", "take"); a name
 * the catalogues lack stays as it is.
 */
export function reviewWord(kind, name) {
  const key = `review.${kind}.${slug(name)}`;
  return hasMessage(key) ? t(key) : name;
}

/** A decision's mark ("doubtful", "bad", "very bad": the engine's names) in the page's language. */
export const markWord = (mark) => reviewWord("mark", mark);
/** A roll's luck mark ("very lucky" … "very unlucky": the engine's names) in the page's language. */
export const luckWord = (mark) => reviewWord("luck", mark);
/**
 * A cube action as the engine names it, as data (a cube decision's played and best: "no double", "double",
 * "take", "drop"; a hint's equities: "double, take", "double, pass"), in the page's language.
 */
export const actionWord = (name) => reviewWord("action", name);

/**
 * A reviewed move's play as the page shows it: the engine's notation (review_next's `played`), a passed turn (a
 * move with no moves) said as the game's move list says it, in the page's language, not as the record writes it.
 */
export function playedWords(d) {
  return d.kind === "move" && Array.isArray(d.played_moves) && !d.played_moves.length ? t("review.no_play") : d.played;
}

/**
 * Why the engine could not start, in the page's language, from what the worker sends as data (PROTOCOL.md): the
 * boot's `stage` and `kind` ("http" with the `file` and its `status`, "wasm"), or the client's own `type`
 * ("WorkerError", "Terminated"). The runtime's own message, which no catalogue can have, follows as a detail.
 */
export function engineFailure(error) {
  const detail = String(error?.message ?? error ?? "");
  if (error?.type === "Terminated") return t("engine.failure.terminated");
  if (error?.type === "WorkerError") return t("engine.failure.worker");
  if (error?.kind === "http") return t("engine.failure.http", { file: error.file, status: error.status });
  if (error?.kind === "wasm") return t("engine.failure.wasm");
  const stage = `engine.failure.stage.${error?.stage}`;
  if (error?.stage && hasMessage(stage)) return t("engine.failure.with_detail", { reason: t(stage), detail });
  return detail;
}
