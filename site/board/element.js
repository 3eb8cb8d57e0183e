// <tt-board>: a live board for any page, built on the same board component as the game.
//
//   <tt-board rules="toutes-tables" position="AACAWAAAAAAAAA" turn="white" dice="6-1" mode="example"></tt-board>
//   <script type="module" src="/board/element.js"></script>
//
// Attributes (all optional; a bad one replaces the board with a visible message saying what is wrong):
//   rules        toutes-tables-225 (default) | toutes-tables | backgammon-225 | backgammon
//   position     a start number 1-225 (default 64, the classic start) or a 14-character gnubg Position ID
//   turn         white (default) | black: the player on roll
//   dice         two dice, "6-1" or "61"; without dice the board only shows the position
//   mode         view (default): look only; play: move the checkers with the dice, undo, reset;
//                example: play, plus every legal play of the roll listed live and the dice changeable
//   orientation  white | black: the colour drawn at the bottom (default: the player on roll)
//
// When the reader completes a play, the element fires a bubbling `tt-play` event whose detail is
// `{notation, plays}` (the play made and every legal play), so a lesson can judge the move.
// The rules engine (one Web Worker per page, shared by every board on it) starts when the first
// board that needs it connects. Elements upgrade whenever they are inserted, so boards work after
// Material's instant navigation too.

import { createBoard } from "./board.js";
import { classicPosition } from "./state.js";
import { createEngine } from "../engine/client.js";
import { parseAttributes } from "./attributes.js";
import { engineFailure } from "../i18n/engine-words.js";
import { t, tn } from "../i18n/i18n.js";

let sharedEngine = null;
function engine() {
  sharedEngine ??= createEngine(new URL("../engine/worker.js", import.meta.url));
  return sharedEngine;
}

let styled = false;
function linkStyles() {
  if (styled) return;
  styled = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./element.css", import.meta.url).href;
  document.head.append(link);
}

function node(tag, attrs = {}, text = null) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== null) n.textContent = text;
  return n;
}

export class TouteTablesBoard extends HTMLElement {
  static get observedAttributes() {
    return ["rules", "position", "turn", "dice", "mode", "orientation"];
  }

  connectedCallback() {
    linkStyles();
    // a static picture written inside the element (the rules book's diagram) stays on show
    // until the live board has its first answer from the engine
    if (this.fallback === undefined) this.fallback = [...this.childNodes];
    this.render();
  }

  disconnectedCallback() {
    this.teardown();
  }

  attributeChangedCallback() {
    if (this.isConnected && this.board) this.render();
  }

  teardown() {
    if (this.board) this.board.destroy();
    this.board = null;
    this.generation = (this.generation || 0) + 1; // answers for an older setup are ignored
    this.replaceChildren();
  }

  render() {
    this.teardown();
    this.classList.add("tt-embed");
    const parsed = parseAttributes((name) => this.getAttribute(name));
    if (parsed.error) {
      this.append(node("p", { class: "tt-embed-error", role: "alert" }, t("widget.cannot_show", { reason: parsed.error })));
      return;
    }
    const config = parsed.config;
    this.config = config;
    this.steps = [];
    const holder = node("div", { class: "tt-embed-board" });
    const waiting = this.fallback && this.fallback.length ? node("div", { class: "tt-embed-fallback" }) : null;
    if (waiting) {
      waiting.append(...this.fallback);
      holder.hidden = true;
      this.append(waiting);
    }
    this.waiting = waiting;
    this.holder = holder;
    this.status = node("p", { class: "tt-embed-status", "aria-live": "polite" }, t("widget.loading_engine"));
    this.controls = node("div", { class: "tt-embed-controls" });
    this.playList = node("ul", { class: "tt-embed-plays", "aria-label": t("widget.legal_plays") });
    this.append(holder, this.status, this.controls);
    if (config.mode === "example") this.append(this.playList);
    this.board = createBoard(holder, {
      position: classicPosition(),
      orientation: config.orientation,
      interactive: false,
      message: t("widget.loading"),
      events: { onMove: (from, to) => this.request({ move: { from, to } }) },
    });
    this.board.canvas.setAttribute("aria-label", t(`widget.label.${config.mode}`));
    this.buildControls();
    this.request({});
  }

