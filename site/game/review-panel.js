// The review beside the board when a game ends (docs/play-review.md, "At the end of a game"): the game page's own
// worker reviews the game just finished (review_start with its game number, at its score in the match), one
// decision per request, and only while the game has nothing for the worker to do, so play never waits on more
// than one decision. It fills in as it goes: progress, each player's error rate and luck so far, the marked
// decisions; Stop cancels it; "Open the full review" hands the record to the review page. The review is saved with
// the game (reviewToSave / reviewFromSave, in the game's save): a reload shows a finished one again, and an
// unfinished one with the decisions it had done, going on from there (the engine takes them back as `known`).

import { colourName, decimal, t, tn } from "../i18n/i18n.js";
import { el, setChildren, show } from "./dom.js";
import { pageButton } from "./page.js";
import { actionWord, playedWords, reviewWord } from "../i18n/engine-words.js";
import { formatEquity } from "./advice.js";
import { LIMITS } from "../engine/limits.js";

const IDLE_POLL_MS = 150; // how often a paused review looks whether the game has left the worker free

/** The version of the review kept in the game's save: a review saved in another shape is ignored (made again);
 * 2: searched as World class plays (the engine's default reviewing level), not by the Expert's old one-roll look. */
export const REVIEW_SAVE_VERSION = 2;
const MAX_SAVED_RECORD_CHARS = LIMITS.max_record_chars; // the engine's bound on a record
const MAX_SAVED_DECISIONS = 5_000; // far more than a long match has; a save claiming more is damaged
const COLOURS = new Set(["black", "white"]);
const MARK_NAMES = new Set(["doubtful", "bad", "very bad"]); // i18n-exempt: the engine's mark names (or "", no mark), as review_next gives them

/** The panel's review as the game's save keeps it (`state` is the panel's), or null when none is on show. */
export function reviewToSave(state) {
  if (!state.record || !state.shown) return null;
  // an unfinished review is saved with the decisions done so far: a reload goes on from there
  return { version: REVIEW_SAVE_VERSION, record: state.record, game: state.game, done: state.done, decisions: state.decisions, summary: state.summary };
}

const isNumber = (v) => typeof v === "number" && Number.isFinite(v);

function isSavedDecision(d) {
  return Boolean(d) && typeof d === "object" && COLOURS.has(d.colour) && typeof d.kind === "string"
    && typeof d.played === "string" && typeof d.best === "string" && isNumber(d.error)
    && (!d.mark || MARK_NAMES.has(d.mark)) && (d.mark === "" || d.mark === null || typeof d.sign === "string")
    && (d.kind !== "move" || (Array.isArray(d.dice) && d.dice.length === 2 && d.dice.every((v) => Number.isInteger(v) && v >= 1 && v <= 6)));
}

function isSavedSummary(s) {
  return Boolean(s) && typeof s === "object" && [s.black, s.white].every((p) =>
    Boolean(p) && typeof p === "object" && Number.isInteger(p.decisions) && isNumber(p.error_mp) && (p.rating === null || typeof p.rating === "string") && isNumber(p.luck));
}

/** Whether `decisions` and `summary`, read back from a save, have the shape review_next gives them (checked field by field). */
export function isSavedReviewBody(decisions, summary) {
  return Array.isArray(decisions) && decisions.length <= MAX_SAVED_DECISIONS && decisions.every(isSavedDecision) && isSavedSummary(summary);
}

/**
 * A review read back from the game's save, checked field by field: `{record, game, done, decisions, summary}`, or
 * null when there is none or it is damaged or of another version. Never throws: a bad review is left out and the
 * game it was saved with loads as usual.
 */
