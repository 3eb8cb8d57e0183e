// The review's words in French: the page's own (site/i18n/fr.json) and the engine's names (marks,
// ratings, luck) said through the catalogues' review.* keys, as the engine's own catalogues say them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { loadLanguage, t } from "../i18n/i18n.js";
import { reviewWord } from "../i18n/engine-words.js";

await loadLanguage("fr");
const engine = (lang) => JSON.parse(readFileSync(new URL(`../../pkg/toutes_tables/data/messages/${lang}.json`, import.meta.url), "utf8"));

test("the engine's review names are said in the page's language, an unknown one as it is", () => {
  assert.equal(reviewWord("mark", "very bad"), "very bad"); // English: node has no page, so its language is English
  assert.equal(t("review.mark.very_bad", {}, "fr"), "très mauvais");
  assert.equal(reviewWord("rating", "No such rating"), "No such rating");
});

test("the page says the review's names as the engine's catalogues do, in every language they share", () => {
  for (const lang of ["en", "fr"]) {
    const words = engine(lang);
    const keys = Object.keys(words).filter((key) => /^review\.(mark|luck|rating|luck_rating|action)\./.test(key));
    assert.ok(keys.length >= 20, keys.length);
    const differ = keys.filter((key) => t(key, {}, lang).replace(/\u00a0/g, " ") !== words[key].replace(/\u00a0/g, " "));
    assert.deepEqual(differ, []);
  }
});

test("a figure in points says its unit in French, the plural from 2 and a decimal comma", async () => {
  const { pointsText } = await import("./graph.js");
  const french = globalThis.document;
  globalThis.document = { documentElement: { lang: "fr" } };
  try {
    assert.equal(pointsText(-11.566), "\u221211,57 points");
    assert.equal(pointsText(1.5), "+1,50 point");
    assert.equal(pointsText(2), "+2 points");
  } finally {
    globalThis.document = french;
  }
});

test("the review's counts say one in the singular and more in the plural, in both languages", async () => {
  const { tn } = await import("../i18n/i18n.js");
  const said = (lang, key, count, values = {}) => tn(key, count, values, lang).replace(/\u00a0/g, " ");
  const cases = [
    ["review.row.checker_moves", { mp: "3 mp" }, ["3 mp (1 move)", "3 mp (2 moves)"], ["3 mp (1 coup)", "3 mp (2 coups)"]],
    ["review.turn_count", {}, ["1 turn", "2 turns"], ["1 tour", "2 tours"]],
    ["review_panel.decisions", {}, ["1 decision", "2 decisions"], ["1 décision", "2 décisions"]],
    ["review_panel.marked", {}, ["1 marked", "2 marked"], ["1 marquée", "2 marquées"]],
  ];
  for (const [key, values, english, french] of cases) {
    assert.deepEqual([said("en", key, 1, values), said("en", key, 2, values)], english);
    assert.deepEqual([said("fr", key, 1, values), said("fr", key, 2, values)], french);
  }
  assert.match(said("en", "review.finished", 1, { level: "Expert" }), /: 1 decision\.$/);
  assert.match(said("fr", "review.finished", 2, { level: "Expert" }), /: 2 décisions\.$/);
  assert.match(said("en", "review.graph_label", 1), /over 1 move,/);
  assert.match(said("fr", "review.graph_label", 1), /sur 1 coup,/);
  assert.equal(said("fr", "review_panel.decisions", 0), "0 décision"); // French says zero in the singular
});
