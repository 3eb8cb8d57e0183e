// The setup-drawer of the rules book: roll the dice (or choose them, or type a number 1-225) and watch
// the start being set up step by step on a live board, as the procedure describes.
//
//   <div class="tt-setup-drawer" data-start="64"></div>
//   <script type="module" src="../../javascripts/setup-drawer.js"></script>
//
// `data-start` (optional) is the start shown before the reader does anything. When a set-up is
// finished the element carries `data-start-number` and `data-points` (the 24 signed counts, + Black),
// which the end-to-end tests compare with the engine.

import { createBoard } from "../board/board.js";
import { t, tParts } from "../i18n/i18n.js";
import { positionAfter, rollProblem, setupSteps, startNumber, startRolls } from "./drawn-starts.js";

const STEP_MS = 800;
const PLAY_LINK = "../../play/?rules=toutes-tables-225&start=";

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function dieSelect(label) {
  const select = el("select", { "aria-label": label });
  for (let d = 1; d <= 6; d++) select.append(el("option", { value: String(d) }, String(d)));
  return select;
}

/** A fair die from the browser's cryptographic generator (rejection sampling, no modulo bias). */
function rollDie() {
  const buffer = new Uint8Array(1);
  do crypto.getRandomValues(buffer); while (buffer[0] >= 252);
  return (buffer[0] % 6) + 1;
}

function mount(root) {
  if (root.dataset.mounted) return;
  root.dataset.mounted = "true";
  root.replaceChildren();
  const rollButton = el("button", { type: "button", class: "md-button md-button--primary" }, t("drawer.roll"));
  const choose = [dieSelect(t("drawer.first_die")), dieSelect(t("drawer.first_other_die")),
    dieSelect(t("drawer.second_die")), dieSelect(t("drawer.second_other_die"))];
  choose[0].value = "6"; choose[1].value = "1"; choose[2].value = "5"; choose[3].value = "1";
  const chooseButton = el("button", { type: "button", class: "md-button" }, t("drawer.set_up"));
  const numberInput = el("input", { type: "number", min: "1", max: "225", value: "64", "aria-label": t("drawer.start_number") });
  const numberButton = el("button", { type: "button", class: "md-button" }, t("drawer.set_up"));
  const message = el("p", { class: "tt-drawer-message", role: "alert" });
  const boardBox = el("div", { class: "tt-drawer-board" });
  const log = el("ol", { class: "tt-drawer-steps", "aria-live": "polite" });
  const result = el("p", { class: "tt-drawer-result" });
  root.append(
    el("div", { class: "tt-drawer-controls" },
      el("p", {}, rollButton),
      el("p", {}, ...tParts("drawer.choose_dice",
        { first: choose[0], first_other: choose[1], second: choose[2], second_other: choose[3], button: chooseButton })),
      el("p", {}, ...tParts("drawer.choose_number", { number: numberInput, button: numberButton }))),
    message, boardBox, log, result,
  );

  const board = createBoard(boardBox, { interactive: false, position: positionAfter([], 0), turn: null });
  let timer = 0;

  function show(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  function run(first, second, rerolled = []) {
    clearTimeout(timer);
    show("");
    const steps = setupSteps(first, second);
    const number = startNumber(first, second);
    delete root.dataset.startNumber;
    delete root.dataset.points;
    log.replaceChildren(...rerolled.map(([a, b]) => el("li", {}, t("drawer.rerolled", { roll: `${a}-${b}` }))));
    result.replaceChildren();
    let k = 0;
    const advance = () => {
      const step = steps[k];
      k += 1;
      board.set({
        position: positionAfter(steps, k),
        dice: step.dice ? step.dice.map((value) => ({ value, colour: "white" })) : [],
        startNumber: k === steps.length ? number : null,
      });
      log.append(el("li", {}, step.text));
      if (k < steps.length) {
        timer = setTimeout(advance, reducedMotion() ? 0 : STEP_MS);
        return;
      }
      root.dataset.startNumber = String(number);
      root.dataset.points = JSON.stringify(positionAfter(steps, k).points.slice(1));
      result.append(t("drawer.result", { number }), el("a", { href: PLAY_LINK + number }, t("drawer.play_from", { number })));
    };
    board.set({ position: positionAfter(steps, 0), dice: [], startNumber: null });
    advance();
  }

  rollButton.addEventListener("click", () => {
    const rerolled = [];
    const rolls = [];
    while (rolls.length < 2) {
      const roll = [rollDie(), rollDie()];
      if (roll[0] === roll[1]) rerolled.push(roll);
      else rolls.push(roll);
    }
    run(rolls[0], rolls[1], rerolled);
  });

  chooseButton.addEventListener("click", () => {
    const [first, second] = [[0, 1], [2, 3]].map((pair) => pair.map((i) => Number(choose[i].value)));
    const problem = rollProblem(first) || rollProblem(second);
    if (problem) {
      show(t("drawer.cannot", { problem }));
      return;
    }
    run(first, second);
  });

  numberButton.addEventListener("click", () => {
    const text = numberInput.value.trim();
    const number = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(number >= 1 && number <= 225)) {
      show(t("drawer.cannot", { problem: t("drawer.bad_number", { text: text.slice(0, 12) }) }));
      return;
    }
    const [first, second] = startRolls(number);
    run([first[1], first[0]], [second[1], second[0]]);
  });

  const initial = Number(root.dataset.start || "64");
  if (Number.isInteger(initial) && initial >= 1 && initial <= 225) {
    const [first, second] = startRolls(initial);
    const steps = setupSteps(first, second);
    board.set({ position: positionAfter(steps, steps.length), startNumber: initial });
  }
  show("");
}

function mountAll() {
  for (const root of document.querySelectorAll(".tt-setup-drawer")) mount(root);
}

mountAll();
// With Material's instant navigation a page arrives without reloading this module: mount on each page.
if (window.document$) window.document$.subscribe(mountAll);
