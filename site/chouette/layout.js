// The chouette page's elements, built once; the controller (chouette.js) fills them in. The frame
// (status, board, control bar, panels) is the game's (site/game/stage.js), fitted to the window.

import { el, show } from "../game/dom.js";
import { fitStage } from "../game/fit.js";
import { awayNotice, engineProgress, liveRegion, pageButton } from "../game/page.js";
import { createSound } from "../game/sound.js";
import { buildStage } from "../game/stage.js";
import { LEVELS } from "./setup.js";

/** The control bar's buttons, in their fixed order; one that cannot be used now is disabled in its place. */
export const CONTROLS = ["roll", "double", "undo", "confirm", "next", "resign", "newChouette"];

export function buildLayout(root) {
  const button = pageButton;
  const buttons = {
    roll: button("Roll", { "aria-keyshortcuts": "R" }),
    double: button("Double"),
    undo: button("Undo", { "aria-keyshortcuts": "U" }),
    confirm: button("Confirm", { class: "tt-button tt-primary", "aria-keyshortcuts": "C" }),
    next: button("Next game", { class: "tt-button tt-primary" }),
    newChouette: button("New chouette…"),
    resign: button("Resign"),
    join: button("Add"),
  };
  const resignOutcome = el(
    "select",
    { name: "resign-outcome", "aria-label": "Resign" },
    ...["single", "gammon", "backgammon"].map((o) => el("option", { value: o }, `a ${o === "single" ? "single game" : o}`)),
  );
  const resignBox = el("div", { class: "tt-field tt-resign" }, resignOutcome);
  const joinName = el("input", { type: "text", name: "join-name", maxlength: 24, "aria-label": "Newcomer's name" });
  const joinKind = el(
    "select",
    { name: "join-kind", "aria-label": "Newcomer plays as" },
    el("option", { value: "human" }, "a person"),
    el("option", { value: "computer" }, "the computer"),
  );
  const joinLevel = el("select", { name: "join-level", "aria-label": "Newcomer's level" }, ...LEVELS.map((l) => el("option", { value: l.name, selected: l.name === "intermediate" }, l.title)));
  const joinBox = el(
    "details",
    { class: "tt-chouette-join" },
    el("summary", {}, "A newcomer joins"),
    el("div", { class: "tt-field" }, joinName, joinKind, joinLevel, buttons.join),
    el("small", {}, "Between games; the newcomer takes the lowest rank."),
  );
  const { progress, progressText, progressBox } = engineProgress();
  const notice = el("p", { class: "tt-notice", role: "alert", hidden: true });
  const { awayBox, awayText, playHere } = awayNotice();
  const setupHolder = el("div", { class: "tt-chouette-setup-holder" });
  const status = el("p", { class: "tt-status" });
  const boardHolder = el("div", { class: "tt-board-holder" });
  const players = el("tbody", {});
  const answers = el("div", { class: "tt-actions" });
  const answersBox = el("section", { class: "tt-chouette-answers", "aria-label": "Answers to the double" }, el("h3", {}, "Answer the double"), answers);
  const advice = el("ul", { class: "tt-hint-plays" });
  const adviceBox = el("section", { class: "tt-hint tt-chouette-advice", "aria-label": "The team's advice" }, el("h3", {}, "The team's advice"), advice);
  const scoreboard = el("table", { class: "tt-chouette-scoreboard", "aria-label": "Scoreboard" });
  const scoreCheck = el("p", { class: "tt-chouette-check" });
  const moves = el("ol", { class: "tt-moves", "aria-label": "Moves" });
  const live = liveRegion();
  const playersTable = el(
    "table",
    { class: "tt-chouette-players", "aria-label": "Players" },
    el(
      "thead",
      {},
      el("tr", {}, ...["Rank", "Player", "Plays as", "Role", "Cube", "Answer"].map((h) => el("th", { scope: "col" }, h))),
    ),
    players,
  );
  const sound = createSound(root);
  const stage = buildStage({
    status: [status],
    boardHolder,
    controls: CONTROLS.map((name) => buttons[name]),
    // the answers to a double are the turn's controls too: beside the bar, never below the panels
    extraControls: [resignBox, answersBox],
    panel: [
      adviceBox,
      sound.toggle,
      el("h3", {}, "Scoreboard"),
      scoreboard,
      scoreCheck,
      el("h3", {}, "Players"),
      playersTable,
      el("h3", {}, "Moves"),
      moves,
      joinBox,
    ],
  });
  root.replaceChildren(el("div", { class: "tt-game tt-chouette" }, progressBox, notice, awayBox, setupHolder, stage, live));
  fitStage(stage);
  for (const name of CONTROLS) buttons[name].disabled = name !== "newChouette";
  show(answersBox, false);
  show(resignBox, false);
  show(joinBox, false);
  show(adviceBox, false);
  return { awayBox, awayText, playHere, sound, buttons, resignBox, resignOutcome, joinBox, joinName, joinKind, joinLevel, progress, progressText, progressBox, notice, setupHolder, status, boardHolder, players, answers, answersBox, advice, adviceBox, scoreboard, scoreCheck, moves, live };
}
