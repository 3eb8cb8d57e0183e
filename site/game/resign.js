// The Resign dialog: the player chooses what he concedes, among the outcomes the game's rules have
// (docs/rules/scoring.md, "Resigning"). The game page then asks the computer, or ends the game at once
// when two people share the device (game.js).

import { el } from "./dom.js";

/** What a player may concede in a rule set, least first, as [outcome, words] (the engine's Game.resign_outcomes). */
export function resignOutcomes(rules) {
  if (rules.startsWith("backgammon")) return [["single", "a single game"], ["gammon", "a gammon"], ["backgammon", "a backgammon"]];
  return [["single", "a single game"], ["double", "a double game"]];
}

/** Points an outcome scores before the Jacoby rule and the point game (which the engine applies): its multiplier times the cube. */
export function outcomePoints(outcome, cubeValue = 1) {
  return ({ single: 1, double: 2, gammon: 2, backgammon: 3 }[outcome] || 1) * cubeValue;
}

/** Build the dialog. `onResign(outcome)` is called when the player resigns. Returns `{dialog, open(view)}`. */
export function createResignDialog(onResign) {
  const choices = el("fieldset", { class: "tt-resign-choices" }, el("legend", {}, "Concede"));
  const form = el(
    "form",
    { method: "dialog" },
    el("h2", {}, "Resign"),
    el("p", {}, "Offer the game to your opponent at what you concede. The computer accepts when it expects no more from playing on; if it refuses, the game goes on."),
    choices,
    el(
      "div",
      { class: "tt-dialog-buttons" },
      el("button", { type: "submit", value: "resign", class: "tt-button tt-primary" }, "Resign"),
      el("button", { type: "submit", value: "cancel", class: "tt-button", formnovalidate: true }, "Cancel"),
    ),
  );
  const dialog = el("dialog", { class: "tt-modal tt-resign-dialog", "aria-label": "Resign" }, form);
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
          ` ${words[0].toUpperCase()}${words.slice(1)} (${points} ${points === 1 ? "point" : "points"})`,
        );
      });
      choices.replaceChildren(choices.firstChild, ...rows);
      dialog.showModal();
    },
  };
}
