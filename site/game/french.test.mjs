// The advice and the review panel on a French page: the engine's names sent as data (a cube decision's
// "take" and "drop", the hint's "no double", a play's mark "doubtful") are said from the page's catalogue,
// never shown as the engine sent them (docs/translations.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

globalThis.document = { documentElement: { lang: "fr" } };
const { loadLanguage } = await import("../i18n/i18n.js");
await loadLanguage("fr");
const { costText, cubeEquitiesText, formatEquity, hintBestText, hintCostText } = await import("./advice.js");
const { markedLine } = await import("./review-panel.js");
const { actionWord } = await import("../i18n/engine-words.js");

// The hint before rolling as site/engine/PROTOCOL.md shows it: the names the game's hint really sends
// (tests/test_service_advice.py checks the service sends the example's names).
const protocol = readFileSync(new URL("../engine/PROTOCOL.md", import.meta.url), "utf8");
const hintBeforeRolling = JSON.parse(protocol.match(/^\{"actor": "white", "phase": "roll"[^]*?\}\}\}$/m)[0]);

test("the hint's cube choices are in French on a French page, as the game's hint names them", () => {
  const text = cubeEquitiesText(hintBeforeRolling.cube.equities);
  assert.equal(text, "pas de double +0,769 \u00b7 double, accepte +0,940 \u00b7 double, refuse +1,000");
  assert.equal(cubeEquitiesText({ take: -0.3, drop: -1 }), "accepte \u22120,300 \u00b7 refuse \u22121,000");
  assert.doesNotMatch(text, /no double|take|pass|drop/);
});

test("a play's cost names its mark in French on a French page", () => {
  const text = costText({ notation: "24/18 13/11", best: "13/7 8/7", cost: 0.042, mark: "doubtful" });
  assert.match(text, /coût 0,042, douteux /);
  assert.match(text, /1,000 vaut une partie/);
  assert.doesNotMatch(text, /doubtful/);
});

test("a reviewed cube decision's take and drop are in French in the game's review panel", () => {
  const answer = { kind: "take", colour: "black", dice: null, played: "drop", best: "take", sign: "?", error: 0.07 };
  assert.equal(markedLine(answer), "? Noir refuse, le meilleur\u00a0: accepte (70 millipoints)");
  const cube = { kind: "cube", colour: "white", dice: null, played: "no double", best: "double", sign: "??", error: 0.2 };
  assert.doesNotMatch(markedLine(cube), /no double/);
  assert.match(markedLine(cube), /pas de double, le meilleur\u00a0: double/);
});

test("every cube action the engine names is said in French", () => {
  for (const [name, french] of [["no double", "pas de double"], ["double", "double"], ["take", "accepte"], ["drop", "refuse"],
    ["double, take", "double, accepte"], ["double, pass", "double, refuse"]]) {
    assert.equal(actionWord(name), french);
  }
});

test("a reviewed move in the panel has the French colon, its space unbreakable", () => {
  const move = { kind: "move", colour: "white", dice: [6, 4], played: "13/7 13/9", best: "24/14", sign: "??", error: 0.152 };
  assert.equal(markedLine(move), "?? Blanc 6-4\u00a0: 13/7 13/9, le meilleur\u00a0: 24/14 (152 millipoints)");
});

test("figures are written with a decimal comma on a French page, as the resignation's are", () => {
  assert.equal(formatEquity(0.123), "+0,123");
  assert.equal(formatEquity(-0.045), "\u22120,045");
  assert.equal(formatEquity(0.0002), "0,000");
});

test("a hinted play's cost and mark are said in French", () => {
  assert.equal(hintCostText({ cost: 0.042, mark: "doubtful" }), " (coût 0,042, douteux)");
  assert.equal(hintCostText({ cost: 0.017, mark: "" }), " (coût 0,017)");
});

test("a passed turn of the review is said in French on a French page, not as the record writes it", async () => {
  const { playedWords } = await import("../i18n/engine-words.js");
  const { alternativeLines } = await import("../review/graph.js");
  // review_next's item for a turn with no legal play: the record's "(no play)", no moves
  const pass = { kind: "move", colour: "white", dice: [6, 6], played: "(no play)", played_moves: [], best: "(no play)", alternatives: [] };
  assert.equal(playedWords(pass), "(aucun coup possible)");
  assert.equal(playedWords({ ...pass, played: "13/7 8/7", played_moves: [[13, 7], [8, 7]] }), "13/7 8/7");
  assert.equal(playedWords({ kind: "cube", played: "no double" }), "no double"); // a cube action: actionWord's
  const lines = alternativeLines({ played: "8/2 6/2", alternatives: [
    { play: "8/2 6/2", equity: 0.014, ply: 1 }, { play: "24/20 24/18", equity: -0.033, ply: 0 }] });
  assert.deepEqual(lines.map((l) => l.text), ["8/2 6/2 +0,014 profondeur 1 (joué)", "24/20 24/18 \u22120,033 profondeur 0"]);
});

test("the hint's reason read after its equity starts a French sentence, capitalised, with its full stop", () => {
  // the player-tester heard "… équité +0,119. fait votre case 3"
  assert.equal(
    hintBestText({ notation: "8/3 6/3", equity: 0.119, reason: "fait votre case 3" }),
    "Conseil\u00a0: le meilleur coup est 8/3 6/3, équité +0,119. Fait votre case 3.",
  );
  assert.equal(
    hintBestText({ notation: "24/13", equity: -0.05, reason: "échappe une dame arrière" }),
    "Conseil\u00a0: le meilleur coup est 24/13, équité \u22120,050. Échappe une dame arrière.",
  );
});