export function reviewFromSave(data) {
  if (!data || typeof data !== "object" || data.version !== REVIEW_SAVE_VERSION) return null;
  if (typeof data.record !== "string" || !data.record || data.record.length > MAX_SAVED_RECORD_CHARS) return null;
  if (!Number.isInteger(data.game) || data.game < 1 || typeof data.done !== "boolean") return null;
  const { decisions, summary } = data;
  if (!data.done) {
    // the decisions done before the reload (none when the save has none or they are damaged: the review starts over)
    const done = Array.isArray(decisions) && decisions.length && isSavedReviewBody(decisions, summary) ? decisions : [];
    return { record: data.record, game: data.game, done: false, decisions: done, summary: done.length ? summary : null };
  }
  if (!isSavedReviewBody(decisions, summary)) return null;
  return { record: data.record, game: data.game, done: true, decisions, summary };
}

/**
 * One player's line of the panel: "White: 8.2 millipoints per decision (Expert), luck +0.120". While the review
 * runs (`finished` false) the rate is the decisions' so far and no rating word is given: one or two decisions
 * reviewed would otherwise grade a player "Awful!" or "Supernatural".
 */
export function playerLine(colour, summary, finished = true) {
  if (!summary) return t("review_panel.nothing_yet", { colour: colourName(colour) });
  const luck = formatEquity(summary.luck);
  const rate = !summary.decisions
    ? t("review_panel.no_choice")
    : finished
      ? t("review_panel.rate", { rate: decimal(summary.error_mp, 1), rating: reviewWord("rating", summary.rating) })
      : t("review_panel.rate_so_far", { rate: decimal(summary.error_mp, 1) });
  return t("review_panel.player", { colour: colourName(colour), rate, luck });
}

/** A marked decision of the panel's list: "?? White 6-4: 13/7 13/9, best 24/14 (152 millipoints)". */
export function markedLine(d) {
  const what = d.kind === "move" ? t("review_panel.what_move", { dice: d.dice.join("-"), play: playedWords(d) }) : actionWord(d.played);
  const best = d.kind === "move" ? d.best : actionWord(d.best);
  return t("review_panel.mark_line", { sign: d.sign, colour: colourName(d.colour), what, best, error: (1000 * d.error).toFixed(0) });
}

/**
 * The panel: `{element, review(record, game), cancel(), destroy(), state}`. `isBusy()` says whether the game needs
 * the worker now (a computer's action, a hint, checkers sliding); `onOpen(record)` opens the full review.
 */
