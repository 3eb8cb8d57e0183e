// node --test site/: the saved envelope shared by the game's and the chouette's storage.
import assert from "node:assert/strict";
import { test } from "node:test";

import { isStep, parseEnvelope } from "./saved.js";

class SavedThingError extends Error {}
const rules = { version: 1, noun: "game", SavedError: SavedThingError };

test("an envelope of the right version is returned whole", () => {
  assert.deepEqual(parseEnvelope('{"version": 1, "record": "x"}', rules), { version: 1, record: "x" });
});

test("a corrupt, non-object or other-version envelope throws the caller's error naming its noun", () => {
  assert.throws(() => parseEnvelope("{oops", rules), new SavedThingError("the saved game is not readable (corrupt data)"));
  assert.throws(() => parseEnvelope("[1]", rules), new SavedThingError("the saved game is not a game"));
  assert.throws(() => parseEnvelope("null", rules), new SavedThingError("the saved game is not a game"));
  assert.throws(
    () => parseEnvelope('{"version": 2}', { ...rules, noun: "chouette" }),
    new SavedThingError("the saved chouette is from another version of the game (2)"),
  );
});

test("a step is [from, to] with points 0-25", () => {
  assert.ok(isStep([24, 18]) && isStep([0, 25]));
  assert.ok(!isStep([24]) && !isStep([26, 1]) && !isStep(["24", 18]) && !isStep(null));
});
