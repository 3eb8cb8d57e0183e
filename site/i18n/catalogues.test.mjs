// The catalogues agree with each other and with the code: every catalogue has exactly English's keys,
// each message with the same {placeholders}, and every key the code names is in English's catalogue.
// A new language's file is checked as soon as it is added (docs/translations.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const SITE = join(HERE, "..");
const BOOK_SCRIPTS = join(SITE, "..", "docs", "javascripts"); // the rules book's widgets, beside the site's in the build
const COMMENT = "//";

function read(name) {
  const data = JSON.parse(readFileSync(join(HERE, name), "utf8"));
  delete data[COMMENT];
  return data;
}

const catalogueFiles = readdirSync(HERE).filter((name) => /^[a-z]{2,3}\.json$/.test(name));
const english = read("en.json");
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every key and which catalogues lack it, or have it beyond English's: [] when they agree. */
export function keyMismatches(reference, other) {
  const missing = Object.keys(reference).filter((key) => !(key in other)).map((key) => `lacks ${key}`);
  const extra = Object.keys(other).filter((key) => !(key in reference)).map((key) => `has ${key}, English does not`);
  return [...missing, ...extra];
}

/**
 * The keys the code names: literal first arguments of t(, tParts( and tn( (tn's as key.one and key.other), and
 * the chouette's does(name, key) (as key and key.you, site/chouette/words.js).
 */
export function keysUsed(source) {
  const keys = [...source.matchAll(/\bt(?:Parts)?\(\s*"([^"]+)"/g)].map((m) => m[1]);
  for (const m of source.matchAll(/\btn\(\s*"([^"]+)"/g)) keys.push(`${m[1]}.one`, `${m[1]}.other`);
  for (const m of source.matchAll(/\bdoes\([^,()]+(?:\([^()]*\))?,\s*"([^"]+)"/g)) keys.push(m[1], `${m[1]}.you`);
  return keys;
}

function siteSources(dir = SITE) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "node_modules") files.push(...siteSources(path));
    else if (entry.isFile() && entry.name.endsWith(".js")) files.push(path);
  }
  return files;
}

test("there are at least the English and French catalogues", () => {
  assert.ok(catalogueFiles.includes("en.json") && catalogueFiles.includes("fr.json"), catalogueFiles.join(", "));
});

for (const name of catalogueFiles.filter((n) => n !== "en.json")) {
  test(`${name} has exactly the keys of en.json`, () => {
    assert.deepEqual(keyMismatches(english, read(name)), []);
  });
  test(`${name} fills in the same values as en.json in each message`, () => {
    const other = read(name);
    const differ = Object.keys(english)
      .filter((key) => key in other && placeholders(english[key]).join() !== placeholders(other[key]).join())
      .map((key) => `${key}: ${english[key]} / ${other[key]}`);
    assert.deepEqual(differ, []);
  });
}

test("a catalogue lacking a key, or with one English lacks, is caught", () => {
  assert.deepEqual(keyMismatches({ a: "A", b: "B" }, { a: "A", c: "C" }), ["lacks b", "has c, English does not"]);
});

test("every key the site's code names is in en.json", () => {
  const unknown = [];
  for (const file of [...siteSources(), ...siteSources(BOOK_SCRIPTS)]) {
    for (const key of keysUsed(readFileSync(file, "utf8"))) {
      if (!(key in english)) unknown.push(`${relative(join(SITE, ".."), file)}: ${key}`);
    }
  }
  assert.deepEqual(unknown, []);
});

test("the key scan finds t(...) and tn(...) keys, and so catches a key no catalogue has", () => {
  assert.deepEqual(keysUsed('t("a.b", { x }) + tn( "c.d", n) + at("not.me") + tParts("p.q", {})'), ["a.b", "p.q", "c.d.one", "c.d.other"]);
  assert.deepEqual(keysUsed('does(who(name), "e.f") + does(name, "g.h", { play })'), ["e.f", "e.f.you", "g.h", "g.h.you"]);
  assert.ok(!("no.such.key" in english));
});

