// The saved games (site/game/saved-games.js): `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { gameSummary, keepGame, MAX_SAVED_GAMES, SavedGamesFullError, parseSavedGames, SAVED_GAMES_VERSION, summaryWords, withGameKept, withoutGame, worthKeeping } from "./saved-games.js";

const HUMAN_V_COMPUTER = { black: "computer", white: "human" };

function matchView({ length = 5, score = { black: 1, white: 0 }, game = 2, moves = 3, phase = "move", over = false } = {}) {
  return {
    rules: "backgammon-225",
    phase,
    game_number: game,
    moves: Array.from({ length: moves }, (_, i) => ({ kind: "play", text: `move ${i}` })),
    match: { length, score, over },
  };
}

function savedGame(record, summary = gameSummary(matchView(), HUMAN_V_COMPUTER)) {
  return { record, steps: [], players: HUMAN_V_COMPUTER, options: {}, orientation: "white", touched: null, summary, preview: null };
}

test("a game's summary names its rule set, match and score, and whether it is begun or over", () => {
  const s = gameSummary(matchView(), HUMAN_V_COMPUTER);
  assert.equal(s.title, "Backgammon 225, match to 5");
  assert.equal(s.score, "Black 1, White 0");
  assert.equal(s.detail, "game 2, 3 moves, against the computer");
  assert.deepEqual([s.begun, s.over], [true, false]);
  assert.equal(gameSummary(matchView({ length: 0 }), { black: "human", white: "human" }).title, "Backgammon 225, money game");
  assert.match(gameSummary(matchView(), { black: "human", white: "human" }).detail, /two players/);
  // a second game of a match is begun even before its first move
  assert.equal(gameSummary(matchView({ moves: 0, game: 2 }), HUMAN_V_COMPUTER).begun, true);
  assert.equal(gameSummary(matchView({ moves: 0, game: 1, score: { black: 0, white: 0 } }), HUMAN_V_COMPUTER).begun, false);
});

test("only a game that is begun and not over is worth setting aside", () => {
  assert.equal(worthKeeping(savedGame("a")), true);
  assert.equal(worthKeeping(savedGame("a", gameSummary(matchView({ moves: 0, game: 1 }), HUMAN_V_COMPUTER))), false);
  assert.equal(worthKeeping(savedGame("a", gameSummary(matchView({ phase: "over", over: true }), HUMAN_V_COMPUTER))), false);
  // a game over in a match that goes on is still the match in play
  assert.equal(worthKeeping(savedGame("a", gameSummary(matchView({ phase: "over", over: false }), HUMAN_V_COMPUTER))), true);
  assert.equal(worthKeeping(null), false);
  assert.equal(worthKeeping({ record: "a" }), false); // a save from before summaries: nothing to show for it
});

test("the most recent game comes first, a game is listed once, and the list keeps the ten most recent", () => {
  let list = [];
  for (let i = 0; i < MAX_SAVED_GAMES + 3; i++) list = withGameKept(list, savedGame(`record ${i}`), { id: `id${i}`, savedAt: `t${i}` });
  assert.equal(list.length, MAX_SAVED_GAMES);
  assert.deepEqual(list.slice(0, 2).map((e) => e.id), ["id12", "id11"]);
  assert.equal(list.at(-1).id, "id3");
  // the same game (its record) set aside again moves to the top instead of being listed twice
  list = withGameKept(list, savedGame("record 5"), { id: "again", savedAt: "t" });
  assert.equal(list.filter((e) => e.game.record === "record 5").length, 1);
  assert.equal(list[0].id, "again");
  assert.equal(withoutGame(list, "again").length, list.length - 1);
  assert.equal(withoutGame(list, "nope").length, list.length);
});

test("a stored list is read back entry by entry: damaged entries are left out, the others kept exactly", () => {
  const good = { id: "a", savedAt: "2026-12-01T10:00:00.000Z", game: savedGame("Toutes Tables record 1\n") };
  const text = JSON.stringify({
    version: SAVED_GAMES_VERSION,
    games: [good, { id: "b", savedAt: "x", game: { ...savedGame("r"), steps: [[99, 1]] } }, { id: 3 }, null, { id: "c", savedAt: "x", game: { ...savedGame("r"), summary: null } }],
  });
  const read = parseSavedGames(text);
  assert.deepEqual(read.map((e) => e.id), ["a"]);
  assert.deepEqual(read[0].game, good.game);
  assert.deepEqual(parseSavedGames("{not json"), []);
  assert.deepEqual(parseSavedGames(JSON.stringify({ version: 99, games: [good] })), []);
  assert.deepEqual(parseSavedGames(JSON.stringify([good])), []);
});

test("a game worth keeping that the browser will not store is an error, never a quiet false", () => {
  const refusing = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
  const before = globalThis.window;
  globalThis.window = { localStorage: refusing };
  try {
    assert.throws(() => keepGame(savedGame("a")), SavedGamesFullError);
    // a game not worth keeping needs no room: nothing is written, nothing is refused
    assert.equal(keepGame(savedGame("a", gameSummary(matchView({ moves: 0, game: 1 }), HUMAN_V_COMPUTER))), false);
  } finally {
    globalThis.window = before;
  }
});

test("a saved game is described in the language of the page showing it, from the figures saved with it", async () => {
  const { loadLanguage } = await import("../i18n/i18n.js");
  await loadLanguage("fr");
  const s = gameSummary(matchView(), HUMAN_V_COMPUTER);
  assert.deepEqual(summaryWords(s, "en"), { title: s.title, score: s.score, detail: s.detail });
  assert.deepEqual(summaryWords(s, "fr"), {
    title: "Backgammon 225, match en 5 points", score: "Noir 1, Blanc 0", detail: "partie 2, 3 coups, contre l'ordinateur",
  });
  // a save from before the figures were kept is shown as it was saved
  const old = { title: "Old", score: "Black 1, White 0", detail: "game 2" };
  assert.deepEqual(summaryWords(old, "fr"), old);
});
