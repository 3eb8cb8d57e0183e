// Drawing the board on a 2D canvas context. Reads the state and the geometry; changes nothing.
// Shapes are drawn in board units through one scale transform; text is drawn in device pixels so
// small labels stay sharp at any size.

import {
  BAR,
  OFF,
  VISIBLE_STACK,
  arrowSegments,
  barCheckerCentre,
  boardRects,
  bottomColour,
  checkerCentre,
  cubeRect,
  diceRects,
  opponent,
  pointNumber,
  pointRect,
  trayRect,
} from "./geometry.js";
import { animatedCount, checkersAt, destinationsFrom, isSource, pipCounts } from "./state.js";
import { easeInOut, tumbleFace, tumbleOffset } from "./animation.js";
import { t, tn } from "../i18n/i18n.js";

// Checker colours chosen to differ in lightness, not only hue, and each has its own marking
// (navy with a light rim and ring; ivory with a dark rim and a dot), so no colour vision is needed.
export const PALETTE = {
  background: "#1f2a24",
  frame: "#6b4a2b",
  felt: "#2e5e4e",
  pointDark: "#a3482f",
  pointLight: "#d9c08f",
  bar: "#5a3d22",
  tray: "#3b2a18",
  text: "#f7f1e3",
  dimText: "#cdbf9f",
  highlight: "#ffd23f",
  highlightEdge: "#1a1a1a",
  played: "#8fd3ff", // the play made (the review), beside the best play's yellow: another hue and lightness, and dashed
  cursor: "#ffffff",
  black: { fill: "#1b2a4a", rim: "#9db4e0", mark: "#5d77ad", text: "#ffffff" },
  white: { fill: "#f4ecd6", rim: "#5a4a2c", mark: "#b49d6a", text: "#1b2a4a" },
};

const CHECKER_RADIUS = 0.46;

function px(lay, u) {
  return u * lay.unit;
}

// Labels are sized from the board, but never below a size a phone's screen can be read at.
const MIN_TEXT_PX = 8;
const MIN_LABEL_PX = 11; // the players' names and pips, the point numbers

function text(ctx, lay, dpr, str, x, y, size, colour, align = "center", weight = "600", minPx = MIN_TEXT_PX) {
  ctx.save();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = `${weight} ${Math.max(px(lay, size), minPx).toFixed(1)}px system-ui, sans-serif`;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = "middle";
  ctx.fillText(str, lay.offsetX + px(lay, x), lay.offsetY + px(lay, y));
  ctx.restore();
}

function rect(ctx, r, fill) {
  ctx.fillStyle = fill;
  ctx.fillRect(r.x, r.y, r.w, r.h);
}

function drawPoint(ctx, p, orientation) {
  const r = pointRect(p, orientation);
  const tipY = r.top ? r.y + r.h * 0.92 : r.y + r.h * 0.08;
  const baseY = r.top ? r.y : r.y + r.h;
  ctx.beginPath();
  ctx.moveTo(r.x + 0.03, baseY);
  ctx.lineTo(r.x + r.w - 0.03, baseY);
  ctx.lineTo(r.x + r.w / 2, tipY);
  ctx.closePath();
  ctx.fillStyle = p % 2 === 0 ? PALETTE.pointDark : PALETTE.pointLight;
  ctx.fill();
}

export function drawChecker(ctx, x, y, colour, radius = CHECKER_RADIUS) {
  const c = PALETTE[colour];
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = 0.07;
  ctx.strokeStyle = c.rim;
  ctx.stroke();
  ctx.beginPath();
  if (colour === "black") {
    ctx.arc(x, y, radius * 0.55, 0, Math.PI * 2);
    ctx.lineWidth = 0.05;
    ctx.strokeStyle = c.mark;
    ctx.stroke();
  } else {
    ctx.arc(x, y, radius * 0.18, 0, Math.PI * 2);
    ctx.fillStyle = c.mark;
    ctx.fill();
  }
}

function ring(ctx, x, y, radius, colour, width = 0.09) {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.lineWidth = width + 0.06;
  ctx.strokeStyle = PALETTE.highlightEdge;
  ctx.stroke();
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
}

/** How many checkers to draw at a location, leaving out the one being dragged. */
function shownCount(state, loc, colour) {
  let n = animatedCount(state, loc, colour);
  if (state.drag && state.drag.moved && state.drag.source === loc && colour === state.turn) n -= 1;
  return Math.max(n, 0);
}

