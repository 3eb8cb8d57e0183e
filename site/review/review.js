// The review page: a game or match record (the game just played, a pasted record, or a .mat file) is
// reviewed by the engine in its own worker, decision after decision (toutes_tables.review_service);
// the page fills in as the results arrive: the equity graph, the players' summaries, the annotated
// move list, and the board at any decision with the play made and the best play. "Learn from your
// mistakes" steps through one player's bad plays and lets him try again.
//
// Where the record comes from: `sessionStorage["tt-review-record"]` (the game page puts its record
// there before opening this page), else what the reader pastes or opens; with none, the record last reviewed when
// its review is kept. Reviews are kept in localStorage by the record's hash, so a reload shows a finished one at once
// and takes an unfinished one up where it was (its decisions handed back to the engine, not computed again).

import { createBoard } from "../board/board.js";
import { classicPosition } from "../board/state.js";
import { createEngine } from "../engine/client.js";
import { colourName, decimal, t, tn } from "../i18n/i18n.js";
import { el, setChildren, show } from "../game/dom.js";
import { formatEquity } from "../game/advice.js";
import { isSavedReviewBody } from "../game/review-panel.js";
import { fitStage } from "../game/fit.js";
import { boardPosition, engineProgress, pageButton, showEngineFailure, showProgress } from "../game/page.js";
import { buildStage } from "../game/stage.js";
import { alternativeLines, graphLayout, graphSeries, judgeTry, legendText, markLabel, mistakes, mixedDepthsNote, nearestPoint, pointsText, stepIndex } from "./graph.js";
import { actionWord, luckWord, playedWords, reviewWord } from "../i18n/engine-words.js";
import { decodeRecord, downloadName, encodeRecord, parseReviewLink, reviewLink } from "./links.js";
import { RULE_TITLES } from "../game/links.js";
import { CUBE_RULES } from "../analysis/editor.js";
import { HANDOFF_KEY, handedDecisions } from "../handoff.js";

const SAVED_PREFIX = "tt-review:";
const SAVED_VERSION = 3; // the shape of a kept review: one of another version (or none) is made again (2: plays in
// gnubg's notation, the best plays deepest first with the play made among them; 3: searched as World class plays,
// two rolls deep on close decisions, not by the Expert's old one-roll look)
const SAVED_KEEP = 10; // reviews kept on the device
const LAST_RECORD_KEY = "tt-review-last-record"; // the record last reviewed: a link without its own opens it
const LEVEL_KEY = "tt-review-level"; // the depth chosen on this device
// the levels whose search a review may take (analysis.REVIEW_LEVELS), quicker first; World class the default, the
// engine's and the game page's (whose reviews the page takes over only at that level)
export const REVIEW_LEVELS = ["expert", "world-class"];
export const DEFAULT_LEVEL = "world-class";
const CHUNK = 2; // decisions per request: small enough to show progress, large enough not to waste calls
const MAX_CHUNK = 10; // the most a request takes (review_service.MAX_ITEMS)
const GRAPH_MIN_HEIGHT = 130; // the equity graph's height in CSS pixels, as the panel's width allows
const GRAPH_MAX_HEIGHT = 170;
const GRAPH_HEIGHT_RATIO = 0.45; // of the width: at 1280 x 800 the panel is about 330 wide (the graph was 327 x 98)
const GRAPH_LABEL_BAND = 20; // the rows above and below the plot where the scale's labels are written
const GRAPH_FONT_PX = 13;
const MARK_COLOURS = { doubtful: "#e0a030", bad: "#e06020", "very bad": "#c0392b" };

async function recordHash(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The depth chosen on this device (a level of REVIEW_LEVELS), World class when none is. */
export function chosenLevel() {
  try {
    const level = localStorage.getItem(LEVEL_KEY);
    return REVIEW_LEVELS.includes(level) ? level : DEFAULT_LEVEL;
  } catch {
    return DEFAULT_LEVEL; // no storage: the default
  }
}

function keepLevel(level) {
  try {
    localStorage.setItem(LEVEL_KEY, level);
  } catch {
    // no storage: the choice lasts as long as the page
  }
}

/**
 * Where a review of the record `hash` at `level` is kept: a World class review where all were kept before the
 * choice of depth (its saves stay good), another level's beside it.
 */
export const savedKey = (hash, level) => SAVED_PREFIX + hash + (level === DEFAULT_LEVEL ? "" : `@${level}`);

/**
 * The kept review of the record `hash` at `level`, or null (none, damaged, of another version or level). An
 * unfinished one (`done` false: saved as it ran) holds the decisions done so far; one without `done` is finished.
 */
function loadSaved(hash, level) {
  try {
    const saved = JSON.parse(localStorage.getItem(savedKey(hash, level)) || "null");
    const usable = saved && saved.version === SAVED_VERSION && typeof saved.rules === "string" && Number.isInteger(saved.games)
      && isSavedReviewBody(saved.decisions, saved.summary) && (saved.level ?? DEFAULT_LEVEL) === level;
    return usable ? saved : null;
  } catch {
    return null; // a corrupt save is ignored: the review is simply made again
  }
}

/** When a kept review was saved (0 for a damaged one: the first to go). */
function savedAt(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}").savedAt || 0;
  } catch {
    return 0;
  }
}

function save(hash, review) {
  try {
    const own = savedKey(hash, review.level); // saved again as the review runs: it never pushes another out for itself
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(SAVED_PREFIX) && k !== own);
    const byAge = keys.map((k) => [k, savedAt(k)]).sort((a, b) => a[1] - b[1]);
    while (byAge.length >= SAVED_KEEP) localStorage.removeItem(byAge.shift()[0]);
    localStorage.setItem(own, JSON.stringify({ ...review, version: SAVED_VERSION, savedAt: Date.now() }));
  } catch (error) {
    console.warn(`the review could not be kept on this device: ${error.message}`);
  }
}

