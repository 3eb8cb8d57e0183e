import { test } from "node:test";
import assert from "node:assert/strict";
import { markedLine, playerLine } from "./review-panel.js";

test("the panel's player line says the error rate, the rating and the luck, or that nothing is reviewed yet", () => {
  assert.equal(playerLine("white", { decisions: 12, error_mp: 8.24, rating: "Expert", luck: 0.12 }), "White: 8.2 millipoints per decision (Expert), luck +0.120");
  assert.equal(playerLine("black", { decisions: 0, error_mp: 0, rating: "Supernatural", luck: -0.3 }), "Black: no decision with a choice, luck \u22120.300");
  assert.equal(playerLine("black", undefined), "Black: nothing reviewed yet");
});

test("the panel's marked decisions read as the review page's", () => {
  const move = { kind: "move", colour: "white", dice: [6, 4], played: "13/7 13/9", best: "24/14", sign: "??", error: 0.152 };
  assert.equal(markedLine(move), "?? White 6-4: 13/7 13/9, best 24/14 (152 millipoints)");
  const cube = { kind: "take", colour: "black", dice: null, played: "Drop", best: "Take", sign: "?", error: 0.07 };
  assert.equal(markedLine(cube), "? Black drop, best take (70 millipoints)");
});