function drawStacks(ctx, lay, dpr, state) {
  const o = state.orientation;
  for (let p = 1; p <= 24; p++) {
    for (const colour of ["black", "white"]) {
      const n = shownCount(state, p, colour);
      for (let k = 0; k < Math.min(n, VISIBLE_STACK); k++) {
        const { x, y } = checkerCentre(p, k, o);
        drawChecker(ctx, x, y, colour);
      }
      if (n > VISIBLE_STACK) {
        const { x, y } = checkerCentre(p, VISIBLE_STACK - 1, o);
        text(ctx, lay, dpr, String(n), x, y, 0.45, PALETTE[colour].text, "center", "700");
      }
    }
  }
  for (const colour of ["black", "white"]) {
    const n = shownCount(state, BAR, colour);
    for (let k = 0; k < Math.min(n, 4); k++) {
      const { x, y } = barCheckerCentre(colour, k, o);
      drawChecker(ctx, x, y, colour);
    }
    if (n > 4) {
      const { x, y } = barCheckerCentre(colour, 3, o);
      text(ctx, lay, dpr, String(n), x, y, 0.45, PALETTE[colour].text, "center", "700");
    }
  }
}

function drawTray(ctx, lay, dpr, state, colour) {
  const r = trayRect(colour, state.orientation);
  rect(ctx, r, PALETTE.tray);
  const n = state.position.off[colour];
  const slab = Math.min(0.3, (r.h - 0.2) / 15);
  const below = colour === bottomColour(state.orientation);
  for (let k = 0; k < n; k++) {
    const y = below ? r.y + r.h - 0.1 - (k + 1) * slab : r.y + 0.1 + k * slab;
    ctx.fillStyle = PALETTE[colour].fill;
    ctx.fillRect(r.x + 0.12, y + 0.02, r.w - 0.24, slab - 0.04);
    ctx.strokeStyle = PALETTE[colour].rim;
    ctx.lineWidth = 0.03;
    ctx.strokeRect(r.x + 0.12, y + 0.02, r.w - 0.24, slab - 0.04);
  }
  if (n > 0) {
    const y = below ? r.y - 0.2 : r.y + r.h + 0.2;
    text(ctx, lay, dpr, tn("board.off", n), r.x + r.w / 2, y, 0.3, PALETTE.dimText);
  }
}

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.25, 0.5], [0.25, 0.78], [0.75, 0.22], [0.75, 0.5], [0.75, 0.78]],
};

function roundRect(ctx, r, radius) {
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.w, r.h, radius);
}

function drawDie(ctx, r, value, colour, used) {
  const c = PALETTE[colour];
  ctx.save();
  ctx.globalAlpha = used ? 0.35 : 1;
  roundRect(ctx, r, r.w * 0.18);
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = 0.05;
  ctx.strokeStyle = c.rim;
  ctx.stroke();
  ctx.fillStyle = colour === "black" ? "#ffffff" : "#1b2a4a";
  for (const [fx, fy] of PIPS[value] || []) {
    ctx.beginPath();
    ctx.arc(r.x + fx * r.w, r.y + fy * r.h, r.w * 0.09, 0, Math.PI * 2);
    ctx.fill();
  }
  if (used) {
    // a used die is also struck through, so "used" does not rely on faintness alone
    ctx.globalAlpha = 0.9;
    ctx.beginPath();
    ctx.moveTo(r.x + 0.1, r.y + r.h - 0.1);
    ctx.lineTo(r.x + r.w - 0.1, r.y + 0.1);
    ctx.lineWidth = 0.06;
    ctx.strokeStyle = PALETTE.highlight;
    ctx.stroke();
  }
  ctx.restore();
}

function drawDice(ctx, state) {
  const rolling = state.rolling;
  for (const colour of ["black", "white"]) {
    const dice = state.dice.filter((d) => d.colour === colour);
    const rects = diceRects(colour, dice.length, state.orientation);
    dice.forEach((d, i) => {
      if (!rolling) {
        drawDie(ctx, rects[i], d.value, colour, d.used);
        return;
      }
      // tumbling in: turned and off its place, showing passing faces, until it lands square
      const r = rects[i];
      const { dx, dy, angle } = tumbleOffset(i, rolling.progress);
      ctx.save();
      ctx.translate(r.x + r.w / 2 + dx, r.y + r.h / 2 + dy);
      ctx.rotate(angle);
      drawDie(ctx, { x: -r.w / 2, y: -r.h / 2, w: r.w, h: r.h }, tumbleFace(d.value, i, rolling.progress), colour, false);
      ctx.restore();
    });
  }
}

