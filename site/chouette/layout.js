// The chouette page's elements, built once; the controller (chouette.js) fills them in.

import { el, show } from "../game/dom.js";
import { awayNotice, boardAndSide, engineProgress, liveRegion, pageButton } from "../game/page.js";
import { LEVELS } from "./setup.js";

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
  const resignBox = el("div", { class: "tt-field" }, buttons.resign, resignOutcome);
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
  root.replaceChildren(
    el(
      "div",
      { class: "tt-game tt-chouette" },
      progressBox,
      notice,
      awayBox,
      setupHolder,
      status,
      boardAndSide(
        boardHolder,
        buttons,
        ["roll", "double", "undo", "confirm", "next"],
        answersBox,
        adviceBox,
        el("h3", {}, "Players"),
        playersTable,
        el("h3", {}, "Moves"),
        moves,
        resignBox,
        joinBox,
        el("div", { class: "tt-actions" }, buttons.newChouette),
      ),
      el("h3", {}, "Scoreboard"),
      scoreboard,
      scoreCheck,
      live,
    ),
  );
  for (const name of ["roll", "double", "undo", "confirm", "next"]) show(buttons[name], false);
  show(answersBox, false);
  show(resignBox, false);
  show(joinBox, false);
  show(adviceBox, false);
  return { awayBox, awayText, playHere, buttons, resignBox, resignOutcome, joinBox, joinName, joinKind, joinLevel, progress, progressText, progressBox, notice, setupHolder, status, boardHolder, players, answers, answersBox, advice, adviceBox, scoreboard, scoreCheck, moves, live };
}
