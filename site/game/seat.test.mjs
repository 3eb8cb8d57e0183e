// One page plays the saved game at a time (site/game/seat.js), with a stand-in for the Web Locks API:
// `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { holdSeat } from "./seat.js";

/** The Web Locks semantics seat.js relies on: exclusive locks, ifAvailable, steal (the holder's request rejects). */
function fakeLocks() {
  const held = new Map(); // name -> {reject, done}
  return {
    async request(name, options, callback) {
      const current = held.get(name);
      if (current && options.ifAvailable) return callback(null);
      if (current && options.steal) {
        held.delete(name);
        const error = new Error("stolen");
        error.name = "AbortError";
        current.reject(error);
      }
      return new Promise((resolve, reject) => {
        held.set(name, { reject });
        Promise.resolve(callback({ name })).then(() => {
          if (held.get(name) && held.get(name).reject === reject) held.delete(name);
          resolve();
        });
      });
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(locks) {
  const said = [];
  const seat = holdSeat("game", { onHeld: () => said.push("held"), onTaken: () => said.push("taken"), onLost: () => said.push("lost") }, locks);
  return { said, seat };
}

test("the first page plays, a second is told the game is open elsewhere, and taking it over moves it", async () => {
  const locks = fakeLocks();
  const first = page(locks);
  await settle();
  const second = page(locks);
  await settle();
  assert.deepEqual(first.said, ["held"]);
  assert.deepEqual(second.said, ["taken"]);
  second.seat.takeOver();
  await settle();
  assert.deepEqual(second.said, ["taken", "held"]);
  assert.deepEqual(first.said, ["held", "lost"]);
  // and back again
  first.seat.takeOver();
  await settle();
  assert.deepEqual(first.said, ["held", "lost", "held"]);
  assert.deepEqual(second.said, ["taken", "held", "lost"]);
});

test("a page left lets the game go: the next page plays at once", async () => {
  const locks = fakeLocks();
  const first = page(locks);
  await settle();
  first.seat.release();
  await settle();
  const next = page(locks);
  await settle();
  assert.deepEqual(next.said, ["held"]);
  assert.deepEqual(first.said, ["held"]); // letting go is not losing the game to another page
});

test("without Web Locks every page plays, as before", () => {
  const said = [];
  holdSeat("game", { onHeld: () => said.push("held"), onTaken: () => said.push("taken"), onLost: () => said.push("lost") }, null);
  assert.deepEqual(said, ["held"]);
});