function drawCube(ctx, lay, dpr, state) {
  const cube = state.cube;
  if (!cube) return;
  // a double on offer shows the cube turned to its new value, moved towards the player who must answer
  const offeredTo = cube.offeredTo || null;
  const r = cubeRect(offeredTo || cube.owner, state.orientation);
  roundRect(ctx, r, 0.12);
  ctx.fillStyle = "#fbf7ea";
  ctx.fill();
  ctx.lineWidth = offeredTo ? 0.1 : 0.05;
  ctx.strokeStyle = offeredTo ? PALETTE.highlight : "#1a1a1a";
  if (offeredTo) ctx.setLineDash([0.12, 0.08]);
  ctx.stroke();
  ctx.setLineDash([]);
  // a centred cube at 1 is shown as 64, as on a real cube
  let shown = !cube.owner && cube.value === 1 ? 64 : cube.value;
  if (offeredTo) shown = cube.value * 2;
  text(ctx, lay, dpr, String(shown), r.x + r.w / 2, r.y + r.h / 2, 0.42, "#1a1a1a", "center", "800");
}

function drawNumbers(ctx, lay, dpr, state) {
  const f = boardRects().frame;
  for (let p = 1; p <= 24; p++) {
    const r = pointRect(p, state.orientation);
    const y = r.top ? r.y - f / 2 : r.y + r.h + f / 2;
    const shown = String(pointNumber(p, state.orientation)); // from the bottom player's side
    text(ctx, lay, dpr, shown, r.x + 0.5, y, 0.3, PALETTE.dimText, "center", "500", MIN_LABEL_PX - 1);
  }
}

function drawInfo(ctx, lay, dpr, state) {
  const rects = boardRects();
  const pips = state.pips || pipCounts(state.position);
  const bottom = bottomColour(state.orientation);
  for (const colour of [bottom, opponent(bottom)]) {
    const r = colour === bottom ? rects.bottomInfo : rects.topInfo;
    const y = r.y + r.h / 2;
    drawChecker(ctx, 0.6, y, colour, 0.25);
    const onRoll = state.turn === colour;
    const label = t("board.pips", { name: state.labels[colour], pips: pips[colour] }) + (onRoll ? t("board.to_play") : "");
    text(ctx, lay, dpr, label, 1.05, y, 0.36, onRoll ? PALETTE.highlight : PALETTE.text, "left", onRoll ? "700" : "500", MIN_LABEL_PX);
    if (onRoll) {
      ctx.beginPath();
      ctx.moveTo(0.05, y - 0.2);
      ctx.lineTo(0.25, y);
      ctx.lineTo(0.05, y + 0.2);
      ctx.closePath();
      ctx.fillStyle = PALETTE.highlight;
      ctx.fill();
    }
  }
  if (state.startNumber) {
    const r = rects.topInfo;
    text(ctx, lay, dpr, t("board.start_number", { number: state.startNumber }), r.w - 0.3, r.y + r.h / 2, 0.36, PALETTE.text, "right", "700", MIN_LABEL_PX);
  }
}

// A suggested play's arrows: a dark casing under a bright line, so they show on felt, points and checkers. A play
// made (the review's, beside its best play) is dashed and light blue, so the two are told apart without colour.
const ARROW_WIDTH = 0.14;
const ARROW_HEAD = 0.34;
const PLAYED_DASH = [0.22, 0.14];

function drawArrows(ctx, state) {
  const mover = state.turn || bottomColour(state.orientation);
  const best = state.arrows || [];
  // both plays fanned together, so a move in both (24/20 in 24/20 7/2 and in 24/20 24/19) gets two lanes
  const segments = arrowSegments([...best, ...(state.playedArrows || [])], mover, state.orientation);
  segments.forEach(({ a, b }, i) => {
    const played = i >= best.length;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length < 0.01) return;
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const shaftEnd = { x: b.x - ux * ARROW_HEAD, y: b.y - uy * ARROW_HEAD };
    for (const [colour, extra] of [[PALETTE.highlightEdge, 0.08], [played ? PALETTE.played : PALETTE.highlight, 0]]) {
      ctx.lineCap = played ? "butt" : "round";
      ctx.lineWidth = ARROW_WIDTH + extra;
      ctx.strokeStyle = colour;
      ctx.setLineDash(played ? PLAYED_DASH : []);
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(shaftEnd.x, shaftEnd.y);
      ctx.stroke();
      ctx.setLineDash([]);
      const half = ARROW_HEAD * 0.6 + extra;
      ctx.beginPath();
      ctx.moveTo(b.x + ux * extra, b.y + uy * extra);
      ctx.lineTo(shaftEnd.x - uy * half - ux * extra, shaftEnd.y + ux * half - uy * extra);
      ctx.lineTo(shaftEnd.x + uy * half - ux * extra, shaftEnd.y - ux * half - uy * extra);
      ctx.closePath();
      ctx.fillStyle = colour;
      ctx.fill();
    }
  });
}

