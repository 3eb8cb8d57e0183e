// The saved game in localStorage: written after every action, read once at start-up.
// What is read back is checked field by field; anything unexpected is reported, never used.

export const STORAGE_KEY = "toutes-tables/saved-game";
export const SAVE_VERSION = 1;

export class SavedGameError extends Error {
  constructor(message) {
    super(message);
    this.name = "SavedGameError";
  }
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled by the browser: the game still plays, it just is not kept
  }
}

/** Save `{record, steps, players, options, touched, orientation}`; returns false when storage is unavailable. */
export function saveGame(save) {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ version: SAVE_VERSION, savedAt: new Date().toISOString(), ...save }));
    return true;
  } catch {
    return false;
  }
}

export function clearSavedGame() {
  storage()?.removeItem(STORAGE_KEY);
}

const PLAYER_KINDS = new Set(["human", "computer"]);

/**
 * The saved game, validated: null when there is none; throws SavedGameError when there is one
 * that cannot be used (corrupt JSON, another version, missing or mistyped fields).
 */
export function loadSavedGame() {
  const store = storage();
  const text = store ? store.getItem(STORAGE_KEY) : null;
  if (text === null) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SavedGameError("the saved game is not readable (corrupt data)");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new SavedGameError("the saved game is not a game");
  if (data.version !== SAVE_VERSION) {
    throw new SavedGameError(`the saved game is from another version of the game (${JSON.stringify(data.version)})`);
  }
  if (typeof data.record !== "string" || data.record.length === 0 || data.record.length > 1_000_000) {
    throw new SavedGameError("the saved game has no game record");
  }
  if (!Array.isArray(data.steps) || !data.steps.every(isStep)) throw new SavedGameError("the saved turn in progress is damaged");
  const players = data.players;
  if (!players || !PLAYER_KINDS.has(players.black) || !PLAYER_KINDS.has(players.white)) {
    throw new SavedGameError("the saved game does not say who plays which colour");
  }
  if (data.options !== undefined && (typeof data.options !== "object" || data.options === null)) {
    throw new SavedGameError("the saved game options are damaged");
  }
  const orientation = data.orientation === "black" ? "black" : "white";
  const touched = Number.isInteger(data.touched) && data.touched >= 0 && data.touched <= 25 ? data.touched : null;
  return { record: data.record, steps: data.steps, players, options: data.options || {}, orientation, touched };
}

function isStep(step) {
  return Array.isArray(step) && step.length === 2 && step.every((p) => Number.isInteger(p) && p >= 0 && p <= 25);
}
