// The chouette's sentences about its players: a name and its verb agree, "Ann takes" but "You take",
// "Anne accepte" but "Vous acceptez" (the setup's first player is "You", "Vous" on a French page).
// Each such message has two keys in the catalogues: `key` and `key.you`. Pure, tested under node.

import { t } from "../i18n/i18n.js";

/** Whether `name` is the second person ("You", or the page language's word for it). */
export function isYou(name) {
  const said = String(name).trim().toLowerCase();
  return said === "you" || said === t("chouette.you").toLowerCase();
}

/** The message `key` about `name` ({name} in it), its verb agreeing with the name: `key.you` for "You". */
export function does(name, key, values = {}) {
  return t(isYou(name) ? `${key}.you` : key, { name, ...values });
}
