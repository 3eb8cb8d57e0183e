// Share links: `?rules=backgammon-225&start=17&position=4HPwATDgc/ABMA&turn=white&match=5`.
// Parsed strictly: each parameter must match its exact form or it is rejected with a message;
// values are only ever compared and converted, never evaluated or put into markup.

export const RULE_SETS = ["toutes-tables-225", "toutes-tables", "backgammon-225", "backgammon"];
export const RULE_TITLES = {
  "toutes-tables-225": "Toutes Tables 225",
  "toutes-tables": "Toutes tables (1698)",
  "backgammon-225": "Backgammon 225",
  backgammon: "Backgammon",
};

const FORMS = {
  rules: { pattern: /^[a-z0-9-]{1,20}$/, check: (v) => RULE_SETS.includes(v), convert: (v) => v, hint: RULE_SETS.join(", ") },
  start: { pattern: /^\d{1,3}$/, check: (v) => Number(v) >= 1 && Number(v) <= 225, convert: Number, hint: "a number 1-225" },
  position: { pattern: /^[A-Za-z0-9+/]{14}$/, check: () => true, convert: (v) => v, hint: "a 14-character Position ID" },
  turn: { pattern: /^(black|white)$/, check: () => true, convert: (v) => v, hint: "black or white" },
  match: { pattern: /^\d{1,2}$/, check: (v) => Number(v) >= 1, convert: Number, hint: "a match length 1-99" },
};

/** Parse a query string: `{params, errors}`; unknown parameters and malformed values are errors. */
export function parseShareLink(search) {
  const params = {};
  const errors = [];
  const query = new URLSearchParams(search);
  for (const [name, value] of query) {
    const form = FORMS[name];
    if (!form) {
      errors.push(`unknown link parameter "${name.slice(0, 20)}"`);
      continue;
    }
    if (name in params) {
      errors.push(`the link gives "${name}" twice`);
      continue;
    }
    if (!form.pattern.test(value) || !form.check(value)) {
      errors.push(`the link's ${name} must be ${form.hint}`);
      continue;
    }
    params[name] = form.convert(value);
  }
  if (params.position && !params.turn) params.turn = "white";
  if (params.turn && !params.position) {
    errors.push("the link gives a turn without a position");
    delete params.turn;
  }
  return { params, errors };
}

/** The link that opens this rule set, start and position on this page. */
export function shareLink(base, { rules, start, position, turn, match }) {
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  url.searchParams.set("rules", rules);
  if (start) url.searchParams.set("start", String(start));
  if (position) {
    url.searchParams.set("position", position);
    url.searchParams.set("turn", turn);
  }
  if (match && match > 1) url.searchParams.set("match", String(match));
  return url.href;
}
