// The converted pages write no words of their own: every word a player reads comes from the catalogues
// (docs/translations.md). literals.js finds a player's words written as literals; these tests run it on
// the converted files, and prove on examples (and on a real file with a literal put back) that it finds them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { cssWordsIn, htmlWordsIn, playerWordsIn } from "./literals.js";

const ROOT = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
/** The folders whose words are all the catalogues' (site/i18n/README.md, "What speaks through the catalogues"). */
export const CONVERTED = ["site/game", "site/chouette", "site/review", "site/analysis", "site/board", "site/embed", "docs/javascripts"];
/**
 * The site's folders that write no player's words, and why they are not scanned: every folder of site/ is
 * either converted or here, so a new page cannot be left out of the scan by being forgotten.
 */
export const NOT_FOR_PLAYERS = {
  "site/bench": "the benchmark pages (bench/, bench/computer.html): for developers, driven by benchmarks/browser_boot.py and benchmarks/computer_browser.py, linked from no page; their status lines stay English",
  "site/engine": "the engine worker and its loader: Python source and errors for developers (a page puts an engine error inside its own catalogue's sentence)",
  "site/i18n": "the catalogues and the code that reads them",
  "site/icons": "images",
};
/** Files of a converted folder that are for developers only, and why. */
export const DEVELOPER_FILES = {
  "site/board/demo.js": "the board component's demo page (board/demo.html), for developers, linked from no page",
  "site/board/demo.html": "the board component's demo page, for developers, linked from no page",
  "site/board/embed-demo.html": "the <tt-board> element's demo page (e2e/test_embed_board.py drives it), for developers, linked from no page",
};
/** The MkDocs theme's overrides: HTML templates of every page, whose words come from mkdocs.yml's extra.words. */
const TEMPLATES = "overrides";

/** The files under `dir` (a path from the root), its sub-folders' too, whose names end with `ending`. */
function filesUnder(dir, ending) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}

/** The files of the player's pages ending with `ending`: the converted folders (sub-folders too) and site/ itself. */
function sources(ending) {
  const top = readdirSync(join(ROOT, "site")).filter((n) => n.endsWith(ending) && statSync(join(ROOT, "site", n)).isFile());
  return [...CONVERTED.flatMap((dir) => filesUnder(dir, ending)), ...top.map((n) => `site/${n}`)]
    .filter((path) => !(path in DEVELOPER_FILES));
}

/** `scan`'s findings in each file, as "path:line: words". */
function findings(paths, scan) {
  return paths.flatMap((path) => scan(readFileSync(join(ROOT, path), "utf8")).map(({ line, text }) => `${path}:${line}: ${text}`));
}

