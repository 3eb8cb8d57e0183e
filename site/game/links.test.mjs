// The share links' cube and match score (the analysis board's "Play from here"): `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { parseShareLink, setUpParams, shareLink } from "./links.js";

const OPENING = "4HPwATDgc/ABMA";
const base = "https://example.org/play/";

test("a link carries the cube turned and the match score, and reads them back for the engine", () => {
  const href = shareLink(base, {
    rules: "backgammon", position: OPENING, turn: "white", dice: [3, 1], cube: { value: 4, owner: "black" },
    match: 7, score: { black: 2, white: 5 }, crawford: false,
  });
  assert.equal(href, `${base}?rules=backgammon&position=4HPwATDgc%2FABMA&turn=white&dice=3-1&cube=4-black&match=7&score=2-5`);
  const { params, errors } = parseShareLink(new URL(href).search);
  assert.deepEqual(errors, []);
  assert.deepEqual(params.cube, { value: 4, owner: "black" });
  assert.deepEqual(params.score, { black: 2, white: 5 });
  assert.deepEqual(setUpParams(params), { cube_value: 4, cube_owner: "black", score: { black: 2, white: 5 } });
});

test("a centred cube and a 0-0 score are left out of the link", () => {
  const href = shareLink(base, { rules: "backgammon", position: OPENING, turn: "black", cube: { value: 1, owner: null }, match: 5, score: { black: 0, white: 0 } });
  assert.equal(href, `${base}?rules=backgammon&position=4HPwATDgc%2FABMA&turn=black&match=5`);
  assert.deepEqual(setUpParams(parseShareLink(new URL(href).search).params), {});
});

test("the Crawford game is the default at length less 1; crawford=no says it has been played", () => {
  const crawford = shareLink(base, { rules: "backgammon", position: OPENING, turn: "white", match: 5, score: { black: 4, white: 1 }, crawford: true });
  assert.ok(!crawford.includes("crawford="), crawford);
  assert.deepEqual(setUpParams(parseShareLink(new URL(crawford).search).params), { score: { black: 4, white: 1 } });
  const after = shareLink(base, { rules: "backgammon", position: OPENING, turn: "white", match: 5, score: { black: 4, white: 1 }, crawford: false });
  assert.ok(after.endsWith("&score=4-1&crawford=no"), after);
  assert.deepEqual(setUpParams(parseShareLink(new URL(after).search).params), { score: { black: 4, white: 1 }, post_crawford: true });
  // both sides at the length less 1: the Crawford game is over, nothing to say
  const both = shareLink(base, { rules: "backgammon", position: OPENING, turn: "white", match: 5, score: { black: 4, white: 4 }, crawford: false });
  assert.ok(!both.includes("crawford="), both);
});

test("a bad cube is refused with its reason, and nothing of it is kept", () => {
  for (const bad of ["3-black", "1-white", "8192-black", "4", "4-red", "4-Black", "-4-black", "04x-black"]) {
    const { params, errors } = parseShareLink(`?rules=backgammon&position=${OPENING}&cube=${bad}`);
    assert.equal(params.cube, undefined, bad);
    assert.deepEqual(errors, ["the link's cube must be its value, a power of 2 from 2 to 4096, and its owner, like 4-black"], bad);
  }
  assert.deepEqual(parseShareLink("?rules=backgammon&cube=4-black"), { params: { rules: "backgammon" }, errors: ["the link gives cube without a position"] });
  const noCube = parseShareLink(`?rules=toutes-tables&position=${OPENING}&cube=2-white`);
  assert.equal(noCube.params.cube, undefined);
  assert.deepEqual(noCube.errors, ["Toutes tables (1698) has no cube: the link's cube is for the backgammon sets"]);
});

test("a bad score is refused: each side below the match's length, in a match of 2 points or more", () => {
  for (const [query, most] of [["&match=5&score=5-0", 4], ["&match=5&score=0-7", 4], ["&score=1-0", 0], ["&match=1&score=0-0", 0]]) {
    const { params, errors } = parseShareLink(`?rules=backgammon&position=${OPENING}${query}`);
    assert.equal(params.score, undefined, query);
    assert.deepEqual(errors, [`the link's score is for a match of 2 points or more (match=N), each side's score 0-${most}`], query);
  }
  for (const bad of ["2", "2-3-1", "a-b", "2:3", "100-1"]) {
    const { errors } = parseShareLink(`?rules=backgammon&position=${OPENING}&match=5&score=${bad}`);
    assert.deepEqual(errors, ["the link's score must be Black's and White's scores like 2-3"], bad);
  }
  assert.deepEqual(parseShareLink("?match=5&score=1-2").errors, ["the link gives score without a position"]);
});

test("crawford is yes or no, with a score, and yes only where the Crawford game is due", () => {
  assert.deepEqual(parseShareLink(`?position=${OPENING}&match=5&crawford=no`).errors, ["the link gives crawford without a score"]);
  assert.deepEqual(parseShareLink(`?position=${OPENING}&match=5&score=1-1&crawford=maybe`).errors, ["the link's crawford must be yes or no"]);
  for (const score of ["1-2", "4-4"]) {
    const { params, errors } = parseShareLink(`?position=${OPENING}&match=5&score=${score}&crawford=yes`);
    assert.equal(params.crawford, undefined, score);
    assert.deepEqual(errors, ["the link says crawford=yes, but the Crawford game is the one after a single side reaches 4 points"], score);
  }
  assert.deepEqual(parseShareLink(`?position=${OPENING}&match=5&score=3-4&crawford=yes`).errors, []);
});