/** The record last reviewed on this device when its review at `level` (finished or not) is kept here, else null. */
async function keptLastRecord(level) {
  let record = null;
  try {
    record = localStorage.getItem(LAST_RECORD_KEY);
  } catch {
    return null; // no storage: nothing was kept
  }
  return record && loadSaved(await recordHash(record), level) ? record : null;
}

/**
 * Scroll `list` (which scrolls by itself) so that `item` is in sight, its top first when it is taller than the
 * list (a decision's detail on a phone: its play and best plays, not its last lines); the page itself does not move.
 */
function scrollWithin(list, item) {
  const outer = list.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top || inner.height > outer.height) list.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) list.scrollTop += inner.bottom - outer.bottom;
}

/** A rule set as the other pages name it ("Toutes Tables 225"), not its id. */
const rulesTitle = (rules) => RULE_TITLES[rules] || rules;

function decisionLine(d) {
  const colour = colourName(d.colour);
  if (d.kind === "move") return t("review.decision.move", { colour, dice: d.dice.join("-"), play: playedWords(d) });
  return t(d.kind === "take" ? "review.decision.take" : "review.decision.cube", { colour, action: actionWord(d.played) });
}

/** The analysis board at a reviewed decision's position (its dice and, in the backgammon sets, its cube and score). */
function analysisLink(d, rules) {
  const url = new URL("../analysis/", window.location.href);
  url.searchParams.set("rules", rules);
  url.searchParams.set("position", d.match_id ? `${d.position_id}:${d.match_id}` : d.position_id);
  if (!d.match_id) {
    url.searchParams.set("turn", d.colour);
    if (d.dice) url.searchParams.set("dice", d.dice.join("-"));
  }
  return url.href;
}

/** A level's name as the game's level menu says it ("World class", "Classe mondiale"). */
const levelName = (level) => t(`level.${level}`);

/** The depth's menu: the review's levels, quicker first, `level` chosen. */
function levelMenu(level) {
  const menu = el("select", { class: "tt-review-level-menu" },
    ...REVIEW_LEVELS.map((l) => el("option", { value: l }, t(`review.level.${l}`))));
  menu.value = level;
  return menu;
}

function buildLayout(root, level) {
  const { progress, progressText, progressBox } = engineProgress();
  const button = pageButton;
  const ui = {
    level: levelMenu(level),
    progress,
    progressText,
    progressBox,
    notice: el("p", { class: "tt-notice", role: "alert", hidden: true }),
    status: el("p", { class: "tt-status", "aria-live": "polite" }),
    boardHolder: el("div", { class: "tt-board-holder" }),
    source: el("textarea", { rows: 4, "aria-label": t("review.source"), class: "tt-code", placeholder: t("review.source_placeholder") }),
    file: el("input", { type: "file", accept: ".mat,.txt,.json,text/plain,application/json", "aria-label": t("review.file") }),
    start: button(t("review.button.review"), { class: "tt-button tt-primary" }),
    cancel: button(t("review.button.stop")),
    runProgress: el("progress", { max: 1, value: 0, "aria-label": t("review.progress") }),
    runText: el("span", {}),
    graph: el("canvas", { class: "tt-review-graph", role: "img", "aria-label": t("review.graph"), tabindex: 0 }),
    summary: el("table", { class: "tt-review-summary" }),
    legend: el("p", { class: "tt-review-legend", hidden: true }),
    first: button("«", { "aria-label": t("review.first"), "aria-keyshortcuts": "Home" }),
    prev: button("‹", { "aria-label": t("review.previous"), "aria-keyshortcuts": "ArrowLeft" }),
    next: button("›", { "aria-label": t("review.next"), "aria-keyshortcuts": "ArrowRight" }),
    last: button("»", { "aria-label": t("review.last"), "aria-keyshortcuts": "End" }),
    learnBlack: button(t("review.learn_black")),
    learnWhite: button(t("review.learn_white")),
    detail: el("section", { class: "tt-review-detail", "aria-live": "polite" }),
    moves: el("ol", { class: "tt-review-moves", "aria-label": t("review.annotated") }),
    learn: el("section", { class: "tt-review-learn", hidden: true, "aria-live": "polite" }),
    downloadRecord: button(t("review.download_record"), { disabled: true }),
    downloadMat: button(t("review.download_mat"), { disabled: true }),
    matNote: el("p", { class: "tt-review-mat-note", hidden: true }),
    shareLink: el("input", { type: "text", readonly: true, class: "tt-code tt-review-share", "aria-label": t("review.link") }),
    copyLink: button(t("review.copy_link"), { disabled: true }),
  };
  const sourceBox = el(
    "details",
    { class: "tt-review-source" },
    el("summary", {}, t("review.another")),
    ui.source,
    el("div", { class: "tt-actions" }, ui.file, ui.start),
  );
  const run = el("div", { class: "tt-review-run" }, ui.runProgress, " ", ui.runText, " ", ui.cancel);
  // the depth first in the panel, on the first screen under the stepping buttons: chosen before a long review, or
  // to see one made again
  const depth = el("label", { class: "tt-review-level" }, t("review.level"), " ", ui.level);
  // the play pages' frame (site/game/stage.js, fitted by fit.js): the board as large as the window allows,
  // the stepping and learning buttons always on the first screen, everything else in the panel, which
  // scrolls by itself so that the board never leaves the screen ("contained")
  const stage = buildStage({
    // an error is said once, in the notice (say): in the status line's place or under the record's box
    status: [ui.status, ui.notice, run],
    boardHolder: ui.boardHolder,
    controls: [ui.first, ui.prev, ui.next, ui.last, ui.learnWhite, ui.learnBlack],
    panel: [
      depth,
      ui.learn,
      ui.detail,
      ui.graph,
      ui.summary,
      el("h3", {}, t("review.moves")),
      ui.legend,
      ui.moves,
      el("div", { class: "tt-actions tt-review-link" }, ui.shareLink, ui.copyLink),
      el("div", { class: "tt-actions tt-review-downloads" }, ui.downloadRecord, ui.downloadMat),
      ui.matNote,
      sourceBox,
    ],
  });
  stage.classList.add("tt-contained");
  ui.page = el("div", { class: "tt-game tt-review" }, ui.progressBox, stage);
  ui.stage = stage;
  ui.panel = stage.querySelector(".tt-panel");
  ui.run = run;
  ui.sourceBox = sourceBox;
  root.replaceChildren(ui.page);
  ui.fit = fitStage(stage);
  return ui;
}

