// Tests of the game page's pure parts: `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { costText, cubeAdviceText, cubeEquitiesText, formatEquity, hintBestText, hintCostText } from "./advice.js";
import { applicableOptions, defaultOptions, normaliseOptions } from "./dialog.js";
import { parseShareLink, shareLink } from "./links.js";
import { storedFlag, storeFlag } from "./remembered.js";
import { SOUND_KEY, soundNotes, SOUNDS } from "./sound.js";

test("a share link round-trips rule set, start, position, turn and match length", () => {
  const href = shareLink("https://example.org/play/?old=1#x", {
    rules: "backgammon-225",
    start: 17,
    position: "4HPwATDgc/ABMA",
    turn: "black",
    match: 5,
  });
  assert.equal(href, "https://example.org/play/?rules=backgammon-225&start=17&position=4HPwATDgc%2FABMA&turn=black&match=5");
  const { params, errors } = parseShareLink(new URL(href).search);
  assert.deepEqual(errors, []);
  assert.deepEqual(params, { rules: "backgammon-225", start: 17, position: "4HPwATDgc/ABMA", turn: "black", match: 5 });
});

test("link parameters are parsed strictly: bad forms, ranges, repeats and unknown names are refused", () => {
  const { params, errors } = parseShareLink("?rules=chess&start=226&position=<img>&match=0&x=1&turn=white");
  assert.deepEqual(params, {});
  assert.equal(errors.length, 6);
  assert.match(errors.join(" | "), /unknown link parameter "x"/);
  assert.match(errors.join(" | "), /rules must be toutes-tables-225/);
  assert.match(errors.join(" | "), /start must be a number 1-225/);
  assert.match(errors.join(" | "), /turn without a position/);
  const repeated = parseShareLink("?start=5&start=6");
  assert.deepEqual(repeated.params, { start: 5 });
  assert.match(repeated.errors[0], /gives "start" twice/);
  assert.deepEqual(parseShareLink("?start=007").params, { start: 7 });
  assert.deepEqual(parseShareLink("?start=1e2").params, {});
});

test("a position without a turn is White's", () => {
  assert.deepEqual(parseShareLink("?position=4HPwATDgc/ABMA").params, { position: "4HPwATDgc/ABMA", turn: "white" });
});

test("a share link carries the position's dice to play, strictly: two dice 1-6, with a position only", () => {
  const href = shareLink("https://example.org/play/", { rules: "backgammon", position: "4HPwATDgc/ABMA", turn: "black", dice: [5, 2] });
  assert.deepEqual(parseShareLink(new URL(href).search), {
    params: { rules: "backgammon", position: "4HPwATDgc/ABMA", turn: "black", dice: [5, 2] },
    errors: [],
  });
  for (const bad of ["7-1", "5", "5-2-1", "a-b", "0-3", "5,2"]) {
    const { params, errors } = parseShareLink(`?position=4HPwATDgc/ABMA&dice=${bad}`);
    assert.equal(params.dice, undefined, bad);
    assert.deepEqual(errors, ["the link's dice must be two dice 1-6 like 5-2"], bad);
  }
  const alone = parseShareLink("?dice=5-2");
  assert.deepEqual(alone, { params: {}, errors: ["the link gives dice without a position"] });
});

test("options that do not apply to the rule set are switched off", () => {
  const o = normaliseOptions({ rules: "toutes-tables-225", cube: true, jacoby: true, winner_opens: true, start: 64 });
  assert.equal(o.cube, false);
  assert.equal(o.jacoby, false);
  assert.equal(o.winner_opens, true); // the 1698 option belongs to both Toutes tables sets
  assert.equal(o.start, 64);
  const classic = normaliseOptions({ rules: "backgammon", start: 12, winner_opens: true, cube: true });
  assert.equal(classic.start, null);
  assert.equal(classic.winner_opens, false);
  assert.equal(classic.cube, true);
  assert.equal(normaliseOptions({ rules: "toutes-tables", winner_opens: true }).winner_opens, true);
  // a money game is a backgammon-set choice: Toutes tables has no cube to keep alive
  assert.equal(normaliseOptions({ rules: "backgammon-225", money_game: 1 }).money_game, true);
  assert.equal(normaliseOptions({ rules: "toutes-tables", money_game: true }).money_game, false);
});

test("normalised options fall back to defaults for values out of range", () => {
  const o = normaliseOptions({ rules: "nope", match_length: 500, start: 0, opponent: "alien", colour: "green" });
  assert.equal(o.rules, defaultOptions().rules);
  assert.equal(o.match_length, 1);
  assert.equal(o.start, null);
  assert.equal(o.opponent, "computer");
  assert.equal(o.colour, "white");
  assert.deepEqual(applicableOptions("backgammon-225").start, true);
});

