// The play pages' common frame (the game and the chouette): the status line, the board, the fixed bar of
// the turn's controls and the panels of secondary things, fitted to the window by fit.js. Each page
// fills the parts; stage.css rules (in game.css) arrange them.

import { t } from "../i18n/i18n.js";
import { el } from "./dom.js";

/**
 * The stage element: `status` (nodes of the status line), `boardHolder` (the board's container),
 * `controls` (the control bar's buttons, in their fixed order), `extraControls` (what must stay by the
 * buttons, e.g. the answers to a double) and `panel` (everything else). `holdStatus`: the status area fits
 * its sentence and is held through a turn (holdStatusHeight, for the game and the chouette), instead of the
 * three lines kept for it when stacked. Once the stage is in the
 * document, fit.js's fitStage keeps it fitted to the window.
 */
export function buildStage({ status, boardHolder, controls, extraControls = [], panel, holdStatus = false }) {
  const area = el("div", { class: holdStatus ? "tt-status-area tt-status-held" : "tt-status-area" }, ...status);
  if (holdStatus) holdStatusHeight(area);
  return el(
    "div",
    { class: "tt-stage tt-stacked" },
    area,
    boardHolder,
    el("div", { class: "tt-controls" }, el("div", { class: "tt-control-bar", role: "group", "aria-label": t("game.controls") }, ...controls), ...extraControls),
    el("div", { class: "tt-panel" }, ...panel),
  );
}


// The status line takes the room its sentence needs, and keeps it: the area grows when a sentence needs
// more lines than any before it, and does not shrink back while a turn goes on, so the board under it moves
// only when lines are added, not at every change of the status between a line and two (nor is room kept for
// lines that are not there: the phones' blank band of a two-line area under a one-line status). The page
// releases it when another turn starts (releaseStatusHeight, newTurn): the area then fits the status as it is,
// so a two-line sentence (the opening roll's, a long play's) keeps its room to the end of its turn, no longer.
const held = new WeakMap(); // status area -> {height, measure}

function holdStatusHeight(area) {
  if (typeof ResizeObserver !== "function") return;
  const hold = { height: 0, measure: null };
  hold.measure = () => {
    // what the area's parts need, its held height aside (the parts sit side by side, at its top)
    const needed = Math.max(0, ...[...area.children].map((child) => (child.hidden ? 0 : child.getBoundingClientRect().height)));
    if (needed > hold.height) {
      hold.height = Math.ceil(needed);
      area.style.minHeight = `${hold.height}px`;
    }
  };
  held.set(area, hold);
  const observer = new ResizeObserver(() => {
    if (!area.isConnected && hold.height) observer.disconnect(); // the page was left
    else hold.measure();
  });
  for (const child of area.children) observer.observe(child);
}

/** Another turn: the stage's status area (of the stage holding `node`) fits its status again, held from there. */
export function releaseStatusHeight(node) {
  const area = node.closest(".tt-stage")?.querySelector(".tt-status-area");
  const hold = area && held.get(area);
  if (!hold) return;
  hold.height = 0;
  area.style.minHeight = "";
  hold.measure();
}

/** Whether view `next` is another turn than `previous`'s, or another game (a view of the game page or the chouette's). */
export function newTurn(previous, next) {
  if (!previous || next.game_number !== previous.game_number || next.moves.length < previous.moves.length) return true;
  return next.turn !== previous.turn;
}