  buildControls() {
    const { mode } = this.config;
    if (mode === "view") return;
    const button = (label, onclick) => {
      const b = node("button", { type: "button", class: "tt-embed-button" }, label);
      b.addEventListener("click", onclick);
      return b;
    };
    this.undoButton = button(t("widget.undo"), () => {
      this.steps = this.steps.slice(0, -1);
      this.request({});
    });
    const reset = button(t("widget.reset"), () => {
      this.steps = [];
      this.request({});
      // the page hears of it too: what it said of the play (a lesson's verdict) is about a play now undone
      this.dispatchEvent(new CustomEvent("tt-reset", { bubbles: true }));
    });
    this.controls.append(this.undoButton, reset);
    if (mode === "example") {
      const pick = (value) => {
        const select = node("select", { "aria-label": t("widget.die") });
        for (let d = 1; d <= 6; d++) select.append(node("option", { value: String(d) }, String(d)));
        select.value = String(value);
        select.addEventListener("change", () => {
          this.config.dice = [Number(first.value), Number(second.value)];
          this.steps = [];
          this.request({});
        });
        return select;
      };
      const first = pick(this.config.dice[0]);
      const second = pick(this.config.dice[1]);
      this.controls.append(node("span", { class: "tt-embed-label" }, t("widget.dice")), first, second);
    }
  }

  async request(extra) {
    const { rules, position, start, turn, dice } = this.config;
    const generation = this.generation;
    const params = { rules, turn, steps: this.steps, ...extra };
    if (position) params.position = position;
    else params.start = start;
    if (dice) params.dice = dice;
    else delete params.steps;
    let answer;
    try {
      await engine().ready;
      answer = await engine().call("explore", params);
    } catch (error) {
      if (generation !== this.generation) return;
      if (this.steps.length === 0 && !extra.move) {
        // the position itself was refused (a malformed ID, say): say so instead of a board
        this.teardown();
        this.append(node("p", { class: "tt-embed-error", role: "alert" }, t("widget.cannot_show", { reason: engineFailure(error) })));
      } else {
        this.status.textContent = t("widget.not_allowed", { reason: engineFailure(error) });
      }
      return;
    }
    if (generation !== this.generation) return;
    this.show(answer);
  }

  show(answer) {
    const turn = answer.turn_state;
    if (this.waiting) {
      this.waiting.remove();
      this.waiting = null;
      this.fallback = [];
      this.holder.hidden = false;
    }
    this.steps = turn.steps;
    const pos = classicPosition();
    answer.position.points.forEach((n, i) => {
      pos.points[i + 1] = n;
    });
    pos.bar = answer.position.bar;
    pos.off = answer.position.off;
    const playing = this.config.mode !== "view" && !turn.finished;
    this.board.set({
      position: pos,
      turn: answer.turn,
      dice: answer.dice,
      pips: answer.pips,
      dests: playing ? turn.dests : {},
      interactive: playing,
      message: null,
    });
    if (this.undoButton) this.undoButton.disabled = turn.steps.length === 0;
    const who = t(`colour.${answer.turn}`);
    const call = answer.dice_call;
    if (!this.config.dice) this.status.textContent = t("widget.on_roll", { who, id: answer.position_id });
    else if (turn.no_play) this.status.textContent = t("widget.no_play", { who, call });
    else if (turn.finished) this.status.textContent = t("widget.played", { who, play: turn.notation });
    else if (turn.steps.length) this.status.textContent = t("widget.so_far", { who, play: turn.notation_so_far });
    else this.status.textContent = t("widget.to_play", { who, call });
    if (this.config.mode === "example") {
      this.playList.replaceChildren(
        ...answer.plays.map((p) => {
          if (p !== turn.notation) return node("li", {}, p);
          // the chosen play is marked in words, which screen readers say too ("← your play" / "← votre coup")
          const chosen = node("li", { class: "tt-embed-chosen" }, p);
          chosen.append(" ", node("span", { class: "tt-embed-mark" }, t("widget.your_play")));
          return chosen;
        }),
      );
      this.playList.setAttribute("aria-label", tn("widget.legal_plays_count", answer.plays.length));
    }
    if (turn.finished) {
      this.dispatchEvent(new CustomEvent("tt-play", { bubbles: true, detail: { notation: turn.notation, plays: answer.plays } }));
    }
  }
}

if (!customElements.get("tt-board")) customElements.define("tt-board", TouteTablesBoard);
