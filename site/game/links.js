// Share links: `?rules=backgammon-225&start=17&position=4HPwATDgc/ABMA&turn=white&match=5`, and with a
// position its roll, `&dice=5-2` (the analysis board's "Play from here": the player on roll plays those dice),
// the cube turned, `&cube=4-black` (its value, a power of 2 up to the engine's highest cube, and its owner; without it the cube is centred on 1), and
// in a match the score it is taken up at, `&score=2-3` (Black's, then White's, each below the length), with
// `&crawford=yes|no` saying whether this game is the Crawford game (by default it is when one side is at the
// length less 1 and the other is not; `no` then says the Crawford game has been played).
// Parsed strictly: each parameter must match its exact form or it is rejected with a message;
// values are only ever compared and converted, never evaluated or put into markup. The messages are the
// page's language's (site/i18n/).

import { LIMITS } from "../engine/limits.js";
import { t } from "../i18n/i18n.js";

/** The highest cube value (the engine's, from site/engine/limits.js: a link is read before the engine is up) and the rule sets with a cube. */
const MAX_CUBE = LIMITS.max_cube;
const CUBE_SETS = ["backgammon-225", "backgammon"];
const isCubeValue = (n) => n >= 2 && n <= MAX_CUBE && (n & (n - 1)) === 0;

/** The numbers of the 225 drawn starts: the one place the pages (the game's dialog, its links, the analysis board) take them from. */
export const START_NUMBERS = Object.freeze({ min: 1, max: 225 });
export const RULE_SETS = ["toutes-tables-225", "toutes-tables", "backgammon-225", "backgammon"];
// the rule sets' names, the same in every language
export const RULE_TITLES = {
  "toutes-tables-225": "Toutes Tables 225", // i18n-exempt: a name
  "toutes-tables": "Toutes tables (1698)", // i18n-exempt: a name
  "backgammon-225": "Backgammon 225",
  backgammon: "Backgammon",
};

const FORMS = {
  rules: { pattern: /^[a-z0-9-]{1,20}$/, check: (v) => RULE_SETS.includes(v), convert: (v) => v, hint: () => RULE_SETS.join(", ") },
  start: { pattern: /^\d{1,3}$/, check: (v) => Number(v) >= START_NUMBERS.min && Number(v) <= START_NUMBERS.max, convert: Number, hint: () => t("link.hint.start") },
  position: { pattern: /^[A-Za-z0-9+/]{14}$/, check: () => true, convert: (v) => v, hint: () => t("link.hint.position") },
  turn: { pattern: /^(black|white)$/, check: () => true, convert: (v) => v, hint: () => t("link.hint.turn") },
  match: { pattern: /^\d{1,2}$/, check: (v) => Number(v) >= 1, convert: Number, hint: () => t("link.hint.match") },
  dice: { pattern: /^[1-6]-[1-6]$/, check: () => true, convert: (v) => v.split("-").map(Number), hint: () => t("link.hint.dice") },
  cube: {
    pattern: /^\d{1,4}-(black|white)$/,
    check: (v) => isCubeValue(Number(v.split("-")[0])),
    convert: (v) => ({ value: Number(v.split("-")[0]), owner: v.split("-")[1] }),
    hint: () => t("link.hint.cube", { most: MAX_CUBE }),
  },
  score: { pattern: /^\d{1,2}-\d{1,2}$/, check: () => true, convert: (v) => { const [black, white] = v.split("-").map(Number); return { black, white }; }, hint: () => t("link.hint.score") },
  crawford: { pattern: /^(yes|no)$/, check: () => true, convert: (v) => v === "yes", hint: () => t("link.hint.crawford") },
};

/** Whether a side of `score` is at `length` less 1 and the other is not: the game taken up is then the Crawford game, unless told otherwise. */
function crawfordDue(score, length) {
  const at = [score.black, score.white].map((s) => s === length - 1);
  return at.some(Boolean) && !at.every(Boolean);
}

