// Rollouts on the analysis board: the candidate plays, the position before its roll, or (where the search
// gave a cube decision) the cube actions no double, double/take and double/pass, played out by the computer
// in the worker (toutes_tables.review_service's rollout_* methods and cube_rollout_start), a bounded amount
// of work per request, the table refreshed as the games come in, until the reader stops it or the limit.
// Each line shows the rollout's equity with its 95 % interval beside the search's verdict. The rollouts
// are truncated (see TRUNCATE_PLIES) and seeded, so the same position gives the same figures. Nothing is
// shown for a candidate before its first game, and the rollout gives a verdict only once it can (rolloutSettled:
// docs/analysis.md, "Rollouts"): until then it says that it has too few games. A lone candidate (the position
// before its roll, a forced play) has nothing to compare: its verdict is its equity, once its interval is narrow.

import { el, setChildren } from "../game/dom.js";
import { formatEquity } from "../game/advice.js";
import { pageButton } from "../game/page.js";
import { decimal, t, tn } from "../i18n/i18n.js";

const GAMES_PER_REQUEST = 1; // of each candidate
// The work one request may do (rankings of a roll's plays, about 3 ms each in CPython, a few times that in
// the browser): a request stays short, so Stop answers within a second or two; a game cut by it goes on.
const BUDGET_PER_REQUEST = 300;
const MAX_GAMES = 216;
const CANDIDATES = 4;
// Games are cut after this many plies and scored by the network there (a truncated rollout): a whole
// game played out in pure Python in the browser takes tens of seconds per candidate.
const TRUNCATE_PLIES = 10;
// A verdict before the intervals separate the candidates only after this many games of each (a few sets of the 36
// rolls, with the luck taken off): fewer say nothing a reader should trust.
export const MIN_VERDICT_GAMES = 72;
// A lone candidate (the position before its roll, a forced play) has nothing to compare: its rolled-out equity is
// stated once its 95 % interval is within this of it either way (or after MIN_VERDICT_GAMES games).
export const NARROW_HALF_WIDTH = 0.05;
const NOTHING = "\u2014"; // an em dash: no figure yet
// The cube actions as the engine names them, with their catalogue keys and the search's equity keys.
const CUBE_ACTIONS = {
  "No double": { key: "rollout.action.no_double", search: "no double" }, // i18n-exempt: the engine's names
  "Double, take": { key: "rollout.action.double_take", search: "double, take" }, // i18n-exempt: the engine's names
  "Double, pass": { key: "rollout.action.double_pass", search: "double, pass" }, // i18n-exempt: the engine's names
};

const apart = (a, b) => Boolean(a.interval && b.interval) && (a.interval[0] > b.interval[1] || b.interval[0] > a.interval[1]);

/**
 * Whether a rollout's answer may give its verdict: after MIN_VERDICT_GAMES games, or sooner once the 95 % intervals
 * separate what the verdict compares: for plays, the leader's interval is clear of every other play's; for the
 * cube actions, take's of pass's (the answer) and no double's of doubling's (the smaller of the two: the
 * opponent answers well). A lone candidate's verdict is its equity, once its interval is narrow (NARROW_HALF_WIDTH).
 */
export function rolloutSettled(answer) {
  const candidates = answer.candidates || [];
  if (!answer.games || !candidates.length) return false;
  if (answer.games >= MIN_VERDICT_GAMES) return true;
  if (candidates.length === 1) {
    const [low, high] = candidates[0].interval || [-Infinity, Infinity];
    return high - low <= 2 * NARROW_HALF_WIDTH;
  }
  if (answer.kind === "cube") {
    const [noDouble, take, pass] = Object.keys(CUBE_ACTIONS).map((name) => candidates.find((c) => c.notation === name));
    if (!noDouble || !take || !pass) return false;
    return apart(take, pass) && apart(noDouble, take.equity <= pass.equity ? take : pass);
  }
  const leader = candidates.reduce((best, c) => (c.equity > best.equity ? c : best));
  return candidates.every((c) => c === leader || apart(leader, c));
}

/**
 * The games the panel's words count, as the table shows them: `fewest` (the games every candidate has, the
 * rollout's own count) and `most` (a candidate's games may run ahead while a cut game goes on).
 */
