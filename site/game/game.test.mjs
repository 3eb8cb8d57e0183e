// Tests of the game page's pure parts: `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { applicableOptions, defaultOptions, normaliseOptions } from "./dialog.js";
import { parseShareLink, shareLink } from "./links.js";

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

test("options that do not apply to the rule set are switched off", () => {
  const o = normaliseOptions({ rules: "toutes-tables-225", cube: true, jacoby: true, winner_opens: true, start: 64 });
  assert.equal(o.cube, false);
  assert.equal(o.jacoby, false);
  assert.equal(o.winner_opens, false);
  assert.equal(o.start, 64);
  const classic = normaliseOptions({ rules: "backgammon", start: 12, winner_opens: true, cube: true });
  assert.equal(classic.start, null);
  assert.equal(classic.winner_opens, false);
  assert.equal(classic.cube, true);
  assert.equal(normaliseOptions({ rules: "toutes-tables", winner_opens: true }).winner_opens, true);
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
