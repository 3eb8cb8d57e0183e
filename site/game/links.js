// Share links: `?rules=backgammon-225&start=17&position=4HPwATDgc/ABMA&turn=white&match=5`, and with a
// position its roll, `&dice=5-2` (the analysis board's "Play from here": the player on roll plays those dice).
// Parsed strictly: each parameter must match its exact form or it is rejected with a message;
// values are only ever compared and converted, never evaluated or put into markup. The messages are the
// page's language's (site/i18n/).

import { t } from "../i18n/i18n.js";

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
};

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
  return { params, errors };
}

/** The link that opens this rule set, start and position on this page. */
export function shareLink(base, { rules, start, position, turn, match, dice }) {
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  url.searchParams.set("rules", rules);
  if (start) url.searchParams.set("start", String(start));
  if (position) {
    url.searchParams.set("position", position);
    url.searchParams.set("turn", turn);
    if (dice) url.searchParams.set("dice", dice.join("-"));
  }
  if (match && match > 1) url.searchParams.set("match", String(match));
  return url.href;
}
