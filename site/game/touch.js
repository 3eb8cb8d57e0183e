// Strict touch-move (docs/rules/moving.md, "Touched checker, played checker"): once the player picks up
// a checker that can move, the turn must move it. Once it has moved, the rest of the turn is free again,
// until the player picks up another checker: each pick-up binds, and only the player's own does. Plain
// data in, plain data out: the game page keeps the touched checker and asks these what it allows.

/** The destinations the board offers: only the touched checker's while it is bound, else all of `dests`. */
export function touchMoveDests(dests, touched) {
  if (touched === null) return dests;
  const only = dests[String(touched)];
  return only ? { [touched]: only } : dests;
}

/**
 * The touched checker after the player picks up `source` on the board (`picking`: what the board showed
 * is the game's current view, no move or other answer being awaited). A pick-up only binds in strict mode,
 * when nothing is bound yet; a pick-up on a board that is about to change (the player clicked while the
 * engine was answering his last move) binds nothing.
 */
export function touchAfterPickUp(touched, source, { strict, picking }) {
  if (!strict || !picking || source === null || touched !== null) return touched;
  return source;
}

/**
 * The touched checker once the view `next` follows `previous`: bound only while it has not moved yet and
 * still can. A checker moved (or taken back) ends the touch: the rest of the turn is free again.
 */
export function touchAfterView(touched, previous, next) {
  if (touched === null || next.phase !== "move" || !next.turn_state.dests[String(touched)]) return null;
  const moved = previous && previous.turn_state.steps.length !== next.turn_state.steps.length;
  return moved ? null : touched;
}
