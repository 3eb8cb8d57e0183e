// The 225-start procedure (docs/rules/drawn-starts.md, "Drawing a start") as plain data, for the setup-drawer.
// No DOM here; the steps' words are the page's language's (site/i18n/). e2e/test_rules_book.py checks every
// start against the engine's start_points().

import { t } from "../i18n/i18n.js";

/** The 15 pairs a < b in the project's order: (1,2) = 0, (1,3) = 1 ... (5,6) = 14. */
export const PAIRS = [];
for (let a = 1; a <= 6; a++) for (let b = a + 1; b <= 6; b++) PAIRS.push([a, b]);

function pairIndex(roll) {
  const [a, b] = [Math.min(...roll), Math.max(...roll)];
  return PAIRS.findIndex(([x, y]) => x === a && y === b);
}

/** Why a drawing roll is not usable, or null: two whole numbers 1-6 that differ. */
export function rollProblem(roll) {
  if (!Array.isArray(roll) || roll.length !== 2 || !roll.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) {
    return t("drawer.problem.two_dice");
  }
  if (roll[0] === roll[1]) return t("drawer.problem.double", { roll: `${roll[0]}-${roll[1]}` });
  return null;
}

/** Start number 1-225 of two drawing rolls (each in either order). */
export function startNumber(first, second) {
  for (const roll of [first, second]) {
    const problem = rollProblem(roll);
    if (problem) throw new Error(problem);
  }
  return 15 * pairIndex(first) + pairIndex(second) + 1;
}

/** The two drawing rolls [[a1, b1], [a2, b2]] of start `number`. */
export function startRolls(number) {
  if (!Number.isInteger(number) || number < 1 || number > 225) throw new Error(t("drawer.problem.range"));
  return [PAIRS[Math.floor((number - 1) / 15)], PAIRS[(number - 1) % 15]];
}

/**
 * The set-up as a list of steps, in the order the procedure gives them. Each step has a `text` for
 * the reader, the `dice` it shows (or null) and the checkers it places: [{colour, point, count}] in
 * absolute numbering.
 */
export function setupSteps(first, second) {
  const number = startNumber(first, second);
  const [a1, b1] = [Math.min(...first), Math.max(...first)];
  const [a2, b2] = [Math.min(...second), Math.max(...second)];
  const die = (d) => (d === 1 ? t("drawer.ace") : String(d));
  return [
    { text: t("drawer.step.first_roll", { high: b1, low: a1, low_name: die(a1) }), dice: [b1, a1], places: [] },
    { text: t("drawer.step.black_two", { point: a1 }), dice: [b1, a1], places: [{ colour: "black", point: a1, count: 2 }] },
    { text: t("drawer.step.white_five", { point: b1 }), dice: [b1, a1], places: [{ colour: "white", point: b1, count: 5 }] },
    { text: t("drawer.step.second_roll", { high: b2, low: a2 }), dice: [b2, a2], places: [] },
    { text: t("drawer.step.black_five", { die: a2, point: 13 - a2 }), dice: [b2, a2],
      places: [{ colour: "black", point: 13 - a2, count: 5 }] },
    { text: t("drawer.step.white_three", { die: b2, point: 13 - b2 }), dice: [b2, a2],
      places: [{ colour: "white", point: 13 - b2, count: 3 }] },
    { text: t("drawer.step.mirror", {
        white_two: 25 - a1, black_five: 25 - b1, white_five: 12 + a2, black_three: 12 + b2, number }),
      dice: null,
      places: [
        { colour: "white", point: 25 - a1, count: 2 },
        { colour: "black", point: 25 - b1, count: 5 },
        { colour: "white", point: 12 + a2, count: 5 },
        { colour: "black", point: 12 + b2, count: 3 },
      ] },
  ];
}

/** The board position (the board component's format) after the first `k` steps; the rest wait in the trays. */
export function positionAfter(steps, k) {
  const points = new Array(25).fill(0);
  const placed = { black: 0, white: 0 };
  for (const step of steps.slice(0, k)) {
    for (const { colour, point, count } of step.places) {
      points[point] += colour === "black" ? count : -count;
      placed[colour] += count;
    }
  }
  return { points, bar: { black: 0, white: 0 }, off: { black: 15 - placed.black, white: 15 - placed.white } };
}
