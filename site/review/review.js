// The review page: a game or match record (the game just played, a pasted record, or a .mat file) is
// reviewed by the engine in its own worker, decision after decision (toutes_tables.review_service);
// the page fills in as the results arrive: the equity graph, the players' summaries, the annotated
// move list, and the board at any decision with the play made and the best play. "Learn from your
// mistakes" steps through one player's bad plays and lets him try again.
//
// Where the record comes from: `sessionStorage["tt-review-record"]` (the game page puts its record
// there before opening this page), else what the reader pastes or opens. Finished reviews are kept in
// localStorage by the record's hash, so a reload shows them at once.

import { createBoard } from "../board/board.js";
import { classicPosition } from "../board/state.js";
import { createEngine } from "../engine/client.js";
import { el, setChildren, show } from "../game/dom.js";
import { formatEquity } from "../game/advice.js";
import { boardPosition, engineProgress, pageButton, showEngineFailure, showProgress } from "../game/page.js";
import { graphLayout, graphSeries, judgeTry, legendText, markLabel, mistakes, nearestPoint, stepIndex } from "./graph.js";
import { decodeRecord, encodeRecord, parseReviewLink, reviewLink } from "./links.js";
import { HANDOFF_KEY } from "../handoff.js";

const SAVED_PREFIX = "tt-review:";
const SAVED_KEEP = 10; // reviews kept on the device
const LAST_RECORD_KEY = "tt-review-last-record"; // the record last reviewed: a link without its own opens it
const CHUNK = 2; // decisions per request: small enough to show progress, large enough not to waste calls
const MAX_FILE_BYTES = 2_000_000;
const MARK_COLOURS = { doubtful: "#e0a030", bad: "#e06020", "very bad": "#c0392b" };
const COLOUR_NAME = { black: "Black", white: "White" };

async function recordHash(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function loadSaved(hash) {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED_PREFIX + hash) || "null");
    return saved && Array.isArray(saved.decisions) && saved.summary ? saved : null;
  } catch {
    return null; // a corrupt save is ignored: the review is simply made again
  }
}

function save(hash, review) {
  try {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(SAVED_PREFIX));
    const byAge = keys.map((k) => [k, JSON.parse(localStorage.getItem(k) || "{}").savedAt || 0]).sort((a, b) => a[1] - b[1]);
    while (byAge.length >= SAVED_KEEP) localStorage.removeItem(byAge.shift()[0]);
    localStorage.setItem(SAVED_PREFIX + hash, JSON.stringify({ ...review, savedAt: Date.now() }));
  } catch (error) {
    console.warn(`the review could not be kept on this device: ${error.message}`);
  }
}

