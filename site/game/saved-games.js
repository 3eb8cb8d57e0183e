// The saved games: games set aside on this device, most recent first, each resumable. Nothing a link or a
// new game does may destroy the game in play: before another game replaces it, the game page keeps it here
// (an unfinished game with at least one move). The list is capped (MAX_SAVED_GAMES): the oldest goes first.
// The pure parts (the summary, the list's order and cap) are tested in node; the rest reads and writes
// localStorage under SAVED_GAMES_KEY, and a damaged entry is dropped, never used.

import { pageLanguage, t, tn } from "../i18n/i18n.js";
import { RULE_TITLES } from "./links.js";
import { checkSavedGame } from "./storage.js";

export const SAVED_GAMES_KEY = "toutes-tables/saved-games";
export const SAVED_GAMES_VERSION = 1;
export const MAX_SAVED_GAMES = 10;

/**
 * What the list shows of a game, from its view and who plays it: `{title, score, detail, begun, over, facts}`.
 * Saved with the game in play, so a game set aside is described without the engine; `facts` are the
 * figures the words are made of, so that the list says them in the language of the page showing it
 * (summaryWords), whichever page saved them.
 */
export function gameSummary(view, players) {
  const match = view.match;
  const facts = {
    rules: view.rules,
    length: match.length,
    black: match.score.black,
    white: match.score.white,
    game: view.game_number,
    moves: view.moves.length,
    two_players: players.black === players.white,
  };
  return {
    ...summaryWords({ facts }),
    begun: view.moves.length > 0 || view.game_number > 1,
    over: view.phase === "over" && match.over,
    facts,
  };
}

/**
 * A saved game's `{title, score, detail}` in `lang` (the page's language): from its facts, or as saved (a
 * save without them).
 */
export function summaryWords(summary, lang = pageLanguage()) {
  const f = summary.facts;
  if (!f || typeof f !== "object") return { title: summary.title, score: summary.score, detail: summary.detail };
  const say = (key, values) => t(key, values, lang);
  const kind = f.length === 0 ? say("saved.kind.money") : f.length === 1 ? say("saved.kind.one") : say("saved.kind.match", { length: f.length });
  const against = f.two_players ? say("saved.two_players") : say("saved.against_computer");
  return {
    title: say("saved.title", { rules: RULE_TITLES[f.rules] || f.rules, kind }),
    score: say("game.score_line", { black: f.black, white: f.white }),
    detail: tn("saved.detail", f.moves, { game: f.game, against }, lang),
  };
}

/** Whether a saved game (with its `summary`) is worth setting aside: begun and not over. */
export function worthKeeping(game) {
  const s = game && game.summary;
  return Boolean(s) && s.begun === true && !s.over;
}

/**
 * The list with `game` set aside at its head (`id` and `savedAt` given): the same game (its record) is
 * listed once, and the list keeps the `max` most recent.
 */
export function withGameKept(list, game, { id, savedAt, max = MAX_SAVED_GAMES }) {
  const others = list.filter((entry) => entry.game.record !== game.record);
  return [{ id, savedAt, game }, ...others].slice(0, max);
}

/** The list without the entry `id`. */
export function withoutGame(list, id) {
  return list.filter((entry) => entry.id !== id);
}

/** The entries of a stored list that are usable (each checked like the game in play); the others dropped. */
export function parseSavedGames(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!data || data.version !== SAVED_GAMES_VERSION || !Array.isArray(data.games)) return [];
  const usable = [];
  for (const entry of data.games.slice(0, MAX_SAVED_GAMES)) {
    if (!entry || typeof entry.id !== "string" || typeof entry.savedAt !== "string") continue;
    try {
      const checked = checkSavedGame(entry.game);
      const summary = entry.game.summary;
      if (!summary || typeof summary.title !== "string" || typeof summary.score !== "string") continue;
      usable.push({ id: entry.id, savedAt: entry.savedAt, game: { ...checked, summary, preview: entry.game.preview } });
    } catch {
      // a damaged entry is left out
    }
  }
  return usable;
}

// -- localStorage -------------------------------------------------------------------------------

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved games, most recent first (an empty list without storage). */
export function savedGames() {
  const s = store();
  const text = s && s.getItem(SAVED_GAMES_KEY);
  return text ? parseSavedGames(text) : [];
}

function writeSavedGames(list) {
  const s = store();
  if (!s) return false;
  try {
    s.setItem(SAVED_GAMES_KEY, JSON.stringify({ version: SAVED_GAMES_VERSION, games: list }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser would not store the list (its storage is full): the game that was to be set aside is not
 * kept, so whatever was about to replace it must not go ahead.
 */
export class SavedGamesFullError extends Error {
  constructor() {
    super(t("saved.full"));
    this.name = "SavedGamesFullError";
  }
}

let counter = 0;

/**
 * Set `game` (a game save with its summary) aside at the head of the list. Returns whether it was set
 * aside (false: not worth keeping); throws SavedGamesFullError when it is worth keeping but cannot be stored.
 */
export function keepGame(game) {
  if (!worthKeeping(game)) return false;
  const now = new Date();
  counter += 1;
  const id = `${now.getTime().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  if (!writeSavedGames(withGameKept(savedGames(), game, { id, savedAt: now.toISOString() }))) throw new SavedGamesFullError();
  return true;
}

/** Remove the entry `id` from the list (resumed or deleted). */
export function forgetGame(id) {
  writeSavedGames(withoutGame(savedGames(), id));
}
