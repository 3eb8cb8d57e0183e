// The converted pages write no words of their own: every word a player reads comes from the catalogues
// (docs/translations.md). literals.js finds a player's words written as literals; these tests run it on
// the converted files, and prove on examples (and on a real file with a literal put back) that it finds them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { playerWordsIn } from "./literals.js";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
/** The folders whose words are all the catalogues' (site/i18n/README.md, "What speaks through the catalogues"). */
export const CONVERTED = ["site/game", "site/chouette", "site/review", "site/analysis", "site/board", "site/embed", "docs/javascripts"];
/**
 * The site's folders that write no player's words, and why they are not scanned: every folder of site/ is
 * either converted or here, so a new page cannot be left out of the scan by being forgotten.
 */
export const NOT_FOR_PLAYERS = {
  "site/bench": "the benchmark pages (bench/, bench/computer.html): for developers, driven by benchmarks/browser_boot.py and benchmarks/computer_browser.py, linked from no page; their status lines stay English",
  "site/engine": "the engine worker and its loader: Python source and errors for developers (a page puts an engine error inside its own catalogue's sentence)",
  "site/i18n": "the catalogues and the code that reads them",
  "site/icons": "images",
};
/** Files of a converted folder that are for developers only, and why. */
export const DEVELOPER_FILES = {
  "site/board/demo.js": "the board component's demo page (board/demo.html), for developers, linked from no page",
};

function sources(dir) {
  return readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith(".js") && !(`${dir}/${name}` in DEVELOPER_FILES))
    .map((name) => join(ROOT, dir, name));
}

test("every folder of the site is scanned for a player's words, or says why it writes none", () => {
  const folders = readdirSync(join(ROOT, "site"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `site/${e.name}`);
  assert.deepEqual(folders.filter((dir) => !CONVERTED.includes(dir) && !(dir in NOT_FOR_PLAYERS)), []);
  assert.deepEqual(Object.keys(NOT_FOR_PLAYERS).filter((dir) => CONVERTED.includes(dir)), []);
});

test("the developer-only pages are linked from no page a player reads", () => {
  const pages = [...CONVERTED.filter((d) => d.startsWith("site/")), "site"].flatMap((dir) =>
    readdirSync(join(ROOT, dir)).filter((n) => /\.(js|html)$/.test(n)).map((n) => readFileSync(join(ROOT, dir, n), "utf8")));
  assert.deepEqual(pages.filter((source) => /["'`/]bench\/|board\/demo\.html/.test(source)).length, 0);
});

test("the converted pages and widgets write no player's words as literals", () => {
  const found = [];
  for (const dir of CONVERTED) {
    for (const file of sources(dir)) {
      for (const { line, text } of playerWordsIn(readFileSync(file, "utf8"))) found.push(`${relative(ROOT, file)}:${line}: ${text}`);
    }
  }
  assert.deepEqual(found, []);
});

const words = (source) => playerWordsIn(source).map((w) => w.text);

test("the scan finds a word where the page shows words", () => {
  assert.deepEqual(words('button.textContent = "Roll";'), ["Roll"]);
  assert.deepEqual(words('button.textContent = on ? "Leave" : "Full";'), ["Leave", "Full"]);
  assert.deepEqual(words('box.setAttribute("aria-label", "Moves");'), ["Moves"]);
  assert.deepEqual(words('el("ol", { class: "tt-moves", "aria-label": "Moves" });'), ["Moves"]);
  assert.deepEqual(words('el("button", { type: "button" }, "Roll");'), ["Roll"]);
  assert.deepEqual(words('el("p", {}, node, "Copy");'), ["Copy"]);
  assert.deepEqual(words('const copy = pageButton("Copy");'), ["Copy"]);
  assert.deepEqual(words('board.set({ message: "Open" });'), ["Open"]);
  assert.deepEqual(words('throw new SavedGameError("Damaged");'), ["Damaged"]);
});

test("the scan finds a sentence wherever it is, a template's values left out", () => {
  assert.deepEqual(words("const said = `${who} rolls ${call}.`;"), ["${…} rolls ${…}."]);
  assert.deepEqual(words('return "the link gives a turn without a position";'), ["the link gives a turn without a position"]);
  // a template inside a template's value is read too
  assert.deepEqual(words("x = `${a ? `Your move` : b}`;"), ["Your move"]);
});

test("the scan leaves out keys, names in the code, class lists, comments, regular expressions and exemptions", () => {
  assert.deepEqual(words('button.textContent = t("game.button.roll"); el("p", {}, tn("saved.detail", n));'), []);
  assert.deepEqual(words('el("div", { class: "tt-button tt-primary" }, t(`level.${name}`));'), []);
  assert.deepEqual(words('rememberedCheckbox(KEY, "sound", label); play(kind, "noise");'), []);
  assert.deepEqual(words('// Roll the dice, says the comment\n/* and so does this one */ const a = 1;'), []);
  assert.deepEqual(words("const re = /the dice roll here/g; const b = x / 2;"), []);
  assert.deepEqual(words('console.warn("a developer reads this line");'), []);
  assert.deepEqual(words('matchMedia("(prefers-reduced-motion: reduce)"); q.closest(".tt-field label");'), []);
  assert.deepEqual(words('const name = "Toutes Tables 225"; // i18n-exempt: a name'), []);
  // names the code decides from: a key, an index, a comparison
  assert.deepEqual(words('const c = { "very bad": 1 }; n = marks["very bad"]; if (d.mark === "very bad" || "good enough" !== v) f();'), []);
  // …but a ternary's branch is no key
  assert.deepEqual(words('x.textContent = on ? "very bad" : "good enough";'), ["very bad", "good enough"]);
});

test("a literal put back into a converted file is found, at its line", () => {
  const file = join(ROOT, "site/game/layout.js");
  const source = readFileSync(file, "utf8");
  assert.deepEqual(playerWordsIn(source), []);
  const changed = source.replace('roll: button(t("game.button.roll"),', 'roll: button("Roll",');
  assert.notEqual(changed, source);
  const line = source.slice(0, source.indexOf('roll: button(t("game.button.roll"),')).split("\n").length;
  assert.deepEqual(playerWordsIn(changed), [{ line, text: "Roll" }]);
});
