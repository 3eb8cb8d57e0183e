// The embed maker of the Embed page: choose a board (a start or a Position ID, the rules, the dice, the
// mode) and get the <iframe> to paste into another site, with a preview of exactly that frame.
//
//   <div class="tt-embed-maker"></div>
//   <script type="module" src="../javascripts/embed-maker.js"></script>
//
// The page's own query prefills it (the gallery links here with ?position=17), read with the same
// names as the embed page's options; unknown or malformed values are ignored, never put into markup.

import { embedSnippet, embedUrl, EMBED_OPTIONS } from "../embed/snippet.js";

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

function select(name, values) {
  const s = el("select", { name });
  for (const v of values) s.append(el("option", { value: v }, v || "the player on roll"));
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
  const code = el("textarea", { readonly: "", rows: "3", "aria-label": "The HTML to paste", class: "tt-maker-code" });
  const copy = el("button", { type: "button", class: "md-button" }, "Copy");
  const preview = el("div", { class: "tt-maker-preview" });
  const update = () => {
    const options = {};
    for (const name of EMBED_OPTIONS) options[name] = controls[name].value.trim();
    if (options.mode !== "view" && !options.dice) options.dice = "6-1"; // play and example need a roll
    code.value = embedSnippet(SITE_ROOT, options);
    const frame = el("iframe", { src: embedUrl(SITE_ROOT, options), width: "480", height: code.value.match(/height="(\d+)"/)[1],
      title: "Preview of the embedded board", style: "border:0;max-width:100%" });
    preview.replaceChildren(frame);
  };
  copy.addEventListener("click", async () => {
    code.select();
    try {
      await navigator.clipboard.writeText(code.value);
      copy.textContent = "Copied";
    } catch {
      copy.textContent = "Select and copy";
    }
  });
  for (const control of Object.values(controls)) control.addEventListener("change", update);
  root.replaceChildren(
    el("div", { class: "tt-maker-fields" },
      field("Position (start 1-225 or Position ID)", position), field("Rules", controls.rules),
      field("On roll", controls.turn), field("Dice", dice), field("Mode", controls.mode),
      field("At the bottom", controls.orientation)),
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
