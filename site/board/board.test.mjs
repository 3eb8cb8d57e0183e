// Tests of the board's pure geometry and input logic: `node --test site/board/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { parseAttributes } from "./attributes.js";
import { bannerLines, PALETTE, render } from "./draw.js";
import {
  ARROW_LANE,
  BAR,
  OFF,
  checkerCentre,
  locationAtUnits,
  navigationRows,
  pointAtSlot,
  pointNumber,
  pointRect,
  pointSlot,
  trayRect,
  layout,
  locationAt,
  UNITS_WIDE,
  UNITS_HIGH,
} from "./geometry.js";
import {
  activate,
  animatedCount,
  classicPosition,
  configure,
  defaults,
  describeLocation,
  moveCursor,
  nextSource,
  pipCounts,
} from "./state.js";

test("white at the bottom has its home quarter 1..6 bottom right, point 1 in the corner", () => {
  assert.deepEqual(pointSlot(1, "white"), { col: 11, top: false });
  assert.deepEqual(pointSlot(6, "white"), { col: 6, top: false });
  assert.deepEqual(pointSlot(12, "white"), { col: 0, top: false });
  assert.deepEqual(pointSlot(13, "white"), { col: 0, top: true });
  assert.deepEqual(pointSlot(24, "white"), { col: 11, top: true });
});

test("black at the bottom mirrors the picture so 19..24 is bottom right, 24 in the corner", () => {
  assert.deepEqual(pointSlot(24, "black"), { col: 11, top: false });
  assert.deepEqual(pointSlot(19, "black"), { col: 6, top: false });
  assert.deepEqual(pointSlot(1, "black"), { col: 11, top: true });
});

test("pointAtSlot inverts pointSlot for every point and both orientations", () => {
  for (const o of ["white", "black"]) {
    const seen = new Set();
    for (let p = 1; p <= 24; p++) {
      const { col, top } = pointSlot(p, o);
      assert.equal(pointAtSlot(col, top, o), p);
      seen.add(`${col},${top}`);
    }
    assert.equal(seen.size, 24);
  }
});

test("the centre of every point's rectangle hits that point", () => {
  for (const o of ["white", "black"]) {
    for (let p = 1; p <= 24; p++) {
      const r = pointRect(p, o);
      assert.equal(locationAtUnits(r.x + 0.5, r.y + r.h / 2, o), p);
      const c = checkerCentre(p, 0, o);
      assert.equal(locationAtUnits(c.x, c.y, o), p, `first checker of ${p}`);
    }
  }
});

test("the bar column and the trays are hit as bar and off; the margins hit nothing", () => {
  const t = trayRect("white", "white");
  assert.equal(locationAtUnits(t.x + t.w / 2, t.y + 1, "white"), OFF);
  const mid = pointRect(6, "white");
  assert.equal(locationAtUnits(mid.x - 0.5, mid.y + 1, "white"), BAR);
  assert.equal(locationAtUnits(0.3, 5, "white"), null);
  assert.equal(locationAtUnits(5, 0.1, "white"), null);
});

test("pixel coordinates scale with the canvas and stay centred when the aspect differs", () => {
  const lay = layout(UNITS_WIDE * 40, UNITS_HIGH * 40 + 100);
  assert.equal(lay.unit, 40);
  assert.equal(lay.offsetY, 50);
  const c = checkerCentre(1, 0, "white");
  assert.equal(locationAt(lay, c.x * 40, c.y * 40 + 50, "white"), 1);
});

test("stacks taller than five draw their top checker at the fifth slot", () => {
  assert.deepEqual(checkerCentre(13, 7, "white"), checkerCentre(13, 4, "white"));
});

test("the classic start has 167 pips a side and 15 checkers each", () => {
  const pos = classicPosition();
  assert.deepEqual(pipCounts(pos), { black: 167, white: 167 });
  const black = pos.points.filter((n) => n > 0).reduce((a, b) => a + b, 0);
  const white = -pos.points.filter((n) => n < 0).reduce((a, b) => a + b, 0);
  assert.equal(black, 15);
  assert.equal(white, 15);
});

test("pips count the bar as 25 and borne-off checkers as nothing", () => {
  const pos = classicPosition();
  pos.points[24] = -1;
  pos.bar.white = 1;
  pos.points[1] = 1;
  pos.off.black = 1;
  assert.deepEqual(pipCounts(pos), { black: 167 - 24, white: 167 - 24 + 25 });
});