export function createReviewPanel({ engine, isBusy, onOpen, onChange = () => {} }) {
  const title = el("h3", {}, t("review_panel.heading"));
  const progress = el("progress", { max: 1, value: 0, "aria-label": t("review_panel.title") });
  const progressText = el("span", {});
  const stop = pageButton(t("review_panel.stop"));
  const close = pageButton(t("review_panel.close"));
  const open = pageButton(t("review_panel.open"));
  const players = el("ul", { class: "tt-review-panel-players" });
  const marked = el("ol", { class: "tt-review-panel-marks", "aria-label": t("review_panel.marked") });
  const note = el("p", { class: "tt-review-panel-note" });
  const element = el(
    "section",
    { class: "tt-review-panel", hidden: true, "aria-live": "polite", "aria-label": t("review_panel.title") },
    title,
    el("div", { class: "tt-review-run" }, progress, " ", progressText),
    note,
    players,
    marked,
    el("div", { class: "tt-actions" }, stop, open, close),
  );
  // shown: the panel is on show (Close puts it away, and a put-away review is not saved with the game)
  // reused: the decisions the engine took back from a save (review_start's known) instead of computing them
  const state = { id: null, record: null, game: null, decisions: [], summary: null, done: false, running: false, shown: false, reused: 0 };
  let destroyed = false;
  let run = 0; // the review on show: an answer for an older one is dropped

  const idle = () =>
    new Promise((resolve) => {
      const look = () => (destroyed || !isBusy() ? resolve() : setTimeout(look, IDLE_POLL_MS));
      look();
    });

  function render() {
    setChildren(players, ...["white", "black"].map((c) => el("li", {}, playerLine(c, state.summary && state.summary[c], state.done))));
    const bad = state.decisions.filter((d) => d.mark);
    setChildren(marked, ...bad.map((d) => el("li", { class: `tt-mark-${d.mark.replace(" ", "-")}` }, markedLine(d))));
    stop.disabled = !state.running;
    open.disabled = !state.record;
  }

  async function cancel() {
    const id = state.id;
    const wasRunning = state.running;
    run += 1;
    state.running = false;
    state.id = null;
    if (wasRunning) setChildren(note, t("review_panel.stopped"));
    render();
    if (id !== null) {
      try {
        await engine.call("review_cancel", { id });
      } catch {
        // the worker may be gone with the page
      }
    }
  }

  function titled(game) {
    setChildren(title, game > 1 ? t("review_panel.title_game", { game }) : t("review_panel.title"));
  }

  function finishedNote() {
    const marks = state.decisions.filter((d) => d.mark).length;
    const counted = { decisions: tn("review_panel.decisions", state.decisions.length), marked: tn("review_panel.marked", marks) };
    setChildren(note, t("review_panel.finished", counted));
  }

  /** Show again a review saved with the game (reviewFromSave's): a finished one as it was, an unfinished one going
   * on from the decisions it had done. */
  function restore(saved) {
    if (!saved) return;
    if (!saved.done) {
      review(saved.record, saved.game, saved.decisions);
      return;
    }
    run += 1;
    Object.assign(state, { id: null, record: saved.record, game: saved.game, decisions: saved.decisions, summary: saved.summary, done: true, running: false, shown: true });
    titled(saved.game);
    progress.max = 1;
    progress.value = 1;
    setChildren(progressText, "");
    finishedNote();
    show(element, true);
    render();
    onChange();
  }

  /** Review `record`'s game `game`; `known`: its first decisions, reviewed before a reload, taken back, not made again. */
  async function review(record, game, known = []) {
    await cancel();
    const mine = run;
    Object.assign(state, { record, game, decisions: [], summary: null, done: false, running: true, shown: true, reused: 0 });
    titled(game);
    setChildren(note, t("review_panel.background"));
    progress.value = 0;
    show(element, true);
    render();
    onChange();
    try {
      await idle();
      if (mine !== run) return;
      let started;
      try {
        started = await engine.call("review_start", { record, game, ...(known.length ? { known } : {}) });
      } catch (error) {
        if (!known.length || mine !== run) throw error;
        started = await engine.call("review_start", { record, game }); // the saved decisions were refused: start over
      }
      if (mine !== run) {
        engine.call("review_cancel", { id: started.id }).catch(() => {});
        return;
      }
      state.id = started.id;
      progress.max = Math.max(1, started.total);
      while (mine === run && !destroyed) {
        await idle();
        if (mine !== run || destroyed) return;
        // the decisions taken back cost nothing: as many as a call takes; those computed one at a time
        const answer = await engine.call("review_next", { id: state.id, max_items: state.decisions.length < known.length ? 10 : 1 });
        if (mine !== run) return;
        state.decisions.push(...answer.items);
        state.reused += answer.reused;
        state.summary = answer.summary;
        progress.value = answer.progress.turns;
        setChildren(progressText, t("review_panel.progress", { turns: answer.progress.turns, total: answer.progress.total }));
        if (answer.done) {
          Object.assign(state, { done: true, running: false, id: null });
          finishedNote();
        }
        render();
        onChange(); // the decisions so far (or the finished review) go into the game's save
        if (answer.done) return;
      }
    } catch (error) {
      if (mine !== run) return;
      state.running = false;
      setChildren(note, t("review_panel.failed", { reason: error.message }));
      render();
    }
  }

  stop.addEventListener("click", cancel);
  close.addEventListener("click", () => {
    cancel();
    state.shown = false;
    show(element, false);
    onChange();
  });
  open.addEventListener("click", () => state.record && onOpen(state.record));

  return {
    element,
    review,
    restore,
    cancel,
    state,
    destroy() {
      destroyed = true;
      run += 1;
    },
  };
}
