// One saved thing (the game, the chouette) in localStorage: its envelope `{version, savedAt, ...fields}`
// written after every action and read back once at start-up. Each page's storage.js (game/, chouette/)
// names its key and error and checks its own fields; the envelope (storage that may be disabled, JSON,
// the version, the preview position) is here.

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
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SavedError(`the saved ${noun} is not readable (corrupt data)`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new SavedError(`the saved ${noun} is not a ${noun}`);
  if (data.version !== version) {
    throw new SavedError(`the saved ${noun} is from another version of the game (${JSON.stringify(data.version)})`);
  }
  return data;
}

/** A checker step of a saved turn in progress: `[from, to]` in player numbering, 0-25. */
export function isStep(step) {
  return Array.isArray(step) && step.length === 2 && step.every((p) => Number.isInteger(p) && p >= 0 && p <= 25);
}
