// Tests of a finger's reach on the board (reach.js): `node --test site/board/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { layout, UNITS_HIGH, UNITS_WIDE } from "./geometry.js";
import { chooserOrder, FINGER_PX, fingerReach, hitRectPx, tapTargets } from "./reach.js";
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

test("a tap covering two adjacent candidates reaches both, nearest first: the chooser's case", () => {
  // 6 picked with 2-1: 5, 4 and 3 lie side by side
  const state = phoneState({ 6: [5, 4, 3], 8: [7, 6, 5] }, 6);
  assert.deepEqual(new Set(tapTargets(state)), new Set([5, 4, 3, 6, 8]));
  const { x, y } = centre(4, state);
  const reach = fingerReach(state, PHONE, x, y);
  assert.equal(reach[0], 4);
  assert.deepEqual(new Set(reach), new Set([3, 4, 5]));
  assert.deepEqual(chooserOrder(reach, PHONE, "white"), [5, 4, 3], "left to right as on the board");
});

test("a board that takes no input reaches nothing", () => {
  const state = phoneState({ 6: [5] });
  state.interactive = false;
  const { x, y } = centre(6, state);
  assert.deepEqual(fingerReach(state, PHONE, x, y), []);
});
