// The New game dialog: rule set, opponent and the computer's level, colour, match length, the rule
// options that apply to the chosen set, and the start (drawn at random or chosen by number) for the 225 sets.

import { LIMITS } from "../engine/limits.js";
import { hasMessage, t } from "../i18n/i18n.js";
import { el, show } from "./dom.js";
import { RULE_SETS, RULE_TITLES, START_NUMBERS } from "./links.js";
import { createModal } from "./modal.js";

/** The options a new game starts with when nobody has chosen any. */
export function defaultOptions() {
  return {
    rules: "toutes-tables-225",
    opponent: "computer", // or "human": two people on one device
    level: DEFAULT_LEVEL, // the computer's level, a name from the engine's levels()
    colour: "white", // the colour of the (first) human player, drawn at the bottom
    match_length: 1,
    start: null, // null = drawn at random; 1..225 = that start (225 sets only)
    cube: true,
    crawford: true,
    jacoby: false,
    money_game: false, // backgammon sets: one game for points with a live cube, instead of a match
    auto_doubles: false,
    auto_double_limit: 2,
    point_game: false,
    strict_touch: false,
    winner_opens: false,
    autoplay_forced: false,
    show_cost: false, // after each of your moves, show what it cost against the best play
  };
}

export const DEFAULT_LEVEL = "expert";
// Until the engine answers levels(), the dialog offers the default only; the names are the engine's.
const FALLBACK_LEVELS = [{ name: DEFAULT_LEVEL, title: DEFAULT_LEVEL }]; // its words are the catalogues' (levelTitle)

const CUBE_OPTIONS = ["cube", "crawford", "jacoby", "money_game", "auto_doubles", "point_game"];

/** Which option applies to which rule set (the others are hidden and sent as off). */
export function applicableOptions(rules) {
  const backgammon = rules.startsWith("backgammon");
  return {
    cube: backgammon,
    crawford: backgammon,
    jacoby: backgammon,
    money_game: backgammon,
    auto_doubles: backgammon,
    auto_double_limit: backgammon,
    point_game: backgammon,
    winner_opens: !backgammon, // both Toutes tables sets, as the engine (docs/rules/moving.md, Who starts)
    start: rules.endsWith("-225"),
  };
}

/** Clean options for the engine: the inapplicable ones off, numbers in range. */
export function normaliseOptions(raw) {
  const o = { ...defaultOptions(), ...raw };
  if (!RULE_SETS.includes(o.rules)) o.rules = defaultOptions().rules;
  const applies = applicableOptions(o.rules);
  for (const key of [...CUBE_OPTIONS, "winner_opens"]) if (!applies[key]) o[key] = false;
  if (!applies.start) o.start = null;
  o.match_length = clampInt(o.match_length, 1, 99, 1);
  o.auto_double_limit = clampInt(o.auto_double_limit, 1, LIMITS.max_auto_doubles, 2);
  o.start = o.start === null || o.start === "" ? null : clampInt(o.start, START_NUMBERS.min, START_NUMBERS.max, null);
  o.opponent = o.opponent === "human" ? "human" : "computer";
  o.colour = o.colour === "black" ? "black" : "white";
  // the engine refuses a level it does not know; here only the form of a name is checked
  o.level = typeof o.level === "string" && /^[a-z][a-z-]{0,29}$/.test(o.level) ? o.level : DEFAULT_LEVEL;
  for (const key of ["cube", "crawford", "jacoby", "money_game", "auto_doubles", "point_game", "strict_touch", "winner_opens", "autoplay_forced", "show_cost"]) {
    o[key] = Boolean(o[key]);
  }
  return o;
}

function clampInt(value, lo, hi, fallback) {
  const n = Number(value);
  return Number.isInteger(n) && n >= lo && n <= hi ? n : fallback;
}

/** Whether a number input's value is a whole number within its own min and max (or `max` when given; none: no bound). */
export function wholeNumberIn(input, max = input.max) {
  const n = Number(input.value);
  const top = max === "" ? Infinity : Number(max);
  return input.value.trim() !== "" && Number.isInteger(n) && n >= Number(input.min) && n <= top;
}

