// Strict touch-move (site/game/touch.js): `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { touchAfterPickUp, touchAfterView, touchMoveDests } from "./touch.js";

const DESTS = { 17: [9, 11], 9: [1, 3], bar: [20] };
const moving = (dests, steps = []) => ({ phase: "move", turn_state: { dests, steps } });

test("a touched checker is the only one the board offers, until it has moved", () => {
  assert.deepEqual(touchMoveDests(DESTS, 17), { 17: [9, 11] });
  assert.deepEqual(touchMoveDests(DESTS, "bar"), { bar: [20] });
  assert.deepEqual(touchMoveDests(DESTS, null), DESTS);
  // a touched checker that cannot move (any more) holds the player to nothing
  assert.deepEqual(touchMoveDests(DESTS, 5), DESTS);
});

test("after the touched checker has moved the rest of the turn is free: the moved checker is not bound by itself", () => {
  // 17 was touched and moved to 9; both 17 and the moved checker on 9 could move on
  const before = moving({ 17: [9, 11], 9: [1, 3] }, []);
  const after = moving({ 17: [11], 9: [3] }, [[8, 16]]);
  const touched = touchAfterView(17, before, after);
  assert.equal(touched, null);
  assert.deepEqual(touchMoveDests(after.turn_state.dests, touched), { 17: [11], 9: [3] });
  // taking the move back frees the player too; only his own next pick-up binds again
  assert.equal(touchAfterView(17, after, moving({ 17: [9, 11], 9: [1, 3] }, [])), null);
  assert.equal(touchAfterPickUp(touched, 9, { strict: true, picking: true }), 9);
});

test("only a pick-up in strict mode, on the board of the current view, binds the player", () => {
  assert.equal(touchAfterPickUp(null, 17, { strict: false, picking: true }), null);
  assert.equal(touchAfterPickUp(null, null, { strict: true, picking: true }), null);
  // clicked while the engine answers the last move: that board is about to change, nothing is bound
  assert.equal(touchAfterPickUp(null, 9, { strict: true, picking: false }), null);
  // a second pick-up while bound changes nothing: the first checker touched must move
  assert.equal(touchAfterPickUp(17, 9, { strict: true, picking: true }), 17);
});

test("the touch lasts while the view changes without a move, and ends with the turn or once the checker cannot move", () => {
  const now = moving(DESTS, []);
  assert.equal(touchAfterView(17, now, moving(DESTS, [])), 17); // a hint, a redraw, a reload (no previous view)
  assert.equal(touchAfterView(17, null, now), 17);
  assert.equal(touchAfterView(17, now, moving({ 9: [1] }, [])), null);
  assert.equal(touchAfterView(17, now, { phase: "roll", turn_state: { dests: {}, steps: [] } }), null);
});
