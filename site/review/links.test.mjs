import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeRecord, downloadName, encodeRecord, parseReviewLink, reviewLink } from "./links.js";

const RECORD = "Toutes Tables record 1\nRules: backgammon\nStart: 64\n\n1. Black 3-1 8/5 6/5\n2. White 6-4 24/18 13/9\n";

test("a review link carries the record, which comes back as it was", async () => {
  const encoded = await encodeRecord(RECORD);
  assert.match(encoded, /^[A-Za-z0-9_-]+$/);
  const href = reviewLink("https://example.org/play-review/?old=1#x", { move: 7, encoded });
  const url = new URL(href);
  const parsed = parseReviewLink(url.search, url.hash);
  assert.deepEqual(parsed, { move: 7, record: encoded, errors: [] });
  assert.equal(await decodeRecord(parsed.record), RECORD);
});

test("a link without a record or a move is the bare page", () => {
  assert.equal(reviewLink("https://example.org/play-review/", {}), "https://example.org/play-review/");
  assert.deepEqual(parseReviewLink("", ""), { move: null, record: null, errors: [] });
});

test("a malformed review link is refused part by part, with a message for each", () => {
  assert.deepEqual(parseReviewLink("?move=0", "").errors, ["the link's move must be a number 1-9999"]);
  assert.deepEqual(parseReviewLink("?move=12345", "").errors, ["the link's move must be a number 1-9999"]);
  assert.deepEqual(parseReviewLink("?move=3&move=4", "").errors, ['the link gives "move" twice']);
  assert.deepEqual(parseReviewLink("?rules=chess", "").errors, ['unknown link parameter "rules"']);
  assert.deepEqual(parseReviewLink("", "#record=<script>").errors, ["the link's fragment must be record=… (the record in base64url)"]);
  assert.equal(parseReviewLink("?move=3", "#junk").move, 3); // the good part is kept
});

test("a damaged record in a link is an error saying so, not a garbled review", async () => {
  const encoded = await encodeRecord(RECORD);
  await assert.rejects(decodeRecord(encoded.slice(0, 10)), /damaged/);
});

test("a record that would inflate past the engine's bound is refused while it inflates", async () => {
  const huge = await encodeRecord("1".repeat(2_000_001));
  assert.ok(huge.length < 10_000);
  await assert.rejects(decodeRecord(huge), /longer than 2000000 bytes/);
});

test("a downloaded file names the project once, whatever the rule set", () => {
  assert.equal(downloadName("backgammon", "match", "mat"), "toutes-tables-backgammon-match.mat");
  assert.equal(downloadName("backgammon-225", "game", "txt"), "toutes-tables-backgammon-225-game.txt");
  assert.equal(downloadName("toutes-tables-225", "match", "txt"), "toutes-tables-225-match.txt");
  assert.equal(downloadName("toutes-tables", "game", "txt"), "toutes-tables-game.txt");
});
