// The review's and the hint's arrows fanned so each is read (geometry.js's arrowSegments): `node --test site/board/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { ARROW_LANE, BAR, arrowSegments, locationCentre } from "./geometry.js";

const apart = (p, q) => Math.hypot(p.x - q.x, p.y - q.y);
const HEAD_HALF_WIDTH = 0.34 * 0.6; // draw.js's ARROW_HEAD * 0.6: the bright head's half width

test("two moves ending on one point (8/2 6/2) get their own lanes: the heads apart, each as long as its move", () => {
  const [a, b] = arrowSegments([[8, 2], [6, 2]], "white", "white");
  assert.ok(apart(a.b, b.b) >= 2 * HEAD_HALF_WIDTH, [a, b]);
  assert.ok(Math.abs(apart(a.b, b.b) - ARROW_LANE) < 1e-9);
  for (const [s, from] of [[a, 8], [b, 6]]) {
    const centre = [locationCentre(from, "white", "white"), locationCentre(2, "white", "white")];
    assert.ok(Math.abs(apart(s.a, s.b) - apart(...centre)) < 1e-9, s);
  }
  // the lanes are either side of the line through the points' centres, not both on one side
  const line = locationCentre(2, "white", "white").y;
  assert.ok((a.b.y - line) * (b.b.y - line) < 0, [a.b.y, b.b.y, line]);
});

test("the same move twice (13/5(2)) is two parallel arrows; four (6/2(4)) are four lanes, none on another", () => {
  const [a, b] = arrowSegments([[13, 5], [13, 5]], "white", "white");
  assert.ok(Math.abs(apart(a.a, b.a) - ARROW_LANE) < 1e-9 && Math.abs(apart(a.b, b.b) - ARROW_LANE) < 1e-9);
  const four = arrowSegments([[6, 2], [6, 2], [6, 2], [6, 2]], "white", "white");
  const heads = four.map((s) => s.b.y).sort((x, y) => x - y);
  heads.slice(1).forEach((y, i) => assert.ok(y - heads[i] >= ARROW_LANE - 1e-9, heads));
});

test("an arrow alone, or arrows that only meet end to end (13/7 7/5), stay on the centres' line", () => {
  for (const moves of [[[8, 2]], [[13, 7], [7, 5]], [[24, 18], [13, 11]], [[BAR, 20], [6, 5]]]) {
    for (const s of arrowSegments(moves, "white", "white")) {
      assert.deepEqual([s.a, s.b], [locationCentre(s.from, "white", "white"), locationCentre(s.to, "white", "white")], moves);
    }
  }
});

test("one arrow lying along another (8/2 7/4) is moved off it", () => {
  const [a, b] = arrowSegments([[8, 2], [7, 4]], "white", "white");
  assert.ok(Math.abs(a.a.y - b.a.y) >= ARROW_LANE - 1e-9, [a, b]);
});