test("configure merges events, parses JSON string keys and rejects unknown settings", () => {
  const state = defaults();
  const onMove = () => {};
  configure(state, { events: { onMove }, dests: { 13: [7, "off"], bar: ["20"] } });
  assert.equal(state.events.onMove, onMove);
  assert.equal(state.events.onSelect, null);
  assert.deepEqual(state.dests, { 13: [7, "off"], bar: [20] });
  assert.throws(() => configure(state, { destz: {} }), /unknown board setting "destz"/);
  assert.throws(() => configure(state, { dests: { 25: [3] } }), /not a board location: "25"/);
});

test("arrows are checked moves, as the board's other locations are", () => {
  const state = configure(defaults(), { arrows: [["13", 7], [7, "off"], ["bar", 22]] });
  assert.deepEqual(state.arrows, [[13, 7], [7, "off"], ["bar", 22]]);
  assert.throws(() => configure(state, { arrows: [[13, 0]] }), /not a board location: 0/);
  assert.throws(() => configure(state, { arrows: [13, 7] }), /a move is \[from, to\]/);
  assert.throws(() => configure(state, { arrows: "13/7" }), /moves are \[\[from, to\], \.\.\.\]/);
});

/** A 2D context that draws nothing and keeps the paths stroked in the highlight colour. */
function recordingContext() {
  const strokes = [];
  let path = [];
  const ctx = {
    measureText: () => ({ width: 0 }),
    beginPath: () => { path = []; },
    moveTo: (x, y) => path.push([x, y]),
    lineTo: (x, y) => path.push([x, y]),
    stroke: () => { if (ctx.strokeStyle === PALETTE.highlight) strokes.push(path); },
  };
  return { strokes, ctx: new Proxy(ctx, { get: (target, key) => (key in target ? target[key] : () => {}) }) };
}

test("the numbers drawn on the points read from the bottom player's side, 1 at the bottom right", () => {
  for (const orientation of ["white", "black"]) {
    const texts = [];
    const ctx = new Proxy({ measureText: () => ({ width: 0 }), fillText: (s, x, y) => texts.push({ s, x, y }) }, {
      get: (target, key) => (key in target ? target[key] : () => {}),
    });
    render(ctx, configure(defaults(), { orientation }), layout(800, 600), 1);
    const numbers = texts.filter((d) => /^\d+$/.test(d.s) && Number(d.s) >= 1 && Number(d.s) <= 24);
    assert.equal(numbers.length, 24, orientation);
    const bottom = Math.max(...numbers.map((d) => d.y));
    const row = (y) => numbers.filter((d) => d.y === y).sort((a, b) => a.x - b.x).map((d) => Number(d.s));
    const top = Math.min(...numbers.map((d) => d.y));
    assert.deepEqual(row(bottom), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], orientation);
    assert.deepEqual(row(top), [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], orientation);
  }
});

test("a suggested play is drawn as arrows from point to point", () => {
  const lay = layout(800, 600);
  const plain = recordingContext();
  render(plain.ctx, configure(defaults(), { turn: "white" }), lay, 1);
  const withArrows = recordingContext();
  render(withArrows.ctx, configure(defaults(), { turn: "white", arrows: [[13, 7], [7, 5]] }), lay, 1);
  const arrows = withArrows.strokes.slice(plain.strokes.length);
  assert.equal(arrows.length, 2);
  const [from13, to7] = arrows[0];
  const centre13 = pointRect(13, "white");
  const centre7 = pointRect(7, "white");
  assert.ok(Math.abs(from13[0] - (centre13.x + 0.5)) < 1e-9, "starts at point 13");
  assert.ok(Math.abs(to7[0] - (centre7.x + 0.5)) < 0.5, "ends by point 7 (before its head)");
});

