// The play pages' own settings that belong to this browser, not to a game (the sound, rolling by hand):
// on/off flags kept in localStorage, each shown as a checkbox. A browser that stores nothing forgets
// them: they are off again at the next visit.

import { el } from "./dom.js";

/** Whether flag `key` was turned on (off when never chosen or the storage is unreadable). */
export function storedFlag(key, storage = globalThis.localStorage) {
  try {
    return storage.getItem(key) === "on";
  } catch {
    return false;
  }
}

export function storeFlag(key, on, storage = globalThis.localStorage) {
  try {
    storage.setItem(key, on ? "on" : "off");
  } catch {
    // nothing stored: the flag is forgotten at the next visit
  }
}

/** A checkbox for flag `key`, checked as stored and storing each change: `{box, row}` (`row` is its label). */
export function rememberedCheckbox(key, name, label) {
  const box = el("input", { type: "checkbox", name });
  box.checked = storedFlag(key);
  box.addEventListener("change", () => storeFlag(key, box.checked));
  return { box, row: el("label", { class: "tt-check" }, box, " ", label) };
}
