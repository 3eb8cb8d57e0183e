// Words and figures for the computer's advice: the hint's equities, the cube verdict, a play's cost.
// Pure functions of the engine's answers (service.hint and the view's last_cost), tested under node;
// the words are the page's language's (site/i18n/), the verdicts the engine's; the marks and cube choices
// are the engine's names, as data, said through the catalogues (review.mark.*, review.action.*).

import { decimal, pageLanguage, t } from "../i18n/i18n.js";
import { actionWord, markWord } from "../i18n/engine-words.js";

/** An equity with its sign, three decimals: "+0.123", "−0.045" (a true minus sign), "0.000"; "+0,123" in French. */
export function formatEquity(value) {
  if (Math.abs(value).toFixed(3) === "0.000") return decimal(0, 3);
  const fixed = decimal(Math.abs(value), 3);
  return `${value > 0 ? "+" : "\u2212"}${fixed}`;
}

/** Below half a thousandth a play is as good as the best: the figure would read 0.000. */
export const NO_COST = 0.0005;

/**
 * After a confirmed play: "13/7 8/7: best move.", or its cost with its mark and what the figure is:
 * "24/18 13/11: cost 0.042, doubtful (equity given away against the best play, 13/7 8/7; 1.000 is a whole game)."
 * The mark is the engine's (the view's last_cost.mark, the review's thresholds): the page keeps no copy of them.
 */
export function costText({ notation, best, cost, mark }) {
  if (cost < NO_COST) return t("advice.best", { play: notation });
  return t("advice.cost", { play: notation, cost: decimal(cost, 3), mark: mark ? t("advice.mark", { mark: markWord(mark) }) : "", best });
}

/**
 * What a hinted play gives away against the hint's first, with the review's mark: " (cost 0.017)",
 * " (cost 0.042, doubtful)" (the cost and mark are the engine's: service.hint).
 */
export function hintCostText({ cost, mark }) {
  return t("game.hint.cost", { cost: decimal(cost, 3), mark: mark ? t("advice.mark", { mark: markWord(mark) }) : "" });
}

/**
 * The hint's best play, as the status line and screen readers say it: "Hint: the best play is 13/10, equity
 * −0.096. Leaves no shot." The engine's reason is a clause ("leaves no shot", "fait votre case 3"): after the
 * sentence with the equity it starts a sentence of its own, capitalised and ended with a full stop.
 */
export function hintBestText({ notation, equity, reason }) {
  return t("game.hint.best", { play: notation, equity: formatEquity(equity), reason: asSentence(reason || "") }).trim();
}

/** A clause as a sentence: its first letter capitalised, a full stop at its end unless it has one. */
export function asSentence(clause) {
  const text = clause.trim();
  if (!text) return "";
  const first = text[0].toLocaleUpperCase(pageLanguage());
  return `${first}${text.slice(1)}${/[.!?…]$/.test(text) ? "" : "."}`;
}

/** The cube advice in one sentence: its verdict, then the reason when there is one. */
export function cubeAdviceText({ verdict, reason }) {
  return reason ? t("advice.cube", { verdict, reason }) : t("advice.cube_verdict", { verdict });
}

/**
 * The cubeful equity of each cube choice on one line: "no double +0.769 · double, take +0.940 · …", the
 * choices being the engine's names (data), said in the page's language ("pas de double", "double, accepte").
 */
export function cubeEquitiesText(equities) {
  return Object.entries(equities || {})
    .map(([choice, value]) => `${actionWord(choice)} ${formatEquity(value)}`)
    .join(" \u00b7 ");
}