export function createReview(root, { workerUrl }) {
  let level = chosenLevel(); // the depth of the reviews this page makes and shows
  const ui = buildLayout(root, level);
  const board = createBoard(ui.boardHolder, { position: classicPosition(), interactive: false, message: t("review.loading") });
  const engine = createEngine(workerUrl, { onProgress: ({ stage, detail }) => showProgress(ui, stage, detail) });
  let review = null; // {rules, level, record, decisions, summary, done}
  let running = null; // id of the review in the worker
  let current = null; // index of the decision on show
  let learning = null; // {colour, queue, index, steps, answer}
  let wanted = null; // the decision (1-based) a link asked for, until it is reviewed
  let files = null; // review_files' answer for the review on show
  let destroyed = false;
  let laid = null;
  let opening = 0; // the begin() call that counts: an older one still waiting on the engine gives way
  let noticeAtSource = false; // the error on show is about a pasted or opened record, under its box

  /**
   * What the page opens with: the link's record (#record=…) at its move (?move=N), else the record the game page
   * handed over, else (for a link with a move only) the record last reviewed on this device.
   */
  async function openFromLink() {
    const link = parseReviewLink(window.location.search, window.location.hash);
    let record = null;
    const problems = [...link.errors];
    if (link.record) {
      try {
        record = await decodeRecord(link.record);
      } catch (error) {
        problems.push(error.message);
      }
    }
    let known = [];
    if (record === null) {
      record = sessionStorage.getItem(HANDOFF_KEY);
      // the game page's review of its last game, reused: it searched at World class, so only a review at that level
      if (record !== null && level === DEFAULT_LEVEL) known = handedDecisions(record);
    }
    if (record === null && link.move !== null) record = localStorage.getItem(LAST_RECORD_KEY);
    // nothing asked for (a new tab, a bookmark): the last record reviewed, when its review is kept here (shown at
    // once, no work); one whose review is not kept waits to be asked for again, not reviewed unasked
    if (record === null) record = await keptLastRecord(level);
    if (destroyed) return;
    if (record) {
      ui.source.value = record;
      await begin(record, { move: link.move, known });
    } else {
      ui.sourceBox.open = true;
      say(t("review.paste_prompt"));
    }
    if (problems.length) say(t("review.link_partly", { reasons: problems.join("; ") }), true);
  }

  /**
   * Say `text` on the status line, or, an error, once, in the notice: in the status line's place, or, for a record
   * pasted or opened (`atSource`), under the box it came from, the status line and the board left as they were
   * (a banner above the stage and the line both said it, the banner pushing the board down). Such a notice stays
   * until a record is opened: the review running meanwhile may finish without hiding it.
   */
  function say(text, isError = false, atSource = false) {
    if (isError && atSource) {
      ui.sourceBox.append(ui.notice);
      noticeAtSource = true;
    } else {
      setChildren(ui.status, isError ? "" : text);
      if (isError) {
        ui.run.before(ui.notice);
        noticeAtSource = false;
      }
    }
    if (isError) {
      ui.notice.textContent = text;
      show(ui.notice, true);
      if (atSource) scrollWithin(ui.panel, ui.notice); // under the button just pressed, in sight
    } else if (!noticeAtSource) show(ui.notice, false);
  }

  // -- running a review -----------------------------------------------------------------------

  /**
   * Review `record`; `move` (1-based, from a link) is the decision to show once it is reviewed. `known`: decisions
   * of an earlier review of it (the game page's), reused by the engine and not computed again; should the engine
   * refuse them, the record is reviewed from the start.
   */
  async function begin(record, { fromSave = true, move = null, known = [], pasted = false } = {}) {
    const mine = ++opening;
    const stale = () => mine !== opening || destroyed; // a newer begin() (or the page's end) overtook this one
    // the review running goes on until the new record is known good: a rejected paste leaves it running
    const hash = await recordHash(record);
    if (stale()) return;
    const at = level; // the depth asked for now: a change while the engine answers starts another begin()
    const saved = fromSave ? loadSaved(hash, at) : null;
    // an unfinished review kept here (a reload, a new tab): its decisions go back to the engine and only the rest is
    // computed; the game page's handed over, when it has more, are taken instead
    if (saved && saved.done === false && saved.decisions.length > known.length) known = saved.decisions;
    if (saved && saved.done !== false) {
      await stop();
      if (stale()) return;
      opened(record, move);
      review = { ...saved, level: at, record, hash, done: true };
      say(tn("review.kept", saved.games, { rules: rulesTitle(saved.rules), level: levelName(at) }));
      show(ui.run, false);
      renderAll();
      showDecision(0);
      showWanted();
      prepareDownloads(review);
      return;
    }
    // the engine refused the decisions handed back: the record is reviewed from the start (not from the save again)
    const again = () => (stale() ? undefined : begin(record, { fromSave: false, move }));
    // the record is read and the evaluation loaded before the first decision: said at once, the bar running, unless
    // a review is on show (a paste refused leaves it as it was)
    const said = ui.status.textContent; // put back should the record be refused
    if (running === null) {
      say(t("review.opening"));
      ui.runProgress.removeAttribute("value"); // indeterminate: work under way, its length not known yet
      setChildren(ui.runText);
      ui.cancel.disabled = true;
      show(ui.run, true);
    }
    let started;
    try {
      started = await engine.call("review_start", { record, level: at, ...(known.length ? { known } : {}) });
    } catch (error) {
      if (known.length) return again();
      if (!stale()) {
        if (running === null) {
          show(ui.run, false);
          setChildren(ui.status, said);
        }
        say(t("review.cannot", { reason: error.message }), true, pasted);
      }
      return;
    }
    if (!stale()) await stop(); // the new record is good: it replaces the review running
    if (stale()) {
      engine.call("review_cancel", { id: started.id }).catch(() => {}); // nobody will read it
      return;
    }
    opened(record, move);
    running = started.id;
    // reused: the decisions the engine took from `known` instead of computing them
    review = { rules: started.rules, level: started.level, games: started.games, marks: started.marks, record, hash, decisions: [], summary: null, done: false, reused: 0 };
    prepareDownloads(review);
    // until the first decision is in, the board shows where the game begins (its drawn start, or the position it
    // was set up from), not the classic start, and the bar runs while that decision is searched
    board.set({ position: boardPosition(started.start), turn: started.start.turn, dice: [], lastMove: [], arrows: [], playedArrows: [], interactive: false, dests: {}, message: null, roll: false });
    ui.runProgress.max = Math.max(1, started.total);
    ui.runProgress.removeAttribute("value");
    setChildren(ui.runText, t("review.turns", { turns: 0, total: started.total }));
    show(ui.run, true);
    ui.cancel.disabled = false;
    say(tn("review.reviewing", started.games, { rules: rulesTitle(started.rules), turns: tn("review.turn_count", started.total), level: levelName(started.level) }));
    renderAll();
    const id = running;
    let chunk = CHUNK;
    while (running === id && !destroyed) {
      let answer;
      try {
        answer = await engine.call("review_next", { id, max_items: chunk });
      } catch (error) {
        // a handed-over decision was not the record's: the review is made from the start (begin stops this one)
        if (running === id && known.length) return again();
        if (running === id) say(t("review.stopped_error", { reason: error.message }), true);
        break;
      }
      if (running !== id || destroyed) break;
      review.reused += answer.reused;
      // known decisions cost nothing: while they come, as many as a call takes, so a reused review is complete at
      // once; computed ones two at a time, so that the progress moves and Stop is heard
      chunk = answer.items.length && answer.reused === answer.items.length ? MAX_CHUNK : CHUNK;
      review.decisions.push(...answer.items);
      review.summary = answer.summary;
      review.done = Boolean(answer.done); // before the rendering: the summary's rating word waits for it
      ui.runProgress.value = answer.progress.turns;
      setChildren(ui.runText, t("review.turns", { turns: answer.progress.turns, total: answer.progress.total }));
      renderAll();
      if (current === null && review.decisions.length) showDecision(0);
      if (answer.done) {
        running = null;
        ui.cancel.disabled = true;
        show(ui.run, false);
        say(tn("review.finished", review.decisions.length, { level: levelName(review.level) }));
      }
      // kept as it runs, so that a reload (or a new tab) takes it up from here; finished, shown at once
      if (answer.items.length || answer.done) {
        save(hash, { rules: review.rules, level: review.level, games: review.games, marks: review.marks, decisions: review.decisions, summary: review.summary, done: review.done });
      }
      showWanted();
      if (answer.done) break;
    }
  }

  /** A good record is open: it replaces the one on show (a bad one never gets this far, so nothing is lost). */
  function opened(record, move) {
    // nothing of the review on show carries over: its decision, its exercise, its downloads, an old paste's error
    quitLearning();
    if (noticeAtSource) show(ui.notice, false);
    noticeAtSource = false;
    current = null;
    laid = null;
    wanted = move;
    files = null;
    try {
      localStorage.setItem(LAST_RECORD_KEY, record);
    } catch {
      // a full storage only loses the link's fallback
    }
  }

  /** Show the decision a link asked for once it is reviewed; past the review's end, say so. */
  function showWanted() {
    if (wanted === null || !review) return;
    if (wanted <= review.decisions.length) {
      const index = wanted - 1;
      wanted = null;
      showDecision(index);
    } else if (review.done) {
      say(t("review.past_end", { move: wanted, last: review.decisions.length }), true);
      wanted = null;
    }
  }

  /** The record's files for the download buttons (review_files): the project's record, and the .mat file if any. */
  async function prepareDownloads(of) {
    ui.downloadRecord.disabled = true;
    ui.downloadMat.disabled = true;
    show(ui.matNote, false);
    of.encoded = null;
    let answer;
    try {
      [answer, of.encoded] = await Promise.all([engine.call("review_files", { record: of.record }), encodeRecord(of.record)]);
    } catch (error) {
      if (review === of) {
        setChildren(ui.matNote, t("review.no_download", { reason: error.message }));
        show(ui.matNote, true);
      }
      return;
    }
    if (review !== of || destroyed) return;
    files = answer;
    ui.downloadRecord.disabled = false;
    ui.downloadMat.disabled = !answer.mat;
    ui.downloadMat.title = answer.mat ? "" : answer.mat_problem;
    setChildren(ui.matNote, answer.mat ? "" : t("review.no_mat", { reason: answer.mat_problem }));
    show(ui.matNote, !answer.mat);
    if (current !== null) showShareLink(current);
  }

  function download(text, name) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = el("a", { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  function showShareLink(index) {
    const encoded = review && review.encoded;
    ui.shareLink.value = encoded ? reviewLink(window.location.href, { move: index + 1, encoded }) : "";
    ui.copyLink.disabled = !encoded;
  }

  async function stop() {
    if (running === null) return;
    const id = running;
    running = null;
    ui.cancel.disabled = true;
    if (!ui.runProgress.hasAttribute("value")) ui.runProgress.value = 0; // stopped before any decision: the bar stops
    say(t("review.stopped"));
    try {
      await engine.call("review_cancel", { id });
    } catch {
      // the worker may be gone with the page
    }
  }

  // -- drawing ----------------------------------------------------------------------------------

  function renderAll() {
    renderSummary();
    renderMoves();
    renderGraph();
    const legend = legendText(review && review.marks);
    setChildren(ui.legend, legend ? t("review.marks", { legend }) : "");
    show(ui.legend, Boolean(legend));
    for (const b of [ui.learnBlack, ui.learnWhite]) b.disabled = !review;
    if (review) {
      ui.learnBlack.disabled = !mistakes(review.decisions, "black").length;
      ui.learnWhite.disabled = !mistakes(review.decisions, "white").length;
    }
    stepButtons();
  }

  function renderSummary() {
    if (!review || !review.summary) {
      setChildren(ui.summary);
      return;
    }
    const s = review.summary;
    const row = (label, f) => el("tr", {}, el("th", { scope: "row" }, label), el("td", {}, f(s.white)), el("td", {}, f(s.black)));
    const mp = (v) => t("review.mp", { value: decimal(v, 1) });
    setChildren(
      ui.summary,
      // the depth it was searched at, with the figures it gave
      el("caption", {}, t("review.summary_level", { level: levelName(review.level) })),
      el("thead", {}, el("tr", {}, el("th", {}), el("th", { scope: "col" }, t("review.col.white")), el("th", { scope: "col" }, t("review.col.black")))),
      el(
        "tbody",
        {},
        // a player who had no decision to make has no rating (null in the review's data)
        row(t("review.row.rating"), (p) => (!review.done ? t("review.rating.pending") : p.rating == null ? t("review.rating.none") : reviewWord("rating", p.rating))),
        row(t("review.row.error_rate"), (p) => mp(p.error_mp)),
        row(t("review.row.checker_play"), (p) => tn("review.row.checker_moves", p.unforced_moves, { mp: mp(p.checker_error_mp) })),
        // a set without the cube has no cube decisions to rate: no row for them
        CUBE_RULES.has(review.rules) ? row(t("review.row.cube"), (p) => `${mp(p.cube_error_mp)} (${p.cube_decisions})`) : null,
        row(t("review.row.marked"), (p) => `${p.marks.doubtful} · ${p.marks.bad} · ${p.marks["very bad"]}`),
        row(t("review.row.luck"), (p) => `${formatEquity(p.luck)}${p.luck_rating && p.luck_rating !== "None" ? t("review.in_brackets", { what: reviewWord("luck_rating", p.luck_rating) }) : ""}`),
        row(t("review.row.result"), (p) => pointsText(p.result)),
        row(t("review.row.luck_adjusted"), (p) => pointsText(p.luck_adjusted_result)),
      ),
    );
  }

  function renderMoves() {
    if (!review) {
      setChildren(ui.moves);
      return;
    }
    const items = review.decisions.map((d, index) => {
      const luck = d.luck_mark ? el("span", { class: "tt-review-luck" }, t("review.in_brackets", { what: luckWord(d.luck_mark) })) : "";
      const sign = d.sign ? el("strong", { class: `tt-mark tt-mark-${d.mark.replace(" ", "-")}` }, ` ${d.sign}`) : "";
      // the number is the item's own text, in a column as wide as the longest: a list marker is cut off at 10
      const item = el("li", { tabindex: 0, "data-index": index, class: index === current ? "tt-chosen" : null },
        el("span", { class: "tt-review-number" }, `${index + 1}.`), " ",
        `${review.games > 1 ? t("review.game_prefix", { game: d.game }) : ""}${decisionLine(d)}`, sign, luck);
      item.addEventListener("click", () => navigate(index));
      item.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") navigate(index);
      });
      return item;
    });
    ui.moves.style.setProperty("--tt-number-width", `${String(items.length).length + 1}ch`);
    setChildren(ui.moves, ...items);
  }

  function renderGraph() {
    const canvas = ui.graph;
    const width = Math.max(200, canvas.parentElement ? canvas.parentElement.clientWidth : 600);
    // taller as the panel is wider (a 327-pixel-wide graph was 98 high at 1280 x 800, too small), within bounds
    const height = Math.round(Math.min(GRAPH_MAX_HEIGHT, Math.max(GRAPH_MIN_HEIGHT, width * GRAPH_HEIGHT_RATIO)));
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const series = review ? graphSeries(review.decisions, "white") : [];
    laid = graphLayout(series, width, height, 6, GRAPH_LABEL_BAND); // the labels above and below the plot, not on it
    ctx.strokeStyle = "rgba(128,128,128,0.5)";
    ctx.beginPath();
    ctx.moveTo(0, laid.zeroY);
    ctx.lineTo(width, laid.zeroY);
    ctx.stroke();
    // the labels in the page's own text colour (light or dark theme), large enough to read
    ctx.fillStyle = getComputedStyle(canvas).color || "#444";
    ctx.font = `${GRAPH_FONT_PX}px system-ui, sans-serif`;
    ctx.fillText(t("review.graph_white", { range: laid.range }), 4, GRAPH_FONT_PX + 2);
    ctx.fillText(t("review.graph_black", { range: laid.range }), 4, height - 5);
    if (!laid.points.length) return;
    ctx.strokeStyle = "#3f7fbf";
    ctx.lineWidth = 2;
    ctx.beginPath();
    laid.points.forEach((p, i) => (i ? ctx.lineTo(p.px, p.py) : ctx.moveTo(p.px, p.py)));
    ctx.stroke();
    for (const p of laid.points) {
      if (p.mark) {
        ctx.fillStyle = MARK_COLOURS[p.mark];
        ctx.beginPath();
        ctx.arc(p.px, p.py, p.mark === "very bad" ? 5 : 4, 0, 2 * Math.PI);
        ctx.fill();
      }
      if (p.luckMark) {
        ctx.fillStyle = p.luckMark.includes("unlucky") ? "#8e44ad" : "#27ae60";
        ctx.fillRect(p.px - 2, laid.zeroY - 2, 4, 4);
      }
      if (p.index === current) {
        ctx.strokeStyle = "#ffd23f";
        ctx.lineWidth = 2;
        ctx.strokeRect(p.px - 6, p.py - 6, 12, 12);
      }
    }
    canvas.setAttribute("aria-label", tn("review.graph_label", laid.points.length));
  }

  function stepButtons() {
    const all = review ? review.decisions.map((_, i) => i) : [];
    ui.first.disabled = !all.length || current === 0;
    ui.prev.disabled = stepIndex(all, current, -1) === null;
    ui.next.disabled = stepIndex(all, current, 1) === null;
    ui.last.disabled = !all.length || current === all.length - 1;
  }

  function renderDetail(d, answer) {
    const lines = [el("p", {}, el("strong", {}, `${decisionLine(d)}`), ` ${markLabel(d)}`)];
    if (!answer) lines.push(el("p", { class: "tt-review-hidden" }, t("review.learn.answer_hidden")));
    if (answer && d.error > 0) {
      // what the play made loses to the best, a loss (not the play's worth): "Best: 22/14(2). The play made loses 0.217"
      const best = d.kind === "move" ? d.best : actionWord(d.best);
      const loss = { best, loss: decimal(d.error, 3), mp: (1000 * d.error).toFixed(0) };
      lines.push(el("p", {}, t(d.kind === "move" ? "review.best_line" : "review.best_line_cube", loss)));
    }
    if (answer && d.kind === "move" && (d.played_locations || []).length) {
      lines.push(el("p", { class: "tt-review-arrows" }, t(d.error > 0 ? "review.arrows_both" : "review.arrows_played")));
    }
    if (answer && d.reason) lines.push(el("p", {}, d.reason));
    if (d.luck !== null && d.luck !== undefined) {
      const mark = d.luck_mark ? t("review.in_brackets", { what: luckWord(d.luck_mark) }) : "";
      lines.push(el("p", {}, t("review.luck_line", { dice: d.dice.join("-"), luck: formatEquity(d.luck), mark })));
    }
    if (answer && d.alternatives && d.alternatives.length) {
      lines.push(el("ol", { class: "tt-review-alternatives", "aria-label": t("review.best_plays") },
        ...alternativeLines(d).map((line) => el("li", { class: line.played ? "tt-played" : null }, line.text))));
      const note = mixedDepthsNote(d);
      if (note) lines.push(el("p", { class: "tt-review-depths" }, note));
    }
    const ids = d.match_id ? t("review.ids_match", { position: d.position_id, match: d.match_id }) : t("review.ids", { position: d.position_id });
    lines.push(el("p", { class: "tt-review-ids" }, ids));
    if (answer) lines.push(el("p", {}, el("a", { href: analysisLink(d, review.rules), class: "tt-review-analyse" }, t("review.open_analysis"))));
    setChildren(ui.detail, ...lines);
  }

  /**
   * Show decision `index` on the board and in the detail. `answer` false (a "learn from your mistakes" exercise
   * not yet tried) keeps the best play hidden: no arrows, no best plays, no link that would give them away.
   */
  function showDecision(index, { answer = true } = {}) {
    if (!review || index === null || index < 0 || index >= review.decisions.length) return;
    current = index;
    const d = review.decisions[index];
    board.set({
      position: boardPosition(d.position),
      turn: d.colour,
      dice: d.dice ? d.dice.map((value) => ({ value, used: false, colour: d.colour })) : [],
      lastMove: answer ? d.played_locations || [] : [],
      arrows: answer && d.error > 0 ? d.best_locations || [] : [],
      playedArrows: answer ? d.played_locations || [] : [], // dashed, beside the best play's: gnubg and XG show both
      interactive: false,
      dests: {},
      message: null,
      roll: false, // stepping to a decision shows its dice at once: a position looked at, not a roll
    });
    renderDetail(d, answer);
    showShareLink(index);
    for (const li of ui.moves.children) li.classList.toggle("tt-chosen", Number(li.dataset.index) === index);
    // the list scrolls by itself to the move, never the page: the board stays where it is
    const chosen = ui.moves.children[index];
    if (chosen) scrollWithin(ui.moves, chosen);
    renderGraph();
    stepButtons();
  }

  // -- learning from mistakes ---------------------------------------------------------------------

  function startLearning(colour) {
    const queue = mistakes(review.decisions, colour);
    if (!queue.length) return;
    learning = { colour, queue, at: 0 };
    show(ui.learn, true);
    ui.panel.scrollTop = 0; // the exercise is at the panel's top, beside or under the board
    tryMistake();
  }

  /** The exercise's heading and buttons (try again, next mistake, stop) around its `verdict` and `extra` lines. */
  function showExercise(verdict, retry, ...extra) {
    const header = el("h3", {}, t("review.learn_title", { colour: colourName(learning.colour), at: learning.at + 1, count: learning.queue.length }));
    const again = pageButton(t("review.try_again"));
    again.addEventListener("click", retry);
    const nextOne = pageButton(t("review.next_mistake"));
    nextOne.disabled = learning.at + 1 >= learning.queue.length;
    nextOne.addEventListener("click", () => {
      learning.at += 1;
      tryMistake();
    });
    const done = pageButton(t("review.stop_learning"));
    done.addEventListener("click", endLearning);
    setChildren(ui.learn, header, verdict, ...extra, el("div", { class: "tt-actions" }, again, nextOne, done));
  }

  /**
   * A cube mistake to try again: double or no double ("cube"), take or drop ("take"). The answer is judged on the
   * review's own cubeful equities (the decision's two choices), so it costs what the review says, with its reason.
   */
  function tryCube(d, index) {
    showDecision(index, { answer: false });
    const choices = d.kind === "take" ? ["take", "drop"] : ["double", "no double"]; // i18n-exempt: the engine's action names (data), said by actionWord
    const verdict = el("p", { class: "tt-review-verdict" }, t(d.kind === "take" ? "review.cube_find_answer" : "review.cube_find_double", { colour: colourName(d.colour) }));
    const buttons = choices.map((choice) => {
      const b = pageButton(actionWord(choice), { class: "tt-button tt-review-cube-answer" });
      b.addEventListener("click", () => judgeCube(d, choice, verdict, buttons));
      return b;
    });
    showExercise(verdict, () => tryMistake(), el("div", { class: "tt-actions" }, ...buttons));
  }

  function judgeCube(d, choice, verdict, buttons) {
    for (const b of buttons) b.disabled = true;
    // a mistake's two choices are the review's best and the one played, each with its cubeful equity
    const figures = t("review.cube_figures", {
      best: actionWord(d.best), best_equity: formatEquity(d.best_equity), other: actionWord(d.played), other_equity: formatEquity(d.played_equity),
    });
    const why = d.reason ? t("review.cube_why", { reason: d.reason }) : "";
    if (choice === d.best) setChildren(verdict, el("strong", {}, t("review.cube_right")), figures, why);
    else setChildren(verdict, el("strong", {}, t("review.still_wrong")), t("review.cube_costs", { answer: actionWord(choice), mp: (1000 * d.error).toFixed(0) }), figures, why);
    renderDetail(d, true); // answered: now the review's verdict may be shown
  }

  async function tryMistake(steps = [], move = null) {
    if (!learning) return;
    const exercise = learning;
    const index = exercise.queue[exercise.at];
    const d = review.decisions[index];
    if (d.kind !== "move") {
      tryCube(d, index);
      return;
    }
    // until the new play is judged, nothing on the page gives the best play away; a checker moved waits on the
    // engine's answer, the board still, so that no second move is made from the first one's old destinations
    if (!steps.length && !move) showDecision(index, { answer: false });
    else board.set({ interactive: false });
    let answer;
    try {
      answer = await engine.call("explore", { rules: review.rules, position: d.position_id, turn: d.colour, dice: d.dice, steps, ...(move ? { move } : {}) });
    } catch (error) {
      if (learning === exercise) say(t("review.not_allowed", { reason: error.message }));
      return;
    }
    if (learning !== exercise || current !== index) return;
    const turnState = answer.turn_state;
    learning.steps = turnState.steps;
    board.set({ position: boardPosition(answer.position), dice: answer.dice, dests: turnState.finished ? {} : turnState.dests, interactive: !turnState.finished, roll: false });
    const verdict = el("p", { class: "tt-review-verdict" });
    if (!turnState.finished) setChildren(verdict, t("review.find_better", { colour: colourName(d.colour), dice: d.dice.join("-"), played: playedWords(d) }));
    else setChildren(verdict, t("review.judging"));
    showExercise(verdict, () => tryMistake());
    if (turnState.finished) judge(d, turnState.notation, verdict, exercise, index);
  }

  /**
   * Judge a try at a reviewed move as the review judged the play made (review_judge: the review's level, no time
   * budget), so the play made costs here exactly what the review says, and any other play what the review would.
   */
  async function judge(d, notation, verdict, exercise, index) {
    let judged;
    try {
      judged = await engine.call("review_judge", { rules: review.rules, position: d.position_id, turn: d.colour, dice: d.dice, play: notation, ...(review.level ? { level: review.level } : {}) });
    } catch (error) {
      if (learning === exercise) setChildren(verdict, t("review.cannot_judge", { reason: error.message }));
      return;
    }
    if (learning !== exercise || current !== index) return; // the exercise was left or moved on meanwhile
    const result = judgeTry(judged);
    const why = judged.reason ? t("review.why_yours", { yours: judged.reason, best: judged.best_reason }) : t("review.why_best", { best: judged.best_reason });
    // written as the review writes plays (gnubg's, 22/14(2)), not as the steps were entered (22/18 22/14 18/14)
    const said = { play: judged.played, best: judged.best, why, mp: (1000 * result.cost).toFixed(0) };
    if (result.verdict === "best") setChildren(verdict, el("strong", {}, t("review.best_play")), t("review.best_play_why", { play: judged.played, reason: judged.best_reason }));
    else if (result.verdict === "good enough") setChildren(verdict, el("strong", {}, t("review.good_enough")), t("review.good_enough_why", said));
    else setChildren(verdict, el("strong", {}, t("review.still_wrong")), t("review.costs", said));
    board.set({ arrows: judged.best_moves });
    renderDetail(d, true); // tried: now the best plays may be shown
  }

  /** Leave the exercise (if any) without redrawing: what follows shows something else. */
  function quitLearning() {
    learning = null;
    show(ui.learn, false);
  }

  function endLearning() {
    quitLearning();
    if (current !== null) showDecision(current);
  }

  /** Go to a decision from the list, the graph, the buttons or the keys: it ends an exercise under way. */
  function navigate(index) {
    if (index === null || index === undefined) return;
    quitLearning();
    showDecision(index);
    // the decision's text and its best plays in sight, wherever the panel was scrolled to (the list, the graph)
    scrollWithin(ui.panel, ui.detail);
  }

  board.set({
    events: {
      onMove: (from, to) => {
        if (learning) tryMistake(learning.steps, { from, to });
      },
    },
  });

  // -- controls ---------------------------------------------------------------------------------

  const step = (direction) => () => {
    if (!review) return;
    const all = review.decisions.map((_, i) => i);
    const target = stepIndex(all, current, direction);
    if (target !== null) navigate(target);
  };
  ui.first.addEventListener("click", () => navigate(0));
  ui.last.addEventListener("click", () => review && navigate(review.decisions.length - 1));
  ui.prev.addEventListener("click", step(-1));
  ui.next.addEventListener("click", step(1));
  ui.cancel.addEventListener("click", stop);
  // another depth: kept for the next visits, and the record on show reviewed at it (at once when kept at it), the
  // same decision shown
  ui.level.addEventListener("change", () => {
    level = ui.level.value;
    keepLevel(level);
    if (review) begin(review.record, { move: current === null ? null : current + 1 });
  });
  ui.downloadRecord.addEventListener("click", () => {
    if (files) download(files.record, downloadName(files.rules, files.kind, "txt"));
  });
  ui.downloadMat.addEventListener("click", () => {
    if (files && files.mat) download(files.mat, downloadName(files.rules, "match", "mat"));
  });
  ui.copyLink.addEventListener("click", async () => {
    ui.shareLink.select();
    try {
      await navigator.clipboard.writeText(ui.shareLink.value);
      say(t("review.link_copied"));
    } catch {
      say(t("review.copy_selected"));
    }
  });
  ui.learnBlack.addEventListener("click", () => startLearning("black"));
  ui.learnWhite.addEventListener("click", () => startLearning("white"));
  ui.graph.addEventListener("click", (ev) => {
    if (!laid) return;
    const r = ui.graph.getBoundingClientRect();
    const p = nearestPoint(laid, ev.clientX - r.left);
    if (p) navigate(p.index);
  });
  // the review's keys work wherever the focus is on the page, except in a text field
  const onKey = (ev) => {
    if (ev.target instanceof HTMLTextAreaElement || ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const actions = { ArrowLeft: step(-1), ArrowRight: step(1), Home: () => showDecision(0), End: () => review && showDecision(review.decisions.length - 1) };
    if (actions[ev.key] && !learning) {
      ev.preventDefault();
      ev.stopPropagation(); // the theme's own keys must not see the review's
      actions[ev.key]();
    }
  };
  document.addEventListener("keydown", onKey, true);
  ui.start.addEventListener("click", () => {
    const text = ui.source.value.trim();
    if (text) begin(text, { pasted: true });
    else say(t("review.paste_first"), true, true);
  });
  ui.file.addEventListener("change", async () => {
    const file = ui.file.files[0];
    if (!file) return;
    const { limits } = await engine.ready; // the engine's own bound on a record (service.limits)
    if (file.size > limits.max_record_chars) {
      say(t("review.too_large", { name: file.name, size: file.size }), true, true);
      return;
    }
    ui.source.value = await file.text();
    begin(ui.source.value.trim(), { pasted: true });
  });
  // the graph is as wide as the panel, which the window's size and the stage's arrangement set
  const panelWatch = new ResizeObserver(() => renderGraph());
  panelWatch.observe(ui.panel);

  engine.ready.then(
    () => {
      show(ui.progressBox, false);
      board.set({ message: null });
      openFromLink();
    },
    (error) => showEngineFailure(ui, board, error),
  );
  show(ui.run, false);
  renderAll();

  return {
    board,
    engine,
    get review() {
      return review;
    },
    get current() {
      return current;
    },
    /** The "learn from your mistakes" exercise under way: {colour, queue, at} or null. */
    get learning() {
      return learning && { colour: learning.colour, queue: [...learning.queue], at: learning.at };
    },
    begin,
    destroy() {
      destroyed = true;
      running = null;
      panelWatch.disconnect();
      ui.fit.stop();
      document.removeEventListener("keydown", onKey, true);
      board.destroy();
      engine.terminate();
    },
  };
}
