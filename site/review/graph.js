// The review's equity graph as plain data: one point per checker decision, the equity after the play
// made, seen by one colour; marks on the errors and the lucky and unlucky rolls. Pure (no DOM, no
// canvas), so it is tested under node (site/review/review.test.mjs); review.js draws it. The words are the
// page's language's (site/i18n/); the marks are the engine's names ("very bad"), said through the catalogues.

import { decimal, t, tn } from "../i18n/i18n.js";
import { markWord } from "../i18n/engine-words.js";
import { formatEquity } from "../game/advice.js";

/** The series for `colour`: [{index, y, mark, luckMark, decider}] over the move decisions (cube ones left out). */
export function graphSeries(decisions, colour = "white") {
  const series = [];
  decisions.forEach((d, index) => {
    if (d.kind !== "move") return;
    const mine = d.colour === colour;
    series.push({
      index,
      y: mine ? d.played_equity : -d.played_equity,
      mark: d.mark,
      luckMark: d.luck_mark,
      decider: d.colour,
    });
  });
  return series;
}

/** The equity range the graph shows: at least -1 to +1, wider when a gammon or a double game is at stake. */
export function equityRange(series) {
  const top = Math.max(1, ...series.map((p) => Math.abs(p.y)));
  return Math.ceil(top * 2) / 2;
}

/** Pixel positions of the series in a `width` x `height` box with `pad` pixels around the plot. */
export function graphLayout(series, width, height, pad = 6, band = pad) {
  // `band`: the rows kept clear above and below the plot (the page writes the scale's labels there)
  const range = equityRange(series);
  const n = series.length;
  const x = (i) => (n <= 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (n - 1));
  const y = (v) => height / 2 - (v / range) * (height / 2 - band);
  return {
    range,
    zeroY: y(0),
    points: series.map((p, i) => ({ ...p, px: x(i), py: y(p.y) })),
  };
}

/** The point of a laid-out graph nearest to the pixel column `px` (null for an empty graph). */
export function nearestPoint(laid, px) {
  let best = null;
  for (const p of laid.points) if (best === null || Math.abs(p.px - px) < Math.abs(best.px - px)) best = p;
  return best;
}

/** The next decision index from `current` in `direction` (+1 / -1) among `indices` (sorted), or null. */
export function stepIndex(indices, current, direction) {
  if (!indices.length) return null;
  if (current === null || current === undefined) return direction > 0 ? indices[0] : indices[indices.length - 1];
  if (direction > 0) return indices.find((i) => i > current) ?? null;
  for (let k = indices.length - 1; k >= 0; k--) if (indices[k] < current) return indices[k];
  return null;
}

/**
 * What a decision's mark says, after its line: "?! (doubtful)", or for an unmarked one why it has none: the best
 * play, a forced one (not counted), or a small error below the doubtful mark ("small: 12 millipoints, no mark").
 */
export function markLabel(d) {
  if (d.sign) return t("review.mark_label", { sign: d.sign, mark: markWord(d.mark) });
  if (d.kind === "move" && d.choices < 2) return t("review.forced");
  const mp = (1000 * d.error).toFixed(0); // as the detail's "Best: …" line writes it
  if (d.error > 0) return tn("review.small", Number(mp));
  return d.kind === "move" ? t("review.the_best_play") : t("review.the_best_action");
}

/** Decimals of a summary's figure in points that is not whole (the luck-adjusted result): hundredths of a point. */
export const POINTS_PLACES = 2;

/**
 * A summary's figure in points with its sign (the minus sign "−" as formatEquity's) and unit, in the page's language: "+2 points", "−1 point",
 * "−11.57 points" ("−11,57 points", "+1,50 point" in French, whose plural starts at 2). A whole number stays
 * whole (the result); any other is rounded to hundredths (the luck-adjusted result), a unit the score is kept in.
 */
export function pointsText(value) {
  const whole = Number.isInteger(value);
  const shown = whole ? Math.abs(value) : Number(Math.abs(value).toFixed(POINTS_PLACES));
  const sign = shown === 0 ? "" : value > 0 ? "+" : "\u2212";
  const figure = `${sign}${whole ? shown : decimal(shown, POINTS_PLACES)}`;
  return tn("review.points", shown, { value: figure });
}

/** The marks' legend from the engine's table (review_start's marks): "?! doubtful: an error over 0.030 · …". */
export function legendText(marks) {
  if (!marks || !Array.isArray(marks.errors)) return "";
  const item = (m) => t("review.legend_item", { sign: m.sign, mark: markWord(m.mark), above: decimal(m.above, 3) });
  return [...marks.errors].reverse().map(item).join(" \u00b7 ");
}

/** The decisions a player learns from: his own bad and very bad ones, checker plays and cube decisions, in order. */
export function mistakes(decisions, colour) {
  return decisions
    .map((d, index) => ({ d, index }))
    .filter(({ d }) => d.colour === colour && (d.mark === "bad" || d.mark === "very bad"))
    .map(({ index }) => index);
}

/**
 * The verdict on a new try at a mistake: "best", "good enough" (the engine gives its cost no mark) or "wrong",
 * from the engine's judgement of it (review_judge's {cost, mark}): the marks are the engine's, so the page keeps no
 * copy of the thresholds.
 */
export function judgeTry(judged) {
  if (judged.cost === 0) return { verdict: "best", cost: 0 };
  return { verdict: judged.mark ? "wrong" : "good enough", cost: judged.cost }; // i18n-exempt: a verdict's name, data
}

/**
 * The best plays' lines of a reviewed move: `[{text, played}]` in the engine's order (gnubg's: the plays searched
 * deepest first, each depth by equity); each line says its depth ("2-ply", "0-ply"), as gnubg's does, on every
 * decision alike (figures of two depths are not on one scale, and a label on one decision but not the next read
 * as if the two were searched differently).
 */
export function alternativeLines(d) {
  const alternatives = d.alternatives || [];
  return alternatives.map((a) => {
    const played = a.play === d.played;
    const depth = Number.isInteger(a.ply) ? ` ${t("review.ply", { ply: a.ply })}` : "";
    return { played, text: `${a.play} ${formatEquity(a.equity)}${depth}${played ? t("review.played") : ""}` };
  });
}

/**
 * The note under a best-plays list that mixes depths (null when it has one): why a line can sit above another of
 * higher equity. Player-testers read the list as one ranking, as gnubg's users learn not to.
 */
export function mixedDepthsNote(d) {
  const depths = new Set((d.alternatives || []).map((a) => a.ply).filter(Number.isInteger));
  return depths.size > 1 ? t("review.mixed_depths") : null;
}
