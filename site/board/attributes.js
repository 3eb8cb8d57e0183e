// The attributes of <tt-board>, checked strictly: a bad value is named with what it accepts.
// Pure, so it is tested under node (site/board/board.test.mjs). The messages are the page's language's.

import { t } from "../i18n/i18n.js";

const RULE_SETS = ["toutes-tables-225", "toutes-tables", "backgammon-225", "backgammon"];
const MODES = ["view", "play", "example"];

/**
 * Check the attributes (`get(name)` returns one, or null when absent). Returns {config}, or
 * {error} naming the attribute and what it accepts.
 */
export function parseAttributes(get) {
  const rules = get("rules") ?? "toutes-tables-225";
  if (!RULE_SETS.includes(rules)) return { error: t("widget.error.rules", { value: rules, choices: RULE_SETS.join(", ") }) };
  const mode = get("mode") ?? "view";
  if (!MODES.includes(mode)) return { error: t("widget.error.mode", { value: mode }) };
  const turn = get("turn") ?? "white";
  if (turn !== "white" && turn !== "black") return { error: t("widget.error.turn", { value: turn }) };
  const orientation = get("orientation") ?? turn;
  if (orientation !== "white" && orientation !== "black") return { error: t("widget.error.orientation", { value: orientation }) };
  const where = (get("position") ?? "64").trim();
  let position = null;
  let start = null;
  if (/^\d{1,3}$/.test(where) && Number(where) >= 1 && Number(where) <= 225) start = Number(where);
  else if (/^[A-Za-z0-9+/]{14}$/.test(where)) position = where;
  else return { error: t("widget.error.position", { value: where }) };
  const diceText = get("dice");
  let dice = null;
  if (diceText !== null && diceText !== undefined) {
    const m = /^([1-6])-?([1-6])$/.exec(diceText.trim());
    if (!m) return { error: t("widget.error.dice", { value: diceText }) };
    dice = [Number(m[1]), Number(m[2])];
  }
  if (mode !== "view" && !dice) return { error: t("widget.error.needs_dice", { value: mode }) };
  return { config: { rules, mode, turn, orientation, position, start, dice } };
}