function drawHighlights(ctx, state) {
  const o = state.orientation;
  const mover = state.turn || bottomColour(o);
  for (const [from, to] of state.lastMove || []) {
    for (const loc of [from, to]) {
      if (loc === BAR || loc === OFF) continue;
      const r = pointRect(loc, o);
      ctx.fillStyle = "rgba(255, 255, 255, 0.10)";
      ctx.fillRect(r.x, r.y, r.w, r.h);
    }
  }
  if (state.selected === null) {
    // movable checkers get a thin ring so a player sees at once what can move
    for (const loc of Object.keys(state.dests)) {
      const src = loc === BAR ? BAR : Number(loc);
      if (!isSource(state, src)) continue;
      const c = topCheckerCentre(state, src, mover);
      if (c) ring(ctx, c.x, c.y, CHECKER_RADIUS + 0.02, PALETTE.highlight, 0.04);
    }
    return;
  }
  const src = topCheckerCentre(state, state.selected, mover);
  if (src && !(state.drag && state.drag.moved)) ring(ctx, src.x, src.y, CHECKER_RADIUS + 0.03, PALETTE.highlight, 0.1);
  for (const dest of destinationsFrom(state, state.selected)) {
    if (dest === OFF) {
      const r = trayRect(mover, o);
      ctx.lineWidth = 0.1;
      ctx.strokeStyle = PALETTE.highlight;
      ctx.setLineDash([0.2, 0.12]);
      ctx.strokeRect(r.x + 0.05, r.y + 0.05, r.w - 0.1, r.h - 0.1);
      ctx.setLineDash([]);
      continue;
    }
    const own = checkersAt(state.position, dest, mover);
    const k = Math.min(own, VISIBLE_STACK - 1);
    const { x, y } = checkerCentre(dest, k, o);
    // a landing marker: a dot inside a ring, visible on either point colour and over checkers
    ring(ctx, x, y, 0.3, PALETTE.highlight, 0.08);
    ctx.beginPath();
    ctx.arc(x, y, 0.1, 0, Math.PI * 2);
    ctx.fillStyle = PALETTE.highlight;
    ctx.fill();
  }
}

function topCheckerCentre(state, loc, colour) {
  const n = checkersAt(state.position, loc, colour);
  if (n === 0) return null;
  if (loc === BAR) return barCheckerCentre(colour, Math.min(n, 4) - 1, state.orientation);
  if (loc === OFF) return null;
  return checkerCentre(loc, Math.min(n, VISIBLE_STACK) - 1, state.orientation);
}

function drawCursor(ctx, state) {
  if (!state.focused || state.cursor === null) return;
  const o = state.orientation;
  let r;
  if (state.cursor === OFF) r = trayRect(state.turn || bottomColour(o), o);
  else if (state.cursor === BAR) r = boardRects().bar;
  else r = pointRect(state.cursor, o);
  ctx.lineWidth = 0.12;
  ctx.strokeStyle = PALETTE.highlightEdge;
  ctx.strokeRect(r.x - 0.02, r.y - 0.02, r.w + 0.04, r.h + 0.04);
  ctx.lineWidth = 0.06;
  ctx.setLineDash([0.18, 0.1]);
  ctx.strokeStyle = PALETTE.cursor;
  ctx.strokeRect(r.x - 0.02, r.y - 0.02, r.w + 0.04, r.h + 0.04);
  ctx.setLineDash([]);
}

/**
 * The lines a banner's `message` is drawn in: one if it fits `maxWidth` (as `measure(text)` measures it),
 * else two, broken at the space that balances them best.
 */
export function bannerLines(message, measure, maxWidth) {
  if (measure(message) <= maxWidth) return [message];
  const words = message.split(" ");
  let best = [message];
  let widest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const w = Math.max(...lines.map(measure));
    if (w < widest) {
      widest = w;
      best = lines;
    }
  }
  return best;
}

