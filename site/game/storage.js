// The saved game in localStorage: written after every action, read once at start-up.
// What is read back is checked field by field; anything unexpected is reported, never used.
// The envelope (version, JSON, storage disabled) is game/saved.js's.

import { LIMITS } from "../engine/limits.js";
import { t } from "../i18n/i18n.js";
import { isStep, parseEnvelope, savedSlot } from "./saved.js";

export const STORAGE_KEY = "toutes-tables/saved-game";
export const SAVE_VERSION = 1;
// the engine's bound on a record (docs/rules/decisions.md): a longer one is refused
const MAX_RECORD_CHARS = LIMITS.max_record_chars;

export class SavedGameError extends Error {
  constructor(message) {
    super(message);
    this.name = "SavedGameError";
  }
}

const slot = savedSlot(STORAGE_KEY, SAVE_VERSION);

/** Save `{record, steps, players, options, touched, orientation}`; returns false when storage is unavailable. */
export function saveGame(save) {
  return slot.save(save);
}

export function clearSavedGame() {
  slot.clear();
}

/** The saved game's position and orientation to draw before the engine is up, or null (see savedSlot). */
export function savedGamePreview() {
  const found = slot.preview();
  return found && { position: found.position, orientation: found.data.orientation === "black" ? "black" : "white" };
}

const PLAYER_KINDS = new Set(["human", "computer"]);

/**
 * The saved game, validated: null when there is none; throws SavedGameError when there is one
 * that cannot be used (corrupt JSON, another version, missing or mistyped fields).
 */
export function loadSavedGame() {
  const text = slot.read();
  if (text === null) return null;
  const data = parseEnvelope(text, { version: SAVE_VERSION, noun: "game", SavedError: SavedGameError });
  // the game's review, as saved, is checked by its own module (review-panel.js's reviewFromSave), which leaves
  // a damaged one out without losing the game; a game set aside in Saved games goes without it
  return { ...checkSavedGame(data), review: data.review };
}

/**
 * The game in play as it is saved, every field (its `summary` and `preview` too), to set it aside before
 * another game replaces it (saved-games.js); null when there is none that can be used.
 */
export function savedGameInPlay() {
  try {
    const text = slot.read();
    if (text === null) return null;
    const data = parseEnvelope(text, { version: SAVE_VERSION, noun: "game", SavedError: SavedGameError });
    return { ...checkSavedGame(data), summary: data.summary, preview: data.preview };
  } catch {
    return null;
  }
}

/** A saved game's fields, checked one by one (`data` as saved); throws SavedGameError naming what is wrong. */
export function checkSavedGame(data) {
  if (!data || typeof data !== "object") throw new SavedGameError(t("saved.error.not_a", { the_saved: t("saved.the_saved.game"), a: t("saved.a.game") }));
  if (typeof data.record !== "string" || data.record.length === 0 || data.record.length > MAX_RECORD_CHARS) {
    throw new SavedGameError(t("saved.error.no_record"));
  }
  if (!Array.isArray(data.steps) || !data.steps.every(isStep)) throw new SavedGameError(t("saved.error.steps"));
  const players = data.players;
  if (!players || !PLAYER_KINDS.has(players.black) || !PLAYER_KINDS.has(players.white)) {
    throw new SavedGameError(t("saved.error.players"));
  }
  if (data.options !== undefined && (typeof data.options !== "object" || data.options === null)) {
    throw new SavedGameError(t("saved.error.options"));
  }
  const orientation = data.orientation === "black" ? "black" : "white";
  const touched = Number.isInteger(data.touched) && data.touched >= 0 && data.touched <= 25 ? data.touched : null;
  return { record: data.record, steps: data.steps, players, options: data.options || {}, orientation, touched };
}
