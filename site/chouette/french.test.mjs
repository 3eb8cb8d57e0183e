// The chouette's words on a French page (<html lang="fr">): from site/i18n/fr.json.
// Each test file runs in its own process, so the page language set here is this file's alone.
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document = { documentElement: { lang: "fr" } };
const { loadLanguage } = await import("../i18n/i18n.js");
await loadLanguage("fr");
const { checkSetup, defaultSetup, LEVELS } = await import("./setup.js");
const { does, isYou, named, waitingFor } = await import("./words.js");

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
  assert.equal(does("Vous", "chouette.box_wins", { description: "un gammon" }), "Vous (boîte) gagnez un gammon");
});

test("on a French page, inside a sentence the chouette says vous: on vous attend, on attend Anne et vous", () => {
  const waiting = (names) => does("Bruno", "chouette.status.doubles", { value: 2, waiting: waitingFor(names) });
  assert.equal(waiting(["Vous"]), "Bruno double à 2\u00a0: on vous attend.");
  assert.equal(waiting(["Anne", "Vous"]), "Bruno double à 2\u00a0: on attend Anne et vous.");
  assert.equal(named("Vous"), "vous");
});

test("on a French page the setup's mistakes are said in French", () => {
  const { errors } = checkSetup({ players: [{ name: "Anne" }, { name: "Anne" }], seed: "-1" });
  assert.deepEqual(errors, [
    "une chouette a de 3 à 8 joueurs",
    "chaque joueur doit avoir un nom différent",
    "la graine des dés est un nombre entier, 0 ou plus (ou vide pour des dés au hasard)",
  ]);
});
