// The Resign dialog: the player chooses what he concedes, among the outcomes the game's rules have
// (docs/rules/scoring.md, "Resigning"). The game page then asks the computer, or ends the game at once
// when two people share the device (game.js); the computer's answer is told in the page's words here.

import { pageLanguage, t, tn } from "../i18n/i18n.js";
import { el } from "./dom.js";
import { createModal } from "./modal.js";

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

/** Points with their sign and two decimals, in the page's language: "+1.98", "+1,98", "-0.40". */
function signedPoints(value) {
  return new Intl.NumberFormat(pageLanguage(), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "always" }).format(value);
}

/**
 * The computer's answer to a resignation (service.resignation_answer: receiver, outcome, accepts,
 * offered, playing_on) in the page's words: `status`, short enough for a phone's status line, and
 * `why`, the figures the answer was made on.
 */
export function resignationAnswerWords(answer) {
  const values = {
    who: t(`colour.${answer.receiver}`),
    outcome: OUTCOME_WORDS[answer.outcome](),
    points: tn("game.resign.points", answer.offered),
    worth: signedPoints(answer.playing_on),
  };
  return answer.accepts
    ? { status: t("game.resign.accepted", values), why: t("game.resign.why_accepted", values) }
    : { status: t("game.resign.refused", values), why: t("game.resign.why_refused", values) };
}

/** Build the dialog. `onResign(outcome)` is called when the player resigns. Returns `{dialog, open(view)}`. */
export function createResignDialog(onResign) {
  const choices = el("fieldset", { class: "tt-resign-choices" }, el("legend", {}, t("resign.concede")));
  const { dialog, form } = createModal({
    title: t("resign.title"),
    className: "tt-resign-dialog",
    body: [el("p", {}, t("resign.explain")), choices],
    action: { value: "resign", label: t("resign.button") },
    cancel: t("dialog.button.cancel"),
    onAction: () => {
      const chosen = form.querySelector("input[name=outcome]:checked");
      if (chosen) onResign(chosen.value);
    },
  });
  return {
    dialog,
    open(view) {
      const cube = view.cube ? view.cube.value : 1;
      const rows = resignOutcomes(view.rules).map(([outcome, words], i) =>
        el(
          "label",
          { class: "tt-check" },
          el("input", { type: "radio", name: "outcome", value: outcome, checked: i === 0 ? true : null }),
          ` ${tn("resign.choice", outcomePoints(outcome, cube), { what: `${words[0].toUpperCase()}${words.slice(1)}` })}`,
        ),
      );
      choices.replaceChildren(choices.firstChild, ...rows);
      dialog.showModal();
    },
  };
}
