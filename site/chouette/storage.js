// The saved chouette in localStorage: written after every action, read once at start-up.
// The engine checks the session itself (replaying it); here only the envelope is checked, and
// anything unexpected is reported, never used. The envelope's common part is game/saved.js's.

import { isStep, parseEnvelope, savedSlot } from "../game/saved.js";
import { t } from "../i18n/i18n.js";

export const STORAGE_KEY = "toutes-tables/saved-chouette";
export const SAVE_VERSION = 1;

export class SavedChouetteError extends Error {
  constructor(message) {
    super(message);
    this.name = "SavedChouetteError";
  }
}

const slot = savedSlot(STORAGE_KEY, SAVE_VERSION);

/** Save `{save, seats, steps, preview}`; returns false when storage is unavailable. */
export function saveChouette(state) {
  return slot.save(state);
}

export function clearSavedChouette() {
  slot.clear();
}

/** The saved chouette's position to draw before the engine is up, or null (see savedSlot). */
export function savedChouettePreview() {
  const found = slot.preview();
  return found && found.position;
}

/** The saved chouette, checked: null when there is none; throws SavedChouetteError when it cannot be used. */
export function loadSavedChouette() {
  const text = slot.read();
  return text === null ? null : parseSavedChouette(text);
}

/** The envelope of a saved chouette read from `text` (pure, for tests). */
export function parseSavedChouette(text) {
  const data = parseEnvelope(text, { version: SAVE_VERSION, noun: "chouette", SavedError: SavedChouetteError });
  if (!data.save || typeof data.save !== "object" || Array.isArray(data.save)) {
    throw new SavedChouetteError(t("saved.error.no_session"));
  }
  const seats = data.seats;
  if (!seats || typeof seats !== "object" || !Object.values(seats).every(isSeat)) {
    throw new SavedChouetteError(t("saved.error.seats"));
  }
  if (!Array.isArray(data.steps) || !data.steps.every(isStep)) throw new SavedChouetteError(t("saved.error.steps"));
  return { save: data.save, seats, steps: data.steps, preview: data.preview ?? null };
}

function isSeat(seat) {
  return Boolean(seat) && (seat.kind === "human" || (seat.kind === "computer" && typeof seat.level === "string"));
}
