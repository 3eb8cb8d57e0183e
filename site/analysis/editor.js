// Setting up a position on the analysis board by clicks: pure functions on the board's position
// format (site/board/state.js: points[1..24] + Black / - White, bar and off per colour), no DOM, no
// rules. A colour always has 15 checkers: those not on a point or the bar are borne off.

import { emptyPosition } from "../board/state.js";
import { t } from "../i18n/i18n.js";

export const CHECKERS = 15;
const SIGN = { black: 1, white: -1 };

function copy(pos) {
  return { points: [...pos.points], bar: { ...pos.bar }, off: { ...pos.off } };
}

/** How many of `colour`'s checkers are on point `p` (1-24). */
export function countOn(pos, p, colour) {
  const n = pos.points[p] * SIGN[colour];
  return n > 0 ? n : 0;
}

/** Put each colour's checkers not on a point or the bar in its tray. */
export function withTrays(pos) {
  const out = copy(pos);
  for (const colour of ["black", "white"]) {
    let placed = out.bar[colour];
    for (let p = 1; p <= 24; p++) placed += countOn(out, p, colour);
    out.off[colour] = CHECKERS - placed;
  }
  return out;
}

/** An empty board: every checker borne off. */
export function clearedPosition() {
  return withTrays(emptyPosition());
}

/** Whether no checker of either colour is on a point or the bar (the board as Clear board leaves it). */
export function isEmpty(pos) {
  return withTrays(pos).off.black === CHECKERS && withTrays(pos).off.white === CHECKERS;
}

/**
 * The position after one click of the editor at `location` (a point 1-24, "bar" or "off") with the
 * brush `colour` ("black" | "white"); `remove` takes a checker away instead. On a point held by the
 * other colour a click takes one of those away first, so repeated clicks turn a point over.
 * Answers {position} or {error} (the position unchanged: a colour has 15 checkers).
 */
export function edit(pos, location, colour, { remove = false } = {}) {
  const out = withTrays(pos);
  const other = colour === "black" ? "white" : "black";
  if (location === "off") {
    // the tray: a click there brings every checker of the colour home to its tray (clears the colour)
    if (!remove) return { error: colour === "black" ? t("editor.tray.black") : t("editor.tray.white") };
    for (let p = 1; p <= 24; p++) if (countOn(out, p, colour)) out.points[p] = 0;
    out.bar[colour] = 0;
    return { position: withTrays(out) };
  }
  if (location === "bar") {
    if (remove) {
      if (!out.bar[colour]) return { error: colour === "black" ? t("editor.no_bar.black") : t("editor.no_bar.white") };
      out.bar[colour] -= 1;
    } else {
      if (!out.off[colour]) return { error: allOn(colour) };
      out.bar[colour] += 1;
    }
    return { position: withTrays(out) };
  }
  if (!Number.isInteger(location) || location < 1 || location > 24) return { error: t("editor.no_point", { point: location }) };
  if (remove || countOn(out, location, other)) {
    const owner = countOn(out, location, colour) ? colour : countOn(out, location, other) ? other : null;
    if (!owner) return { error: t("editor.empty", { point: location }) };
    out.points[location] -= SIGN[owner];
    return { position: withTrays(out) };
  }
  if (!out.off[colour]) return { error: allOn(colour) };
  out.points[location] += SIGN[colour];
  return { position: withTrays(out) };
}

/** Why a colour cannot have one more checker, in the page's language. */
function allOn(colour) {
  return colour === "black" ? t("editor.all_on.black", { count: CHECKERS }) : t("editor.all_on.white", { count: CHECKERS });
}

/** The board part of the engine's `study_position` request: {points: 24 signed counts, bar}. */
export function boardRequest(pos) {
  return { points: pos.points.slice(1, 25), bar: { ...pos.bar } };
}

/**
 * Which kind of ID a pasted text means to be: "xgid" (XGID= or two colons and more), "gnubg_id" (one colon:
 * PositionID:MatchID), "position_id" (one word), or null (nothing, or words with spaces). Only the shape: the
 * engine reads the text and, when it is malformed, says why in the page's language (a position of 24
 * characters where an XGID has 26, a Match ID one character short), which the page shows as it is.
 */
export function idKind(text) {
  const id = text.trim();
  const colons = id.split(":").length - 1;
  if (/^XGID=/i.test(id) || colons >= 2) return "xgid";
  if (colons === 1) return "gnubg_id";
  if (id && !/\s/.test(id)) return "position_id";
  return null;
}

/** `text` quoted in an error as far as `most` characters, an ellipsis saying where it was cut. */
export function shortened(text, most = 40) {
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
}

/** The rule sets with the cube and the match score, of which an XGID and a gnubg Match ID speak. */
export const CUBE_RULES = new Set(["backgammon", "backgammon-225"]);

/**
 * The rules to read a pasted ID of `kind` under, the board being on `rules`: an XGID or a gnubg ID
 * (PositionID:MatchID) carries backgammon's cube and match fields, so on a set without the cube it is read
 * as backgammon (docs/analysis.md); a bare Position ID, checkers only, stays on the board's set.
 */
export function rulesForId(kind, rules) {
  return (kind === "xgid" || kind === "gnubg_id") && !CUBE_RULES.has(rules) ? "backgammon" : rules;
}
