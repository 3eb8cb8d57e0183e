// The page's words, in the page's language: t(key, values) looks `key` up in the catalogue of the
// page's language (site/i18n/<lang>.json, the language being <html lang>) and fills in its {values}.
// A key that catalogue lacks is said in English (en.json, the reference: it has every key); a key
// no catalogue has comes back as the key itself, which a test forbids (site/i18n/catalogues.test.mjs).
//
//   import { t } from "../i18n/i18n.js";
//   t("widget.undo")                                 // "Undo" on an English page, "Reprendre" on a French one
//   t("widget.not_allowed", { reason })              // "Not allowed: …", "Pas permis : …"
//   tn("widget.legal_plays_count", 2)                // "2 legal plays": key.one / key.other by the plural rule
//   p.append(...tParts("drawer.choose_number", { number: input, button }))  // words around the controls
//
// A catalogue is plain JSON, loaded as a JSON module; a new language is a new file and no code
// (docs/translations.md). The module loads English and the page's language before it resolves
// (top-level await), so t() is synchronous for whatever imports it.

import en from "./en.json" with { type: "json" };

export const DEFAULT_LANGUAGE = "en";
const LANGUAGE_TAG = /^[a-z]{2,3}$/; // a catalogue's name: an ISO 639 code, nothing that could be a path
const PLACEHOLDER = /\{(\w+)\}/g;

const catalogues = new Map([[DEFAULT_LANGUAGE, en]]);
const loading = new Map();

/** The primary language of `lang` ("fr-CA" -> "fr"), or English for anything that is not a language tag. */
export function primaryLanguage(lang) {
  const primary = String(lang ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGE_TAG.test(primary) ? primary : DEFAULT_LANGUAGE;
}

/** The language of the page: its <html lang> (English without a document, as under node). */
export function pageLanguage(doc = globalThis.document) {
  return primaryLanguage(doc?.documentElement?.lang);
}

/**
 * Load the catalogue of `lang` (once); resolves to the language whose words will be used: `lang`, or
 * English when there is no catalogue for it (a missing file is not an error: the page stays readable).
 */
export function loadLanguage(lang) {
  const primary = primaryLanguage(lang);
  if (catalogues.has(primary)) return Promise.resolve(primary);
  if (!loading.has(primary)) {
    const load = import(`./${primary}.json`, { with: { type: "json" } }).then(
      (module) => {
        catalogues.set(primary, module.default);
        return primary;
      },
      () => DEFAULT_LANGUAGE,
    );
    loading.set(primary, load);
  }
  return loading.get(primary);
}

/** Whether a catalogue has been loaded for `lang`. */
export function hasLanguage(lang) {
  return catalogues.has(primaryLanguage(lang));
}

/** Whether a catalogue, the page language's or English, has `key` (for keys made from data, like a level's name). */
export function hasMessage(key, lang = pageLanguage()) {
  return key in (catalogues.get(primaryLanguage(lang)) ?? {}) || key in en;
}

/** `template` with each {name} replaced by `values[name]` (left as it is when no value is given). */
export function fill(template, values = {}) {
  return template.replace(PLACEHOLDER, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * The message `key` in `lang` (the page's language by default), its `values` filled in. Falls back to
 * English when `lang`'s catalogue lacks the key or is not loaded (loading it for next time).
 */
export function t(key, values = {}, lang = pageLanguage()) {
  const primary = primaryLanguage(lang);
  const catalogue = catalogues.get(primary);
  if (!catalogue) loadLanguage(primary);
  const template = catalogue?.[key] ?? en[key];
  return template === undefined ? key : fill(template, values);
}

/**
 * The message `key` as a list of parts, each {name} of `parts` replaced by `parts[name]` as it is (a
 * page's control, say) and the words between them as strings: for `element.append(...)`, so that a
 * sentence with a control inside it keeps the language's word order ("first roll {first} {other}").
 */
export function tParts(key, parts, lang = pageLanguage()) {
  const pieces = t(key, {}, lang).split(PLACEHOLDER); // words, name, words, name, ..., words
  const part = (piece, i) => (i % 2 === 0 ? piece : piece in parts ? parts[piece] : `{${piece}}`);
  return pieces.map(part).filter((piece) => piece !== "");
}

/**
 * The message for `count` of something: `key.one` or `key.other` as the language's plural rule picks
 * (French says "1 dame", "0 dame", English "0 checkers"), with {count} among the values.
 */
export function tn(key, count, values = {}, lang = pageLanguage()) {
  const form = new Intl.PluralRules(primaryLanguage(lang)).select(count) === "one" ? "one" : "other";
  return t(`${key}.${form}`, { count, ...values }, lang);
}

/**
 * `value` with `digits` decimals in the way of `lang` (the page's language): "0.057" in English,
 * "0,057" in French. The language's own number rules (Intl), so a new language needs no code; no
 * grouping, so an equity reads the same in a sentence and in a table.
 */
export function decimal(value, digits, lang = pageLanguage()) {
  return new Intl.NumberFormat(primaryLanguage(lang), {
    minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false,
  }).format(value);
}

/** A colour's name in `lang` ("White", "Blanc"): `colour` is the engine's "black" or "white". */
export function colourName(colour, lang = pageLanguage()) {
  return t(colour === "black" ? "colour.black" : "colour.white", {}, lang);
}

await loadLanguage(pageLanguage());
