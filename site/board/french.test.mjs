// The board and <tt-board>'s words on a French page (<html lang="fr">): from site/i18n/fr.json.
// Each test file runs in its own process, so the page language set here is this file's alone.
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document = { documentElement: { lang: "fr" } };
const { loadLanguage } = await import("../i18n/i18n.js");
await loadLanguage("fr");
const { parseAttributes } = await import("./attributes.js");
const { BAR } = await import("./geometry.js");
const { activate, configure, defaults, describeLocation } = await import("./state.js");
const { chooserLabel } = await import("./reach.js");

const NBSP = "\u00a0";

test("on a French page the board's players are Noir and Blanc", () => {
  assert.deepEqual(defaults().labels, { black: "Noir", white: "Blanc" });
});

test("on a French page a location is described in French, with French plurals and agreement", () => {
  const state = configure(defaults(), { turn: "white", dests: { 13: [7, 8] } });
  assert.equal(describeLocation(state, 13), `Flèche 13${NBSP}: 5 dames blanches. Peut aller en 7, 8.`);
  assert.equal(describeLocation(state, 2), `Flèche 2${NBSP}: vide.`);
  assert.equal(describeLocation(state, 1), `Flèche 1${NBSP}: 2 dames noires.`);
  activate(state, 13);
  assert.match(describeLocation(state, 7), /Arrivée permise\u00a0: Entrée y joue la dame de 13/);
  assert.equal(describeLocation(state, BAR), `Barre${NBSP}: Noir 0, Blanc 0.`);
  assert.equal(chooserLabel(BAR), "Barre");
});

test("on a French page a bad <tt-board> attribute is explained in French", () => {
  const error = (attrs) => parseAttributes((name) => attrs[name] ?? null).error;
  assert.equal(error({ turn: "red" }), 'turn="red" doit valoir white ou black.');
  assert.equal(error({ mode: "play" }), 'mode="play" demande des dés, comme dice="6-1".');
});

test("a point is a flèche, the book's glossary word; a case is a point held by two or more checkers", async () => {
  const { readFileSync } = await import("node:fs");
  const glossary = readFileSync(new URL("../../docs/rules/glossary.fr.md", import.meta.url), "utf8");
  assert.match(glossary, /^\| flèche, lame \| point \|/m);
  assert.match(glossary, /^\| \*\*case\*\* \| point, made point \| deux dames ou plus/m);
  const french = JSON.parse(readFileSync(new URL("../i18n/fr.json", import.meta.url), "utf8"));
  const pointWords = Object.entries(french).filter(([key]) => /^board\.point_(empty|checkers)/.test(key));
  assert.equal(pointWords.length, 5);
  assert.deepEqual(pointWords.filter(([, words]) => !words.startsWith("Flèche {point}")), []);
  const state = configure(defaults(), {});
  assert.match(describeLocation(state, 2), /^Flèche 2/); // empty: no case there
});