test("equities carry their sign; a play within half a thousandth of the best is the best move", () => {
  assert.equal(formatEquity(0.1234), "+0.123");
  assert.equal(formatEquity(-0.0451), "\u22120.045");
  assert.equal(formatEquity(0.0002), "0.000");
  assert.equal(costText({ notation: "13/7 8/7", best: "13/7 8/7", cost: 0 }), "13/7 8/7: best move.");
  assert.equal(
    costText({ notation: "24/18 13/11", best: "13/7 8/7", cost: 0.042, mark: "doubtful" }),
    "24/18 13/11: cost 0.042, doubtful (equity given away against the best play, 13/7 8/7; 1.000 is a whole game).",
  );
  assert.equal(cubeAdviceText({ verdict: "No double", reason: "" }), "No double.");
  assert.equal(cubeAdviceText({ verdict: "Double, take", reason: "a clear lead" }), "Double, take: a clear lead");
  assert.equal(cubeEquitiesText({ take: -0.5, drop: -1 }), "take \u22120.500 \u00b7 drop \u22121.000");
});

test("the computer's level defaults to expert and keeps a well-formed name; the cost option is a boolean", () => {
  assert.equal(defaultOptions().level, "expert");
  assert.equal(defaultOptions().show_cost, false);
  assert.equal(normaliseOptions({ level: "beginner" }).level, "beginner");
  assert.equal(normaliseOptions({ level: "<script>" }).level, "expert");
  assert.equal(normaliseOptions({ level: 3 }).level, "expert");
  assert.equal(normaliseOptions({ show_cost: 1 }).show_cost, true);
});

test("the sound (a remembered flag) is off until the player turns it on, and the choice is remembered", () => {
  const store = new Map();
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v) };
  assert.equal(storedFlag(SOUND_KEY, storage), false);
  storeFlag(SOUND_KEY, true, storage);
  assert.equal(storedFlag(SOUND_KEY, storage), true);
  storeFlag(SOUND_KEY, false, storage);
  assert.equal(storedFlag(SOUND_KEY, storage), false);
  const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
  assert.equal(storedFlag(SOUND_KEY, broken), false);
  storeFlag(SOUND_KEY, true, broken); // forgets quietly
});

test("every sound the board or the page asks for has notes, each short", () => {
  for (const kind of SOUNDS) {
    const notes = soundNotes(kind);
    assert.ok(notes.length > 0, kind);
    for (const [start, length, type, frequency, volume] of notes) {
      assert.ok(start >= 0 && length > 0 && start + length < 1, kind);
      assert.ok(["tone", "noise"].includes(type) && frequency > 20 && volume > 0 && volume <= 1, kind);
    }
  }
});

test("a play's cost line says the engine's mark, and none when the engine gives none (no copy of the thresholds)", () => {
  assert.equal(costText({ notation: "a", best: "b", cost: 0.2, mark: "very bad" }), "a: cost 0.200, very bad (equity given away against the best play, b; 1.000 is a whole game).");
  assert.equal(costText({ notation: "a", best: "b", cost: 0.012, mark: "" }), "a: cost 0.012 (equity given away against the best play, b; 1.000 is a whole game).");
});

test("a hinted play below the first says what it gives away, with the review's mark", () => {
  assert.equal(hintCostText({ cost: 0.042, mark: "doubtful" }), " (cost 0.042, doubtful)");
  assert.equal(hintCostText({ cost: 0.017, mark: "" }), " (cost 0.017)");
});

test("the hint's reason read after its equity starts a sentence of its own, capitalised, with its full stop", () => {
  // the player-tester heard "Hint: the best play is 13/10, equity −0.096. leaves no shot"
  assert.equal(
    hintBestText({ notation: "13/10", equity: -0.096, reason: "leaves no shot" }),
    "Hint: the best play is 13/10, equity \u22120.096. Leaves no shot.",
  );
  assert.equal(
    hintBestText({ notation: "8/5 6/5", equity: 0.2, reason: "makes your 5 point, hits a blot" }),
    "Hint: the best play is 8/5 6/5, equity +0.200. Makes your 5 point, hits a blot.",
  );
  // no reason: the sentence with the equity ends the hint
  assert.equal(hintBestText({ notation: "24/21", equity: 0, reason: "" }), "Hint: the best play is 24/21, equity 0.000.");
  assert.equal(hintBestText({ notation: "24/21", equity: 0 }), "Hint: the best play is 24/21, equity 0.000.");
});
