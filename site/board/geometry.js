// Board geometry: where every point, checker, die and tray sits, and what lies under a pointer.
// Pure functions of the state and the canvas size; nothing here touches the DOM, so they run under
// `node --test`. Lengths are in "units" (one point's width) until `layout()` scales them to CSS pixels.

/** Locations the board talks about: points 1..24 (absolute numbering), the mover's bar and tray. */
export const BAR = "bar";
export const OFF = "off";

const FRAME = 0.35; // wooden frame around each half
const SIDE_PANEL = 1.3; // left column holding the cube
const TRAY = 1.3; // right column holding borne-off checkers
const INFO = 0.8; // strip above and below the board: names, pips, turn, start number
const POINT_HEIGHT = 5; // a point holds five checkers before it shows a count
const MIDDLE = 1.2; // gap between the top and bottom rows, where the dice lie
const BAR_WIDTH = 1;

export const UNITS_WIDE = SIDE_PANEL + FRAME + 12 + BAR_WIDTH + FRAME + TRAY + FRAME;
export const UNITS_HIGH = INFO + FRAME + POINT_HEIGHT + MIDDLE + POINT_HEIGHT + FRAME + INFO;
/** Width / height of the whole drawing; the host's container decides the width. */
export const ASPECT = UNITS_WIDE / UNITS_HIGH;
export const VISIBLE_STACK = 5;

const BOARD_LEFT = SIDE_PANEL; // outer edge of the left frame
const POINTS_LEFT = BOARD_LEFT + FRAME;
const BAR_LEFT = POINTS_LEFT + 6;
const TRAY_LEFT = POINTS_LEFT + 12 + BAR_WIDTH + FRAME;
const TOP_ROW = INFO + FRAME;
const BOTTOM_ROW_END = TOP_ROW + POINT_HEIGHT + MIDDLE + POINT_HEIGHT;
const MIDDLE_Y = TOP_ROW + POINT_HEIGHT + MIDDLE / 2;

/** The other colour. */
export function opponent(colour) {
  return colour === "black" ? "white" : "black";
}

/** The colour sitting at the bottom of the picture, whose home quarter is bottom right. */
export function bottomColour(orientation) {
  return orientation === "black" ? "black" : "white";
}

/**
 * The number shown for absolute point `p`: counted from the side of the colour at the bottom, as that
 * player numbers the points (its home 1..6 bottom right), so the board reads as the bottom player's
 * moves in the move list do. With White at the bottom it is the absolute number itself.
 */
export function pointNumber(p, orientation) {
  return bottomColour(orientation) === "white" ? p : 25 - p;
}

/**
 * Column (0..11, left to right, the bar not counted) and row of absolute point `p`.
 * With White at the bottom, White's home 1..6 is bottom right and Black's home 19..24 top right;
 * with Black at the bottom the picture is mirrored top to bottom, so Black's home is bottom right.
 */
export function pointSlot(p, orientation) {
  const low = p <= 12; // points 1..12 sit on White's side of the board
  const whiteBelow = bottomColour(orientation) === "white";
  const top = whiteBelow ? !low : low;
  const col = low ? 12 - p : p - 13;
  return { col, top };
}

/** The point at a column and row: the inverse of `pointSlot`. */
export function pointAtSlot(col, top, orientation) {
  const whiteBelow = bottomColour(orientation) === "white";
  const low = whiteBelow ? !top : top;
  return low ? 12 - col : col + 13;
}

function columnLeft(col) {
  return POINTS_LEFT + col + (col >= 6 ? BAR_WIDTH : 0);
}

/** Centre of the k-th checker (0 = nearest the edge) of a point, in units. */
export function checkerCentre(p, k, orientation) {
  const { col, top } = pointSlot(p, orientation);
  const x = columnLeft(col) + 0.5;
  const slot = Math.min(k, VISIBLE_STACK - 1);
  const y = top ? TOP_ROW + 0.5 + slot : BOTTOM_ROW_END - 0.5 - slot;
  return { x, y };
}

/**
 * Centre of the k-th checker of `colour` on the bar. A colour's bar checkers wait in the half of the
 * board where they will enter (the opponent's home side), stacked from the middle outwards.
 */