test("a play made is drawn beside the best play, dashed and in its own colour; a move in both gets two lanes", () => {
  const lay = layout(800, 600);
  const strokes = { best: [], played: [] };
  let path = [];
  let dashed = false;
  const ctx = new Proxy({
    measureText: () => ({ width: 0 }),
    beginPath: () => { path = []; },
    moveTo: (x, y) => path.push([x, y]),
    lineTo: (x, y) => path.push([x, y]),
    setLineDash: (dash) => { dashed = dash.length > 0; },
    stroke: () => {
      if (ctx.strokeStyle === PALETTE.highlight) strokes.best.push({ path, dashed });
      if (ctx.strokeStyle === PALETTE.played) strokes.played.push({ path, dashed });
    },
  }, { get: (target, key) => (key in target ? target[key] : () => {}) });
  // the review's 5-4 decision: best 24/20 24/19, played 24/20 7/2
  render(ctx, configure(defaults(), { turn: "white", arrows: [[24, 20], [24, 19]], playedArrows: [[24, 20], [7, 2]] }), lay, 1);
  const shafts = (list) => list.filter((s) => s.path.length === 2); // the heads are filled, the shafts stroked
  assert.equal(shafts(strokes.best).length, 2);
  assert.equal(shafts(strokes.played).length, 2);
  assert.ok(shafts(strokes.played).every((s) => s.dashed) && shafts(strokes.best).every((s) => !s.dashed));
  // 24/20 is in both plays: its two arrows are apart, not one on the other
  const [best2420] = shafts(strokes.best);
  const [played2420] = shafts(strokes.played);
  const gap = Math.hypot(best2420.path[0][0] - played2420.path[0][0], best2420.path[0][1] - played2420.path[0][1]);
  assert.ok(gap >= ARROW_LANE - 1e-9, gap); // a lane or more: 24/19 lies along both and takes one too
  assert.throws(() => configure(defaults(), { playedArrows: [[13, 0]] }), /not a board location: 0/);
});

test("picking a movable checker then a legal destination gives one move", () => {
  const state = configure(defaults(), { turn: "white", dests: { 13: [7, 8], 8: [2] } });
  assert.deepEqual(activate(state, 6), { type: "none" });
  assert.deepEqual(activate(state, 13), { type: "select", source: 13 });
  assert.equal(state.selected, 13);
  assert.deepEqual(activate(state, 8), { type: "move", from: 13, to: 8 });
  assert.equal(state.selected, null);
});

test("picking another movable checker switches; the same one or a non-destination puts it back", () => {
  const state = configure(defaults(), { turn: "white", dests: { 13: [7], 8: [2] } });
  activate(state, 13);
  assert.deepEqual(activate(state, 8), { type: "select", source: 8 });
  assert.deepEqual(activate(state, 8), { type: "deselect" });
  activate(state, 13);
  assert.deepEqual(activate(state, 20), { type: "deselect" });
});

test("a non-interactive board ignores input; new dests drop a selection that is no longer legal", () => {
  const state = configure(defaults(), { interactive: false, dests: { 13: [7] } });
  assert.deepEqual(activate(state, 13), { type: "none" });
  configure(state, { interactive: true });
  activate(state, 13);
  configure(state, { dests: { 8: [2] } });
  assert.equal(state.selected, null);
});

test("arrow keys walk the screen: right along a row through the bar to the tray, up and down between rows", () => {
  const state = configure(defaults(), { orientation: "white", cursor: 12, cursorRow: 1 });
  moveCursor(state, "ArrowRight");
  assert.equal(state.cursor, 11);
  state.cursor = 7;
  state.cursorRow = 1;
  moveCursor(state, "ArrowRight");
  assert.equal(state.cursor, BAR);
  moveCursor(state, "ArrowRight");
  assert.equal(state.cursor, 6);
  state.cursor = 1;
  moveCursor(state, "ArrowRight");
  assert.equal(state.cursor, OFF);
  state.cursor = 1;
  moveCursor(state, "ArrowUp");
  assert.equal(state.cursor, 24);
  moveCursor(state, "ArrowDown");
  assert.equal(state.cursor, 1);
});

test("with a checker picked, arrows cycle through it and its legal destinations", () => {
  const state = configure(defaults(), { turn: "white", dests: { 13: [7, 8, "off"] } });
  activate(state, 13);
  state.cursor = 13;
  const seen = [];
  for (let i = 0; i < 4; i++) {
    moveCursor(state, "ArrowRight");
    seen.push(state.cursor);
  }
  assert.deepEqual(seen, [7, 8, OFF, 13]);
  assert.equal(moveCursor(state, "ArrowLeft"), OFF);
});

test("N jumps between movable checkers in screen order", () => {
  const state = configure(defaults(), { turn: "white", dests: { 6: [5], 13: [7], 24: [18] } });
  const rows = navigationRows("white");
  assert.equal(rows[0][0], 13);
  state.cursor = null;
  state.cursor = nextSource(state);
  assert.equal(state.cursor, 13);
  state.cursor = nextSource(state);
  assert.equal(state.cursor, 24);
  state.cursor = nextSource(state);
  assert.equal(state.cursor, 6);
  assert.equal(nextSource(state, true), 24);
});