function decisionLine(d) {
  const who = COLOUR_NAME[d.colour];
  if (d.kind === "move") return `${who} ${d.dice.join("-")}: ${d.played}`;
  if (d.kind === "take") return `${who} ${d.played.toLowerCase()}`;
  return `${who}: ${d.played.toLowerCase()}`;
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

function buildLayout(root) {
  const { progress, progressText, progressBox } = engineProgress();
  const button = pageButton;
  const ui = {
    progress,
    progressText,
    progressBox,
    notice: el("p", { class: "tt-notice", role: "alert", hidden: true }),
    status: el("p", { class: "tt-status", "aria-live": "polite" }),
    boardHolder: el("div", { class: "tt-board-holder" }),
    source: el("textarea", { rows: 4, "aria-label": "Game or match record, or a .mat file", class: "tt-code", placeholder: "Paste a record of this site's game, or a .mat match file" }),
    file: el("input", { type: "file", accept: ".mat,.txt,.json,text/plain,application/json", "aria-label": "Open a record or .mat file" }),
    start: button("Review", { class: "tt-button tt-primary" }),
    cancel: button("Stop"),
    runProgress: el("progress", { max: 1, value: 0, "aria-label": "Review progress" }),
    runText: el("span", {}),
    graph: el("canvas", { class: "tt-review-graph", role: "img", "aria-label": "Equity graph", tabindex: 0 }),
    summary: el("table", { class: "tt-review-summary" }),
    legend: el("p", { class: "tt-review-legend", hidden: true }),
    first: button("«", { "aria-label": "First decision", "aria-keyshortcuts": "Home" }),
    prev: button("‹", { "aria-label": "Previous decision", "aria-keyshortcuts": "ArrowLeft" }),
    next: button("›", { "aria-label": "Next decision", "aria-keyshortcuts": "ArrowRight" }),
    last: button("»", { "aria-label": "Last decision", "aria-keyshortcuts": "End" }),
    learnBlack: button("Learn from Black's mistakes"),
    learnWhite: button("Learn from White's mistakes"),
    detail: el("section", { class: "tt-review-detail", "aria-live": "polite" }),
    moves: el("ol", { class: "tt-review-moves", "aria-label": "Annotated moves" }),
    learn: el("section", { class: "tt-review-learn", hidden: true, "aria-live": "polite" }),
    downloadRecord: button("Download the record", { disabled: true }),
    downloadMat: button("Download the .mat file", { disabled: true }),
    matNote: el("p", { class: "tt-review-mat-note", hidden: true }),
    shareLink: el("input", { type: "text", readonly: true, class: "tt-code tt-review-share", "aria-label": "Link to this move" }),
    copyLink: button("Copy the link", { disabled: true }),
  };
  const sourceBox = el(
    "details",
    { class: "tt-review-source" },
    el("summary", {}, "Review another game or match"),
    ui.source,
    el("div", { class: "tt-actions" }, ui.file, ui.start),
  );
  const side = el(
    "aside",
    { class: "tt-side" },
    el("div", { class: "tt-actions tt-review-steps" }, ui.first, ui.prev, ui.next, ui.last),
    ui.detail,
    ui.learn,
    el("div", { class: "tt-actions" }, ui.learnWhite, ui.learnBlack),
    ui.summary,
    el("h3", {}, "Moves"),
    ui.legend,
    ui.moves,
    el("div", { class: "tt-actions tt-review-link" }, ui.shareLink, ui.copyLink),
    el("div", { class: "tt-actions tt-review-downloads" }, ui.downloadRecord, ui.downloadMat),
    ui.matNote,
    sourceBox,
  );
  const run = el("div", { class: "tt-review-run" }, ui.runProgress, " ", ui.runText, " ", ui.cancel);
  ui.page = el("div", { class: "tt-game tt-review" }, ui.progressBox, ui.notice, ui.status, run, ui.graph,
    el("div", { class: "tt-main" }, ui.boardHolder, side));
  ui.run = run;
  ui.sourceBox = sourceBox;
  root.replaceChildren(ui.page);
  return ui;
}

export function createReview(root, { workerUrl }) {
  const ui = buildLayout(root);
  const board = createBoard(ui.boardHolder, { position: classicPosition(), interactive: false, message: "Loading the rules engine…" });
  const engine = createEngine(workerUrl, { onProgress: ({ stage, detail }) => showProgress(ui, stage, detail) });
  let review = null; // {rules, record, decisions, summary, done}
  let running = null; // id of the review in the worker
  let current = null; // index of the decision on show
  let learning = null; // {colour, queue, index, steps, answer}
  let wanted = null; // the decision (1-based) a link asked for, until it is reviewed
  let files = null; // review_files' answer for the review on show
  let destroyed = false;
  let laid = null;

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
    if (record === null) record = sessionStorage.getItem(HANDOFF_KEY);
    if (record === null && link.move !== null) record = localStorage.getItem(LAST_RECORD_KEY);
    if (destroyed) return;
    if (record) {
      ui.source.value = record;
      await begin(record, { move: link.move });
    } else {
      ui.sourceBox.open = true;
      say("Paste a game or match record, or open a .mat file, to review it.");
    }
    if (problems.length) say(`This link could not be followed in full: ${problems.join("; ")}.`, true);
  }

  function say(text, isError = false) {
    setChildren(ui.status, text);
    if (isError) {
      ui.notice.textContent = text;
      show(ui.notice, true);
    } else show(ui.notice, false);
  }

  // -- running a review -----------------------------------------------------------------------

  /** Review `record`; `move` (1-based, from a link) is the decision to show once it is reviewed. */
  async function begin(record, { fromSave = true, move = null } = {}) {
    await stop();
    const hash = await recordHash(record);
    const saved = fromSave ? loadSaved(hash) : null;
    if (saved) {
      opened(record, move);
      review = { ...saved, record, hash, done: true };
      say(`Review of ${saved.games} game${saved.games === 1 ? "" : "s"} (${saved.rules}), kept on this device.`);
      show(ui.run, false);
      renderAll();
      showDecision(0);
      showWanted();
      prepareDownloads(review);
      return;
    }
    let started;
    try {
      started = await engine.call("review_start", { record });
    } catch (error) {
      say(`This record cannot be reviewed: ${error.message}`, true);
      return;
    }
    if (destroyed) return;
    opened(record, move);
    running = started.id;
    review = { rules: started.rules, games: started.games, marks: started.marks, record, hash, decisions: [], summary: null, done: false };
    prepareDownloads(review);
    ui.runProgress.max = Math.max(1, started.total);
    ui.runProgress.value = 0;
    show(ui.run, true);
    ui.cancel.disabled = false;
    say(`Reviewing ${started.games} game${started.games === 1 ? "" : "s"} of ${started.rules}: ${started.total} turns.`);
    renderAll();
    const mine = running;
    while (running === mine && !destroyed) {
      let answer;
      try {
        answer = await engine.call("review_next", { id: mine, max_items: CHUNK });
      } catch (error) {
        if (running === mine) say(`The review stopped: ${error.message}`, true);
        break;
      }
      if (running !== mine || destroyed) break;
      review.decisions.push(...answer.items);
      review.summary = answer.summary;
      ui.runProgress.value = answer.progress.turns;
      setChildren(ui.runText, `${answer.progress.turns} of ${answer.progress.total} turns`);
      renderAll();
      if (current === null && review.decisions.length) showDecision(0);
      if (answer.done) {
        review.done = true;
        running = null;
        ui.cancel.disabled = true;
        show(ui.run, false);
        say(`Review finished: ${review.decisions.length} decisions.`);
        save(hash, { rules: review.rules, games: review.games, marks: review.marks, decisions: review.decisions, summary: review.summary });
      }
      showWanted();
      if (answer.done) break;
    }
  }

  /** A good record is open: it replaces the one on show (a bad one never gets this far, so nothing is lost). */
  function opened(record, move) {
    current = null;
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
      say(`The link's move ${wanted} is past the review's last decision (${review.decisions.length}).`, true);
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
        setChildren(ui.matNote, `No download: ${error.message}`);
        show(ui.matNote, true);
      }
      return;
    }
    if (review !== of || destroyed) return;
    files = answer;
    ui.downloadRecord.disabled = false;
    ui.downloadMat.disabled = !answer.mat;
    ui.downloadMat.title = answer.mat ? "" : answer.mat_problem;
    setChildren(ui.matNote, answer.mat ? "" : `No .mat file: ${answer.mat_problem}.`);
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
    say("Review stopped: what was reviewed so far is shown.");
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
    setChildren(ui.legend, legend ? `Marks: ${legend}.` : "");
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
    const mp = (v) => `${v.toFixed(1)} mp`;
    setChildren(
      ui.summary,
      el("thead", {}, el("tr", {}, el("th", {}), el("th", { scope: "col" }, "White"), el("th", { scope: "col" }, "Black"))),
      el(
        "tbody",
        {},
        row("Rating", (p) => p.rating),
        row("Error rate", (p) => mp(p.error_mp)),
        row("Checker play", (p) => `${mp(p.checker_error_mp)} (${p.unforced_moves} moves)`),
        row("Cube", (p) => `${mp(p.cube_error_mp)} (${p.cube_decisions})`),
        row("Marked ?! ? ??", (p) => `${p.marks.doubtful} · ${p.marks.bad} · ${p.marks["very bad"]}`),
        row("Luck", (p) => `${formatEquity(p.luck)}${p.luck_rating && p.luck_rating !== "None" ? ` (${p.luck_rating})` : ""}`),
        row("Result", (p) => `${p.result >= 0 ? "+" : ""}${p.result}`),
        row("Luck-adjusted", (p) => formatEquity(p.luck_adjusted_result)),
      ),
    );
  }

  function renderMoves() {
    if (!review) {
      setChildren(ui.moves);
      return;
    }
    const items = review.decisions.map((d, index) => {
      const luck = d.luck_mark ? el("span", { class: "tt-review-luck" }, ` (${d.luck_mark})`) : "";
      const sign = d.sign ? el("strong", { class: `tt-mark tt-mark-${d.mark.replace(" ", "-")}` }, ` ${d.sign}`) : "";
      const item = el("li", { tabindex: 0, "data-index": index, class: index === current ? "tt-chosen" : null },
        `${review.games > 1 ? `Game ${d.game}, ` : ""}${decisionLine(d)}`, sign, luck);
      item.addEventListener("click", () => showDecision(index));
      item.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") showDecision(index);
      });
      return item;
    });
    setChildren(ui.moves, ...items);
  }

  function renderGraph() {
    const canvas = ui.graph;
    const width = Math.max(200, canvas.parentElement ? canvas.parentElement.clientWidth : 600);
    const height = 90;
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const series = review ? graphSeries(review.decisions, "white") : [];
    laid = graphLayout(series, width, height);
    ctx.strokeStyle = "rgba(128,128,128,0.5)";
    ctx.beginPath();
    ctx.moveTo(0, laid.zeroY);
    ctx.lineTo(width, laid.zeroY);
    ctx.stroke();
    ctx.fillStyle = "rgba(128,128,128,0.9)";
    ctx.font = "10px system-ui, sans-serif";
    ctx.fillText(`White +${laid.range}`, 4, 11);
    ctx.fillText(`Black +${laid.range}`, 4, height - 3);
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
    canvas.setAttribute("aria-label", `Equity graph over ${laid.points.length} moves, for White above the line and Black below; marks on the errors.`);
  }

  function stepButtons() {
    const all = review ? review.decisions.map((_, i) => i) : [];
    ui.first.disabled = !all.length || current === 0;
    ui.prev.disabled = stepIndex(all, current, -1) === null;
    ui.next.disabled = stepIndex(all, current, 1) === null;
    ui.last.disabled = !all.length || current === all.length - 1;
  }

  function showDecision(index) {
    if (!review || index === null || index < 0 || index >= review.decisions.length) return;
    current = index;
    const d = review.decisions[index];
    board.set({
      position: boardPosition(d.position),
      turn: d.colour,
      dice: d.dice ? d.dice.map((value) => ({ value, used: false, colour: d.colour })) : [],
      lastMove: d.played_locations || [],
      arrows: d.error > 0 ? d.best_locations || [] : [],
      interactive: false,
      dests: {},
      message: null,
    });
    const lines = [el("p", {}, el("strong", {}, `${decisionLine(d)}`), ` ${markLabel(d)}`)];
    if (d.error > 0) lines.push(el("p", {}, `Best: ${d.best}, ${formatEquity(-d.error)} for the play made (${(1000 * d.error).toFixed(0)} millipoints).`));
    if (d.reason) lines.push(el("p", {}, d.reason));
    if (d.luck !== null && d.luck !== undefined) lines.push(el("p", {}, `Luck of ${d.dice.join("-")}: ${formatEquity(d.luck)}${d.luck_mark ? ` (${d.luck_mark})` : ""}.`));
    if (d.alternatives && d.alternatives.length) {
      lines.push(el("ol", { class: "tt-review-alternatives", "aria-label": "Best plays" },
        ...d.alternatives.map((a) => el("li", { class: a.play === d.played ? "tt-played" : null },
          `${a.play} ${formatEquity(a.equity)}${a.play === d.played ? " (played)" : ""}`))));
    }
    lines.push(el("p", { class: "tt-review-ids" }, `Position ID ${d.position_id}${d.match_id ? `, Match ID ${d.match_id}` : ""}`));
    lines.push(el("p", {}, el("a", { href: analysisLink(d, review.rules), class: "tt-review-analyse" }, "Open this position on the analysis board")));
    setChildren(ui.detail, ...lines);
    showShareLink(index);
    for (const li of ui.moves.children) li.classList.toggle("tt-chosen", Number(li.dataset.index) === index);
    const chosen = ui.moves.children[index];
    if (chosen) chosen.scrollIntoView({ block: "nearest" });
    renderGraph();
    stepButtons();
  }

  // -- learning from mistakes ---------------------------------------------------------------------

  function startLearning(colour) {
    const queue = mistakes(review.decisions, colour);
    if (!queue.length) return;
    learning = { colour, queue, at: 0 };
    show(ui.learn, true);
    tryMistake();
  }

  async function tryMistake(steps = [], move = null) {
    if (!learning) return;
    const d = review.decisions[learning.queue[learning.at]];
    showDecision(learning.queue[learning.at]);
    board.set({ lastMove: [], arrows: [] });
    let answer;
    try {
      answer = await engine.call("explore", { rules: review.rules, position: d.position_id, turn: d.colour, dice: d.dice, steps, ...(move ? { move } : {}) });
    } catch (error) {
      say(`Not allowed: ${error.message}`);
      return;
    }
    if (!learning) return;
    const t = answer.turn_state;
    learning.steps = t.steps;
    board.set({ position: boardPosition(answer.position), dice: answer.dice, dests: t.finished ? {} : t.dests, interactive: !t.finished });
    const header = el("h3", {}, `Learn from ${COLOUR_NAME[learning.colour]}'s mistakes: ${learning.at + 1} of ${learning.queue.length}`);
    const again = pageButton("Try again");
    again.addEventListener("click", () => tryMistake());
    const nextOne = pageButton("Next mistake");
    nextOne.disabled = learning.at + 1 >= learning.queue.length;
    nextOne.addEventListener("click", () => {
      learning.at += 1;
      tryMistake();
    });
    const done = pageButton("Stop learning");
    done.addEventListener("click", endLearning);
    const verdict = el("p", { class: "tt-review-verdict" });
    if (!t.finished) setChildren(verdict, `${COLOUR_NAME[d.colour]} to play ${d.dice.join("-")}: find a better play than ${d.played}.`);
    else setChildren(verdict, "Judging…");
    setChildren(ui.learn, header, verdict, el("div", { class: "tt-actions" }, again, nextOne, done));
    if (t.finished) judge(d, t.notation, verdict);
  }

  async function judge(d, notation, verdict) {
    let advice;
    try {
      const view = await engine.call("study_position", { rules: review.rules, position_id: d.position_id, turn: d.colour, dice: d.dice });
      advice = await engine.call("study_advice", { rules: review.rules, xgid: view.xgid, count: 20 });
    } catch (error) {
      setChildren(verdict, `The engine could not judge it: ${error.message}`);
      return;
    }
    const byNotation = new Map(advice.plays.map((p) => [p.notation, p]));
    const bestAdvice = advice.plays[0];
    const yours = byNotation.get(notation);
    const result = judgeTry(bestAdvice.notation, notation, (n) => byNotation.get(n));
    const why = yours ? ` Your play ${yours.reason}; the best ${bestAdvice.reason}.` : ` The best ${bestAdvice.reason}.`;
    if (result.verdict === "best") setChildren(verdict, el("strong", {}, "Best play! "), `${notation}: ${bestAdvice.reason}.`);
    else if (result.verdict === "good enough") setChildren(verdict, el("strong", {}, "Good enough. "), `${notation} gives up only ${(1000 * result.cost).toFixed(0)} millipoints to ${bestAdvice.notation}.${why}`);
    else setChildren(verdict, el("strong", {}, "Still wrong. "), `${notation}${result.cost !== null ? ` costs ${(1000 * result.cost).toFixed(0)} millipoints` : " is not among the 20 best plays"}; the best is ${bestAdvice.notation}.${why}`);
    board.set({ arrows: bestAdvice.moves });
  }

  function endLearning() {
    learning = null;
    show(ui.learn, false);
    if (current !== null) showDecision(current);
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
    if (target !== null) showDecision(target);
  };
  ui.first.addEventListener("click", () => showDecision(0));
  ui.last.addEventListener("click", () => review && showDecision(review.decisions.length - 1));
  ui.prev.addEventListener("click", step(-1));
  ui.next.addEventListener("click", step(1));
  ui.cancel.addEventListener("click", stop);
  ui.downloadRecord.addEventListener("click", () => {
    if (files) download(files.record, `toutes-tables-${files.rules}-${files.kind}.txt`);
  });
  ui.downloadMat.addEventListener("click", () => {
    if (files && files.mat) download(files.mat, `toutes-tables-${files.rules}-match.mat`);
  });
  ui.copyLink.addEventListener("click", async () => {
    ui.shareLink.select();
    try {
      await navigator.clipboard.writeText(ui.shareLink.value);
      say("The link to this move is copied.");
    } catch {
      say("Copy the selected link (the browser does not let the page copy it).");
    }
  });
  ui.learnBlack.addEventListener("click", () => startLearning("black"));
  ui.learnWhite.addEventListener("click", () => startLearning("white"));
  ui.graph.addEventListener("click", (ev) => {
    if (!laid) return;
    const r = ui.graph.getBoundingClientRect();
    const p = nearestPoint(laid, ev.clientX - r.left);
    if (p) showDecision(p.index);
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
    if (text) begin(text);
    else say("Paste a record or open a file first.", true);
  });
  ui.file.addEventListener("change", async () => {
    const file = ui.file.files[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      say(`${file.name} is too large for a record (${file.size} bytes).`, true);
      return;
    }
    ui.source.value = await file.text();
    begin(ui.source.value.trim());
  });
  window.addEventListener("resize", renderGraph);

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
    begin,
    destroy() {
      destroyed = true;
      running = null;
      window.removeEventListener("resize", renderGraph);
      document.removeEventListener("keydown", onKey, true);
      board.destroy();
      engine.terminate();
    },
  };
}
