// The game's embed code shows what its share link shares: this turn's position, player on roll and dice.
import { test } from "node:test";
import assert from "node:assert/strict";

import { embedOptions } from "./embed-share.js";

const base = { rules: "backgammon-225", position_id: "4HPwATDgc/ABMA", turn: "black", start: { number: 17 } };

test("a rolled turn embeds its position and dice, to be played on the embedded board", () => {
  const die = (value) => ({ value, used: false, colour: "black" });
  assert.deepEqual(embedOptions({ ...base, phase: "move", dice: [die(5), die(2)] }), {
    rules: "backgammon-225", position: "4HPwATDgc/ABMA", turn: "black", dice: [5, 2], mode: "play",
  });
});

test("a double is embedded as its two dice, however many are left to play", () => {
  const dice = [5, 5, 5, 5].map((value, i) => ({ value, used: i < 2, colour: "black" }));
  assert.deepEqual(embedOptions({ ...base, phase: "move", dice }).dice, [5, 5]);
});

test("before the roll the position is shown without dice, to look at", () => {
  assert.deepEqual(embedOptions({ ...base, phase: "roll", dice: [] }), {
    rules: "backgammon-225", position: "4HPwATDgc/ABMA", turn: "black", dice: null, mode: "view",
  });
});

test("before the opening roll and after the game, the game's start is embedded", () => {
  assert.deepEqual(embedOptions({ ...base, phase: "opening" }), { rules: "backgammon-225", position: 17, mode: "view" });
  assert.deepEqual(embedOptions({ ...base, rules: "backgammon", start: null, phase: "over" }), {
    rules: "backgammon", position: 64, mode: "view",
  });
});

test("on a page in another language than English the embedded board speaks it too", () => {
  assert.equal(embedOptions({ ...base, phase: "roll", dice: [] }, "fr").lang, "fr");
  assert.equal(embedOptions({ ...base, phase: "over" }, "fr").lang, "fr");
  assert.equal("lang" in embedOptions({ ...base, phase: "roll", dice: [] }, "en"), false);
});