/** The set-up a position's link gives beyond the position (cube, score), checked against each other; errors pushed. */
function checkSetUp(params, errors) {
  for (const name of ["cube", "score"]) {
    if (params[name] && !params.position) {
      errors.push(t("link.without_position", { name }));
      delete params[name];
    }
  }
  if (params.cube && params.rules && !CUBE_SETS.includes(params.rules)) {
    errors.push(t("link.cube_no_cube", { rules: RULE_TITLES[params.rules] }));
    delete params.cube;
  }
  if (params.score) {
    const length = params.match || 1;
    if (length < 2 || params.score.black >= length || params.score.white >= length) {
      errors.push(t("link.score_match", { most: Math.max(0, length - 1) }));
      delete params.score;
    }
  }
  if (params.crawford !== undefined) {
    if (!params.score) {
      errors.push(t("link.crawford_without_score"));
      delete params.crawford;
    } else if (params.crawford && !crawfordDue(params.score, params.match)) {
      errors.push(t("link.crawford_not_due", { most: params.match - 1 }));
      delete params.crawford;
    }
  }
}

/**
 * The engine's new_match set-up for a link's position (service.new_match): the cube's value and owner, the score
 * and whether the Crawford game has been played. Empty when the link gives none of them.
 */
export function setUpParams(params) {
  const out = {};
  if (params.cube) Object.assign(out, { cube_value: params.cube.value, cube_owner: params.cube.owner });
  if (params.score) {
    out.score = { ...params.score };
    // crawford=no with a side at the length less 1: the Crawford game has been played
    if (params.crawford === false && [params.score.black, params.score.white].includes(params.match - 1)) out.post_crawford = true;
  }
  return out;
}

/** Parse a query string: `{params, errors}`; unknown parameters and malformed values are errors. */
export function parseShareLink(search) {
  const params = {};
  const errors = [];
  const query = new URLSearchParams(search);
  for (const [name, value] of query) {
    const form = FORMS[name];
    if (!form) {
      errors.push(t("link.unknown", { name: name.slice(0, 20) }));
      continue;
    }
    if (name in params) {
      errors.push(t("link.twice", { name }));
      continue;
    }
    if (!form.pattern.test(value) || !form.check(value)) {
      errors.push(t("link.must_be", { name, hint: form.hint() }));
      continue;
    }
    params[name] = form.convert(value);
  }
  if (params.position && !params.turn) params.turn = "white";
  if (params.turn && !params.position) {
    errors.push(t("link.turn_without_position"));
    delete params.turn;
  }
  if (params.dice && !params.position) {
    errors.push(t("link.dice_without_position"));
    delete params.dice;
  }
  checkSetUp(params, errors);
  return { params, errors };
}

/**
 * The link that opens this rule set, start and position on this page; with a position, its roll (`dice`), its
 * cube (`{value, owner}`, left out when centred on 1) and its match score (`{black, white}`, with `crawford`:
 * whether the game is the Crawford game, written only where a side is at the length less 1).
 */
export function shareLink(base, { rules, start, position, turn, match, dice, cube, score, crawford }) {
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  url.searchParams.set("rules", rules);
  if (start) url.searchParams.set("start", String(start));
  if (position) {
    url.searchParams.set("position", position);
    url.searchParams.set("turn", turn);
    if (dice) url.searchParams.set("dice", dice.join("-"));
    if (cube && cube.value > 1 && cube.owner) url.searchParams.set("cube", `${cube.value}-${cube.owner}`);
  }
  if (match && match > 1) url.searchParams.set("match", String(match));
  if (position && match > 1 && score && (score.black || score.white)) {
    url.searchParams.set("score", `${score.black}-${score.white}`);
    if (crawfordDue(score, match) && !crawford) url.searchParams.set("crawford", "no"); // the Crawford game is over
  }
  return url.href;
}
