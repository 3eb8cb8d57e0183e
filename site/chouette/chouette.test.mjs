// Tests of the chouette page's pure parts (the setup check, the saved envelope): `node --test site/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkSetup, defaultSetup } from "./setup.js";
import { does, named, settledWords, waitingFor } from "./words.js";
import { t } from "../i18n/i18n.js";
import { parseSavedChouette, SavedChouetteError } from "./storage.js";

test("the default setup is three players, one person and two computers, and is valid", () => {
  const { setup, errors } = checkSetup(defaultSetup());
  assert.deepEqual(errors, []);
  assert.equal(setup.players.length, 3);
  assert.deepEqual(setup.players.map((p) => p.kind), ["human", "computer", "computer"]);
  assert.equal(setup.rules, "backgammon");
  assert.equal(setup.seed, null);
});

test("a setup needs 3 to 8 players with different, non-empty names", () => {
  const two = { ...defaultSetup(), players: defaultSetup().players.slice(0, 2) };
  assert.match(checkSetup(two).errors.join(), /3 to 8 players/);
  const nine = { ...defaultSetup(), players: Array.from({ length: 9 }, (_, i) => ({ name: `P${i}`, kind: "human" })) };
  assert.match(checkSetup(nine).errors.join(), /3 to 8 players/);
  const same = { ...defaultSetup(), players: [{ name: "A" }, { name: " A " }, { name: "B" }] };
  assert.match(checkSetup(same).errors.join(), /different name/);
  const blank = { ...defaultSetup(), players: [{ name: "A" }, { name: "  " }, { name: "B" }] };
  assert.match(checkSetup(blank).errors.join(), /player 2 needs a name/);
});

test("names are trimmed, unknown levels and rule sets fall back, the seed is a whole number", () => {
  const raw = { players: [{ name: " Ann ", kind: "computer", level: "grandmaster" }, { name: "Bob" }, { name: "Cy" }], rules: "toutes-tables", seed: "42" };
  const { setup, errors } = checkSetup(raw);
  assert.deepEqual(errors, []);
  assert.deepEqual(setup.players[0], { name: "Ann", kind: "computer", level: "intermediate" });
  assert.equal(setup.players[1].kind, "human");
  assert.equal(setup.rules, "backgammon");
  assert.equal(setup.seed, 42);
  assert.match(checkSetup({ ...raw, seed: "1.5" }).errors.join(), /seed/);
  assert.equal(checkSetup({ ...raw, seed: "" }).setup.seed, null);
});

test("a saved chouette's envelope is checked; corrupt data is a SavedChouetteError with a reason", () => {
  const good = { version: 1, save: { format: "toutes-tables/chouette" }, seats: { Ann: { kind: "human", level: null } }, steps: [[13, 7]] };
  assert.deepEqual(parseSavedChouette(JSON.stringify(good)).steps, [[13, 7]]);
  const bad = [
    ["{not json", /corrupt/],
    ["[]", /not a chouette/],
    [JSON.stringify({ ...good, version: 2 }), /another version/],
    [JSON.stringify({ ...good, save: "x" }), /no session record/],
    [JSON.stringify({ ...good, seats: { Ann: { kind: "robot" } } }), /person and who the computer/],
    [JSON.stringify({ ...good, steps: [[1, 99]] }), /turn in progress/],
  ];
  for (const [text, reason] of bad) assert.throws(() => parseSavedChouette(text), (e) => e instanceof SavedChouetteError && reason.test(e.message));
});

test("the chouette's verbs agree with the name: You take, Ann takes", () => {
  assert.equal(does("You", "chouette.aria.take"), "You take");
  assert.equal(does("you", "chouette.aria.join"), "you join");
  assert.equal(does("You", "chouette.rolls", { call: "Six-five" }), "You roll Six-five.");
  assert.equal(does("You", "chouette.status.thinking"), "You are thinking…");
  assert.equal(does("Ann", "chouette.aria.take"), "Ann takes");
  assert.equal(does("Yves", "chouette.status.doubles", { value: 2, waiting: waitingFor(["Ann"]) }), "Yves doubles to 2: waiting for Ann.");
  assert.equal(does("You", "chouette.box_wins", { description: "a gammon" }), "You (box) win a gammon");
  assert.equal(does("Ann", "chouette.box_wins", { description: "a gammon" }), "Ann (box) wins a gammon");
});

test("inside a sentence the chouette says you, not You: waiting for you, waiting for Ann and you", () => {
  const waiting = (names) => does("Yves", "chouette.status.doubles", { value: 2, waiting: waitingFor(names) });
  assert.equal(waiting(["You"]), "Yves doubles to 2: waiting for you.");
  assert.equal(waiting(["Ann", "You"]), "Yves doubles to 2: waiting for Ann and you.");
  assert.equal(waiting(["Ann", "Bob", "Cy"]), "Yves doubles to 2: waiting for Ann, Bob, and Cy.");
  assert.equal(named("You"), "you");
  assert.equal(named("Ann"), "Ann");
});

test("the status line says your turn to the person at the screen, not You: roll the dice", () => {
  assert.equal(does("You", "chouette.status.roll_or_double"), "Your turn: roll the dice, or double.");
  assert.equal(does("Ann", "chouette.status.roll_or_double"), "Ann: roll the dice, or double.");
});

test("a settled double says who took and who dropped: each member's answer, then the box's", () => {
  const captains = { doubler: "black", answers: [{ name: "Ann", take: true }, { name: "You", take: false }, { name: "Cy", take: true }] };
  assert.equal(settledWords(captains, "Cy"), "Ann joins the double, you refuse the double, and Cy takes");
  const boxs = { doubler: "white", answers: [{ name: "You", take: true }, { name: "Ann", take: false }] };
  assert.equal(settledWords(boxs, "Cy"), "You take and Ann drops");
  assert.equal(t("chouette.status.after_answers", { answers: "You take and Ann drops", status: "Cy to roll." }), "You take and Ann drops. Cy to roll.");
});
