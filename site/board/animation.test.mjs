// Tests of the board's motion (animation.js): `node --test site/board/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { easeInOut, isFreshRoll, rollAt, ROLL_MS, SLIDE_MS, slideAt, tumbleFace, tumbleOffset } from "./animation.js";

test("a slide plays its moves one after another and is over after the last", () => {
  assert.deepEqual(slideAt(0, 2), { step: 0, progress: 0, done: false });
  const half = slideAt(SLIDE_MS * 1.5, 2);
  assert.equal(half.step, 1);
  assert.ok(Math.abs(half.progress - 0.5) < 1e-9);
  assert.deepEqual(slideAt(SLIDE_MS * 2, 2), { step: 2, progress: 1, done: true });
  assert.equal(slideAt(-5, 1).step, 0); // a frame stamped before the slide began
});

test("the checkers' curve starts and lands slowly, and stays within its ends", () => {
  assert.equal(easeInOut(0), 0);
  assert.equal(easeInOut(1), 1);
  assert.equal(easeInOut(0.5), 0.5);
  assert.ok(easeInOut(0.1) < 0.1 && easeInOut(0.9) > 0.9);
  assert.equal(easeInOut(2), 1);
});

test("the dice tumble through other faces and land on their values, square and in place", () => {
  assert.deepEqual(rollAt(ROLL_MS), { progress: 1, done: true });
  assert.equal(rollAt(ROLL_MS / 2).done, false);
  for (const value of [1, 2, 3, 4, 5, 6]) {
    const faces = [0, 0.2, 0.4, 0.6].map((p) => tumbleFace(value, 0, p));
    for (const f of faces) assert.ok(f >= 1 && f <= 6);
    for (let i = 1; i < faces.length; i++) assert.notEqual(faces[i], faces[i - 1]);
    assert.equal(tumbleFace(value, 0, 0.95), value);
    assert.equal(tumbleFace(value, 1, 1), value);
  }
  const landed = tumbleOffset(1, 1);
  assert.ok(Math.abs(landed.dx) < 1e-9 && Math.abs(landed.dy) < 1e-9 && Math.abs(landed.angle) < 1e-9);
});

test("fresh dice roll; the same dice given back by an undo do not", () => {
  const rolled = [{ value: 6, colour: "white", used: false }, { value: 1, colour: "white", used: false }];
  assert.equal(isFreshRoll([], rolled), true);
  const used = [{ ...rolled[0], used: true }, rolled[1]];
  assert.equal(isFreshRoll(used, rolled), false); // the undo
  assert.equal(isFreshRoll(rolled, used), false);
  assert.equal(isFreshRoll(rolled, [{ value: 6, colour: "black", used: false }, { value: 1, colour: "black", used: false }]), true);
  assert.equal(isFreshRoll(rolled, []), false);
});