/** Whether `node` is shown: neither it nor a parent up to its dialog is hidden. */
function shownInDialog(node) {
  for (let n = node; n && n.tagName !== "DIALOG"; n = n.parentElement) if (n.hidden) return false;
  return true;
}

function field(label, control, hint) {
  return el("label", { class: "tt-field" }, el("span", { class: "tt-label" }, label), control, hint ? el("small", {}, hint) : null);
}

function checkbox(name, label) {
  const box = el("input", { type: "checkbox", name });
  return { box, row: el("label", { class: "tt-check", "data-option": name }, box, " ", label) };
}

/**
 * Build the dialog. `onStart(options)` is called with normalised options when the player starts.
 * Returns `{dialog, open(current)}`.
 */
export function createNewGameDialog(onStart) {
  const rules = el("select", { name: "rules" }, ...RULE_SETS.map((r) => el("option", { value: r }, RULE_TITLES[r])));
  const opponent = el(
    "select",
    { name: "opponent" },
    el("option", { value: "computer" }, t("dialog.opponent.computer")),
    el("option", { value: "human" }, t("dialog.opponent.human")),
  );
  const level = el("select", { name: "level" });
  const levelField = field(t("dialog.level"), level, t("dialog.level_hint"));
  let levelChoices = FALLBACK_LEVELS;
  // a level the catalogues name is said in the page's language; another (a newer engine's) by the engine's title
  const levelTitle = (l) => (hasMessage(`level.${l.name}`) ? t(`level.${l.name}`) : l.title);
  function fillLevels(chosen) {
    level.replaceChildren(...levelChoices.map((l) => el("option", { value: l.name }, levelTitle(l))));
    level.value = levelChoices.some((l) => l.name === chosen) ? chosen : DEFAULT_LEVEL;
  }
  fillLevels(DEFAULT_LEVEL);
  const colour = el("select", { name: "colour" }, el("option", { value: "white" }, t("dialog.colour.white")), el("option", { value: "black" }, t("dialog.colour.black")));
  const matchLength = el("input", { type: "number", name: "match_length", min: 1, max: 99, step: 1, value: 1 });
  const matchField = field(t("dialog.match"), matchLength, t("dialog.match_hint"));
  const startMode = el(
    "select",
    { name: "start_mode" },
    el("option", { value: "random" }, t("dialog.start.random")),
    el("option", { value: "number" }, t("dialog.start.number")),
  );
  const startNumber = el("input", { type: "number", name: "start", min: START_NUMBERS.min, max: START_NUMBERS.max, step: 1, value: 64 });
  const startNumberField = field(t("dialog.start_number"), startNumber);
  const startFields = el("div", { class: "tt-start-fields" }, field(t("dialog.start"), startMode), startNumberField);
  const boxes = {};
  const rows = [];
  for (const [name, label] of [
    ["cube", t("dialog.option.cube")],
    ["crawford", t("dialog.option.crawford")],
    ["money_game", t("dialog.option.money_game")],
    ["jacoby", t("dialog.option.jacoby")],
    ["auto_doubles", t("dialog.option.auto_doubles")],
    ["point_game", t("dialog.option.point_game")],
    ["winner_opens", t("dialog.option.winner_opens")],
    ["strict_touch", t("dialog.option.strict_touch")],
    ["autoplay_forced", t("dialog.option.autoplay_forced")],
  ]) {
    const { box, row } = checkbox(name, label);
    boxes[name] = box;
    rows.push(row);
  }
  const limit = el("input", { type: "number", name: "auto_double_limit", min: 1, max: LIMITS.max_auto_doubles, step: 1, value: 2 });
  const limitField = field(t("dialog.auto_double_limit"), limit);
  // a backgammon player expects the cube: where a 1-point match hides it, the dialog says how to have it
  const noCube = el("small", { class: "tt-no-cube" }, t("dialog.no_cube_hint"));
  const error = el("p", { class: "tt-error", role: "alert", hidden: true });

  const { dialog } = createModal({
    title: t("dialog.title"),
    className: "tt-dialog",
    body: [
      field(t("dialog.rules"), rules),
      field(t("dialog.opponent"), opponent),
      levelField,
      field(t("dialog.colour"), colour, t("dialog.colour_hint")),
      matchField,
      startFields,
      el("fieldset", {}, el("legend", {}, t("dialog.options")), noCube, ...rows, limitField),
      error,
    ],
    action: { value: "start", label: t("dialog.button.start") },
    cancel: t("dialog.button.cancel"),
    onAction: start,
  });

  function refresh() {
    const applies = applicableOptions(rules.value);
    for (const row of rows) {
      const name = row.dataset.option;
      show(row, applies[name] === undefined ? true : applies[name]);
    }
    show(limitField, applies.auto_double_limit && boxes.auto_doubles.checked);
    show(startFields, applies.start);
    show(startNumberField, startMode.value === "number");
    show(levelField, opponent.value === "computer");
    // a money game is one game for points: no match length, no Crawford game
    const money = applies.money_game && (boxes.money_game.checked || boxes.jacoby.checked);
    show(matchField, !money);
    show(rows.find((row) => row.dataset.option === "crawford"), applies.crawford && !money);
    // a match to 1 point is played without the cube (docs/rules/cube.md, A match to 1 point): none of its options
    const cubeless = applies.cube && !money && Number(matchLength.value) === 1;
    if (cubeless) {
      for (const name of ["cube", "crawford", "auto_doubles"]) show(rows.find((row) => row.dataset.option === name), false);
      show(limitField, false);
    }
    show(noCube, cubeless);
  }
  rules.addEventListener("change", refresh);
  opponent.addEventListener("change", refresh);
  startMode.addEventListener("change", refresh);
  boxes.auto_doubles.addEventListener("change", refresh);
  boxes.money_game.addEventListener("change", refresh);
  boxes.jacoby.addEventListener("change", refresh);
  matchLength.addEventListener("input", refresh);

  function start(ev) {
    const chosen = {
      rules: rules.value,
      opponent: opponent.value,
      level: level.value,
      colour: colour.value,
      match_length: Number(matchLength.value),
      start: startMode.value === "number" ? Number(startNumber.value) : null,
      auto_double_limit: Number(limit.value),
    };
    // the form is not checked by the browser (novalidate, modal.js), whose message would be in its own
    // language: each number shown is checked here against its field's min and max, said from the catalogue
    const wrong = [
      [matchField, matchLength, "dialog.bad_match"],
      [startNumberField, startNumber, "dialog.bad_start"],
      [limitField, limit, "dialog.bad_auto_double_limit"],
    ].find(([holder, input]) => shownInDialog(holder) && !wholeNumberIn(input));
    if (wrong) {
      ev.preventDefault();
      const [, input, key] = wrong;
      error.textContent = t(key, { min: input.min, max: input.max });
      show(error, true);
      // the field has the focus; the error line, under the options, is brought into sight (on a phone the
      // dialog scrolls and the line would be below its fold)
      input.focus({ preventScroll: true });
      error.scrollIntoView({ block: "center" });
      return;
    }
    for (const [name, box] of Object.entries(boxes)) chosen[name] = box.checked;
    onStart(normaliseOptions(chosen));
  }

  return {
    dialog,
    /** The engine's levels, `[{name, title}]` weakest first, replace the default-only list. */
    setLevels(levels) {
      if (!Array.isArray(levels) || !levels.length) return;
      const chosen = level.value;
      levelChoices = levels.map((l) => ({ name: String(l.name), title: String(l.title) }));
      fillLevels(chosen);
    },
    open(current) {
      const o = normaliseOptions(current);
      rules.value = o.rules;
      opponent.value = o.opponent;
      fillLevels(o.level);
      colour.value = o.colour;
      matchLength.value = String(o.match_length);
      startMode.value = o.start ? "number" : "random";
      startNumber.value = String(o.start || 64);
      limit.value = String(o.auto_double_limit);
      for (const [name, box] of Object.entries(boxes)) box.checked = Boolean(o[name]);
      // options that do not apply were forced off; show the defaults again if the set changes
      for (const name of CUBE_OPTIONS) if (!applicableOptions(o.rules)[name]) boxes[name].checked = defaultOptions()[name];
      show(error, false);
      refresh();
      dialog.showModal();
      rules.focus();
    },
  };
}
