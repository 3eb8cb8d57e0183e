// The Resign dialog's choices (resign.js): `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { outcomePoints, resignationAnswerWords, resignOutcomes } from "./resign.js";

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

test("the computer's answer to a resignation is a short sentence for the status line and its figures apart", () => {
  const refused = resignationAnswerWords({ receiver: "black", outcome: "single", accepts: false, offered: 1, playing_on: 1.954 });
  assert.deepEqual(refused, {
    status: "Black refuses: the game goes on.",
    why: "Black refuses: a single game gives 1 point, but playing on is worth +1.95.",
  });
  const accepted = resignationAnswerWords({ receiver: "white", outcome: "gammon", accepts: true, offered: 4, playing_on: -0.4 });
  assert.deepEqual(accepted, {
    status: "White accepts.",
    why: "White accepts: a gammon gives 4 points, and playing on is worth -0.40.",
  });
});
