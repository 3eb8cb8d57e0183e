import { test } from "node:test";
import assert from "node:assert/strict";
import { equityRange, graphLayout, graphSeries, judgeTry, mistakes, nearestPoint, stepIndex } from "./graph.js";

const move = (colour, played_equity, mark = "", luck_mark = "") => ({ kind: "move", colour, played_equity, mark, luck_mark });
const DECISIONS = [
  move("white", 0.1),
  move("black", 0.2, "bad"),
  { kind: "cube", colour: "white", played_equity: 0.9, mark: "" },
  move("white", -0.4, "very bad", "lucky"),
  move("black", 1.6, "doubtful"),
];

test("the graph shows the equity after each play for one colour, cube decisions left out", () => {
  const series = graphSeries(DECISIONS, "white");
  assert.deepEqual(series.map((p) => [p.index, p.y]), [[0, 0.1], [1, -0.2], [3, -0.4], [4, -1.6]]);
  assert.equal(series[2].luckMark, "lucky");
  assert.deepEqual(graphSeries(DECISIONS, "black").map((p) => p.y), [-0.1, 0.2, 0.4, 1.6]);
});

test("the range grows past one unit only when a gammon or a double is at stake", () => {
  assert.equal(equityRange([{ y: 0.3 }]), 1);
  assert.equal(equityRange([{ y: -1.6 }]), 2);
  assert.equal(equityRange([]), 1);
});

test("the layout spans the box and puts zero in the middle", () => {
  const laid = graphLayout(graphSeries(DECISIONS), 212, 100, 6);
  assert.equal(laid.points[0].px, 6);
  assert.equal(laid.points.at(-1).px, 206);
  assert.equal(laid.zeroY, 50);
  assert.ok(laid.points[0].py < 50 && laid.points[3].py > 50);
  assert.equal(nearestPoint(laid, 140).index, 3);
});

test("stepping goes through the indices in order and stops at the ends", () => {
  assert.equal(stepIndex([0, 1, 3], null, 1), 0);
  assert.equal(stepIndex([0, 1, 3], null, -1), 3);
  assert.equal(stepIndex([0, 1, 3], 1, 1), 3);
  assert.equal(stepIndex([0, 1, 3], 3, 1), null);
  assert.equal(stepIndex([0, 1, 3], 3, -1), 1);
  assert.equal(stepIndex([], 0, 1), null);
});

test("learning from mistakes goes through one player's bad and very bad checker plays", () => {
  assert.deepEqual(mistakes(DECISIONS, "white"), [3]);
  assert.deepEqual(mistakes(DECISIONS, "black"), [1]);
});

test("a new try is best, good enough within the doubtful mark, or wrong", () => {
  const d = { best: "8/5 6/5", best_equity: 0.2 };
  const equities = { "13/10 24/23": 0.18, "24/21 6/5": 0.05 };
  const of = (n) => equities[n] ?? null;
  assert.deepEqual(judgeTry(d, "8/5 6/5", of), { verdict: "best", cost: 0 });
  assert.equal(judgeTry(d, "13/10 24/23", of).verdict, "good enough");
  assert.equal(judgeTry(d, "24/21 6/5", of).verdict, "wrong");
  assert.deepEqual(judgeTry(d, "13/7", of), { verdict: "wrong", cost: null });
});
