// The game page's elements, built once; the controller (game.js) fills them in. The frame (status,
// board, control bar, panels) is stage.js's, fitted to the window by fit.js.

import { t } from "../i18n/i18n.js";
import { el, setChildren } from "./dom.js";
import { fitStage } from "./fit.js";
import { awayNotice, engineProgress, liveRegion, pageButton } from "./page.js";
import { rememberedCheckbox } from "./remembered.js";
import { createSound } from "./sound.js";
import { buildStage } from "./stage.js";

/**
 * The control bar's buttons, in their fixed order: a button that cannot be used now is disabled in its
 * place, never removed, so a finger reaching for Hint never lands on Confirm. The cube's buttons are
 * there in every rule set too (disabled where there is no cube), so no button moves from one game to the next.
 */
export const CONTROLS = ["roll", "double", "take", "drop", "undo", "confirm", "hint", "resign", "next", "rematch", "newGame"];
/** Where the "roll by hand" choice is kept (this browser's, not a game's). */
export const ROLL_BY_HAND_KEY = "toutes-tables:roll-by-hand";

export function buildLayout(root) {
  const button = pageButton;
  const buttons = {
    roll: button(t("game.button.roll"), { "aria-keyshortcuts": "R" }),
    double: button(t("game.button.double"), { "aria-keyshortcuts": "D" }),
    take: button(t("game.button.take"), { "aria-keyshortcuts": "T" }),
    drop: button(t("game.button.drop"), { "aria-keyshortcuts": "X" }),
    undo: button(t("game.button.undo"), { "aria-keyshortcuts": "U" }),
    confirm: button(t("game.button.confirm"), { class: "tt-button tt-primary", "aria-keyshortcuts": "C" }),
    hint: button(t("game.button.hint"), { "aria-keyshortcuts": "H" }),
    resign: button(t("game.button.resign"), { "aria-keyshortcuts": "Q" }),
    next: button(t("game.button.next"), { class: "tt-button tt-primary", "aria-keyshortcuts": "G" }),
    rematch: button(t("game.button.rematch"), { class: "tt-button tt-primary" }),
    newGame: button(t("game.button.new")),
    review: button(t("game.button.review")),
    flip: button(t("game.button.flip")),
    fullScreen: button(t("game.button.full_screen"), { "aria-pressed": "false" }),
  };
  const { awayBox, awayText, playHere } = awayNotice();
  const { progress, progressText, progressBox } = engineProgress();
  const notice = el("p", { class: "tt-notice", role: "alert", hidden: true });
  const status = el("p", { class: "tt-status" });
  const thinking = el("p", { class: "tt-thinking", role: "status", hidden: true }, el("span", { class: "tt-spinner", "aria-hidden": "true" }), t("game.thinking"));
  const hintBox = el("section", { class: "tt-hint", "aria-label": t("game.hint"), hidden: true });
  const cost = el("p", { class: "tt-cost", hidden: true });
  // the computer's answer to a resignation, its figures (the status line has the short sentence)
  const resignAnswer = el("p", { class: "tt-resign-answer", hidden: true });
  const showCostBox = el("input", { type: "checkbox", name: "show_cost" });
  const boardHolder = el("div", { class: "tt-board-holder" });
  const info = el("dl", { class: "tt-info" });
  const positionId = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": t("game.position_id"), size: 16 });
  const shareLinkInput = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": t("game.share_link") });
  const copyId = button(t("game.button.copy"));
  const copyLink = button(t("game.button.copy"));
  const moves = el("ol", { class: "tt-moves", "aria-label": t("game.moves") });
  const live = liveRegion();
  const cursorLive = liveRegion(); // what the board's keyboard cursor is on, apart from the game's news
  const help = el(
    "details",
    { class: "tt-help" },
    el("summary", {}, t("game.keys")),
    el(
      "ul",
      {},
      el("li", {}, t("game.keys.board")),
      el("li", {}, t("game.keys.pick")),
      el("li", {}, t("game.keys.back")),
      el("li", {}, t("game.keys.turn")),
      el("li", {}, t("game.keys.cube")),
    ),
  );
  // the games set aside on this device (saved-games.js), most recent first
  const savedTitle = el("summary", {}, t("game.saved_games"));
  const savedList = el("ol", { class: "tt-saved-list", "aria-label": t("game.saved_games") });
  const savedEmpty = el("p", { class: "tt-saved-empty" }, t("game.saved_none"));
  const savedBox = el("details", { class: "tt-saved-games" }, savedTitle, savedEmpty, savedList);
  const sound = createSound(root);
  // rolling by hand: the player's dice wait for Roll (or a tap on the board) instead of rolling at once
  const rollByHand = rememberedCheckbox(ROLL_BY_HAND_KEY, "roll_by_hand", t("game.roll_by_hand"));
  const stage = buildStage({
    holdStatus: true, // the status fits its sentence, held through a turn (stage.js)
    status: [status, thinking],
    boardHolder,
    controls: CONTROLS.map((name) => buttons[name]),
    panel: [
      resignAnswer,
      cost,
      hintBox,
      info,
      sound.toggle,
      rollByHand.row,
      el("label", { class: "tt-check" }, showCostBox, t("game.show_cost")),
      el("h3", {}, t("game.moves")),
      moves,
      el(
        "details",
        { class: "tt-share" },
        el("summary", {}, t("game.share_position")),
        el("div", { class: "tt-field" }, el("span", { class: "tt-label" }, t("game.position_id")), positionId, copyId),
        el("div", { class: "tt-field" }, el("span", { class: "tt-label" }, t("game.share_link")), shareLinkInput, copyLink),
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
  return { game, sound, rollByHand: rollByHand.box, thinking, hintBox, cost, resignAnswer, showCost: showCostBox, buttons, progress, progressText, progressBox, notice, status, boardHolder, info, positionId, shareLink: shareLinkInput, copyId, copyLink, moves, live, cursorLive, savedTitle, savedList, savedEmpty, awayBox, awayText, playHere };
}
