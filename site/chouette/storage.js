// The saved chouette in localStorage: written after every action, read once at start-up.
// The engine checks the session itself (replaying it); here only the envelope is checked, and
// anything unexpected is reported, never used.

export const STORAGE_KEY = "toutes-tables/saved-chouette";
export const SAVE_VERSION = 1;

export class SavedChouetteError extends Error {
  constructor(message) {
    super(message);
    this.name = "SavedChouetteError";
  }
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled by the browser: the chouette still plays, it just is not kept
  }
}

/** Save `{save, seats, steps, preview}`; returns false when storage is unavailable. */
export function saveChouette(state) {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ version: SAVE_VERSION, savedAt: new Date().toISOString(), ...state }));
    return true;
  } catch {
    return false;
  }
}

export function clearSavedChouette() {
  storage()?.removeItem(STORAGE_KEY);
}

/** The saved chouette, checked: null when there is none; throws SavedChouetteError when it cannot be used. */
export function loadSavedChouette() {
  const store = storage();
  const text = store ? store.getItem(STORAGE_KEY) : null;
  return text === null ? null : parseSavedChouette(text);
}

/** The envelope of a saved chouette read from `text` (pure, for tests). */
export function parseSavedChouette(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SavedChouetteError("the saved chouette is not readable (corrupt data)");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new SavedChouetteError("the saved chouette is not a chouette");
  if (data.version !== SAVE_VERSION) {
    throw new SavedChouetteError(`the saved chouette is from another version of the game (${JSON.stringify(data.version)})`);
  }
  if (!data.save || typeof data.save !== "object" || Array.isArray(data.save)) {
    throw new SavedChouetteError("the saved chouette has no session record");
  }
  const seats = data.seats;
  if (!seats || typeof seats !== "object" || !Object.values(seats).every(isSeat)) {
    throw new SavedChouetteError("the saved chouette does not say who is a person and who the computer");
  }
  if (!Array.isArray(data.steps) || !data.steps.every(isStep)) throw new SavedChouetteError("the saved turn in progress is damaged");
  return { save: data.save, seats, steps: data.steps, preview: data.preview ?? null };
}

function isSeat(seat) {
  return Boolean(seat) && (seat.kind === "human" || (seat.kind === "computer" && typeof seat.level === "string"));
}

function isStep(step) {
  return Array.isArray(step) && step.length === 2 && step.every((p) => Number.isInteger(p) && p >= 0 && p <= 25);
}
