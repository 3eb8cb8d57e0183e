// Rollouts on the analysis board: the candidate plays (or the position before its roll) played out by
// the computer in the worker (toutes_tables.review_service's rollout_* methods), a few games of each
// per request, the table refreshed as the games come in, until the reader stops it or the limit.
// Each line shows the rollout's equity with its 95 % interval beside the search's verdict. The rollouts
// are truncated (see TRUNCATE_PLIES) and seeded, so the same position gives the same figures.

import { el, setChildren } from "../game/dom.js";
import { formatEquity } from "../game/advice.js";
import { pageButton } from "../game/page.js";

const GAMES_PER_REQUEST = 1; // of each candidate: a request stays short, so Stop answers soon
const MAX_GAMES = 216;
const CANDIDATES = 4;
// Games are cut after this many plies and scored by the network there (a truncated rollout): a whole
// game played out in pure Python in the browser takes tens of seconds per candidate.
const TRUNCATE_PLIES = 10;

/** A rollout panel in `container`, talking to `engine` (the page's createEngine()). */
export function createRolloutPanel(container, engine) {
  const start = pageButton("Roll out");
  const stop = pageButton("Stop");
  const table = el("table", { class: "tt-rollout-table" });
  const status = el("p", { class: "tt-rollout-status", "aria-live": "polite" });
  stop.disabled = true;
  setChildren(container, el("h3", {}, "Rollout"), el("div", { class: "tt-actions" }, start, stop), status, table);
  let running = null; // rollout id in the worker
  let request = null; // {rules, xgid, plays: [{notation, equity}] from the search}

  function render(answer) {
    const search = new Map((request.plays || []).map((p) => [p.notation, p.equity]));
    const rows = answer.candidates.map((c) =>
      el(
        "tr",
        {},
        el("td", {}, c.notation || "before the roll"),
        el("td", {}, formatEquity(c.equity)),
        el("td", {}, c.interval ? `${formatEquity(c.interval[0])} to ${formatEquity(c.interval[1])}` : "–"),
        el("td", {}, search.has(c.notation) ? formatEquity(search.get(c.notation)) : "–"),
      ),
    );
    setChildren(
      table,
      el("thead", {}, el("tr", {}, el("th", {}, "Play"), el("th", {}, "Rollout"), el("th", {}, "95 % interval"), el("th", {}, "Search"))),
      el("tbody", {}, ...rows),
    );
  }

  async function run() {
    if (!request || running !== null) return;
    start.disabled = true;
    stop.disabled = false;
    const params = { rules: request.rules, xgid: request.xgid, seed: 1, truncate: TRUNCATE_PLIES };
    if (request.plays && request.plays.length) params.candidates = request.plays.slice(0, CANDIDATES).map((p) => p.notation);
    let answer;
    try {
      answer = await engine.call("rollout_start", params);
    } catch (error) {
      setChildren(status, `The rollout could not start: ${error.message}`);
      start.disabled = false;
      stop.disabled = true;
      return;
    }
    const mine = answer.id;
    running = mine;
    while (running === mine) {
      try {
        answer = await engine.call("rollout_next", { id: mine, games: GAMES_PER_REQUEST });
      } catch (error) {
        setChildren(status, `The rollout stopped: ${error.message}`);
        break;
      }
      if (running !== mine) break;
      render(answer);
      setChildren(status, `${answer.games} game${answer.games === 1 ? "" : "s"} of each play, the same dice for every play, each cut after ${TRUNCATE_PLIES} plies and scored by the network.`);
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
  stop.addEventListener("click", halt);

  return {
    /** What to roll out next: the position (`rules`, `xgid`) and the search's ranked plays, if any. */
    offer(next) {
      halt();
      request = next;
      start.disabled = !next;
      setChildren(table);
      setChildren(status, next ? "Play the best plays out to the end, many times over, to check the search." : "");
    },
    stop: halt,
    get running() {
      return running !== null;
    },
  };
}