export function barCheckerCentre(colour, k, orientation) {
  const entersAtTop = colour === bottomColour(orientation);
  const slot = Math.min(k, 3);
  const offset = MIDDLE / 2 + 0.5 + slot;
  return { x: BAR_LEFT + BAR_WIDTH / 2, y: entersAtTop ? MIDDLE_Y - offset : MIDDLE_Y + offset };
}

/** Rectangle of a colour's tray of borne-off checkers: bottom tray for the bottom colour. */
export function trayRect(colour, orientation) {
  const below = colour === bottomColour(orientation);
  const y = below ? BOTTOM_ROW_END - POINT_HEIGHT : TOP_ROW;
  return { x: TRAY_LEFT, y, w: TRAY, h: POINT_HEIGHT };
}

/** Rectangle of one point's triangle (the clickable column reaches to the middle of the board). */
export function pointRect(p, orientation) {
  const { col, top } = pointSlot(p, orientation);
  return { x: columnLeft(col), y: top ? TOP_ROW : BOTTOM_ROW_END - POINT_HEIGHT, w: 1, h: POINT_HEIGHT, top };
}

export function barRect() {
  return { x: BAR_LEFT, y: TOP_ROW, w: BAR_WIDTH, h: BOTTOM_ROW_END - TOP_ROW };
}

/** The frame, the two halves and the panels, for drawing. */
export function boardRects() {
  return {
    board: { x: BOARD_LEFT, y: INFO, w: TRAY_LEFT + TRAY + FRAME - BOARD_LEFT, h: UNITS_HIGH - 2 * INFO },
    leftHalf: { x: POINTS_LEFT, y: TOP_ROW, w: 6, h: BOTTOM_ROW_END - TOP_ROW },
    rightHalf: { x: BAR_LEFT + BAR_WIDTH, y: TOP_ROW, w: 6, h: BOTTOM_ROW_END - TOP_ROW },
    bar: barRect(),
    sidePanel: { x: 0, y: INFO, w: SIDE_PANEL, h: UNITS_HIGH - 2 * INFO },
    topInfo: { x: 0, y: 0, w: UNITS_WIDE, h: INFO },
    bottomInfo: { x: 0, y: UNITS_HIGH - INFO, w: UNITS_WIDE, h: INFO },
    middleY: MIDDLE_Y,
    frame: FRAME,
  };
}

/**
 * Where the cube lies: the middle of the side panel when nobody owns it, else at the owner's end.
 */
export function cubeRect(owner, orientation) {
  const size = 0.9;
  const x = (SIDE_PANEL - size) / 2;
  let cy = MIDDLE_Y;
  if (owner) cy = owner === bottomColour(orientation) ? BOTTOM_ROW_END - 0.6 : TOP_ROW + 0.6;
  return { x, y: cy - size / 2, w: size, h: size };
}

/**
 * Rectangles of the dice of one colour, in the half of the board in front of that player:
 * the bottom player's dice in the right half, the top player's in the left half.
 */
export function diceRects(colour, count, orientation) {
  const size = count > 2 ? 0.8 : 0.95;
  const gap = 0.25;
  const half = colour === bottomColour(orientation) ? boardRects().rightHalf : boardRects().leftHalf;
  const total = count * size + (count - 1) * gap;
  const x0 = half.x + (half.w - total) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: x0 + i * (size + gap),
    y: MIDDLE_Y - size / 2,
    w: size,
    h: size,
  }));
}

