// Fitting a play page to the screen: the board as large as the window allows, with the turn's controls
// still on the first screen. Two arrangements (stage.css):
//   "stacked": status, board, controls, then the panels, one under the other (phones held upright);
//   "side":    the board on the left, the status, controls and panels in a column beside it (landscape
//              phones, tablets, desktops).
// The arrangement that gives the bigger board wins. The measuring is the DOM part (fitStage); the
// arithmetic is pure (boardWidth, chooseArrangement) and tested under node.

import { ASPECT } from "../board/geometry.js";

export const ARRANGEMENTS = ["stacked", "side"];
/** Below this the board is not drawn smaller, even if the controls must then be scrolled to. */
export const MIN_BOARD_WIDTH = 240;
/** The side column's narrowest width, in CSS pixels: room for three buttons abreast. */
export const SIDE_MIN_WIDTH = 264;
const GAP = 8; // between the board and the side column, and under the controls (stage.css's --tt-gap)

/**
 * The board's width (CSS pixels) in a space `width` wide and `height` high: as wide as the space,
 * unless its height (width / aspect) would not fit; never below MIN_BOARD_WIDTH nor above `width`.
 */
export function boardWidth(width, height, aspect = ASPECT) {
  const fitted = Math.min(width, height * aspect);
  return Math.floor(Math.max(Math.min(fitted, width), Math.min(MIN_BOARD_WIDTH, width)));
}

/**
 * Which arrangement gives the bigger board, and its width. `m` is what was measured, in CSS pixels:
 * `viewportHeight`; `stageWidth` (the page's width for the game); `top` (where the stage begins, from the
 * top of the document); `statusHeight` (the status line, above the board when stacked) and
 * `controlsHeight` (the button bar under the board when stacked, as laid out in that arrangement).
 */
export function chooseArrangement(m) {
  const room = Math.max(m.viewportHeight - m.top - GAP, 0);
  const stacked = boardWidth(m.stageWidth, room - m.statusHeight - m.controlsHeight - GAP);
  const sideWidth = m.stageWidth - SIDE_MIN_WIDTH - GAP;
  const side = sideWidth >= MIN_BOARD_WIDTH ? boardWidth(sideWidth, room) : 0;
  return side > stacked ? { arrangement: "side", width: side } : { arrangement: "stacked", width: stacked };
}

/**
 * Keep `stage` (an element of stage.css's shape: .tt-stage with .tt-status-area, .tt-board-holder and
 * .tt-controls) fitted to the window: its arrangement class and the board's width (--tt-board-width),
 * again whenever the window or the parts around the board change size. Stops by itself once the stage
 * has left the document (the page was left by instant navigation).
 */
export function fitStage(stage) {
  const status = stage.querySelector(".tt-status-area");
  const controls = stage.querySelector(".tt-controls");
  let last = "";

  function measure(arrangement) {
    for (const a of ARRANGEMENTS) stage.classList.toggle(`tt-${a}`, a === arrangement);
    const rect = stage.getBoundingClientRect();
    return { stageWidth: stage.clientWidth, top: rect.top + window.scrollY, statusHeight: status.offsetHeight, controlsHeight: controls.offsetHeight };
  }

  function fit() {
    if (!stage.isConnected) {
      stop();
      return;
    }
    // the controls' height is the stacked arrangement's (a full-width bar), measured in it
    const stacked = measure("stacked");
    const chosen = chooseArrangement({ ...stacked, viewportHeight: window.innerHeight });
    for (const a of ARRANGEMENTS) stage.classList.toggle(`tt-${a}`, a === chosen.arrangement);
    const key = `${chosen.arrangement}/${chosen.width}`;
    if (key !== last) {
      last = key;
      stage.style.setProperty("--tt-board-width", `${chosen.width}px`);
      // the board's own height for that width (board.js), which the side column matches
      stage.style.setProperty("--tt-board-height", `${Math.round(chosen.width / ASPECT)}px`);
    }
    stage.dataset.arrangement = chosen.arrangement;
    // the room under the stage's top, for a stage that must not grow past the window (game.css's tt-contained)
    stage.style.setProperty("--tt-room", `${Math.max(window.innerHeight - stacked.top - GAP, 0)}px`);
  }

  let queued = 0;
  function queue() {
    if (!queued) queued = requestAnimationFrame(() => {
      queued = 0;
      fit();
    });
  }
  // what moves the board: the window, and the notices or loading bar above the stage coming and going
  const observer = new ResizeObserver(queue);
  for (const node of [document.body, status, controls]) observer.observe(node);
  window.addEventListener("resize", queue);
  function stop() {
    observer.disconnect();
    window.removeEventListener("resize", queue);
    if (queued) cancelAnimationFrame(queued);
  }
  fit();
  return { fit, stop };
}
