import { test } from "node:test";
import assert from "node:assert/strict";
import { boardRequest, clearedPosition, countOn, edit, idKind, isEmpty, rulesForId, shortened, withTrays, CHECKERS } from "./editor.js";
import { classicPosition } from "../board/state.js";

function apply(pos, ...clicks) {
  for (const [location, colour, options] of clicks) {
    const result = edit(pos, location, colour, options);
    assert.ok(result.position, result.error);
    pos = result.position;
  }
  return pos;
}

test("a click adds a checker of the brush's colour, taken from its tray", () => {
  const pos = apply(clearedPosition(), [6, "white"], [6, "white"], [19, "black"]);
  assert.equal(countOn(pos, 6, "white"), 2);
  assert.equal(countOn(pos, 19, "black"), 1);
  assert.deepEqual(pos.off, { black: CHECKERS - 1, white: CHECKERS - 2 });
});

test("a click on the other colour's point takes one of its checkers away first", () => {
  let pos = apply(clearedPosition(), [6, "white"], [6, "white"]);
  pos = apply(pos, [6, "black"]);
  assert.equal(countOn(pos, 6, "white"), 1);
  pos = apply(pos, [6, "black"], [6, "black"]);
  assert.equal(countOn(pos, 6, "white"), 0);
  assert.equal(countOn(pos, 6, "black"), 1);
});

test("a colour never has more than 15 checkers", () => {
  let pos = clearedPosition();
  for (let i = 0; i < CHECKERS; i++) pos = apply(pos, [1 + (i % 6), "white"]);
  assert.equal(pos.off.white, 0);
  assert.match(edit(pos, 7, "white").error, /all 15 white checkers are on the board/);
  assert.match(edit(pos, "bar", "white").error, /all 15 white/);
});

test("the bar and removing checkers", () => {
  let pos = apply(clearedPosition(), ["bar", "black"], ["bar", "black"], [12, "black"]);
  assert.equal(pos.bar.black, 2);
  pos = apply(pos, ["bar", "black", { remove: true }], [12, "black", { remove: true }]);
  assert.equal(pos.bar.black, 1);
  assert.equal(countOn(pos, 12, "black"), 0);
  assert.match(edit(pos, 12, "black", { remove: true }).error, /point 12 is empty/);
});

test("removing at the tray sends every checker of the colour home", () => {
  const pos = apply(withTrays(classicPosition()), ["off", "black", { remove: true }]);
  assert.equal(pos.off.black, CHECKERS);
  assert.equal(pos.off.white, 0, "the other colour stays");
});

test("the request the engine reads has 24 signed points and the bars", () => {
  const req = boardRequest(withTrays(classicPosition()));
  assert.equal(req.points.length, 24);
  assert.equal(req.points[0], 2);
  assert.equal(req.points[5], -5);
  assert.deepEqual(req.bar, { black: 0, white: 0 });
});

test("a pasted ID is recognised by its shape", () => {
  assert.equal(idKind("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"), "xgid");
  assert.equal(idKind("-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"), "xgid");
  assert.equal(idKind(" 4HPwATDgc/ABMA:cIkKAAAAAAAA "), "gnubg_id");
  assert.equal(idKind("4HPwATDgc/ABMA"), "position_id");
  assert.equal(idKind("hello world"), null);
  assert.equal(idKind("  "), null);
  // malformed IDs keep their kind, so the engine reads them and says what is wrong
  assert.equal(idKind("XGID=aa--BBBB----a-----bbbbb-:1:0:1:00:3:4:0:7:10"), "xgid");
  assert.equal(idKind("XGID=not-a-position"), "xgid");
  assert.equal(idKind("4HPwATDgc/ABMA:cAkAAAAAAAA"), "gnubg_id");
  assert.equal(idKind("hello"), "position_id");
});

test("an ID quoted in an error is cut at its limit with an ellipsis, and only when longer", () => {
  assert.equal(shortened("x".repeat(40)), "x".repeat(40));
  assert.equal(shortened("x".repeat(41)), `${"x".repeat(39)}…`);
  assert.equal(shortened("abcdef", 4), "abc…");
});

test("an XGID or a gnubg ID pasted on a set without the cube is read as backgammon, a Position ID stays", () => {
  for (const kind of ["xgid", "gnubg_id"]) {
    assert.equal(rulesForId(kind, "toutes-tables-225"), "backgammon");
    assert.equal(rulesForId(kind, "toutes-tables"), "backgammon");
    assert.equal(rulesForId(kind, "backgammon-225"), "backgammon-225");
    assert.equal(rulesForId(kind, "backgammon"), "backgammon");
  }
  assert.equal(rulesForId("position_id", "toutes-tables-225"), "toutes-tables-225");
});

test("a cleared board is empty; one checker on it is not", () => {
  assert.equal(isEmpty(clearedPosition()), true);
  assert.equal(isEmpty(edit(clearedPosition(), 1, "black").position), false);
  assert.equal(isEmpty(edit(clearedPosition(), "bar", "white").position), false);
});
