// The chouette's sentences about its players: a name and its verb agree, "Ann takes" but "You take",
// "Anne accepte" but "Vous acceptez" (the setup's first player is "You", "Vous" on a French page).
// Each such message has two keys in the catalogues: `key` and `key.you`. Inside a sentence the second
// person is "you" ("vous"), as a person would say it: "waiting for you", "on vous attend", never "waiting
// for You". Pure, tested under node.

import { pageLanguage, t } from "../i18n/i18n.js";

/** Whether `name` is the second person ("You", or the page language's word for it). */
export function isYou(name) {
  const said = String(name).trim().toLowerCase();
  return said === "you" || said === t("chouette.you").toLowerCase();
}

/** The message `key` about `name` ({name} in it), its verb agreeing with the name: `key.you` for "You". */
export function does(name, key, values = {}) {
  return t(isYou(name) ? `${key}.you` : key, { name, ...values });
}

/** `name` inside a sentence: the second person in lower case ("you", "vous"), any other name as it is. */
export function named(name) {
  return isYou(name) ? t("chouette.you_in_sentence") : name;
}

/** Whom a double waits for: "waiting for you", "waiting for Ann and you" ("on vous attend", "on attend Anne et vous"). */
export function waitingFor(names) {
  if (names.length === 1 && isYou(names[0])) return t("chouette.waiting.you");
  const list = new Intl.ListFormat(pageLanguage(), { type: "conjunction" }).format(names.map(named));
  return t("chouette.waiting", { names: list });
}

/** Who took and who dropped the double just settled (the view's `settled`), as one clause: "Ann drops and you take",
 * "Anne suit le double, vous déclinez le double et Bruno accepte". `box` is the box's name: the box takes or drops a
 * captain's double, which the other team members join or refuse. */
export function settledWords(settled, box) {
  const parts = settled.answers.map(({ name, take }) => {
    const joining = settled.doubler === "black" && name !== box;
    const answer = joining ? (take ? "join" : "refuse") : take ? "take" : "drop";
    return does(named(name), `chouette.settled.${answer}`);
  });
  const said = new Intl.ListFormat(pageLanguage(), { type: "conjunction" }).format(parts);
  return said.charAt(0).toUpperCase() + said.slice(1);
}