export function gamesShown(answer) {
  const counts = (answer.candidates || []).map((c) => c.games);
  return { fewest: answer.games, most: Math.max(answer.games, ...counts) };
}

/**
 * The progress line: the games of each candidate so far, as the table shows them ("0 games of each play" beside two
 * plays with figures once misled: a range when the candidates differ), or that the reader stopped it after them.
 */
export function progressLine(answer, { stopped = false } = {}) {
  const { fewest, most } = gamesShown(answer);
  const values = { count: fewest, fewest, most, max: MAX_GAMES, plies: TRUNCATE_PLIES };
  const cube = answer.kind === "cube";
  if (stopped) {
    if (most > fewest) return t(cube ? "rollout.stopped_range_cube" : "rollout.stopped_range", values);
    return tn(cube ? "rollout.stopped_cube" : "rollout.stopped", fewest, values);
  }
  if (most > fewest) return t(cube ? "rollout.progress_range_cube" : "rollout.progress_range", values);
  return tn(cube ? "rollout.progress_cube" : "rollout.progress", fewest, values);
}

/** The play a plays rollout finds best (by its equity), or null before a game. */
function leaderOf(answer) {
  const played = (answer.candidates || []).filter((c) => c.games > 0);
  return played.length ? played.reduce((best, c) => (c.equity > best.equity ? c : best)) : null;
}

/**
 * The verdict line of a rollout of one candidate (the position before its roll, a forced play): nothing to compare,
 * so never "too few games"; its rolled-out equity and interval once rolloutSettled, before that when it will be.
 */
export function loneVerdictLine(answer) {
  const [candidate] = answer.candidates;
  const play = candidate.notation || t("rollout.before_roll");
  if (!rolloutSettled(answer)) {
    return t("rollout.lone_running", { play, count: answer.games, min: MIN_VERDICT_GAMES, width: decimal(NARROW_HALF_WIDTH, 3) });
  }
  const [low, high] = candidate.interval || [candidate.equity, candidate.equity];
  return t("rollout.lone_verdict", { play, equity: formatEquity(candidate.equity), low: formatEquity(low), high: formatEquity(high) });
}

