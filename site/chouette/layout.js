// The chouette page's elements, built once; the controller (chouette.js) fills them in. The frame
// (status, board, control bar, panels) is the game's (site/game/stage.js), fitted to the window.

import { el, show } from "../game/dom.js";
import { fitStage } from "../game/fit.js";
import { awayNotice, engineProgress, liveRegion, pageButton } from "../game/page.js";
import { createSound } from "../game/sound.js";
import { buildStage } from "../game/stage.js";
import { LEVELS } from "./setup.js";
import { t } from "../i18n/i18n.js";

/** The control bar's buttons, in their fixed order; one that cannot be used now is disabled in its place. */
export const CONTROLS = ["roll", "double", "undo", "confirm", "next", "resign", "newChouette"];

/** A table in a box that scrolls sideways should it be wider than the panel (eight players' scoreboard), never cut. */
function wide(table) {
  return el("div", { class: "tt-chouette-table" }, table);
}

export function buildLayout(root) {
  const button = pageButton;
  const buttons = {
    roll: button(t("chouette.button.roll"), { "aria-keyshortcuts": "R" }),
    double: button(t("chouette.button.double"), { "aria-keyshortcuts": "D" }),
    undo: button(t("chouette.button.undo"), { "aria-keyshortcuts": "U" }),
    confirm: button(t("chouette.button.confirm"), { class: "tt-button tt-primary", "aria-keyshortcuts": "C" }),
    next: button(t("chouette.button.next"), { class: "tt-button tt-primary", "aria-keyshortcuts": "G" }),
    newChouette: button(t("chouette.button.new")),
    resign: button(t("chouette.button.resign"), { "aria-keyshortcuts": "Q" }),
    join: button(t("chouette.button.add")),
  };
  const resignOutcome = el(
    "select",
    { name: "resign-outcome" },
    ...["single", "gammon", "backgammon"].map((o) => el("option", { value: o }, t(`chouette.resign.${o}`))),
  );
  // what Resign (and Q) concedes: a visible label, which is the choice's accessible name too ("Concede a gammon")
  const resignBox = el("div", { class: "tt-field tt-resign" }, el("label", {}, el("span", { class: "tt-label" }, t("chouette.resign.label")), " ", resignOutcome));
  const joinName = el("input", { type: "text", name: "join-name", maxlength: 24, "aria-label": t("chouette.newcomer_name") });
  const joinKind = el(
    "select",
    { name: "join-kind", "aria-label": t("chouette.newcomer_kind") },
    el("option", { value: "human" }, t("chouette.a_person")),
    el("option", { value: "computer" }, t("chouette.the_computer")),
  );
  const joinLevel = el("select", { name: "join-level", "aria-label": t("chouette.newcomer_level") }, ...LEVELS.map((l) => el("option", { value: l.name, selected: l.name === "intermediate" }, l.title)));
  const joinBox = el(
    "details",
    { class: "tt-chouette-join" },
    el("summary", {}, t("chouette.newcomer_joins")),
    el("div", { class: "tt-field" }, joinName, joinKind, joinLevel, buttons.join),
    el("small", {}, t("chouette.newcomer_note")),
  );
  const { progress, progressText, progressBox } = engineProgress();
  const notice = el("p", { class: "tt-notice", role: "alert", hidden: true });
  const { awayBox, awayText, playHere } = awayNotice();
  const setupHolder = el("div", { class: "tt-chouette-setup-holder" });
  const status = el("p", { class: "tt-status" });
  const boardHolder = el("div", { class: "tt-board-holder" });
  const players = el("tbody", {});
  const answers = el("div", { class: "tt-actions" });
  const answersBox = el("section", { class: "tt-chouette-answers", "aria-label": t("chouette.answers_label") }, el("h3", {}, t("chouette.answer_double")), answers);
  const advice = el("ul", { class: "tt-hint-plays" });
  const adviceBox = el("section", { class: "tt-hint tt-chouette-advice", "aria-label": t("chouette.team_advice") }, el("h3", {}, t("chouette.team_advice")), advice);
  const scoreboard = el("table", { class: "tt-chouette-scoreboard", "aria-label": t("chouette.scoreboard") });
  const scoreCheck = el("p", { class: "tt-chouette-check" });
  const moves = el("ol", { class: "tt-moves", "aria-label": t("chouette.moves") });
  const live = liveRegion();
  const playersTable = el(
    "table",
    { class: "tt-chouette-players", "aria-label": t("chouette.players") },
    el(
      "thead",
      {},
      el("tr", {}, ...["rank", "player", "role", "cube"].map((h) => el("th", { scope: "col" }, t(`chouette.col.${h}`)))),
    ),
    players,
  );
  const help = el(
    "details",
    { class: "tt-help" },
    el("summary", {}, t("chouette.keys.title")),
    el("ul", {}, ...["turn", "cube", "answer", "game"].map((k) => el("li", {}, t(`chouette.keys.${k}`)))),
  );
  const sound = createSound(root);
  const stage = buildStage({
    holdStatus: true, // the status fits its sentence, held through a turn (stage.js)
    status: [status],
    boardHolder,
    controls: CONTROLS.map((name) => buttons[name]),
    // the answers to a double are the turn's controls too: beside the bar, never below the panels
    extraControls: [resignBox, answersBox],
    panel: [
      adviceBox,
      sound.toggle,
      el("h3", {}, t("chouette.scoreboard")),
      wide(scoreboard),
      scoreCheck,
      el("h3", {}, t("chouette.players")),
      wide(playersTable),
      el("h3", {}, t("chouette.moves")),
      moves,
      joinBox,
      help,
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
