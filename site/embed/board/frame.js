// The embed page (/embed/board/?position=17&rules=backgammon-225&dice=5-2&mode=play): one <tt-board>
// filling the frame, for other sites to show in an <iframe>. The query takes the element's attributes
// (checked by the element itself, which shows what is wrong in place of the board), plus `origin`, the
// host page's origin, for browsers that do not tell a frame who embeds it, and `lang`, the language the
// board speaks (lang=fr: French; English by default), set as the page's <html lang> before the board is made.
//
// Each completed play is sent to the host page as a message
//   {type: "tt-play", notation, plays}
// with postMessage, addressed to the host's origin only (so no other page can read it); the host should
// check `event.origin` against this site's origin. See docs/embed.md.

import { ASPECT } from "../../board/geometry.js";
import { EMBED_OPTIONS } from "../snippet.js";
import { loadLanguage, t } from "../../i18n/i18n.js";
import "../../board/element.js";
import "../../offline.js"; // the embed works offline once visited, like the rest of the site

const ORIGIN_FORM = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
const LANGUAGE_FORM = /^[a-z]{2,3}$/;
const PAGE_OPTIONS = ["origin", "lang"]; // the embed page's own options, beside the board's
const root = document.getElementById("embed-root");

function say(text) {
  const p = document.createElement("p");
  p.className = "tt-embed-error";
  p.setAttribute("role", "alert");
  p.textContent = text;
  root.replaceChildren(p);
}

/** The query's options, or the first problem with it (an unknown or repeated parameter). */
export function readQuery(search) {
  const query = new URLSearchParams(search);
  const options = {};
  for (const [name, value] of query) {
    if (!PAGE_OPTIONS.includes(name) && !EMBED_OPTIONS.includes(name)) {
      return { error: t("embed.error.unknown_option", { name: name.slice(0, 20), options: [...EMBED_OPTIONS, ...PAGE_OPTIONS].join(", ") }) };
    }
    if (name in options) return { error: t("embed.error.twice", { name }) };
    options[name] = value.slice(0, 40);
  }
  if (options.origin !== undefined && !ORIGIN_FORM.test(options.origin)) {
    return { error: t("embed.error.origin", { value: options.origin }) };
  }
  if (options.lang !== undefined && !LANGUAGE_FORM.test(options.lang)) {
    return { error: t("embed.error.lang", { value: options.lang }) };
  }
  return { options };
}

/** The host page's origin, if it can be known for sure; null when the page is not framed. */
function hostOrigin(declared) {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) {
    if (declared && declared !== ancestor) {
      console.warn(`the embed's origin=${declared} is not the page that frames it (${ancestor}): no messages are sent`);
      return null;
    }
    return ancestor;
  }
  if (declared) return declared;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Keep the board within the frame's height as well as its width (the status and controls below it). */
function fitToFrame(board) {
  const fit = () => {
    const below = [...board.children].filter((c) => !c.classList.contains("tt-embed-board"));
    const chrome = below.reduce((sum, c) => sum + c.getBoundingClientRect().height, 0) + 40;
    const width = Math.max(200, Math.floor((window.innerHeight - chrome) * ASPECT));
    document.body.style.setProperty("--tt-frame-board-width", `${width}px`);
  };
  new ResizeObserver(fit).observe(document.body);
  new MutationObserver(fit).observe(board, { childList: true });
  fit();
}

function mount() {
  const { options, error } = readQuery(window.location.search);
  if (error) {
    say(`${t("widget.cannot_show", { reason: error })}.`);
    return;
  }
  const board = document.createElement("tt-board");
  for (const name of EMBED_OPTIONS) if (options[name] !== undefined) board.setAttribute(name, options[name]);
  const target = hostOrigin(options.origin);
  board.addEventListener("tt-play", (event) => {
    if (target) window.parent.postMessage({ type: "tt-play", ...event.detail }, target);
  });
  root.replaceChildren(board);
  fitToFrame(board);
  const home = document.getElementById("embed-site-link");
  home.href = new URL("../../", import.meta.url).href;
}

/** Speak the query's language (if the site has its catalogue) before anything is drawn. */
async function speakTheQuerysLanguage() {
  const lang = new URLSearchParams(window.location.search).get("lang");
  if (lang && LANGUAGE_FORM.test(lang)) document.documentElement.lang = await loadLanguage(lang);
  // the page's title in its language (index.html has only the site's name, as it cannot know the language)
  document.title = t("embed.title");
}

await speakTheQuerysLanguage();
mount();
root.removeAttribute("aria-busy");
