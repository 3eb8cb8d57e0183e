import { test } from "node:test";
import assert from "node:assert/strict";
import { embedSnippet, embedUrl, EMBED_OPTIONS } from "./snippet.js";

const ROOT = "https://example.org/toutes-tables/";

test("the embed URL carries the board's options under the site root", () => {
  const url = new URL(embedUrl(ROOT, { rules: "backgammon-225", position: 17, dice: [5, 2], mode: "play" }));
  assert.equal(url.origin + url.pathname, "https://example.org/toutes-tables/embed/board/");
  assert.deepEqual(Object.fromEntries(url.searchParams), { rules: "backgammon-225", position: "17", dice: "5-2", mode: "play" });
});

test("the embed URL leaves out options that are not given and keeps the element's order", () => {
  const url = new URL(embedUrl(ROOT, { orientation: "black", position: "4HPwATDgc/ABMA", turn: "black", mode: "" }));
  assert.deepEqual([...url.searchParams.keys()], ["position", "turn", "orientation"]);
  assert.ok(EMBED_OPTIONS.includes("orientation"));
});

test("the snippet is an iframe whose address is escaped for an attribute", () => {
  const html = embedSnippet(ROOT, { position: "4HPwATDgc/ABMA", dice: "6-1", mode: "example" }, { width: 400 });
  assert.match(html, /^<iframe src="https:\/\/example\.org\/toutes-tables\/embed\/board\/\?position=4HPwATDgc%2FABMA&amp;dice=6-1&amp;mode=example" width="400" height="\d+"/);
  assert.ok(!html.includes("&dice"), "a bare & in an attribute");
  const title = embedSnippet(ROOT, {}, { title: 'a "quoted" <title>' });
  assert.ok(title.includes('title="a &quot;quoted&quot; &lt;title&gt;"'));
});

test("a board with more controls gets a taller frame", () => {
  const height = (mode) => Number(/height="(\d+)"/.exec(embedSnippet(ROOT, { mode, dice: "6-1" }))[1]);
  assert.ok(height("view") < height("play"));
  assert.ok(height("play") < height("example"));
});