/** A rollout panel in `container`, talking to `engine` (the page's createEngine()). */
export function createRolloutPanel(container, engine) {
  const start = pageButton(t("rollout.start"));
  const stop = pageButton(t("rollout.stop"));
  const table = el("table", { class: "tt-rollout-table" });
  const status = el("p", { class: "tt-rollout-status", "aria-live": "polite" });
  const progress = el("progress", { class: "tt-rollout-progress", max: String(MAX_GAMES), value: "0", hidden: true });
  const verdict = el("p", { class: "tt-rollout-verdict" });
  stop.disabled = true;
  setChildren(container, el("h3", {}, t("rollout.title")), el("div", { class: "tt-actions" }, start, stop), progress,
    status, verdict, table);
  let running = null; // rollout id in the worker
  let latest = null; // the rollout's last answer shown
  let request = null; // {rules, xgid, plays: [{notation, equity}] from the search, cube: the search's cube decision}

  /** The cube decision to roll out, if the search gave one the player on roll may take. */
  function cubeDecision() {
    return request && request.cube && request.cube.may_double && !(request.plays || []).length ? request.cube : null;
  }

  function render(answer) {
    const cube = answer.kind === "cube";
    const search = cube
      ? new Map(Object.entries(CUBE_ACTIONS).map(([name, a]) => [name, request.cube?.equities?.[a.search]]))
      : new Map((request.plays || []).map((p) => [p.notation, p.equity]));
    const label = (c) => (cube ? t(CUBE_ACTIONS[c.notation].key) : c.notation || t("rollout.before_roll"));
    const rows = answer.candidates.map((c) =>
      el(
        "tr",
        { "data-candidate": c.notation },
        el("td", {}, label(c)),
        // no game, no figure: an equity of 0 games is no equity at all
        el("td", { class: "tt-rollout-equity" }, c.games > 0 ? formatEquity(c.equity) : NOTHING),
        el("td", {}, c.interval ? t("rollout.interval_range", { low: formatEquity(c.interval[0]), high: formatEquity(c.interval[1]) }) : NOTHING),
        el("td", {}, search.get(c.notation) !== undefined ? formatEquity(search.get(c.notation)) : NOTHING),
        el("td", { class: "tt-rollout-games" }, String(c.games)),
      ),
    );
    setChildren(
      table,
      el(
        "thead",
        {},
        el("tr", {}, el("th", {}, t(cube ? "rollout.column.action" : "rollout.column.play")), el("th", {}, t("rollout.column.rollout")),
          el("th", {}, t("rollout.column.interval")), el("th", {}, t("rollout.column.search")), el("th", {}, t("rollout.column.games"))),
      ),
      el("tbody", {}, ...rows),
    );
    setChildren(verdict, verdictLine(answer));
  }

  /** The rollout's verdict beside the search's, once rolloutSettled; before, that it has too few games. */
  function verdictLine(answer) {
    if (!answer.games) return "";
    const settled = rolloutSettled(answer);
    const values = { count: answer.games, min: MIN_VERDICT_GAMES };
    if (answer.kind === "cube") {
      // the engine's verdicts are the cube advice's words, in the page's language
      if (!settled || !answer.verdict) return t("rollout.too_few_cube", { ...values, search: answer.search.verdict });
      return t("rollout.cube_verdict", { rollout: answer.verdict, search: answer.search.verdict });
    }
    if (answer.candidates.length === 1) return loneVerdictLine(answer);
    if (!settled) return tn("rollout.too_few", answer.games, values);
    const leader = leaderOf(answer);
    return t("rollout.play_verdict", { play: leader.notation || t("rollout.before_roll") });
  }

  function showProgress(answer) {
    latest = answer;
    progress.hidden = false;
    progress.value = answer.games;
    setChildren(status, progressLine(answer));
  }

  async function run() {
    if (!request || running !== null) return;
    start.disabled = true;
    stop.disabled = false;
    setChildren(verdict);
    const cube = cubeDecision();
    const params = { rules: request.rules, xgid: request.xgid, seed: 1, truncate: TRUNCATE_PLIES };
    if (!cube && request.plays && request.plays.length) params.candidates = request.plays.slice(0, CANDIDATES).map((p) => p.notation);
    let answer;
    try {
      answer = await engine.call(cube ? "cube_rollout_start" : "rollout_start", params);
    } catch (error) {
      setChildren(status, t("rollout.failed_start", { error: error.message }));
      start.disabled = false;
      stop.disabled = true;
      return;
    }
    const mine = answer.id;
    running = mine;
    latest = answer;
    render(answer);
    showProgress(answer);
    while (running === mine) {
      try {
        answer = await engine.call("rollout_next", { id: mine, games: GAMES_PER_REQUEST, budget: BUDGET_PER_REQUEST });
      } catch (error) {
        setChildren(status, t("rollout.failed", { error: error.message }));
        break;
      }
      if (running !== mine) break;
      render(answer);
      showProgress(answer);
      if (answer.games >= MAX_GAMES) break;
    }
    if (running === mine) await halt();
  }

  async function halt() {
    const id = running;
    running = null;
    start.disabled = !request;
    stop.disabled = true;
    if (id !== null) {
      try {
        await engine.call("rollout_cancel", { id });
      } catch {
        // the worker is gone with the page
      }
    }
  }

  start.addEventListener("click", run);
  stop.addEventListener("click", () => {
    const shown = running !== null ? latest : null;
    const halted = halt(); // running is null from here: an answer on its way is dropped, not shown
    // the reader stopped it: the status says so at once, with the games the table holds
    if (shown) setChildren(status, progressLine(shown, { stopped: true }));
    return halted;
  });

  return {
    /** What to roll out next: the position (`rules`, `xgid`), the search's ranked plays and cube decision, if any. */
    offer(next) {
      halt();
      request = next;
      start.disabled = !next;
      setChildren(table);
      setChildren(verdict);
      progress.hidden = true;
      const cube = cubeDecision();
      setChildren(start, t(cube ? "rollout.start_cube" : "rollout.start"));
      setChildren(status, next ? t(cube ? "rollout.offer_cube" : "rollout.offer", { plies: TRUNCATE_PLIES }) : "");
    },
    stop: halt,
    get running() {
      return running !== null;
    },
  };
}