function inside(r, x, y) {
  return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

/**
 * The location under unit coordinates (x, y): a point number, BAR, OFF, or null.
 * A point's clickable area is its whole half-column, from the frame to the middle of the board,
 * so short stacks are as easy to hit as tall ones.
 */
export function locationAtUnits(x, y, orientation) {
  if (y < TOP_ROW - FRAME || y > BOTTOM_ROW_END + FRAME) return null;
  if (x >= TRAY_LEFT - FRAME / 2 && x <= TRAY_LEFT + TRAY + FRAME) return OFF;
  if (inside({ x: BAR_LEFT, y: TOP_ROW - FRAME, w: BAR_WIDTH, h: BOTTOM_ROW_END - TOP_ROW + 2 * FRAME }, x, y)) {
    return BAR;
  }
  if (x < POINTS_LEFT || x >= POINTS_LEFT + 12 + BAR_WIDTH) return null;
  let col = Math.floor(x - POINTS_LEFT);
  if (col === 6) return null; // unreachable: the bar was matched above
  if (col > 6) col -= 1;
  const top = y < MIDDLE_Y;
  return pointAtSlot(col, top, orientation);
}

/** Turn a canvas size in CSS pixels into a scale, and back from pixels to locations. */
export function layout(width, height) {
  const unit = Math.min(width / UNITS_WIDE, height / UNITS_HIGH);
  const offsetX = (width - unit * UNITS_WIDE) / 2;
  const offsetY = (height - unit * UNITS_HIGH) / 2;
  return { unit, offsetX, offsetY, width, height };
}

export function toUnits(lay, px, py) {
  return { x: (px - lay.offsetX) / lay.unit, y: (py - lay.offsetY) / lay.unit };
}

export function locationAt(lay, px, py, orientation) {
  const { x, y } = toUnits(lay, px, py);
  return locationAtUnits(x, y, orientation);
}

/** Centre of a location in units, where a keyboard cursor or a drop marker is drawn. */
export function locationCentre(loc, colour, orientation) {
  if (loc === OFF) {
    const r = trayRect(colour, orientation);
    return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  }
  if (loc === BAR) return barCheckerCentre(colour, 0, orientation);
  const r = pointRect(loc, orientation);
  return { x: r.x + 0.5, y: r.top ? r.y + r.h / 2 : r.y + r.h / 2 };
}

/**
 * Keyboard navigation grid: each row lists its locations left to right as they appear on screen,
 * with the bar in the middle and the tray at the right end.
 */
export function navigationRows(orientation) {
  const row = (top) => {
    const cells = [];
    for (let col = 0; col < 12; col++) {
      if (col === 6) cells.push(BAR);
      cells.push(pointAtSlot(col, top, orientation));
    }
    cells.push(OFF);
    return cells;
  };
  return [row(true), row(false)];
}

/** How far apart (in units) two arrows drawn side by side are: their heads (0.2 each side of the line) clear. */
export const ARROW_LANE = 0.5;

function sharesLine(s, o) {
  // o's two ends on s's line, and the two overlap along it by more than a touch (13/7 then 7/5 only touch)
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const length = Math.hypot(dx, dy);
  const off = (p) => Math.abs((p.x - s.a.x) * dy - (p.y - s.a.y) * dx) / length;
  if (off(o.a) > 0.01 || off(o.b) > 0.01) return false;
  const along = (p) => ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / length;
  const [lo, hi] = [Math.min(along(o.a), along(o.b)), Math.max(along(o.a), along(o.b))];
  return Math.min(hi, length) - Math.max(lo, 0) > 0.01;
}

/**
 * A play's arrows as segments [{from, to, a, b}] in units, fanned so that each is read: arrows that would lie on
 * one another (ending on the same point, as 8/2 6/2, the same move twice, as 13/5(2), or one along the other's
 * line) are moved apart across their direction, one lane (ARROW_LANE) each, centred on where they were; an
 * arrow alone stays on the line between the two locations' centres.
 */
export function arrowSegments(moves, colour, orientation) {
  const segments = moves.map(([from, to]) => ({
    from, to, a: locationCentre(from, colour, orientation), b: locationCentre(to, colour, orientation),
  }));
  const drawn = segments.filter((s) => Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y) >= 0.01);
  const group = drawn.map((_, i) => i);
  const root = (i) => (group[i] === i ? i : (group[i] = root(group[i])));
  drawn.forEach((s, i) => {
    for (let j = 0; j < i; j++) {
      const o = drawn[j];
      if (s.to === o.to || sharesLine(s, o) || sharesLine(o, s)) group[root(i)] = root(j);
    }
  });
  const members = new Map();
  drawn.forEach((s, i) => members.set(root(i), [...(members.get(root(i)) || []), s]));
  for (const lanes of members.values()) {
    lanes.forEach((s, k) => {
      const shift = (k - (lanes.length - 1) / 2) * ARROW_LANE;
      if (!shift) return;
      const length = Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
      // across the arrow, the same side for arrows of one direction (left to right or right to left alike)
      let nx = -(s.b.y - s.a.y) / length;
      let ny = (s.b.x - s.a.x) / length;
      if (ny < 0 || (ny === 0 && nx < 0)) [nx, ny] = [-nx, -ny];
      s.a = { x: s.a.x + nx * shift, y: s.a.y + ny * shift };
      s.b = { x: s.b.x + nx * shift, y: s.b.y + ny * shift };
    });
  }
  return segments;
}
