// The game's "Embed" field, beside its share link: the <iframe> code (site/embed/snippet.js) that puts the
// position of this turn on another site as a live board (docs/embed.md). It shows what the share link
// shares: the position at the start of this turn with its player on roll and, once rolled, the dice, to
// play on the embedded board; before the opening roll or once the game is over, the game's start.

import { embedSnippet } from "../embed/snippet.js";
import { DEFAULT_LANGUAGE, pageLanguage, t } from "../i18n/i18n.js";
import { el } from "./dom.js";
import { pageButton } from "./page.js";

/**
 * The embed page's options for the game's view `v` (see the service's view in site/engine/PROTOCOL.md), the
 * board speaking `lang` (the page's language; English, the embed page's own, is not written).
 */
export function embedOptions(v, lang = pageLanguage()) {
  const language = lang === DEFAULT_LANGUAGE ? {} : { lang };
  const playing = v.phase !== "over" && v.phase !== "opening";
  if (!playing) return { rules: v.rules, position: v.start ? v.start.number : 64, mode: "view", ...language };
  // The view's dice are {value, used, colour}, four of them for a double: the roll is the first two values.
  const rolled = v.phase === "move" && v.dice && v.dice.length >= 2;
  const dice = rolled ? [v.dice[0].value, v.dice[1].value] : null;
  return { rules: v.rules, position: v.position_id, turn: v.turn, dice, mode: dice ? "play" : "view", ...language };
}

/**
 * Put an "Embed" field after the field holding `shareLinkInput`, its Copy button calling `copy(textarea)` as
 * the fields beside it do; returns `show(v)`, which fills it from a view. Focus selects the whole code.
 */
export function mountEmbedShare(shareLinkInput, copy) {
  const code = el("textarea", { readonly: true, rows: 3, class: "tt-code", "aria-label": t("game.embed_code") });
  code.addEventListener("focus", () => code.select());
  const copyCode = pageButton(t("game.button.copy"), { "aria-label": t("game.copy_embed") });
  copyCode.addEventListener("click", () => copy(code));
  const field = el("div", { class: "tt-field" }, el("span", { class: "tt-label" }, t("game.embed")), code, copyCode);
  shareLinkInput.closest(".tt-field").after(field);
  const siteRoot = new URL("../", import.meta.url).href;
  return function show(v) {
    code.value = embedSnippet(siteRoot, embedOptions(v));
  };
}
