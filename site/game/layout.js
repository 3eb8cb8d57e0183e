// The game page's elements, built once; the controller (game.js) fills them in. The frame (status,
// board, control bar, panels) is stage.js's, fitted to the window by fit.js.

import { el, setChildren, show } from "./dom.js";
import { fitStage } from "./fit.js";
import { awayNotice, engineProgress, liveRegion, pageButton } from "./page.js";
import { rememberedCheckbox } from "./remembered.js";
import { createSound } from "./sound.js";
import { buildStage } from "./stage.js";

/**
 * The control bar's buttons, in their fixed order: a button that cannot be used now is disabled in its
 * place, never removed, so a finger reaching for Hint never lands on Confirm. The cube's buttons are
 * there only in a game with a cube (the whole game long).
 */
export const CONTROLS = ["roll", "double", "take", "drop", "undo", "confirm", "hint", "resign", "next", "rematch", "newGame"];
export const CUBE_CONTROLS = ["double", "take", "drop"];
/** Where the "roll by hand" choice is kept (this browser's, not a game's). */
export const ROLL_BY_HAND_KEY = "toutes-tables:roll-by-hand";

export function buildLayout(root) {
  const button = pageButton;
  const buttons = {
    roll: button("Roll", { "aria-keyshortcuts": "R" }),
    double: button("Double", { "aria-keyshortcuts": "D" }),
    take: button("Take", { "aria-keyshortcuts": "T" }),
    drop: button("Drop", { "aria-keyshortcuts": "X" }),
    undo: button("Undo", { "aria-keyshortcuts": "U" }),
    confirm: button("Confirm", { class: "tt-button tt-primary", "aria-keyshortcuts": "C" }),
    hint: button("Hint", { "aria-keyshortcuts": "H" }),
    resign: button("Resign…", { "aria-keyshortcuts": "Q" }),
    next: button("Next game", { class: "tt-button tt-primary", "aria-keyshortcuts": "G" }),
    rematch: button("Rematch", { class: "tt-button tt-primary" }),
    newGame: button("New game…"),
    review: button("Review"),
    flip: button("Flip board"),
    fullScreen: button("Full screen", { "aria-pressed": "false" }),
  };
  const { awayBox, awayText, playHere } = awayNotice();
  const { progress, progressText, progressBox } = engineProgress();
  const notice = el("p", { class: "tt-notice", role: "alert", hidden: true });
  const status = el("p", { class: "tt-status" });
  const thinking = el("p", { class: "tt-thinking", role: "status", hidden: true }, el("span", { class: "tt-spinner", "aria-hidden": "true" }), " Thinking…");
  const hintBox = el("section", { class: "tt-hint", "aria-label": "Hint", hidden: true });
  const cost = el("p", { class: "tt-cost", hidden: true });
  const showCostBox = el("input", { type: "checkbox", name: "show_cost" });
  const boardHolder = el("div", { class: "tt-board-holder" });
  const info = el("dl", { class: "tt-info" });
  const positionId = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": "Position ID", size: 16 });
  const shareLinkInput = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": "Share link" });
  const copyId = button("Copy");
  const copyLink = button("Copy");
  const moves = el("ol", { class: "tt-moves", "aria-label": "Moves" });
  const live = liveRegion();
  const cursorLive = liveRegion(); // what the board's keyboard cursor is on, apart from the game's news
  const help = el(
    "details",
    { class: "tt-help" },
    el("summary", {}, "Keys"),
    el(
      "ul",
      {},
      el("li", {}, "Tab to the board; arrow keys move between points, Up/Down change row."),
      el("li", {}, "Enter or Space picks up a checker; with one picked, arrows step through its destinations and Enter drops it."),
      el("li", {}, "Escape puts a checker back; N / P jump to the next / previous movable checker."),
      el("li", {}, "R rolls, U undoes the last checker, C confirms the move, H asks for a hint."),
      el("li", {}, "D doubles, T takes the double offered, X drops it; Q resigns (it asks what you concede); G starts the next game."),
    ),
  );
  // the games set aside on this device (saved-games.js), most recent first
  const savedTitle = el("summary", {}, "Saved games");
  const savedList = el("ol", { class: "tt-saved-list", "aria-label": "Saved games" });
  const savedEmpty = el("p", { class: "tt-saved-empty" }, "None yet. A game you leave for another (a link, a new game) is kept here.");
  const savedBox = el("details", { class: "tt-saved-games" }, savedTitle, savedEmpty, savedList);
  const sound = createSound(root);
  // rolling by hand: the player's dice wait for Roll (or a tap on the board) instead of rolling at once
  const rollByHand = rememberedCheckbox(ROLL_BY_HAND_KEY, "roll_by_hand", "Roll my dice by hand (Roll, or tap the board)");
  const stage = buildStage({
    status: [status, thinking],
    boardHolder,
    controls: CONTROLS.map((name) => buttons[name]),
    panel: [
      cost,
      hintBox,
      info,
      sound.toggle,
      rollByHand.row,
      el("label", { class: "tt-check" }, showCostBox, " Show what each of my moves cost"),
      el("h3", {}, "Moves"),
      moves,
      el(
        "details",
        { class: "tt-share" },
        el("summary", {}, "Share this position"),
        el("div", { class: "tt-field" }, el("span", { class: "tt-label" }, "Position ID"), positionId, copyId),
        el("div", { class: "tt-field" }, el("span", { class: "tt-label" }, "Share link"), shareLinkInput, copyLink),
      ),
      el("div", { class: "tt-actions" }, buttons.review, buttons.flip, buttons.fullScreen),
      savedBox,
      help,
    ],
  });
  const game = el("div", { class: "tt-game", "aria-busy": "false" }, progressBox, notice, awayBox, stage, live, cursorLive);
  setChildren(root, game);
  fitStage(stage);
  // until the engine has loaded and the first game is on show (refreshControls), nothing can be pressed that
  // needs it: every control stays in its place, disabled
  for (const control of [...Object.values(buttons), copyId, copyLink]) control.disabled = control !== buttons.flip && control !== buttons.fullScreen;
  for (const name of CUBE_CONTROLS) show(buttons[name], false);
  return { game, sound, rollByHand: rollByHand.box, thinking, hintBox, cost, showCost: showCostBox, buttons, progress, progressText, progressBox, notice, status, boardHolder, info, positionId, shareLink: shareLinkInput, copyId, copyLink, moves, live, cursorLive, savedTitle, savedList, savedEmpty, awayBox, awayText, playHere };
}
