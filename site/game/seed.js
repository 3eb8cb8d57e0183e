// The dice seed an end-to-end test gives the page (e2e/driving.py defines it before the page's scripts
// run), so that the test's game is the same at every run. Players never see or set it: without it the
// engine rolls fair random dice. The game and chouette pages pass it to the engine with every game they
// start or resume (service new_match / load, chouette_new / chouette_load: a seeded session).

/** The test's dice seed (a whole number), or null: the page's normal, unseeded play. */
export function testDiceSeed() {
  const seed = globalThis.__toutesTablesDiceSeed;
  return Number.isSafeInteger(seed) && seed >= 0 ? seed : null;
}

/** `params` for a service call that starts or resumes a game, with the test's seed when there is one. */
export function withTestSeed(params) {
  const seed = testDiceSeed();
  return seed === null ? params : { ...params, seed };
}
