// Board state and the input logic that acts on it. Plain data in, plain data out: no DOM, no rules.
// The host says which checkers may move where (`dests`); these functions turn clicks, drags and keys
// into selections and moves, and the board reports the moves back through its callbacks.

import { BAR, OFF, navigationRows, opponent, pointNumber } from "./geometry.js";
import { t, tn } from "../i18n/i18n.js";

/**
 * A position in absolute numbering: `points[p]` for p in 1..24 counts Black's checkers as positive
 * and White's as negative (index 0 unused); `bar` and `off` count each colour's checkers.
 */
export function emptyPosition() {
  return { points: new Array(25).fill(0), bar: { black: 0, white: 0 }, off: { black: 0, white: 0 } };
}

/** The classic start (No. 64), so a board can be drawn before any engine has loaded. */
export function classicPosition() {
  const pos = emptyPosition();
  const layout = { 1: 2, 12: 5, 17: 3, 19: 5, 6: -5, 8: -3, 13: -5, 24: -2 };
  for (const [p, n] of Object.entries(layout)) pos.points[Number(p)] = n;
  return pos;
}

/** Every setting of the board, with its default. `configure()` merges a host's config over it. */
export function defaults() {
  return {
    position: classicPosition(),
    orientation: "white", // colour drawn at the bottom, home quarter bottom right
    turn: null, // "black" | "white" | null: whose turn is shown, and whose checkers `dests` move
    dice: [], // [{value, used, colour}] drawn in front of their colour; opening roll = one die each
    cube: null, // {value, owner: "black" | "white" | null, offeredTo?: colour answering a double} or null (no cube)
    pips: null, // {black, white}; computed from the position when null
    startNumber: null, // 1..225, shown as "No. N"
    labels: { black: t("colour.black"), white: t("colour.white") },
    showNumbers: true, // absolute point numbers along the frame
    dests: {}, // {source: [destination, ...]}: sources are point numbers or "bar", dests numbers or "off"
    interactive: true,
    lastMove: [], // [[from, to], ...] of the previous play, marked faintly
    arrows: [], // [[from, to], ...] drawn as arrows over the board: a suggested play, checker by checker
    playedArrows: [], // [[from, to], ...] a play made, drawn as dashed arrows of their own colour beside `arrows` (the review)
    selected: null,
    cursor: null, // keyboard cursor location
    cursorRow: 0, // 0 = top row, 1 = bottom row: where the cursor is when it is on the bar or tray
    focused: false,
    drag: null, // {source, x, y, moved} while a checker is dragged (CSS pixels)
    animation: null, // {moves: [[from, to]], colour, step, progress}: checkers sliding into `position`
    rolling: null, // {progress}: the dice tumbling before they settle (board.js, animation.js)
    message: null, // short text drawn across the board (e.g. "Loading engine…")
    reducedMotion: false,
    events: {
      onMove: null, // (from, to) => void
      onSelect: null, // (source | null) => void
      onCursor: null, // (location, description) => void, for a live region
      onStill: null, // () => void: the dice have settled and any play has slid in, nothing waits
    },
  };
}

const STATE_KEYS = new Set(Object.keys(defaults()));

/** Merge `config` into `state` (events merged key by key); unknown keys are an error, not a typo to ignore. */
export function configure(state, config) {
  for (const [key, value] of Object.entries(config || {})) {
    if (!STATE_KEYS.has(key)) throw new Error(`unknown board setting ${JSON.stringify(key)}`); // i18n-exempt: a developer's call (attributes.js words a page's)
    if (key === "events") state.events = { ...state.events, ...value };
    else if (key === "dests") state.dests = normaliseDests(value);
    else if (key === "arrows" || key === "playedArrows") state[key] = normaliseMoves(value);
    else state[key] = value;
  }
  if (state.selected !== null && !isSource(state, state.selected)) state.selected = null;
  if (state.drag && !isSource(state, state.drag.source)) state.drag = null;
  return state;
}

function normaliseLocation(loc) {
  if (loc === BAR || loc === OFF) return loc;
  const n = Number(loc);
  if (!Number.isInteger(n) || n < 1 || n > 24) throw new Error(`not a board location: ${JSON.stringify(loc)}`); // i18n-exempt: a developer's call
  return n;
}

/** `[[from, to], ...]` with every location checked (from JSON, point numbers may arrive as strings). */
export function normaliseMoves(moves) {
  if (!Array.isArray(moves)) throw new Error(`moves are [[from, to], ...], got ${JSON.stringify(moves)}`); // i18n-exempt: a developer's call
  return moves.map((move) => {
    if (!Array.isArray(move) || move.length !== 2) throw new Error(`a move is [from, to], got ${JSON.stringify(move)}`); // i18n-exempt: a developer's call
    return [normaliseLocation(move[0]), normaliseLocation(move[1])];
  });
}

/** Accept `{source: [dest]}` objects or Maps; keys arrive as strings from JSON, so parse them. */
export function normaliseDests(dests) {
  const entries = dests instanceof Map ? [...dests.entries()] : Object.entries(dests || {});
  const out = {};
  for (const [source, list] of entries) {
    if (!list || list.length === 0) continue;
    out[normaliseLocation(source)] = list.map(normaliseLocation);
  }
  return out;
}

export function destinationsFrom(state, source) {
  if (source === null || source === undefined) return [];
  return state.dests[source] || [];
}

export function isSource(state, loc) {
  return state.interactive && destinationsFrom(state, loc).length > 0;
}

export function sources(state) {
  return Object.keys(state.dests).map(normaliseLocation);
}

