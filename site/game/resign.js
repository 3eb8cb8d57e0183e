// The Resign dialog: the player chooses what he concedes, among the outcomes the game's rules have
// (docs/rules/scoring.md, "Resigning"). The game page then asks the computer, or ends the game at once
// when two people share the device (game.js).

import { t, tn } from "../i18n/i18n.js";
import { el } from "./dom.js";

const OUTCOME_WORDS = {
  single: () => t("resign.outcome.single"),
  double: () => t("resign.outcome.double"),
  gammon: () => t("resign.outcome.gammon"),
  backgammon: () => t("resign.outcome.backgammon"),
};

/**
 * What a player may concede in a rule set, least first, as [outcome, words] in the page's language
 * (the engine's Game.resign_outcomes).
 */
export function resignOutcomes(rules) {
  const outcomes = rules.startsWith("backgammon") ? ["single", "gammon", "backgammon"] : ["single", "double"];
  return outcomes.map((outcome) => [outcome, OUTCOME_WORDS[outcome]()]);
}

/** Points an outcome scores before the Jacoby rule and the point game (which the engine applies): its multiplier times the cube. */
export function outcomePoints(outcome, cubeValue = 1) {
  return ({ single: 1, double: 2, gammon: 2, backgammon: 3 }[outcome] || 1) * cubeValue;
}

/** Build the dialog. `onResign(outcome)` is called when the player resigns. Returns `{dialog, open(view)}`. */
export function createResignDialog(onResign) {
  const choices = el("fieldset", { class: "tt-resign-choices" }, el("legend", {}, t("resign.concede")));
  const form = el(
    "form",
    { method: "dialog" },
    el("h2", {}, t("resign.title")),
    el("p", {}, t("resign.explain")),
    choices,
    el(
      "div",
      { class: "tt-dialog-buttons" },
      el("button", { type: "submit", value: "resign", class: "tt-button tt-primary" }, t("resign.button")),
      el("button", { type: "submit", value: "cancel", class: "tt-button", formnovalidate: true }, t("dialog.button.cancel")),
    ),
  );
  const dialog = el("dialog", { class: "tt-modal tt-resign-dialog", "aria-label": t("resign.title") }, form);
  form.addEventListener("submit", (ev) => {
    const chosen = form.querySelector("input[name=outcome]:checked");
    if (ev.submitter && ev.submitter.value === "resign" && chosen) onResign(chosen.value);
  });
  return {
    dialog,
    open(view) {
      const cube = view.cube ? view.cube.value : 1;
      const rows = resignOutcomes(view.rules).map(([outcome, words], i) => {
        const points = outcomePoints(outcome, cube);
        return el(
          "label",
          { class: "tt-check" },
          el("input", { type: "radio", name: "outcome", value: outcome, checked: i === 0 ? true : null }),
          ` ${tn("resign.choice", points, { what: `${words[0].toUpperCase()}${words.slice(1)}` })}`,
        );
      });
      choices.replaceChildren(choices.firstChild, ...rows);
      dialog.showModal();
    },
  };
}
