// The chouette's sentences about its players: a name and its verb agree, "Ann takes" but "You take"
// (the setup's first player is called "You"). Pure, tested under node.

const IRREGULAR = { is: "are", has: "have", his: "your" };

/** Whether `name` is the second person: the verb after it takes its plain form. */
export function isYou(name) {
  return String(name).trim().toLowerCase() === "you";
}

/** `name` then `verb` (written for "he": "takes", "is thinking"), in agreement: "You take", "Ann takes". */
export function does(name, verb) {
  if (!isYou(name)) return `${name} ${verb}`;
  const [first, ...rest] = verb.split(" ");
  const plain = IRREGULAR[first] || first.replace(/s$/, "");
  return [name, plain, ...rest].join(" ");
}