test("the keys the code builds from data are in en.json (the scan above reads only literal keys)", () => {
  const built = [
    ...["black", "white"].map((c) => `colour.${c}`),
    ...["view", "play", "example"].map((m) => `widget.label.${m}`),
    ...["black", "white"].flatMap((c) => [`board.point_checkers.${c}.one`, `board.point_checkers.${c}.other`]),
    ...["beginner", "intermediate", "advanced", "expert", "world-class"].map((l) => `level.${l}`),
    ...["box", "captain", "member", "out"].map((r) => `chouette.role.${r}`),
    ...["take", "drop"].map((a) => `chouette.answered.${a}`),
    ...["single", "gammon", "backgammon"].map((o) => `chouette.resign.${o}`),
    ...["rank", "player", "role", "cube"].map((h) => `chouette.col.${h}`),
    ...["take", "drop", "join", "refuse"].flatMap((a) => [`chouette.aria.${a}`, `chouette.aria.${a}.you`]),
  ];
  assert.deepEqual(built.filter((key) => !(key in english)), []);
});

/** Declarations of a local `t` or `tn` (const/let/var, a parameter), which would hide the catalogue's. */
export function shadowsOfT(source) {
  const found = [...source.matchAll(/\b(?:const|let|var)\s+(tn?)\s*=/g)].map((m) => m[0]);
  for (const m of source.matchAll(/\(([^()]*)\)\s*(?:=>|\{)/g)) {
    if (m[1].split(",").some((p) => /^\s*tn?\s*(=.*)?$/.test(p))) found.push(m[0]);
  }
  return found;
}

test("no file that says things through t() hides it with a local t (the words would throw)", () => {
  const hidden = [];
  for (const file of [...siteSources(), ...siteSources(BOOK_SCRIPTS)]) {
    const source = readFileSync(file, "utf8");
    if (!/import\s*\{[^}]*\bt\b[^}]*\}\s*from\s*"[./]*i18n\/i18n\.js"/.test(source)) continue;
    for (const found of shadowsOfT(source)) hidden.push(`${relative(SITE, file)}: ${found}`);
  }
  assert.deepEqual(hidden, []);
});

test("the shadow scan sees a local t and a parameter t, not other names", () => {
  assert.deepEqual(shadowsOfT("const t = v.turn_state; const turn = 1; let tn = 2;"), ["const t =", "let tn ="]);
  assert.equal(shadowsOfT("const f = (t) => t + 1; function g(a, t) {}").length, 2);
  assert.deepEqual(shadowsOfT("const f = (turn) => turn; function g(at, b) {}"), []);
});

// The words a French message keeps from English are the ones the glossary keeps (docs/translations.fr.md,
// "Les mots gardés de l'anglais"): a French message word for word its English one is made of those only.
const GLOSSARY = readFileSync(join(SITE, "..", "docs", "translations.fr.md"), "utf8");

/** The words of the first column of the glossary's table of words kept from English, in lower case. */
export function keptWords(glossary) {
  const section = glossary.split(/^## /m).find((s) => s.includes("{ #words-kept-from-english }")) || "";
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| mot |"));
  return new Set(rows.flatMap((row) => [...row.split("|")[1].matchAll(/\p{L}+/gu)].map((m) => m[0].toLowerCase())));
}

/** The words of French messages that are their English ones word for word and that `kept` does not list. */
export function wordsNotKept(reference, french, kept) {
  const unkept = [];
  for (const [key, text] of Object.entries(reference)) {
    if (french[key] !== text) continue;
    for (const m of text.replace(/\{\w+\}/g, " ").matchAll(/\p{L}+/gu)) {
      if (!kept.has(m[0].toLowerCase())) unkept.push(`${key}: ${m[0]}`);
    }
  }
  return unkept;
}

test("the French catalogue keeps from English only the words the glossary keeps", () => {
  const kept = keptWords(GLOSSARY);
  assert.ok(kept.has("rollout") && kept.has("position"), [...kept].join(", "));
  assert.deepEqual(wordsNotKept(english, read("fr.json"), kept), []);
  // and the check sees an English word left in French
  assert.deepEqual(wordsNotKept({ a: "Rollout", b: "Permanent link" }, { a: "Rollout", b: "Permanent link" }, kept), [
    "b: Permanent",
    "b: link",
  ]);
});
