// The chouette's setup form: 3 to 8 players (a name each, a person or the computer at a level),
// the rule set, Jacoby, and an optional dice seed. `checkSetup` is pure (node tests); the form is DOM.

import { el, setChildren } from "../game/dom.js";
import { t, tn } from "../i18n/i18n.js";

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 8;
// The engine's levels (toutes_tables.ai.LEVELS); the engine refuses any other name.
export const LEVELS = ["beginner", "intermediate", "advanced", "expert"].map((name) => ({
  name,
  get title() {
    return t(`level.${name}`);
  },
}));
export const CHOUETTE_RULES = [
  { name: "backgammon", title: "Backgammon" }, // i18n-exempt: a name
  { name: "backgammon-225", title: "Backgammon 225" }, // i18n-exempt: a name
];
/** The players' names the setup offers, in the page's language (the first is "You"). */
function defaultNames() {
  return t("chouette.setup.names").split(", ");
}

export function defaultSetup() {
  return {
    players: defaultNames().slice(0, MIN_PLAYERS).map((name, i) => ({
      name,
      kind: i === 0 ? "human" : "computer",
      level: "intermediate",
    })),
    rules: "backgammon",
    jacoby: false,
    seed: null,
  };
}

/** `{setup, errors}`: the chosen setup cleaned for the engine, and what is wrong with it (empty when nothing). */
export function checkSetup(raw) {
  const errors = [];
  const players = (Array.isArray(raw.players) ? raw.players : []).map((p) => ({
    name: String(p.name ?? "").trim(),
    kind: p.kind === "computer" ? "computer" : "human",
    level: LEVELS.some((l) => l.name === p.level) ? p.level : "intermediate",
  }));
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    errors.push(t("chouette.setup.error.count", { min: MIN_PLAYERS, max: MAX_PLAYERS }));
  }
  players.forEach((p, i) => {
    if (!p.name) errors.push(t("chouette.setup.error.name_missing", { number: i + 1 }));
    else if (p.name.length > 24) errors.push(t("chouette.setup.error.name_long", { number: i + 1 }));
  });
  const names = players.map((p) => p.name).filter(Boolean);
  if (new Set(names).size !== names.length) errors.push(t("chouette.setup.error.names_differ"));
  const rules = CHOUETTE_RULES.some((r) => r.name === raw.rules) ? raw.rules : "backgammon";
  let seed = null;
  if (raw.seed !== null && raw.seed !== undefined && String(raw.seed).trim() !== "") {
    seed = Number(raw.seed);
    if (!Number.isSafeInteger(seed) || seed < 0) {
      errors.push(t("chouette.setup.error.seed"));
      seed = null;
    }
  }
  return { setup: { players, rules, jacoby: Boolean(raw.jacoby), seed }, errors };
}

/** The setup form in `holder`; `onStart(setup)` is called with a checked setup. */
export function createSetupForm(holder, onStart) {
  const count = el("select", { name: "count", "aria-label": t("chouette.setup.number_of_players") });
  for (let n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) count.append(el("option", { value: n }, tn("chouette.setup.player_count", n)));
  const rows = el("div", { class: "tt-chouette-seats" });
  const rules = el("select", { name: "rules" }, ...CHOUETTE_RULES.map((r) => el("option", { value: r.name }, r.title)));
  const jacoby = el("input", { type: "checkbox", name: "jacoby" });
  const seed = el("input", { type: "number", name: "seed", min: 0, step: 1, inputmode: "numeric", placeholder: t("chouette.setup.random") });
  const errors = el("p", { class: "tt-error", role: "alert", hidden: true });
  const start = el("button", { type: "submit", class: "tt-button tt-primary" }, t("chouette.setup.start"));
  const form = el(
    "form",
    // novalidate: the browser's own messages are in its language; checkSetup says what is wrong from the catalogue
    { class: "tt-chouette-setup", "aria-label": t("chouette.setup.title"), novalidate: true },
    el("h2", {}, t("chouette.setup.title")),
    el("label", { class: "tt-field" }, el("span", { class: "tt-label" }, t("chouette.setup.players")), count),
    rows,
    el("label", { class: "tt-field" }, el("span", { class: "tt-label" }, t("chouette.setup.rule_set")), rules),
    el("label", { class: "tt-check" }, jacoby, t("chouette.setup.jacoby")),
    el(
      "details",
      {},
      el("summary", {}, t("chouette.setup.dice_seed")),
      el("label", { class: "tt-field" }, el("span", { class: "tt-label" }, t("chouette.setup.seed")), seed),
      el("small", {}, t("chouette.setup.seed_note")),
    ),
    errors,
    el("div", { class: "tt-dialog-buttons" }, start),
  );

  let players = defaultSetup().players;

  function readRows() {
    players = [...rows.querySelectorAll(".tt-chouette-seat")].map((row) => ({
      name: row.querySelector("input[name=name]").value,
      kind: row.querySelector("select[name=kind]").value,
      level: row.querySelector("select[name=level]").value,
    }));
  }

  function drawRows() {
    setChildren(
      rows,
      ...players.map((p, i) => {
        const name = el("input", { type: "text", name: "name", value: p.name, maxlength: 24, "aria-label": t("chouette.setup.player_name", { number: i + 1 }) });
        const kind = el(
          "select",
          { name: "kind", "aria-label": t("chouette.setup.player_kind", { number: i + 1 }) },
          el("option", { value: "human", selected: p.kind === "human" }, t("chouette.a_person")),
          el("option", { value: "computer", selected: p.kind === "computer" }, t("chouette.the_computer")),
        );
        const level = el(
          "select",
          { name: "level", "aria-label": t("chouette.setup.player_level", { number: i + 1 }), hidden: p.kind !== "computer" },
          ...LEVELS.map((l) => el("option", { value: l.name, selected: p.level === l.name }, l.title)),
        );
        kind.addEventListener("change", () => {
          level.hidden = kind.value !== "computer";
        });
        return el("div", { class: "tt-chouette-seat" }, el("span", { class: "tt-label" }, `${i + 1}.`), name, kind, level);
      }),
    );
  }

  count.addEventListener("change", () => {
    readRows();
    const n = Number(count.value);
    while (players.length < n) {
      const used = new Set(players.map((p) => p.name));
      const name = defaultNames().find((d) => !used.has(d)) || t("chouette.setup.player_default", { number: players.length + 1 });
      players.push({ name, kind: "computer", level: "intermediate" });
    }
    players = players.slice(0, n);
    drawRows();
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    readRows();
    // a number input gives "" for what is not a number: that is a wrong seed, not an empty (random) one
    const seedText = seed.validity && seed.validity.badInput ? "?" : seed.value;
    const checked = checkSetup({ players, rules: rules.value, jacoby: jacoby.checked, seed: seedText });
    errors.textContent = checked.errors.join("; ");
    errors.hidden = checked.errors.length === 0;
    if (!checked.errors.length) onStart(checked.setup);
  });

  drawRows();
  holder.append(form);
  return {
    form,
    /** Show the form filled with `setup` (the last one used, or the defaults). */
    fill(setup) {
      players = setup.players.map((p) => ({ ...p }));
      count.value = String(players.length);
      rules.value = setup.rules;
      jacoby.checked = Boolean(setup.jacoby);
      seed.value = setup.seed === null || setup.seed === undefined ? "" : String(setup.seed);
      errors.hidden = true;
      drawRows();
    },
  };
}
