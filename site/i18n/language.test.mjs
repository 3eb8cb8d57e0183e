// The rules book's edition choice (docs/javascripts/language.js), without a browser: which edition a first
// visit to the root opens (pickEdition), and where the language switch leads (sameSpotIn). The e2e tests
// (e2e/test_french_edition.py) drive the same in Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";

import { pickEdition, sameSpotIn } from "../../docs/javascripts/language.js";

const SITE = ["en", "fr"];

test("a first visit opens the first edition the browser prefers, by its primary language", () => {
  assert.equal(pickEdition(SITE, null, ["fr-FR", "en-US"]), "fr");
  assert.equal(pickEdition(SITE, null, ["fr-CA"]), "fr");
  assert.equal(pickEdition(SITE, null, ["FR"]), "fr");
  assert.equal(pickEdition(SITE, null, ["de-DE", "fr-CH", "en"]), "fr"); // German is not built: the next one
  assert.equal(pickEdition(SITE, null, ["en-GB", "fr"]), "en");
});

test("a remembered edition wins over the browser's preference, while the site still has it", () => {
  assert.equal(pickEdition(SITE, "en", ["fr-FR"]), "en");
  assert.equal(pickEdition(SITE, "fr", ["en-US"]), "fr");
  // an edition remembered from a build that had it (or a value nobody wrote): the browser decides again
  assert.equal(pickEdition(SITE, "de", ["fr-FR", "en"]), "fr");
  assert.equal(pickEdition(SITE, "", ["en-US"]), "en");
});

test("no edition the browser names: none is picked (the root stays as it is)", () => {
  assert.equal(pickEdition(SITE, null, ["de-DE", "ja"]), null);
  assert.equal(pickEdition(SITE, null, []), null);
  assert.equal(pickEdition([], "fr", ["fr"]), null);
});

test("a third edition is picked by the same rule, with no code", () => {
  assert.equal(pickEdition([...SITE, "de"], null, ["de-AT", "fr"]), "de");
  assert.equal(pickEdition([...SITE, "de"], "de", ["fr"]), "de");
});

test("the switch leads to the other edition's page with the same query and anchor", () => {
  const here = new URL("https://example.org/analysis/?rules=backgammon&xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A0%3A0%3A10#board");
  const target = sameSpotIn("https://example.org/fr/analysis/", here);
  assert.equal(target.pathname, "/fr/analysis/");
  assert.equal(target.search, here.search);
  assert.equal(new URLSearchParams(target.search).get("xgid"), "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10");
  assert.equal(target.hash, "#board");
  // a review link's ?move=, back to English
  assert.equal(
    sameSpotIn("https://example.org/play-review/", new URL("https://example.org/fr/play-review/?move=12")).href,
    "https://example.org/play-review/?move=12",
  );
  // nothing to carry: the other edition's page as it is
  assert.equal(sameSpotIn("https://example.org/fr/rules/", new URL("https://example.org/rules/")).href, "https://example.org/fr/rules/");
});
