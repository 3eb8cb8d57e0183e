// Tests of a finger's reach on the board (reach.js): `node --test site/board/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { layout, UNITS_HIGH, UNITS_WIDE } from "./geometry.js";
import { BORDER_DOUBT_PX, chooserLabel, chooserOrder, FINGER_PX, fingerReach, hitRectPx, tapTargets } from "./reach.js";
import { classicPosition, configure, defaults } from "./state.js";

// a phone held upright: the board 374 px wide, a point about 22 px
const PHONE = layout(374, (374 * UNITS_HIGH) / UNITS_WIDE);

function phoneState(dests, selected = null) {
  const state = configure(defaults(), { position: classicPosition(), turn: "white", interactive: true, dests });
  state.selected = selected;
  return state;
}

function centre(loc, state) {
  const r = hitRectPx(PHONE, loc, state.orientation);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2, r };
}

test("a point is narrower than a finger on a phone, which is why taps are read by reach", () => {
  const r = hitRectPx(PHONE, 6, "white");
  assert.ok(r.w < FINGER_PX && r.w > 20, `a point is ${r.w} px wide`);
  assert.ok(r.h >= FINGER_PX, "a point's column is taller than a finger");
});

test("a lone movable point is reached by a tap a little off it, 22 px either side", () => {
  const state = phoneState({ 6: [5], 13: [12] });
  const { x, y, r } = centre(6, state);
  assert.deepEqual(fingerReach(state, PHONE, x, y), [6]);
  assert.deepEqual(fingerReach(state, PHONE, r.x - FINGER_PX / 2 + 1, y), [6]);
  assert.deepEqual(fingerReach(state, PHONE, r.x + r.w + FINGER_PX / 2 - 1, y), [6]);
  assert.deepEqual(fingerReach(state, PHONE, r.x + r.w + FINGER_PX / 2 + 2, y), []);
});

test("a tap in the middle of a point acts on it even when its neighbours are targets too", () => {
  // 6 picked with 2-1: 5, 4 and 3 lie side by side, each a destination
  const state = phoneState({ 6: [5, 4, 3], 8: [7, 6, 5] }, 6);
  assert.deepEqual(new Set(tapTargets(state)), new Set([5, 4, 3, 6, 8]));
  for (const loc of [5, 4, 3]) {
    const { x, y, r } = centre(loc, state);
    assert.deepEqual(fingerReach(state, PHONE, x, y), [loc], `the centre of ${loc}`);
    // the middle half of the point is the point's alone
    assert.deepEqual(fingerReach(state, PHONE, r.x + BORDER_DOUBT_PX + 0.5, y), [loc], `left of ${loc}'s middle`);
    assert.deepEqual(fingerReach(state, PHONE, r.x + r.w - BORDER_DOUBT_PX - 0.5, y), [loc], `right of ${loc}'s middle`);
  }
});

test("a tap near the border between two targets reaches both, nearest first: the chooser's case", () => {
  const state = phoneState({ 6: [5, 4, 3], 8: [7, 6, 5] }, 6);
  const { y, r } = centre(4, state); // 5 is left of 4 on White's bottom row, 3 right of it
  const nearLeft = fingerReach(state, PHONE, r.x + 1, y);
  assert.deepEqual(nearLeft, [4, 5]);
  assert.deepEqual(chooserOrder(nearLeft, PHONE, "white"), [5, 4], "left to right as on the board");
  assert.deepEqual(fingerReach(state, PHONE, r.x + r.w + 1, y), [3, 4]);
  // right on the border, both are as near: left to right
  assert.deepEqual(fingerReach(state, PHONE, r.x, y), [5, 4]);
});

test("a tap on a point that is not a target, between two that are, asks only where it is halfway", () => {
  // 12 and 10 can move, 11 (between them on White's bottom row, 12 leftmost) cannot
  const state = phoneState({ 12: [9], 10: [9] });
  const { x, y, r } = centre(11, state);
  assert.deepEqual(new Set(fingerReach(state, PHONE, x, y)), new Set([12, 10]), "the middle of 11 is halfway");
  assert.deepEqual(fingerReach(state, PHONE, r.x + 2, y), [12], "nearer one side, that side");
  assert.deepEqual(fingerReach(state, PHONE, r.x + r.w - 2, y), [10], "nearer the other, the other");
});

test("a board that takes no input reaches nothing", () => {
  const state = phoneState({ 6: [5] });
  state.interactive = false;
  const { x, y } = centre(6, state);
  assert.deepEqual(fingerReach(state, PHONE, x, y), []);
});

test("the chooser's buttons bear the numbers drawn on the board, from the bottom player's side", () => {
  assert.equal(chooserLabel(24, "white"), "24");
  assert.equal(chooserLabel(24, "black"), "1");
  assert.equal(chooserLabel(7, "black"), "18");
});
