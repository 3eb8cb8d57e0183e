import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_LANGUAGE, fill, hasLanguage, loadLanguage, pageLanguage, primaryLanguage, t, tn, tParts } from "./i18n.js";

test("the page's language is its <html lang>, English without a document or a tag", () => {
  assert.equal(pageLanguage({ documentElement: { lang: "fr" } }), "fr");
  assert.equal(pageLanguage({ documentElement: { lang: "fr-CA" } }), "fr");
  assert.equal(pageLanguage({ documentElement: { lang: "" } }), "en");
  assert.equal(pageLanguage(undefined), DEFAULT_LANGUAGE);
});

test("a language tag that could be a path is English, never a file to load", () => {
  assert.equal(primaryLanguage("../en"), "en");
  assert.equal(primaryLanguage("x"), "en");
  assert.equal(primaryLanguage("FR_fr"), "fr");
});

test("a message is the page language's, with its values filled in", async () => {
  assert.equal(await loadLanguage("fr"), "fr");
  assert.ok(hasLanguage("fr"));
  assert.equal(t("widget.undo", {}, "en"), "Undo");
  assert.equal(t("widget.undo", {}, "fr"), "Reprendre");
  assert.equal(t("widget.not_allowed", { reason: "non" }, "fr"), "Interdit\u00a0: non");
});

test("a language without a catalogue is said in English, and loading it is not an error", async () => {
  assert.equal(await loadLanguage("xx"), "en");
  assert.equal(t("widget.reset", {}, "xx"), "Reset");
});

test("a key no catalogue has comes back as itself (the catalogue test forbids it in the code)", () => {
  assert.equal(t("no.such.key", {}, "fr"), "no.such.key");
});

test("a placeholder without a value stays as it is; values are not read as templates", () => {
  assert.equal(fill("{a} and {b}", { a: "{b}" }), "{b} and {b}");
});

test("plurals follow the language's rule: French says 0 in the singular, English in the plural", () => {
  assert.equal(tn("board.off", 0, {}, "fr"), "0 sortie");
  assert.equal(tn("board.off", 2, {}, "fr"), "2 sorties");
  assert.equal(tn("widget.legal_plays_count", 0, {}, "en"), "0 legal plays");
  assert.equal(tn("widget.legal_plays_count", 1, {}, "en"), "1 legal play");
});

test("tParts puts controls into the sentence where the language's words put them", async () => {
  await loadLanguage("fr");
  const number = { control: "number" };
  const button = { control: "button" };
  assert.deepEqual(tParts("drawer.choose_number", { number, button }, "en"), ["or a start number ", number, " ", button]);
  assert.deepEqual(tParts("drawer.choose_number", { number, button }, "fr"), ["ou un numéro de départ ", number, " ", button]);
  // a part not given stays visible as its placeholder rather than vanishing
  assert.deepEqual(tParts("drawer.choose_number", { number }, "en"), ["or a start number ", number, " ", "{button}"]);
});
