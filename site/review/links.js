// The review's links: `?move=12` opens the review at its 12th decision (the move list's numbering), and
// `#record=…` carries the record itself, deflated and in base64url, so the link opens the same review on any
// device (the fragment never reaches a server). Without a record in the link the page reviews the record the
// game page handed over, or the one on show when the link was made, kept on this device.
// Parsed strictly, as the game's share links are: a malformed part is refused with a message (in the page's
// language, site/i18n/), never evaluated.

import { LIMITS } from "../engine/limits.js";
import { t } from "../i18n/i18n.js";

export const MAX_MOVE = 9999;

/**
 * The name of a downloaded file of the review of a `rules` record: "toutes-tables-backgammon-match.mat", and for the
 * Toutes tables sets, whose ids already say the project's name, "toutes-tables-225-game.txt" (not said twice).
 */
export function downloadName(rules, kind, extension) {
  const stem = rules.startsWith("toutes-tables") ? rules : `toutes-tables-${rules}`;
  return `${stem}-${kind}.${extension}`;
}
export const MAX_LINK_RECORD_CHARS = LIMITS.max_record_chars; // the engine's own bound on a record
const MAX_ENCODED_CHARS = 1_500_000; // a deflated long match is a few tens of kB: far under this

/** `bytes` through a (de)compression stream, read chunk by chunk: more than `limit` bytes out is refused early. */
async function streamed(bytes, stream, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      throw new RangeError(t("review.link.too_long_bytes", { limit }));
    }
    chunks.push(value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A record as the link's `record` fragment: deflated (raw), in base64url. */
export async function encodeRecord(record) {
  return toBase64url(await streamed(new TextEncoder().encode(record), new CompressionStream("deflate-raw")));
}

/** The record a link's `record` fragment carries; a damaged one is an Error saying so. */
export async function decodeRecord(encoded) {
  let bytes;
  try {
    bytes = await streamed(fromBase64url(encoded), new DecompressionStream("deflate-raw"), MAX_LINK_RECORD_CHARS);
  } catch (error) {
    if (error instanceof RangeError) throw new Error(error.message);
    throw new Error(t("review.link.damaged"));
  }
  return new TextDecoder().decode(bytes);
}

/**
 * A review link's parts: `{move, record, errors}`, `move` the 1-based decision (or null), `record` the encoded
 * record of the fragment (or null). Unknown or malformed parts are errors and are left out.
 */
export function parseReviewLink(search, hash) {
  const errors = [];
  let move = null;
  let record = null;
  for (const [name, value] of new URLSearchParams(search)) {
    if (name !== "move") errors.push(t("link.unknown", { name: name.slice(0, 20) }));
    else if (move !== null) errors.push(t("review.link.move_twice"));
    else if (!/^\d{1,4}$/.test(value) || Number(value) < 1) errors.push(t("review.link.move_number", { max: MAX_MOVE }));
    else move = Number(value);
  }
  const fragment = (hash || "").replace(/^#/, "");
  if (fragment) {
    const match = /^record=([A-Za-z0-9_-]+)$/.exec(fragment);
    if (!match) errors.push(t("review.link.fragment"));
    else if (match[1].length > MAX_ENCODED_CHARS) errors.push(t("review.link.too_long"));
    else record = match[1];
  }
  return { move, record, errors };
}

/** The link that opens the review of `encoded` (encodeRecord's) at decision `move` (1-based) on this page. */
export function reviewLink(base, { move, encoded }) {
  const url = new URL(base);
  url.search = "";
  url.hash = "";
  if (move) url.searchParams.set("move", String(move));
  if (encoded) url.hash = `record=${encoded}`;
  return url.href;
}
