// The attributes of <tt-board>, checked strictly: a bad value is named with what it accepts.
// Pure, so it is tested under node (site/board/board.test.mjs).

const RULE_SETS = ["toutes-tables-225", "toutes-tables", "backgammon-225", "backgammon"];
const MODES = ["view", "play", "example"];

/**
 * Check the attributes (`get(name)` returns one, or null when absent). Returns {config}, or
 * {error} naming the attribute and what it accepts.
 */
export function parseAttributes(get) {
  const rules = get("rules") ?? "toutes-tables-225";
  if (!RULE_SETS.includes(rules)) return { error: `rules="${rules}" is not a rule set; use one of ${RULE_SETS.join(", ")}.` };
  const mode = get("mode") ?? "view";
  if (!MODES.includes(mode)) return { error: `mode="${mode}" is not a mode; use view, play or example.` };
  const turn = get("turn") ?? "white";
  if (turn !== "white" && turn !== "black") return { error: `turn="${turn}" must be white or black.` };
  const orientation = get("orientation") ?? turn;
  if (orientation !== "white" && orientation !== "black") return { error: `orientation="${orientation}" must be white or black.` };
  const where = (get("position") ?? "64").trim();
  let position = null;
  let start = null;
  if (/^\d{1,3}$/.test(where) && Number(where) >= 1 && Number(where) <= 225) start = Number(where);
  else if (/^[A-Za-z0-9+/]{14}$/.test(where)) position = where;
  else return { error: `position="${where}" must be a start number 1-225 or a 14-character Position ID.` };
  const diceText = get("dice");
  let dice = null;
  if (diceText !== null && diceText !== undefined) {
    const m = /^([1-6])-?([1-6])$/.exec(diceText.trim());
    if (!m) return { error: `dice="${diceText}" must be two dice 1-6, like 6-1.` };
    dice = [Number(m[1]), Number(m[2])];
  }
  if (mode !== "view" && !dice) return { error: `mode="${mode}" needs dice, like dice="6-1".` };
  return { config: { rules, mode, turn, orientation, position, start, dice } };
}

