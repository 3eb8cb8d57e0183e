import { test } from "node:test";
import assert from "node:assert/strict";
import { equityRange, graphLayout, graphSeries, judgeTry, legendText, markLabel, mistakes, nearestPoint, stepIndex } from "./graph.js";

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

test("learning from mistakes takes the bad cube decisions too: a missed double, a wrong drop", () => {
  const decisions = [
    ...DECISIONS,
    { kind: "cube", colour: "white", played: "no double", best: "double", mark: "very bad" },
    { kind: "take", colour: "black", played: "drop", best: "take", mark: "bad" },
    { kind: "cube", colour: "black", played: "double", best: "no double", mark: "doubtful" },
  ];
  assert.deepEqual(mistakes(decisions, "white"), [3, 5]);
  assert.deepEqual(mistakes(decisions, "black"), [1, 6]);
});

test("a new try is best, good enough when the engine gives it no mark, or wrong, at the engine's cost", () => {
  assert.deepEqual(judgeTry({ cost: 0, mark: "" }), { verdict: "best", cost: 0 });
  assert.deepEqual(judgeTry({ cost: 0.02, mark: "" }), { verdict: "good enough", cost: 0.02 });
  assert.deepEqual(judgeTry({ cost: 0.15, mark: "very bad" }), { verdict: "wrong", cost: 0.15 });
});

test("an unmarked decision says why it has no mark: the best, forced, or a small error below doubtful", () => {
  const move = { kind: "move", choices: 12, sign: "", mark: "" };
  assert.equal(markLabel({ ...move, sign: "?!", mark: "doubtful", error: 0.04, error_mp: 40 }), "?! (doubtful)");
  assert.equal(markLabel({ ...move, error: 0.0123, error_mp: 12.3 }), "(small: 12 millipoints, no mark)");
  assert.equal(markLabel({ ...move, error: 0, error_mp: 0 }), "(the best play)");
  assert.equal(markLabel({ ...move, choices: 1, error: 0, error_mp: 0 }), "(forced: not counted)");
  assert.equal(markLabel({ kind: "cube", sign: "", mark: "", error: 0, error_mp: 0 }), "(the best action)");
});

test("the marks' legend is the engine's table, mildest first", () => {
  const marks = { errors: [{ mark: "very bad", sign: "??", above: 0.12 }, { mark: "bad", sign: "?", above: 0.06 }, { mark: "doubtful", sign: "?!", above: 0.03 }] };
  assert.equal(legendText(marks), "?! doubtful: an error over 0.030 \u00b7 ? bad: an error over 0.060 \u00b7 ?? very bad: an error over 0.120");
  assert.equal(legendText(undefined), "");
});

test("the best plays say each line's depth, on every decision alike", async () => {
  const { alternativeLines } = await import("./graph.js");
  // the player-tester's list: three plays searched a roll deeper, then two at a glance, each depth by equity
  const mixed = { played: "24/14", alternatives: [
    { play: "8/2 6/2", equity: 0.014, ply: 1 }, { play: "24/14", equity: 0.007, ply: 1 },
    { play: "24/18 13/9", equity: 0.004, ply: 1 }, { play: "24/20 24/18", equity: -0.033, ply: 0 },
    { play: "24/20 13/7", equity: -0.048, ply: 0 }] };
  const lines = alternativeLines(mixed);
  assert.deepEqual(lines.map((l) => l.text), ["8/2 6/2 +0.014 1-ply", "24/14 +0.007 1-ply (played)", "24/18 13/9 +0.004 1-ply",
    "24/20 24/18 \u22120.033 0-ply", "24/20 13/7 \u22120.048 0-ply"]);
  assert.deepEqual(lines.map((l) => l.played), [false, true, false, false, false]);
  const one = alternativeLines({ played: "x", alternatives: mixed.alternatives.slice(0, 3) });
  assert.deepEqual(one.map((l) => l.text), ["8/2 6/2 +0.014 1-ply", "24/14 +0.007 1-ply", "24/18 13/9 +0.004 1-ply"]);
  assert.deepEqual(alternativeLines({ played: "x" }), []);
});

test("a list that mixes depths says why a line sits above a higher figure; a list of one depth says nothing", async () => {
  const { mixedDepthsNote } = await import("./graph.js");
  const alternatives = [{ play: "8/2 6/2", equity: 0.014, ply: 2 }, { play: "24/14", equity: 0.03, ply: 1 }];
  assert.match(mixedDepthsNote({ alternatives }), /not on one scale/);
  assert.equal(mixedDepthsNote({ alternatives: alternatives.slice(0, 1) }), null);
  assert.equal(mixedDepthsNote({ alternatives: [{ play: "24/14", equity: 0.03 }, { play: "8/2", equity: 0.01 }] }), null);
  assert.equal(mixedDepthsNote({}), null);
});

test("the graph keeps a band clear above and below the plot for its labels", () => {
  const laid = graphLayout([{ index: 0, y: 1 }, { index: 1, y: -1 }], 300, 120, 6, 16);
  assert.equal(laid.points[0].py, 16);
  assert.equal(laid.points[1].py, 104);
  assert.equal(graphLayout([{ index: 0, y: 1 }, { index: 1, y: -1 }], 300, 120, 6).points[0].py, 6); // as before
});
