// The review beside the board when a game ends (docs/play-review.md, "At the end of a game"): the game page's own
// worker reviews the game just finished (review_start with its game number, at its score in the match), one
// decision per request, and only while the game has nothing for the worker to do, so play never waits on more
// than one decision. It fills in as it goes: progress, each player's error rate and luck so far, the marked
// decisions; Stop cancels it; "Open the full review" hands the record to the review page.

import { t } from "../i18n/i18n.js";
import { el, setChildren, show } from "./dom.js";
import { pageButton } from "./page.js";
import { reviewWord } from "../review/graph.js";

const IDLE_POLL_MS = 150; // how often a paused review looks whether the game has left the worker free
const colourName = (colour) => (colour === "black" ? t("colour.black") : t("colour.white"));

/** One player's line of the panel: "White: 8.2 millipoints per decision (Expert), luck +0.120". */
export function playerLine(colour, summary) {
  if (!summary) return t("review_panel.nothing_yet", { colour: colourName(colour) });
  const luck = `${summary.luck >= 0 ? "+" : "\u2212"}${Math.abs(summary.luck).toFixed(3)}`;
  const rate = summary.decisions
    ? t("review_panel.rate", { rate: summary.error_mp.toFixed(1), rating: reviewWord("rating", summary.rating) })
    : t("review_panel.no_choice");
  return t("review_panel.player", { colour: colourName(colour), rate, luck });
}

/** A marked decision of the panel's list: "?? White 6-4: 13/7 13/9, best 24/14 (152 millipoints)". */
export function markedLine(d) {
  const what = d.kind === "move" ? `${d.dice.join("-")}: ${d.played}` : d.played.toLowerCase();
  const best = d.kind === "move" ? d.best : d.best.toLowerCase();
  return t("review_panel.mark_line", { sign: d.sign, colour: colourName(d.colour), what, best, error: (1000 * d.error).toFixed(0) });
}

/**
 * The panel: `{element, review(record, game), cancel(), destroy(), state}`. `isBusy()` says whether the game needs
 * the worker now (a computer's action, a hint, checkers sliding); `onOpen(record)` opens the full review.
 */
export function createReviewPanel({ engine, isBusy, onOpen }) {
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
  const state = { id: null, record: null, game: null, decisions: [], summary: null, done: false, running: false };
  let destroyed = false;
  let run = 0; // the review on show: an answer for an older one is dropped

  const idle = () =>
    new Promise((resolve) => {
      const look = () => (destroyed || !isBusy() ? resolve() : setTimeout(look, IDLE_POLL_MS));
      look();
    });

  function render() {
    setChildren(players, ...["white", "black"].map((c) => el("li", {}, playerLine(c, state.summary && state.summary[c]))));
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

  async function review(record, game) {
    await cancel();
    const mine = run;
    Object.assign(state, { record, game, decisions: [], summary: null, done: false, running: true });
    setChildren(title, game > 1 ? t("review_panel.title_game", { game }) : t("review_panel.title"));
    setChildren(note, t("review_panel.background"));
    progress.value = 0;
    show(element, true);
    render();
    try {
      await idle();
      if (mine !== run) return;
      const started = await engine.call("review_start", { record, game });
      if (mine !== run) {
        engine.call("review_cancel", { id: started.id }).catch(() => {});
        return;
      }
      state.id = started.id;
      progress.max = Math.max(1, started.total);
      while (mine === run && !destroyed) {
        await idle();
        if (mine !== run || destroyed) return;
        const answer = await engine.call("review_next", { id: state.id, max_items: 1 });
        if (mine !== run) return;
        state.decisions.push(...answer.items);
        state.summary = answer.summary;
        progress.value = answer.progress.turns;
        setChildren(progressText, t("review_panel.progress", { turns: answer.progress.turns, total: answer.progress.total }));
        if (answer.done) {
          Object.assign(state, { done: true, running: false, id: null });
          const marks = state.decisions.filter((d) => d.mark).length;
          setChildren(note, t("review_panel.finished", { decisions: state.decisions.length, marked: marks }));
        }
        render();
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
    show(element, false);
  });
  open.addEventListener("click", () => state.record && onOpen(state.record));

  return {
    element,
    review,
    cancel,
    state,
    destroy() {
      destroyed = true;
      run += 1;
    },
  };
}