const BANNER = { x: 1.85, w: 12.6, size: 0.42, minPx: 10 }; // across the points, clear of the trays

function drawMessage(ctx, lay, dpr, state) {
  if (!state.message) return;
  const y = boardRects().middleY;
  const maxPx = px(lay, BANNER.w - 0.4);
  const font = (size) => `600 ${size.toFixed(1)}px system-ui, sans-serif`;
  ctx.save();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  // at the board's size, on one line or two, shrunk if the longer line still does not fit (not below minPx)
  let size = Math.max(px(lay, BANNER.size), BANNER.minPx);
  ctx.font = font(size);
  const measure = (line) => ctx.measureText(line).width;
  const lines = bannerLines(state.message, measure, maxPx);
  const widest = Math.max(...lines.map(measure));
  if (widest > maxPx) {
    size = Math.max((size * maxPx) / widest, BANNER.minPx);
    ctx.font = font(size);
  }
  const lineHeight = size * 1.25;
  const boxHeight = Math.max(px(lay, 1.1), lines.length * lineHeight + size * 0.6);
  const cx = lay.offsetX + px(lay, BANNER.x + BANNER.w / 2);
  const cy = lay.offsetY + px(lay, y);
  ctx.fillStyle = "rgba(0, 0, 0, 0.7)";
  ctx.fillRect(lay.offsetX + px(lay, BANNER.x), cy - boxHeight / 2, px(lay, BANNER.w), boxHeight);
  ctx.fillStyle = PALETTE.text;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  lines.forEach((line, i) => ctx.fillText(line, cx, cy + (i - (lines.length - 1) / 2) * lineHeight, px(lay, BANNER.w - 0.2)));
  ctx.restore();
}

/**
 * Where the sliding checker of `colour` leaves or lands at `loc`: on top of what is shown there
 * (the stacks are drawn without it while it moves).
 */
function slideEnd(state, loc, colour) {
  const o = state.orientation;
  if (loc === OFF) {
    const r = trayRect(colour, o);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }
  const n = animatedCount(state, loc, colour);
  if (loc === BAR) return barCheckerCentre(colour, Math.min(n, 3), o);
  return checkerCentre(loc, Math.min(n, VISIBLE_STACK - 1), o);
}

function drawSlidingChecker(ctx, state) {
  const a = state.animation;
  if (!a || a.step < 0 || a.step >= a.moves.length) return;
  const [from, to] = a.moves[a.step];
  const start = slideEnd(state, from, a.colour);
  const end = slideEnd(state, to, a.colour);
  const k = easeInOut(a.progress);
  drawChecker(ctx, start.x + (end.x - start.x) * k, start.y + (end.y - start.y) * k, a.colour, CHECKER_RADIUS * 1.05);
}

/** Draw the whole board. `lay` comes from geometry.layout(); `dpr` is the device pixel ratio. */
export function render(ctx, state, lay, dpr) {
  ctx.save();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, lay.width, lay.height);
  ctx.fillStyle = PALETTE.background;
  ctx.fillRect(0, 0, lay.width, lay.height);
  ctx.translate(lay.offsetX, lay.offsetY);
  ctx.scale(lay.unit, lay.unit);

  const rects = boardRects();
  rect(ctx, rects.board, PALETTE.frame);
  rect(ctx, rects.sidePanel, PALETTE.tray);
  rect(ctx, rects.leftHalf, PALETTE.felt);
  rect(ctx, rects.rightHalf, PALETTE.felt);
  rect(ctx, rects.bar, PALETTE.bar);
  for (let p = 1; p <= 24; p++) drawPoint(ctx, p, state.orientation);
  if (state.showNumbers) drawNumbers(ctx, lay, dpr, state);
  drawTray(ctx, lay, dpr, state, "black");
  drawTray(ctx, lay, dpr, state, "white");
  drawInfo(ctx, lay, dpr, state);
  drawStacks(ctx, lay, dpr, state);
  drawHighlights(ctx, state);
  drawArrows(ctx, state);
  drawDice(ctx, state);
  drawCube(ctx, lay, dpr, state);
  drawCursor(ctx, state);
  drawMessage(ctx, lay, dpr, state);

  drawSlidingChecker(ctx, state);
  if (state.drag && state.drag.moved && state.turn) {
    const x = (state.drag.x - lay.offsetX) / lay.unit;
    const y = (state.drag.y - lay.offsetY) / lay.unit;
    drawChecker(ctx, x, y, state.turn, CHECKER_RADIUS * 1.1);
  }
  ctx.restore();
}
