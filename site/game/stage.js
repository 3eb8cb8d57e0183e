// The play pages' common frame (the game and the chouette): the status line, the board, the fixed bar of
// the turn's controls and the panels of secondary things, fitted to the window by fit.js. Each page
// fills the parts; stage.css rules (in game.css) arrange them.

import { t } from "../i18n/i18n.js";
import { el } from "./dom.js";

/**
 * The stage element: `status` (nodes of the status line), `boardHolder` (the board's container),
 * `controls` (the control bar's buttons, in their fixed order), `extraControls` (what must stay by the
 * buttons, e.g. the answers to a double) and `panel` (everything else). Once the stage is in the
 * document, fit.js's fitStage keeps it fitted to the window.
 */
export function buildStage({ status, boardHolder, controls, extraControls = [], panel }) {
  return el(
    "div",
    { class: "tt-stage tt-stacked" },
    el("div", { class: "tt-status-area" }, ...status),
    boardHolder,
    el("div", { class: "tt-controls" }, el("div", { class: "tt-control-bar", role: "group", "aria-label": t("game.controls") }, ...controls), ...extraControls),
    el("div", { class: "tt-panel" }, ...panel),
  );
}

