// One page plays a saved game at a time. Two game pages (tabs, windows) would both write the same save,
// and the last one would win: the other's moves lost. So a page plays only while it holds the game's
// Web Lock; a second page finds it taken, says so and offers to play there instead, which takes the lock
// from the first (`steal`); the first page is told it has lost it and stops playing and saving, with the
// same offer. The lock is released by the browser when its page closes. Without Web Locks (an old
// browser) every page plays, as before.

/**
 * Hold the lock `name` for this page: `onHeld()` once it is this page's, `onTaken()` when another page has
 * it (this page must wait), `onLost()` when another page took it away. Returns `{takeOver(), release()}`:
 * take the lock from whichever page holds it, or let it go (the page is left).
 */
export function holdSeat(name, { onHeld, onTaken, onLost }, locks = globalThis.navigator && navigator.locks) {
  let release = null; // ends the hold: resolves the promise the lock's callback waits on
  let released = false;

  function hold(lock) {
    if (released) return undefined;
    onHeld();
    return new Promise((resolve) => {
      release = resolve;
    });
  }

  function request(options) {
    locks
      .request(name, options, (lock) => {
        if (lock === null) {
          onTaken();
          return undefined;
        }
        return hold(lock);
      })
      .catch((error) => {
        // the lock was taken by another page (its `steal`): this page no longer plays
        if (error && error.name === "AbortError" && !released) onLost();
      });
  }

  if (!locks) {
    onHeld();
    return { takeOver() {}, release() {} };
  }
  request({ ifAvailable: true });
  return {
    takeOver() {
      request({ steal: true });
    },
    release() {
      released = true;
      if (release) release();
    },
  };
}
