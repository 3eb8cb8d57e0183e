// One saved thing (the game, the chouette) in localStorage: its envelope `{version, savedAt, ...fields}`
// written after every action and read back once at start-up. Each page's storage.js (game/, chouette/)
// names its key and error and checks its own fields; the envelope (storage that may be disabled, JSON,
// the version, the preview position) is here.

import { t } from "../i18n/i18n.js";

/** Local storage, or null when the browser disables it: the page still plays, it just is not kept. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The slot saved under `key`: `save(fields)` (false when storage is unavailable), `clear()`, and
 * `read()`, the stored text or null when nothing is saved.
 */
export function savedSlot(key, version) {
  return {
    save(fields) {
      const store = storage();
      if (!store) return false;
      try {
        store.setItem(key, JSON.stringify({ version, savedAt: new Date().toISOString(), ...fields }));
        return true;
      } catch {
        return false;
      }
    },
    clear() {
      storage()?.removeItem(key);
    },
    read() {
      const store = storage();
      return store ? store.getItem(key) : null;
    },
    /**
     * The saved `preview` position (the engine's absolute view), drawn before the engine is up, with
     * the saved data it came from: `{position, data}`, or null when there is none that looks right.
     * Nothing else is checked: the save itself is checked when it is loaded.
     */
    preview() {
      try {
        const data = JSON.parse(this.read() || "null");
        const position = data && data.preview;
        if (position && Array.isArray(position.points) && position.points.length === 24 && position.points.every(Number.isInteger)) {
          return { position, data };
        }
      } catch {
        // unreadable: no preview
      }
      return null;
    },
  };
}

/**
 * The envelope read from `text`, checked: a JSON object of this `version`. Anything else throws
 * `new SavedError(reason)`, the reason naming the saved `noun` ("game", "chouette").
 */
export function parseEnvelope(text, { version, noun, SavedError }) {
  // the reason is shown to the player, in the page's language: "the saved game", "la chouette enregistrée"
  const thing = noun === "chouette" ? { the_saved: t("saved.the_saved.chouette"), a: t("saved.a.chouette") }
    : { the_saved: t("saved.the_saved.game"), a: t("saved.a.game") };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SavedError(t("saved.error.unreadable", thing));
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new SavedError(t("saved.error.not_a", thing));
  if (data.version !== version) {
    throw new SavedError(t("saved.error.version", { ...thing, version: JSON.stringify(data.version) }));
  }
  return data;
}

/** A checker step of a saved turn in progress: `[from, to]` in player numbering, 0-25. */
export function isStep(step) {
  return Array.isArray(step) && step.length === 2 && step.every((p) => Number.isInteger(p) && p >= 0 && p <= 25);
}
