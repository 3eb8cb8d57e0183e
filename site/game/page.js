// The parts the game page (game.js) and the chouette page (chouette/chouette.js) share: the engine's
// loading progress and failure, the live region's announcements, notices, the move list, shortcut keys
// and the board's position from a view. Each page builds its own layout and flow around them.

import { emptyPosition } from "../board/state.js";
import { engineFailure } from "../i18n/engine-words.js";
import { t } from "../i18n/i18n.js";
import { el, setChildren, show } from "./dom.js";

/** The board's position format from the engine's absolute view (24 signed counts, bars, trays). */
export function boardPosition(abs) {
  const pos = emptyPosition();
  abs.points.forEach((n, i) => {
    pos.points[i + 1] = n;
  });
  pos.bar = { ...abs.bar };
  pos.off = { ...abs.off };
  return pos;
}

/** A page button; `extra` attributes (a class, aria-keyshortcuts) replace the defaults. */
export function pageButton(label, extra = {}) {
  return el("button", { type: "button", class: "tt-button", ...extra }, label);
}

/** The engine's loading bar and its words: `{progress, progressText, progressBox}` (see showProgress). */
export function engineProgress() {
  const progress = el("progress", { max: ENGINE_STAGES.length, value: 0 });
  const progressText = el("span", {}, `${gettingReady()}…`);
  const progressBox = el("div", { class: "tt-progress", role: "status" }, progress, " ", progressText);
  return { progress, progressText, progressBox };
}

// the worker's boot stages, in order (site/engine/PROTOCOL.md), told in the game's words, not the files'
const ENGINE_STAGES = ["runtime", "packages", "engine", "import"];
const STAGE_WORDS = {
  runtime: () => t("page.stage.runtime"),
  packages: () => t("page.stage.packages"),
  engine: () => t("page.stage.engine"),
  import: () => t("page.stage.import"),
};
/** What the board and the loading bar say while the engine starts, in the page's language. */
export function gettingReady() {
  return t("page.getting_ready");
}

/** Show a boot stage the engine reported in the parts of engineProgress(). */
export function showProgress(ui, stage, detail) {
  ui.progress.value = ENGINE_STAGES.indexOf(stage) + 1;
  const what = STAGE_WORDS[stage] ? STAGE_WORDS[stage]() : detail;
  setChildren(ui.progressText, t("page.getting_ready_stage", { stage: ui.progress.value, stages: ENGINE_STAGES.length, what }));
}

/**
 * The notice shown while another page plays the game (seat.js): `{awayBox, awayText, playHere}`, its
 * words set by showAway, its button to play the game in this page instead.
 */
export function awayNotice() {
  const awayText = el("span");
  const playHere = pageButton(t("page.play_here"));
  const awayBox = el("div", { class: "tt-away", role: "alert", hidden: true }, awayText, " ", playHere);
  return { awayBox, awayText, playHere };
}

/** Say in the parts of awayNotice() why this page does not play (`text`), or hide them (null). */
export function showAway(ui, text) {
  if (text !== null) setChildren(ui.awayText, t("page.away", { text }));
  show(ui.awayBox, text !== null);
}

/** A region whose text screen readers read out when it changes (see announceIn). */
export function liveRegion() {
  return el("div", { class: "tt-live", "aria-live": "polite", "aria-atomic": "true" });
}

/** Say `text` in a live region. */
export function announceIn(region, text) {
  // cleared first, so the same words said twice are announced twice
  region.textContent = "";
  window.setTimeout(() => {
    region.textContent = text;
  }, 30);
}

/** Show `text` in the page's notice (an alert paragraph, hidden until needed). */
export function showNotice(notice, text) {
  notice.textContent = text;
  show(notice, true);
}

/** The engine could not start: say so on the board and in the notice (`ui` has progressBox and notice). */
export function showEngineFailure(ui, board, error) {
  show(ui.progressBox, false);
  board.set({ message: t("page.engine_failed"), interactive: false });
  showNotice(ui.notice, t("page.engine_failed_reload", { reason: engineFailure(error) }));
  console.error(error);
}

/** The move list's lines, scrolled to the latest. */
export function renderMoveList(list, moves) {
  setChildren(list, ...moves.map((m) => el("li", {}, m.text)));
  list.scrollTop = list.scrollHeight;
}

/**
 * Shortcut keys anywhere in `root` except form fields: `keys` maps a letter to its button (or to a
 * function returning the button it presses now, or null), pressed only while it is shown and enabled.
 * Every plain key typed in `root` belongs to the game: none reaches the site's own shortcuts (the
 * theme's N / P page turns and S search, listening on the window), so the board's N / P never leave
 * the page and a confirm just pressed is not lost.
 */
export function bindShortcutKeys(root, keys) {
  root.addEventListener("keydown", (ev) => {
    if (isFormField(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key.length === 1) ev.stopPropagation(); // a character key; Tab, Escape and the arrows go on as usual
    const entry = keys[ev.key.toLowerCase()];
    const target = typeof entry === "function" ? entry() : entry;
    if (target && !target.disabled && !target.hidden && !target.closest("[hidden]")) {
      ev.preventDefault();
      target.click();
    }
  });
}

function isFormField(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}