/** Count of a colour's checkers at a location (points, bar or tray). */
export function checkersAt(position, loc, colour) {
  if (loc === BAR) return position.bar[colour];
  if (loc === OFF) return position.off[colour];
  const n = position.points[loc];
  return colour === "black" ? Math.max(n, 0) : Math.max(-n, 0);
}

/** Pip counts: Black travels 1 -> 24 and off past 24, White 24 -> 1 and off past 1; the bar is 25 away. */
export function pipCounts(position) {
  let black = 25 * position.bar.black;
  let white = 25 * position.bar.white;
  for (let p = 1; p <= 24; p++) {
    const n = position.points[p];
    if (n > 0) black += n * (25 - p);
    else if (n < 0) white += -n * p;
  }
  return { black, white };
}

/**
 * A tap or an Enter/Space at `loc`: pick a movable checker, drop the picked one on a legal
 * destination, or put it back. Returns the resulting action, already applied to the selection:
 * {type: "move", from, to} | {type: "select", source} | {type: "deselect"} | {type: "none"}.
 */
export function activate(state, loc) {
  if (!state.interactive) return { type: "none" };
  const from = state.selected;
  if (from !== null && destinationsFrom(state, from).includes(loc)) {
    state.selected = null;
    return { type: "move", from, to: loc };
  }
  if (from !== null && loc === from) {
    state.selected = null;
    return { type: "deselect" };
  }
  if (isSource(state, loc)) {
    state.selected = loc;
    return { type: "select", source: loc };
  }
  if (from !== null) {
    state.selected = null;
    return { type: "deselect" };
  }
  return { type: "none" };
}

/**
 * Move the keyboard cursor for an arrow key and return where it lands. Without a picked checker the
 * arrows walk the screen (Left/Right along a row, through the bar to the tray; Up/Down between the
 * rows); with a checker picked they cycle through it and its legal destinations.
 */
export function moveCursor(state, key) {
  const forward = key === "ArrowRight" || key === "ArrowDown";
  if (state.selected !== null) {
    const ring = [state.selected, ...destinationsFrom(state, state.selected)];
    const i = Math.max(ring.indexOf(state.cursor), 0);
    state.cursor = ring[(i + (forward ? 1 : -1) + ring.length) % ring.length];
    return state.cursor;
  }
  const rows = navigationRows(state.orientation);
  // the bar and the tray belong to both rows: remember which row the cursor walked in on
  let r = rows[state.cursorRow].includes(state.cursor) ? state.cursorRow : rows.findIndex((row) => row.includes(state.cursor));
  if (r < 0) {
    state.cursor = firstCursor(state);
    return state.cursor;
  }
  let c = rows[r].indexOf(state.cursor);
  if (key === "ArrowUp") r = 0;
  if (key === "ArrowDown") r = 1;
  if (key === "ArrowLeft") c = Math.max(c - 1, 0);
  if (key === "ArrowRight") c = Math.min(c + 1, rows[r].length - 1);
  state.cursorRow = r;
  state.cursor = rows[r][c];
  return state.cursor;
}

/** Where the cursor starts: the first movable checker in screen order, else the mover's bar or point 1. */
export function firstCursor(state) {
  const movable = new Set(sources(state));
  for (const row of navigationRows(state.orientation)) {
    for (const loc of row) if (movable.has(loc)) return loc;
  }
  return 1;
}

/** Jump to the next/previous movable checker in screen order (keys N and P). */
export function nextSource(state, backwards = false) {
  const order = navigationRows(state.orientation).flat();
  const movable = order.filter((loc, i) => isSource(state, loc) && order.indexOf(loc) === i);
  if (movable.length === 0) return state.cursor;
  const i = movable.indexOf(state.cursor);
  if (i < 0) return movable[0];
  return movable[(i + (backwards ? -1 : 1) + movable.length) % movable.length];
}

/** One sentence about a location, for screen readers: what is there and where it may go. */
export function describeLocation(state, loc) {
  const mover = state.turn;
  // points are said by the numbers drawn on them, from the bottom player's side (geometry.js)
  const said = (l) => (l === BAR || l === OFF ? l : pointNumber(l, state.orientation));
  let text;
  if (loc === BAR || loc === OFF) {
    const name = loc === BAR ? t("board.bar") : t("board.borne_off");
    const parts = ["black", "white"].map((c) => t("board.location_part", { colour: state.labels[c], count: state.position[loc][c] }));
    text = t("board.location", { name, parts: parts.join(", ") });
  } else {
    const n = state.position.points[loc];
    const colour = n > 0 ? "black" : "white";
    const point = said(loc);
    text = n === 0 ? t("board.point_empty", { point }) : tn(`board.point_checkers.${colour}`, Math.abs(n), { point });
  }
  const dests = destinationsFrom(state, loc);
  if (state.selected === loc) text += t("board.picked_up");
  else if (state.selected !== null && destinationsFrom(state, state.selected).includes(loc)) {
    text += t("board.legal_destination", { from: said(state.selected) });
  } else if (dests.length && state.selected === null) {
    text += t("board.movable_to", { dests: dests.map(said).join(", ") });
  }
  if (mover && loc !== BAR && loc !== OFF && checkersAt(state.position, loc, opponent(mover)) === 1) {
    text += t("board.blot");
  }
  return text;
}

/**
 * While moves slide into place one after another, how many of `colour`'s checkers to show at `loc`:
 * the final position, minus the arrivals not yet made, plus the departures not yet made.
 */
export function animatedCount(state, loc, colour) {
  let n = checkersAt(state.position, loc, colour);
  const a = state.animation;
  if (!a || a.colour !== colour) return n;
  a.moves.forEach(([from, to], i) => {
    if (i >= a.step && to === loc) n -= 1;
    if (i > a.step && from === loc) n += 1;
  });
  return Math.max(n, 0);
}
