import { test } from "node:test";
import assert from "node:assert/strict";
import { markedLine, playerLine, REVIEW_SAVE_VERSION, reviewFromSave, reviewToSave } from "./review-panel.js";

test("the panel's player line says the error rate, the rating and the luck, or that nothing is reviewed yet", () => {
  assert.equal(playerLine("white", { decisions: 12, error_mp: 8.24, rating: "Expert", luck: 0.12 }), "White: 8.2 millipoints per decision (Expert), luck +0.120");
  assert.equal(playerLine("black", { decisions: 0, error_mp: 0, rating: "Supernatural", luck: -0.3 }), "Black: no decision with a choice, luck \u22120.300");
  assert.equal(playerLine("black", undefined), "Black: nothing reviewed yet");
  // while the review runs, the rate so far and no rating word: two decisions are no grade
  assert.equal(playerLine("white", { decisions: 2, error_mp: 147.6, rating: "Awful!", luck: 0.12 }, false), "White: 147.6 millipoints per decision so far, luck +0.120");
});

test("the panel's marked decisions read as the review page's", () => {
  const move = { kind: "move", colour: "white", dice: [6, 4], played: "13/7 13/9", best: "24/14", sign: "??", error: 0.152 };
  assert.equal(markedLine(move), "?? White 6-4: 13/7 13/9, best 24/14 (152 millipoints)");
  const cube = { kind: "take", colour: "black", dice: null, played: "Drop", best: "Take", sign: "?", error: 0.07 };
  assert.equal(markedLine(cube), "? Black drop, best take (70 millipoints)");
});

const FINISHED = {
  record: "Toutes Tables record 1\nRules: toutes-tables\n",
  game: 1,
  done: true,
  running: false,
  shown: true,
  decisions: [
    { kind: "move", colour: "white", dice: [6, 4], played: "13/7 13/9", best: "24/14", sign: "??", mark: "very bad", error: 0.152 },
    { kind: "move", colour: "black", dice: [3, 1], played: "8/5 6/5", best: "8/5 6/5", sign: "", mark: "", error: 0 },
  ],
  summary: {
    black: { decisions: 1, error_mp: 0, rating: "Supernatural", luck: 0.1 },
    white: { decisions: 1, error_mp: 152, rating: "Beginner", luck: -0.1 },
  },
};

test("a finished review saved with the game reads back as it was", () => {
  const saved = JSON.parse(JSON.stringify(reviewToSave(FINISHED)));
  assert.equal(saved.version, REVIEW_SAVE_VERSION);
  assert.deepEqual(reviewFromSave(saved), { record: FINISHED.record, game: 1, done: true, decisions: FINISHED.decisions, summary: FINISHED.summary });
});

test("an unfinished review is saved with its decisions so far, to go on from; a closed one is not saved", () => {
  const running = { ...FINISHED, done: false, running: true };
  assert.deepEqual(reviewFromSave(JSON.parse(JSON.stringify(reviewToSave(running)))), { record: FINISHED.record, game: 1, done: false, decisions: FINISHED.decisions, summary: FINISHED.summary });
  // none done yet, or damaged ones: the review starts over, the game loads as usual
  const empty = { ...running, decisions: [], summary: null };
  assert.deepEqual(reviewFromSave(reviewToSave(empty)), { record: FINISHED.record, game: 1, done: false, decisions: [], summary: null });
  const damaged = { ...reviewToSave(running), decisions: [{ ...FINISHED.decisions[0], colour: "red" }] };
  assert.deepEqual(reviewFromSave(damaged), { record: FINISHED.record, game: 1, done: false, decisions: [], summary: null });
  assert.equal(reviewToSave({ ...FINISHED, shown: false }), null);
  assert.equal(reviewToSave({ ...FINISHED, record: null }), null);
});

test("a damaged or other-version review in the save is left out, never thrown", () => {
  const good = reviewToSave(FINISHED);
  const damaged = [
    null,
    "review",
    { ...good, version: REVIEW_SAVE_VERSION + 1 },
    { ...good, version: undefined },
    { ...good, record: "" },
    { ...good, record: 12 },
    { ...good, game: 0 },
    { ...good, done: "yes" },
    { ...good, decisions: "x" },
    { ...good, decisions: [{ ...good.decisions[0], colour: "red" }] },
    { ...good, decisions: [{ ...good.decisions[0], dice: [7, 1] }] },
    { ...good, decisions: [{ ...good.decisions[0], error: "big" }] },
    { ...good, decisions: [{ ...good.decisions[0], mark: "awful" }] },
    { ...good, decisions: [{ ...good.decisions[0], sign: 3 }] },
    { ...good, summary: null },
    { ...good, summary: { black: good.summary.black } },
  ];
  for (const data of damaged) assert.equal(reviewFromSave(data), null, JSON.stringify(data));
});
