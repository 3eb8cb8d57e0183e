// A finger's reach on the board. On a phone held upright a point is about 22 CSS pixels wide, half of a
// finger's 44 px target: a tap is taken as a 44 px wide touch, and what it can act on is every location
// it covers. A tap near a lone target lands on it, if a little off. A tap near several is read by where
// the finger's centre lies: clearly in (or nearest to) one of them, that one; within a few pixels of the
// border between two, a real doubt, which the board settles with a chooser of 44 px buttons (board.js),
// never by guessing. A tap in the middle of a point is that point, whatever its neighbours are. Pure
// functions of the state and the layout, tested under node.

import { BAR, OFF, barRect, boardRects, pointNumber, pointRect, trayRect } from "./geometry.js";
import { destinationsFrom, sources } from "./state.js";
import { t } from "../i18n/i18n.js";

/** A finger's target, in CSS pixels: the least a touch target should measure (WCAG 2.5.5). */
export const FINGER_PX = 44;

/**
 * How near (CSS pixels) the finger's centre must be to the border between two targets for the tap to be
 * a doubt: a quarter of a phone's point on either side of the border, so the middle half of every point
 * is that point's alone, and a finger's aim, good to a few pixels, only hesitates where it really could.
 */
export const BORDER_DOUBT_PX = FINGER_PX / 8;

/**
 * The area (in units) a tap on `loc` may land in: a point's whole column from the frame to the middle
 * of the board, the whole bar, the whole tray column (as `locationAtUnits` reads a tap).
 */
export function hitRect(loc, orientation) {
  const { board, middleY, frame } = boardRects();
  if (loc === BAR) {
    const bar = barRect();
    return { x: bar.x, y: board.y, w: bar.w, h: board.h };
  }
  if (loc === OFF) {
    const tray = trayRect("white", orientation);
    return { x: tray.x - frame / 2, y: board.y, w: tray.w + 1.5 * frame, h: board.h };
  }
  const r = pointRect(loc, orientation);
  return r.top ? { x: r.x, y: board.y, w: r.w, h: middleY - board.y } : { x: r.x, y: middleY, w: r.w, h: board.y + board.h - middleY };
}

/** The same area in CSS pixels on a board laid out as `lay` (geometry.js's `layout`). */
export function hitRectPx(lay, loc, orientation) {
  const r = hitRect(loc, orientation);
  return { x: lay.offsetX + r.x * lay.unit, y: lay.offsetY + r.y * lay.unit, w: r.w * lay.unit, h: r.h * lay.unit };
}

function distanceTo(r, x, y) {
  const dx = Math.max(r.x - x, 0, x - (r.x + r.w));
  const dy = Math.max(r.y - y, 0, y - (r.y + r.h));
  return Math.hypot(dx, dy);
}

/** What a tap may act on now: with a checker picked, its destinations and the movable checkers; else the movable checkers. */
export function tapTargets(state) {
  if (!state.interactive) return [];
  const movable = sources(state);
  if (state.selected === null) return movable;
  return [...new Set([...destinationsFrom(state, state.selected), ...movable])];
}

/**
 * The locations a finger's tap at CSS pixel (x, y) may mean, among those a tap may act on now, nearest
 * first (left to right for equal distances): the nearest target within FINGER_PX / 2 of the tap, and
 * with it every other whose distance is less than BORDER_DOUBT_PX more (the tap is near the border
 * between them). One location is the tap's; several are the chooser's; none, the tap misses.
 */
export function fingerReach(state, lay, x, y) {
  const found = [];
  for (const loc of tapTargets(state)) {
    const r = hitRectPx(lay, loc, state.orientation);
    const d = distanceTo(r, x, y);
    if (d <= FINGER_PX / 2) found.push({ loc, d, x: r.x });
  }
  found.sort((a, b) => a.d - b.d || a.x - b.x);
  const nearest = found.length ? found[0].d : 0;
  return found.filter((f) => f.d - nearest < BORDER_DOUBT_PX).map((f) => f.loc);
}

/** The chooser's buttons, in the board's left-to-right order, so they sit as the points they stand for. */
export function chooserOrder(locs, lay, orientation) {
  return [...locs].sort((a, b) => hitRectPx(lay, a, orientation).x - hitRectPx(lay, b, orientation).x);
}

/** A chooser button's words: the number drawn on the board (seen from `orientation`), the bar, the tray. */
export function chooserLabel(loc, orientation) {
  if (loc === BAR) return t("board.bar");
  if (loc === OFF) return t("board.off_short");
  return String(pointNumber(loc, orientation));
}