/** An HTML template with its Jinja tags, expressions and comments blanked (lines kept): what the page shows as written. */
export function templateText(source) {
  return source.replace(/\{#[\s\S]*?#\}|\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g, (tag) => tag.replace(/[^\n]/g, " "));
}

test("every folder of the site is scanned for a player's words, or says why it writes none", () => {
  const folders = readdirSync(join(ROOT, "site"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `site/${e.name}`);
  assert.deepEqual(folders.filter((dir) => !CONVERTED.includes(dir) && !(dir in NOT_FOR_PLAYERS)), []);
  assert.deepEqual(Object.keys(NOT_FOR_PLAYERS).filter((dir) => CONVERTED.includes(dir)), []);
});

test("the developer-only pages are linked from no page a player reads", () => {
  const pages = [...CONVERTED.filter((d) => d.startsWith("site/")), "site"].flatMap((dir) =>
    readdirSync(join(ROOT, dir)).filter((n) => /\.(js|html)$/.test(n)).map((n) => readFileSync(join(ROOT, dir, n), "utf8")));
  assert.deepEqual(pages.filter((source) => /["'`/]bench\/|board\/(?:embed-)?demo\.html/.test(source)).length, 0);
});

test("the converted pages and widgets write no player's words as literals", () => {
  // the converted folders' sub-folders (site/embed/board/) and the site-wide scripts (site/*.js) too
  const scanned = sources(".js");
  assert.ok(scanned.includes("site/embed/board/frame.js") && scanned.includes("site/pages.js"), scanned);
  assert.deepEqual(findings(scanned, playerWordsIn), []);
});

test("the stylesheets write no player's words (a content: string)", () => {
  const sheets = sources(".css");
  assert.ok(sheets.includes("site/board/element.css") && sheets.includes("site/embed/board/frame.css"), sheets);
  assert.deepEqual(findings(sheets, cssWordsIn), []);
});

test("the HTML pages and the theme's templates write no player's words", () => {
  const pages = sources(".html");
  assert.ok(pages.includes("site/embed/board/index.html"), pages);
  assert.deepEqual(findings(pages, htmlWordsIn), []);
  const templates = filesUnder(TEMPLATES, ".html");
  assert.ok(templates.includes("overrides/play.html"), templates);
  assert.deepEqual(findings(templates, (source) => htmlWordsIn(templateText(source))), []);
});

test("every developer-only file exists (an exemption outlives no file)", () => {
  for (const path of Object.keys(DEVELOPER_FILES)) assert.ok(statSync(join(ROOT, path)).isFile(), path);
});

const words = (source) => playerWordsIn(source).map((w) => w.text);

test("the scan finds a word where the page shows words", () => {
  assert.deepEqual(words('button.textContent = "Roll";'), ["Roll"]);
  assert.deepEqual(words('button.textContent = on ? "Leave" : "Full";'), ["Leave", "Full"]);
  assert.deepEqual(words('box.setAttribute("aria-label", "Moves");'), ["Moves"]);
  assert.deepEqual(words('el("ol", { class: "tt-moves", "aria-label": "Moves" });'), ["Moves"]);
  assert.deepEqual(words('el("button", { type: "button" }, "Roll");'), ["Roll"]);
  assert.deepEqual(words('el("p", {}, node, "Copy");'), ["Copy"]);
  assert.deepEqual(words('const copy = pageButton("Copy");'), ["Copy"]);
  assert.deepEqual(words('board.set({ message: "Open" });'), ["Open"]);
  assert.deepEqual(words('throw new SavedGameError("Damaged");'), ["Damaged"]);
});

test("the scan finds a sentence wherever it is, a template's values left out", () => {
  assert.deepEqual(words("const said = `${who} rolls ${call}.`;"), ["${…} rolls ${…}."]);
  assert.deepEqual(words('return "the link gives a turn without a position";'), ["the link gives a turn without a position"]);
  // a template inside a template's value is read too
  assert.deepEqual(words("x = `${a ? `Your move` : b}`;"), ["Your move"]);
});

test("the scan leaves out keys, names in the code, class lists, comments, regular expressions and exemptions", () => {
  assert.deepEqual(words('button.textContent = t("game.button.roll"); el("p", {}, tn("saved.detail", n));'), []);
  assert.deepEqual(words('el("div", { class: "tt-button tt-primary" }, t(`level.${name}`));'), []);
  assert.deepEqual(words('rememberedCheckbox(KEY, "sound", label); play(kind, "noise");'), []);
  assert.deepEqual(words('// Roll the dice, says the comment\n/* and so does this one */ const a = 1;'), []);
  assert.deepEqual(words("const re = /the dice roll here/g; const b = x / 2;"), []);
  assert.deepEqual(words('console.warn("a developer reads this line");'), []);
  assert.deepEqual(words('matchMedia("(prefers-reduced-motion: reduce)"); q.closest(".tt-field label");'), []);
  assert.deepEqual(words('p.style.cssText = "font: 16px system-ui, sans-serif; margin: 2em; text-align: center";'), []);
  assert.deepEqual(words('b.style.setProperty("--tt-gap", "1em auto"); b.style.margin = "2em auto 0 auto";'), []);
  assert.deepEqual(words('const name = "Toutes Tables 225"; // i18n-exempt: a name'), []);
  // names the code decides from: a key, an index, a comparison
  assert.deepEqual(words('const c = { "very bad": 1 }; n = marks["very bad"]; if (d.mark === "very bad" || "good enough" !== v) f();'), []);
  // …but a ternary's branch is no key
  assert.deepEqual(words('x.textContent = on ? "very bad" : "good enough";'), ["very bad", "good enough"]);
});

test("a literal put back into a converted file is found, at its line", () => {
  const file = join(ROOT, "site/game/layout.js");
  const source = readFileSync(file, "utf8");
  assert.deepEqual(playerWordsIn(source), []);
  const changed = source.replace('roll: button(t("game.button.roll"),', 'roll: button("Roll",');
  assert.notEqual(changed, source);
  const line = source.slice(0, source.indexOf('roll: button(t("game.button.roll"),')).split("\n").length;
  assert.deepEqual(playerWordsIn(changed), [{ line, text: "Roll" }]);
});

test("the stylesheet scan finds the words of a content: string, escapes read, and nothing else", () => {
  const css = (source) => cssWordsIn(source).map((w) => w.text);
  assert.deepEqual(css('.a::after { content: "  \\2190 your play"; font-weight: 400; }'), ["  \u2190your play"]);
  assert.deepEqual(css(".a { color: red; }\n.b::before { content: 'Done'; }"), ["Done"]);
  assert.deepEqual(cssWordsIn('.a {}\n\n.b::before { content: "Done" }'), [{ line: 3, text: "Done" }]);
  // no letters, an attribute, a counter, a comment, a property that only ends in "content", an exemption
  assert.deepEqual(css('.a::after { content: "\\2190"; } .b::after { content: attr(data-mark); }'), []);
  assert.deepEqual(css('.c::before { content: counter(item) ". "; } /* content: "a comment" */'), []);
  assert.deepEqual(css('.d { justify-content: space-between; align-content: "flex start"; }'), []);
  assert.deepEqual(css('.e::after { content: "Toutes Tables"; } /* i18n-exempt: a name */'), []);
});

test("the HTML scan finds text and labels outside scripts and styles", () => {
  const html = (source) => htmlWordsIn(source).map((w) => w.text);
  assert.deepEqual(html("<title>A board</title>\n<p class=\"x\">Loading the board…</p>"), ["A board", "Loading the board…"]);
  assert.deepEqual(html('<nav aria-label="Site links"><img alt="A die" src="d.png"></nav>'), ["Site links", "A die"]);
  assert.deepEqual(htmlWordsIn("<html>\n<body>\n<p>Hello</p>"), [{ line: 3, text: "Hello" }]);
  // markup, scripts, styles, comments, classes and ids, empty or letterless text, an exemption
  assert.deepEqual(html('<script>const a = "Some words";</script><style>p::after { content: "x y"; }</style>'), []);
  assert.deepEqual(html('<!-- a comment in words -->\n<main id="embed-root" class="tt-embed"><p>…</p></main>'), []);
  assert.deepEqual(html('<a href="../">Toutes Tables</a> <!-- i18n-exempt: the site\'s name -->'), []);
});

test("a template's Jinja is not read as words, what it writes as it stands is", () => {
  const html = (source) => htmlWordsIn(templateText(source)).map((w) => w.text);
  assert.deepEqual(html('{#- a comment -#}<a href="{{ nav.homepage.url | url }}">{{ config.extra.words.back }}</a>'), []);
  assert.deepEqual(html('{% if page %}<nav aria-label="Site">Back</nav>{% endif %}'), ["Site", "Back"]);
});
