// The Resign dialog's choices (resign.js): `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { outcomePoints, resignOutcomes } from "./resign.js";

test("a player concedes what the rule set has: gammons and backgammons in backgammon, the double game in Toutes tables", () => {
  assert.deepEqual(resignOutcomes("backgammon").map(([o]) => o), ["single", "gammon", "backgammon"]);
  assert.deepEqual(resignOutcomes("backgammon-225").map(([o]) => o), ["single", "gammon", "backgammon"]);
  assert.deepEqual(resignOutcomes("toutes-tables").map(([o]) => o), ["single", "double"]);
  assert.deepEqual(resignOutcomes("toutes-tables-225").map(([o]) => o), ["single", "double"]);
});

test("what a resignation scores is the outcome's multiplier times the cube", () => {
  assert.equal(outcomePoints("single"), 1);
  assert.equal(outcomePoints("gammon", 2), 4);
  assert.equal(outcomePoints("backgammon", 4), 12);
  assert.equal(outcomePoints("double"), 2);
});
