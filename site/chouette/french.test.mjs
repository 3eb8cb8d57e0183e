// The chouette's words on a French page (<html lang="fr">): from site/i18n/fr.json.
// Each test file runs in its own process, so the page language set here is this file's alone.
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document = { documentElement: { lang: "fr" } };
const { loadLanguage } = await import("../i18n/i18n.js");
await loadLanguage("fr");
const { checkSetup, defaultSetup, LEVELS } = await import("./setup.js");
const { does, isYou, named, settledWords, waitingFor } = await import("./words.js");

test("on a French page the first player is Vous and the levels are named in French", () => {
  assert.deepEqual(defaultSetup().players.map((p) => p.name), ["Vous", "Anne", "Bruno"]);
  assert.deepEqual(LEVELS.map((l) => l.title), ["Débutant", "Intermédiaire", "Avancé", "Expert"]);
});

test("on a French page the verb agrees with Vous: Vous acceptez, Anne accepte", () => {
  assert.ok(isYou("Vous") && isYou("you") && !isYou("Anne"));
  assert.equal(does("Vous", "chouette.aria.take"), "Vous acceptez");
  assert.equal(does("Anne", "chouette.aria.take"), "Anne accepte");
  assert.equal(does("Vous", "chouette.rolls", { call: "Six et as" }), "Vous jetez Six et as.");
  assert.equal(does("Bruno", "chouette.status.doubles", { value: 2, waiting: waitingFor(["Anne"]) }), "Bruno double à 2\u00a0: on attend Anne.");
  assert.equal(does("Vous", "chouette.box_wins", { description: "un gammon" }), "Vous (box) gagnez un gammon");
});

test("on a French page, inside a sentence the chouette says vous: on vous attend, on attend Anne et vous", () => {
  const waiting = (names) => does("Bruno", "chouette.status.doubles", { value: 2, waiting: waitingFor(names) });
  assert.equal(waiting(["Vous"]), "Bruno double à 2\u00a0: on vous attend.");
  assert.equal(waiting(["Anne", "Vous"]), "Bruno double à 2\u00a0: on attend Anne et vous.");
  assert.equal(named("Vous"), "vous");
  assert.equal(does("Vous", "chouette.status.roll_or_double"), "À vous de lancer les dés, ou de doubler.");
  assert.equal(does("Anne", "chouette.status.roll_or_double"), "Anne\u00a0: lancez les dés, ou doublez.");
});

test("on a French page the setup's mistakes are said in French", () => {
  const { errors } = checkSetup({ players: [{ name: "Anne" }, { name: "Anne" }], seed: "-1" });
  assert.deepEqual(errors, [
    "une chouette a de 3 à 8 joueurs",
    "chaque joueur doit avoir un nom différent",
    "la graine des dés est un nombre entier, 0 ou plus (ou vide pour des dés au hasard)",
  ]);
});

test("on a French page, it is your turn in lower case: À vous de jouer, never À Vous", () => {
  assert.equal(does("Vous", "chouette.status.to_move", { call: "Six et as" }), "À vous de jouer\u00a0: Six et as.");
  assert.equal(does("Anne", "chouette.status.to_move", { call: "Six et as" }), "À Anne de jouer\u00a0: Six et as.");
  assert.equal(does("Vous", "chouette.status.to_roll"), "À vous de lancer les dés.");
  assert.equal(does("Vous", "chouette.status.cannot_move", { call: "Sonnés" }), "Vous ne pouvez pas jouer Sonnés\u00a0: le tour passe.");
  assert.equal(does("Vous", "chouette.score.won", { game: 2 }), "2\u00a0: vous avez gagné");
  assert.equal(does("Bruno", "chouette.score.won", { game: 2 }), "2\u00a0: Bruno a gagné");
  assert.equal(does("Vous", "chouette.suggested_play_label"), "Votre coup proposé");
  assert.equal(does("Vous", "chouette.play_suggestion_label"), "Jouer votre proposition");
});

test("every French chouette message naming a player inside the sentence has its own words for vous", async () => {
  const { readFileSync } = await import("node:fs");
  const fr = JSON.parse(readFileSync(new URL("../i18n/fr.json", import.meta.url), "utf8"));
  const inside = Object.keys(fr).filter((k) => k.startsWith("chouette.") && !k.endsWith(".you") && /.\{name\}/s.test(fr[k]));
  assert.ok(inside.includes("chouette.status.to_move"), inside.join(", "));
  assert.deepEqual(inside.filter((k) => !(`${k}.you` in fr)), []);
  // nor does any French message write Vous with a capital inside a sentence
  assert.deepEqual(Object.entries(fr).filter(([, text]) => /[^.!?…]\s(Vous|Votre|Vos)\b/u.test(text)), []);
});

test("on a French page a settled double says who took and who dropped", () => {
  const captains = { doubler: "black", answers: [{ name: "Anne", take: true }, { name: "Vous", take: false }, { name: "Bruno", take: true }] };
  assert.equal(settledWords(captains, "Bruno"), "Anne suit le double, vous déclinez le double et Bruno accepte");
  const boxs = { doubler: "white", answers: [{ name: "Vous", take: true }, { name: "Anne", take: false }] };
  assert.equal(settledWords(boxs, "Bruno"), "Vous acceptez et Anne refuse");
});
