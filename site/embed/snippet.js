// The embed page's address and the <iframe> to paste into another site, from a board's options.
// Pure (no DOM), so it is tested under node (site/embed/snippet.test.mjs).

import { t } from "../i18n/i18n.js";

/** The options of the embed page, in the order they appear in its address; the same as <tt-board>'s. */
export const EMBED_OPTIONS = ["rules", "position", "turn", "dice", "mode", "orientation"];

const BOARD_ASPECT_HEIGHT = 0.62; // the board's height per unit of width (its canvas), plus the status line

/**
 * The embed page's URL for `options` ({rules, position, turn, dice, mode, orientation}, and `lang`, the
 * language the board speaks; each optional), on the site whose root is `siteRoot` (an absolute URL).
 * Dice may be `[6, 1]` or `"6-1"`.
 */
export function embedUrl(siteRoot, options = {}) {
  const url = new URL("embed/board/", siteRoot);
  for (const name of EMBED_OPTIONS) {
    let value = options[name];
    if (value === undefined || value === null || value === "") continue;
    if (name === "dice" && Array.isArray(value)) value = value.join("-");
    url.searchParams.set(name, String(value));
  }
  if (options.lang) url.searchParams.set("lang", String(options.lang));
  return url.href;
}

function escapeAttribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The HTML to paste into a page: an <iframe> of the embed page, `width` CSS pixels wide. */
export function embedSnippet(siteRoot, options = {}, { width = 480, title = t("embed.title", {}, options.lang) } = {}) {
  const src = embedUrl(siteRoot, options);
  const controls = options.mode === "example" ? 150 : options.mode === "play" ? 70 : 40;
  const height = Math.round(width * BOARD_ASPECT_HEIGHT + controls);
  return (
    `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" ` +
    `title="${escapeAttribute(title)}" style="border:0;max-width:100%" loading="lazy"></iframe>`
  );
}
