// The board's motion, as pure functions of the time elapsed: dice that tumble before they settle, and
// checkers that slide from point to point. No DOM and no clock here (board.js runs the frames), so the
// timing and the curves are tested under node.

export const SLIDE_MS = 220; // one checker's slide, one after another
export const CLICK_SLIDE_MS = 140; // a checker moved by a click glides to its point, quicker
export const ROLL_MS = 420; // the dice tumble, then show their faces
const TUMBLES = 6; // faces shown while a die tumbles

/** Ease in and out: slow start, slow landing (t and the result in 0..1). */
export function easeInOut(t) {
  const c = Math.min(Math.max(t, 0), 1);
  return c < 0.5 ? 2 * c * c : 1 - (-2 * c + 2) ** 2 / 2;
}

/** Where a slide of `count` moves is after `elapsed` ms: the move on its way, how far along, whether it is over. */
export function slideAt(elapsed, count, perMove = SLIDE_MS) {
  const moves = Math.max(elapsed, 0) / perMove;
  const step = Math.floor(moves);
  if (step >= count) return { step: count, progress: 1, done: true };
  return { step, progress: moves - step, done: false };
}

/** Where a roll is after `elapsed` ms: its progress 0..1, and whether it is over. */
export function rollAt(elapsed, duration = ROLL_MS) {
  const progress = Math.min(Math.max(elapsed, 0) / duration, 1);
  return { progress, done: progress >= 1 };
}

/**
 * The face die `index` shows at `progress` of its roll: a new face at each tumble (never the same
 * twice running, and different for each die), the real value from the last tumble on.
 */
export function tumbleFace(value, index, progress) {
  const tumble = Math.floor(progress * TUMBLES);
  if (tumble >= TUMBLES - 1) return value;
  return ((value + tumble * 5 + index * 2 + 1) % 6) + 1;
}

/**
 * How a tumbling die is displaced from its resting place, in board units and radians: it comes in
 * from the side, turning, and lands square.
 */
export function tumbleOffset(index, progress) {
  const left = 1 - easeInOut(progress);
  return { dx: left * (0.9 + 0.3 * index), dy: -Math.sin(progress * Math.PI * 2) * 0.15 * left, angle: left * (index % 2 ? -1.6 : 1.6) };
}

/**
 * Whether dice `next` are a fresh roll after `previous` (both [{value, colour, used}]): none used yet,
 * and other values or colours (an undo gives the same dice back unused: no roll).
 */
export function isFreshRoll(previous, next) {
  if (!next || next.length === 0 || next.some((d) => d.used)) return false;
  const key = (dice) => (dice || []).map((d) => `${d.colour}:${d.value}`).join(",");
  return key(previous) !== key(next);
}
