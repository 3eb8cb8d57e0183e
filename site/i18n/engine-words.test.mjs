// The engine's names in the page's language have their own module (engine-words.js), so the game page and the
// analysis board say them without loading the review page's code: none of their modules imports site/review/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

import { actionWord, luckWord, markWord, reviewWord } from "./engine-words.js";

test("the engine's names are said through the catalogues, an unknown one as it is", () => {
  assert.equal(markWord("very bad"), "very bad"); // English: node has no page, so its language is English
  assert.equal(luckWord("very unlucky"), "very unlucky");
  assert.equal(actionWord("double, pass"), "double, pass");
  assert.equal(reviewWord("rating", "No such rating"), "No such rating");
});

test("the game page's and the analysis board's modules never import the review page's code", () => {
  for (const folder of ["game", "analysis"]) {
    const dir = new URL(`../${folder}/`, import.meta.url);
    const modules = readdirSync(dir).filter((name) => name.endsWith(".js"));
    assert.ok(modules.length > 3, folder);
    for (const name of modules) {
      assert.doesNotMatch(readFileSync(new URL(name, dir), "utf8"), /from "\.\.\/review\//, `site/${folder}/${name}`);
    }
  }
});
