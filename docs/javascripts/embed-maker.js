// The embed maker of the Embed page: choose a board (a start or a Position ID, the rules, the dice, the
// mode) and get the <iframe> to paste into another site, with a preview of exactly that frame.
//
//   <div class="tt-embed-maker"></div>
//   <script type="module" src="../javascripts/embed-maker.js"></script>
//
// The page's own query prefills it (the gallery links here with ?position=17), read with the same
// names as the embed page's options; unknown or malformed values are ignored, never put into markup.
// Its words are the page's language's (site/i18n/), and so is the board it makes (the code's `lang`).

import { embedSnippet, embedUrl, EMBED_OPTIONS } from "../embed/snippet.js";
import { DEFAULT_LANGUAGE, pageLanguage, t } from "../i18n/i18n.js";

const SITE_ROOT = new URL("../", import.meta.url).href;
const CHOICES = {
  rules: ["toutes-tables-225", "toutes-tables", "backgammon-225", "backgammon"],
  turn: ["white", "black"],
  mode: ["view", "play", "example"],
  orientation: ["", "white", "black"],
};

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function field(label, control) {
  return el("label", { class: "tt-maker-field" }, el("span", {}, label), control);
}

// The words an option is shown with (its value, the embed page's, stays as it is): rule sets by their names.
const CHOICE_WORDS = {
  white: () => t("maker.choice.white"), black: () => t("maker.choice.black"), "": () => t("maker.on_roll_player"),
  view: () => t("maker.choice.view"), play: () => t("maker.choice.play"), example: () => t("maker.choice.example"),
};

function select(name, values) {
  const s = el("select", { name });
  for (const v of values) s.append(el("option", { value: v }, CHOICE_WORDS[v] ? CHOICE_WORDS[v]() : v));
  return s;
}

function mount(root) {
  if (root.dataset.mounted) return;
  root.dataset.mounted = "1";
  const position = el("input", { name: "position", value: "64", size: "16", maxlength: "14", spellcheck: "false" });
  const dice = el("input", { name: "dice", value: "", size: "4", maxlength: "3", placeholder: "6-1" });
  const controls = { position, dice };
  for (const [name, values] of Object.entries(CHOICES)) controls[name] = select(name, values);
  const query = new URLSearchParams(window.location.search);
  for (const name of EMBED_OPTIONS) {
    const value = query.get(name);
    if (value === null || !controls[name]) continue;
    if (CHOICES[name] && !CHOICES[name].includes(value)) continue;
    if (name === "position" && !/^(\d{1,3}|[A-Za-z0-9+/]{14})$/.test(value)) continue;
    if (name === "dice" && !/^[1-6]-?[1-6]$/.test(value)) continue;
    controls[name].value = value;
  }
  const code = el("textarea", { readonly: "", rows: "3", "aria-label": t("maker.code_label"), class: "tt-maker-code" });
  const copy = el("button", { type: "button", class: "md-button" }, t("maker.copy"));
  const preview = el("div", { class: "tt-maker-preview" });
  const update = () => {
    const options = {};
    for (const name of EMBED_OPTIONS) options[name] = controls[name].value.trim();
    if (options.mode !== "view" && !options.dice) options.dice = "6-1"; // play and example need a roll
    const lang = pageLanguage();
    if (lang !== DEFAULT_LANGUAGE) options.lang = lang; // the board speaks the page's language
    code.value = embedSnippet(SITE_ROOT, options);
    const frame = el("iframe", { src: embedUrl(SITE_ROOT, options), width: "480", height: code.value.match(/height="(\d+)"/)[1],
      title: t("maker.preview"), style: "border:0;max-width:100%" });
    preview.replaceChildren(frame);
  };
  copy.addEventListener("click", async () => {
    code.select();
    try {
      await navigator.clipboard.writeText(code.value);
      copy.textContent = t("maker.copied");
    } catch {
      copy.textContent = t("maker.select_and_copy");
    }
  });
  for (const control of Object.values(controls)) control.addEventListener("change", update);
  root.replaceChildren(
    el("div", { class: "tt-maker-fields" },
      field(t("maker.position"), position), field(t("maker.rules"), controls.rules),
      field(t("maker.turn"), controls.turn), field(t("maker.dice"), dice), field(t("maker.mode"), controls.mode),
      field(t("maker.orientation"), controls.orientation)),
    el("div", { class: "tt-maker-output" }, code, copy),
    preview,
  );
  update();
}

function mountAll() {
  for (const root of document.querySelectorAll(".tt-embed-maker")) mount(root);
}

mountAll();
// With Material's instant navigation a page arrives without reloading this module: mount on each page.
if (window.document$) window.document$.subscribe(mountAll);
