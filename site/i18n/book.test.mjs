// The page and the rules book call each button by the same name, in each language: the book's pages on
// the game (docs/play.md, computer.md, play-review.md and their .fr.md editions) name the buttons the
// catalogues put on the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const DOCS = join(HERE, "..", "..", "docs");
const catalogue = (lang) => JSON.parse(readFileSync(join(HERE, `${lang}.json`), "utf8"));

/** Each button the book names, by its key, and the book's page (its English name; the French is <page>.fr.md). */
export const BOOK_BUTTONS = {
  "game.button.confirm": "play", "game.button.undo": "play", "game.button.resign": "play",
  "game.button.next": "play", "game.button.rematch": "play", "game.button.new": "play",
  "game.button.flip": "play", "game.button.full_screen": "play", "game.button.resume": "play",
  "game.button.delete": "play", "game.saved_games": "play", "game.sound": "play", "game.keys": "play",
  "game.button.hint": "computer", "game.button.take": "computer", "game.button.drop": "computer",
  "game.show_cost": "computer", "game.thinking": "computer",
  "game.button.review": "play-review", "review_panel.stop": "play-review", "review_panel.close": "play-review",
  "review_panel.open": "play-review",
  // the chouette's buttons are the game's: the same names as the book's
  "chouette.button.confirm": "play", "chouette.button.undo": "play", "chouette.button.next": "play",
};

/** Buttons of the game and of the chouette that do the same thing have the same name, in every language. */
export const SAME_BUTTONS = [
  ["game.button.roll", "chouette.button.roll"], ["game.button.double", "chouette.button.double"],
  ["game.button.undo", "chouette.button.undo"], ["game.button.confirm", "chouette.button.confirm"],
  ["game.button.next", "chouette.button.next"], ["game.button.take", "chouette.take"], ["game.button.drop", "chouette.drop"],
];

/** Whether `text` has `name` as words of its own (not inside a longer word: "Son" is not "Sonnés"). */
export function names(text, name) {
  const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, "u").test(text);
}

for (const lang of ["en", "fr"]) {
  test(`the ${lang} book names each button as the ${lang} page labels it`, () => {
    const words = catalogue(lang);
    const missing = [];
    for (const [key, page] of Object.entries(BOOK_BUTTONS)) {
      const file = lang === "en" ? `${page}.md` : `${page}.${lang}.md`;
      if (!names(readFileSync(join(DOCS, file), "utf8"), words[key])) missing.push(`${file} does not name ${key}: "${words[key].trim()}"`);
    }
    assert.deepEqual(missing, []);
  });
}

for (const lang of ["en", "fr"]) {
  test(`the ${lang} game and chouette call the same buttons by the same names`, () => {
    const words = catalogue(lang);
    assert.deepEqual(SAME_BUTTONS.filter(([a, b]) => words[a] !== words[b]).map(([a, b]) => `${a} "${words[a]}" / ${b} "${words[b]}"`), []);
  });
}

test("a button the book does not name is caught, and a name inside a longer word does not count", () => {
  assert.ok(names("Valider termine le coup", "Valider"));
  assert.ok(!names("Sonnés, Quines", "Son"));
  assert.ok(names("**Son** (coupé", "Son"));
  assert.ok(!names("Reprendre ramène une dame", "Valider"));
});

/** `template` with its {values} filled in. */
const filled = (template, values) => template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
/** Text as a reader reads it: no code marks, no-break spaces and line breaks as plain spaces. */
const plain = (text) => text.replace(/[`*]/g, "").replace(/[\s\u00a0\u202f]+/g, " ");
const engineCatalogue = (lang) =>
  JSON.parse(readFileSync(join(HERE, "..", "..", "pkg", "toutes_tables", "data", "messages", `${lang}.json`), "utf8"));

for (const [lang, point] of [["en", "."], ["fr", ","]]) {
  test(`the ${lang} book quotes the game's advice as the ${lang} page writes it`, () => {
    // docs/computer(.fr).md quotes the lines "Show what each of my moves cost" gives, and a hint's reason
    const words = catalogue(lang);
    const page = plain(readFileSync(join(DOCS, lang === "en" ? "computer.md" : `computer.${lang}.md`), "utf8"));
    const best = filled(words["advice.best"], { play: "13/7 8/7" });
    const mark = filled(words["advice.mark"], { mark: words["review.mark.doubtful"] });
    const cost = filled(words["advice.cost"], { play: "24/18 13/11", cost: `0${point}042`, mark, best: "13/7 8/7" });
    const shots = filled(engineCatalogue(lang)["advice.shots_many"], { count: 11 });
    const missing = [best, cost, shots].map(plain).filter((line) => !page.includes(line));
    assert.deepEqual(missing, []);
  });
}