test("the points are numbered from the side of the player at the bottom, as his moves are written", () => {
  // White at the bottom: the absolute numbers, White's own; Black at the bottom: Black's, 1 at his bottom right
  assert.equal(pointNumber(1, "white"), 1);
  assert.equal(pointNumber(24, "black"), 1);
  assert.equal(pointNumber(19, "black"), 6);
  assert.equal(pointNumber(1, "black"), 24);
  const bottomRight = pointAtSlot(11, false, "black");
  assert.equal(pointNumber(bottomRight, "black"), 1);
  const state = configure(defaults(), { turn: "black", orientation: "black", dests: { 1: [7, 8] } });
  assert.match(describeLocation(state, 1), /^Point 24: 2 black checkers\. Movable to 18, 17\./);
  activate(state, 1);
  assert.match(describeLocation(state, 7), /^Point 18: empty\. Legal destination: Enter moves here from 24/);
});

test("a location's description names its checkers and where they may go", () => {
  const state = configure(defaults(), { turn: "white", dests: { 13: [7, 8] } });
  assert.equal(describeLocation(state, 13), "Point 13: 5 white checkers. Movable to 7, 8.");
  assert.equal(describeLocation(state, 2), "Point 2: empty.");
  activate(state, 13);
  assert.match(describeLocation(state, 7), /Legal destination: Enter moves here from 13/);
  assert.equal(describeLocation(state, BAR), "Bar: Black 0, White 0.");
});

test("while a play slides in, stacks show the moves not yet made as not made", () => {
  // final position after Black's 1/7 then 7/12: the sliding shows 1 -> 7 first, then 7 -> 12
  const state = defaults();
  state.position.points[1] = 1;
  state.position.points[12] = 6;
  state.animation = { moves: [[1, 7], [7, 12]], colour: "black", step: 0, progress: 0.5 };
  assert.equal(animatedCount(state, 1, "black"), 1); // the sliding checker has left; the other stays
  assert.equal(animatedCount(state, 7, "black"), 0); // not arrived yet
  assert.equal(animatedCount(state, 12, "black"), 5); // the second step has not landed
  state.animation.step = 1;
  assert.equal(animatedCount(state, 7, "black"), 0); // left again for the second step
  assert.equal(animatedCount(state, 12, "black"), 5);
  assert.equal(animatedCount(state, 12, "white"), 0);
  state.animation = null;
  assert.equal(animatedCount(state, 12, "black"), 6);
});

function attrs(map) {
  return (name) => (name in map ? map[name] : null);
}

test("tt-board attributes: defaults, start numbers, Position IDs and dice", () => {
  assert.deepEqual(parseAttributes(attrs({})).config, {
    rules: "toutes-tables-225", mode: "view", turn: "white", orientation: "white", position: null, start: 64, dice: null,
  });
  const c = parseAttributes(attrs({ rules: "backgammon", position: "4HPwATDgc/ABMA", turn: "black", dice: "61", mode: "play" })).config;
  assert.equal(c.position, "4HPwATDgc/ABMA");
  assert.equal(c.start, null);
  assert.equal(c.orientation, "black");
  assert.deepEqual(c.dice, [6, 1]);
});

test("tt-board attributes: a bad value is named with what it accepts", () => {
  const error = (map) => parseAttributes(attrs(map)).error;
  assert.match(error({ rules: "chess" }), /rules="chess" is not a rule set/);
  assert.match(error({ mode: "edit" }), /mode="edit" is not a mode/);
  assert.match(error({ position: "226" }), /start number 1-225 or a 14-character Position ID/);
  assert.match(error({ position: "<b>x</b>" }), /must be a start number/);
  assert.match(error({ dice: "7-1" }), /dice="7-1" must be two dice/);
  assert.match(error({ mode: "play" }), /needs dice/);
  assert.match(error({ turn: "red" }), /turn="red"/);
});

test("a result banner too long for one line is broken in two balanced lines, a short one kept whole", () => {
  const measure = (t) => t.length * 10; // ten pixels a character
  assert.deepEqual(bannerLines("White wins", measure, 200), ["White wins"]);
  const lines = bannerLines("Black wins a single game (double dropped), 1 point", measure, 300);
  assert.equal(lines.length, 2);
  assert.equal(lines.join(" "), "Black wins a single game (double dropped), 1 point");
  assert.ok(Math.max(...lines.map(measure)) <= 300, lines.join(" / "));
});
