// The analysis board: set up any position (clicks, a start number, or a pasted XGID, gnubg ID or
// Position ID) with whose turn it is, the dice, the cube and the match score; the engine checks it and
// gives its IDs (toutes_tables.study_service), ranks the plays or gives the cube decision, and the
// position can be played from against the computer or shared as a link.
//
// The page's own query opens it at a position: ?rules=backgammon&xgid=XGID=... (the share link).

import { createBoard } from "../board/board.js";
import { layout, locationAt } from "../board/geometry.js";
import { classicPosition } from "../board/state.js";
import { createEngine } from "../engine/client.js";
import { colourName, DEFAULT_LANGUAGE, pageLanguage, t, tn, tParts } from "../i18n/i18n.js";
import { el, setChildren, show } from "../game/dom.js";
import { formatEquity } from "../game/advice.js";
import { RULE_SETS, RULE_TITLES, shareLink as playLink, START_NUMBERS } from "../game/links.js";
import { wholeNumberIn } from "../game/dialog.js";
import { fitStage } from "../game/fit.js";
import { boardPosition, engineProgress, pageButton, showEngineFailure, showProgress } from "../game/page.js";
import { buildStage } from "../game/stage.js";
import { embedSnippet } from "../embed/snippet.js";
import { boardRequest, clearedPosition, CUBE_RULES, edit, idKind, isEmpty, rulesForId, shortened, withTrays } from "./editor.js";
import { createRolloutPanel } from "./rollout-panel.js";
import { markWord } from "../i18n/engine-words.js";

/** Every cube value up to `maxCube` (the engine's, service.limits): an XGID may carry any of them. */
export function cubeValues(maxCube) {
  return Array.from({ length: Math.log2(maxCube) + 1 }, (_, i) => 2 ** i);
}
const ADVICE_PLAYS = 8;

function options(select, values, labels = {}) {
  for (const v of values) select.append(el("option", { value: String(v) }, labels[v] ?? String(v)));
  return select;
}

function radioGroup(name, choices, checked) {
  return el(
    "span",
    { class: "tt-radio-group", role: "radiogroup" },
    ...choices.map(([value, label]) =>
      el("label", {}, el("input", { type: "radio", name, value, checked: value === checked }), " ", label),
    ),
  );
}

function radioValue(root, name) {
  return root.querySelector(`input[name="${name}"]:checked`).value;
}

function buildLayout(root) {
  const { progress, progressText, progressBox } = engineProgress();
  const die = (label, name) => options(el("select", { "aria-label": label, name }), ["", 1, 2, 3, 4, 5, 6], { "": "–" });
  const controls = {
    rules: options(el("select", { name: "rules", "aria-label": t("analysis.rules") }), RULE_SETS, RULE_TITLES),
    start: el("input", { type: "number", min: START_NUMBERS.min, max: START_NUMBERS.max, step: 1, name: "start", "aria-label": t("analysis.start_number"), class: "tt-number" }),
    setStart: pageButton(t("analysis.set_up")),
    id: el("input", { type: "text", name: "id", class: "tt-code", "aria-label": t("analysis.id"), placeholder: t("analysis.id_placeholder"), spellcheck: "false" }),
    load: pageButton(t("analysis.load")),
    clear: pageButton(t("analysis.clear")),
    die1: die(t("analysis.first_die"), "die1"),
    die2: die(t("analysis.second_die"), "die2"),
    // the cubes and the longest match are the engine's (applyLimits, once it is up)
    cube: options(el("select", { name: "cube", "aria-label": t("analysis.cube") }), [1]),
    owner: options(el("select", { name: "owner", "aria-label": t("analysis.owner") }), ["", "black", "white"],
      { "": t("analysis.owner.centred"), black: t("colour.black"), white: t("colour.white") }),
    length: el("input", { type: "number", min: 0, step: 1, value: 0, name: "length", "aria-label": t("analysis.length"), class: "tt-number" }),
    scoreBlack: el("input", { type: "number", min: 0, step: 1, value: 0, name: "score-black", "aria-label": t("analysis.score_black"), class: "tt-number" }),
    scoreWhite: el("input", { type: "number", min: 0, step: 1, value: 0, name: "score-white", "aria-label": t("analysis.score_white"), class: "tt-number" }),
    crawford: el("input", { type: "checkbox", name: "crawford" }),
    // disabled until the engine has checked a position (refreshAnalyse): a press before would go unanswered
    analyse: pageButton(t("analysis.analyse"), { class: "tt-button tt-primary", "aria-keyshortcuts": "A", disabled: true }),
  };
  const brush = radioGroup("brush", [["white", t("colour.white")], ["black", t("colour.black")], ["erase", t("analysis.erase")]], "white");
  const turn = radioGroup("turn", [["white", t("colour.white")], ["black", t("colour.black")]], "white");
  const notice = el("p", { class: "tt-notice", role: "alert", hidden: true });
  // a number field's error, said under the fields (where the player is typing), not only at the top
  const fieldError = el("p", { class: "tt-analysis-field-error", role: "alert", hidden: true });
  const status = el("p", { class: "tt-status", "aria-live": "polite" });
  const boardHolder = el("div", { class: "tt-board-holder" });
  const xgid = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": t("analysis.xgid") });
  const gnubgId = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": t("analysis.gnubg_id") });
  const shareLink = el("input", { type: "text", readonly: true, class: "tt-code", "aria-label": t("analysis.share_link") });
  const playHere = el("a", { class: "tt-button", href: "../play/" }, t("analysis.play_here"));
  const advice = el("section", { class: "tt-analysis-advice", "aria-label": t("analysis.advice"), "aria-live": "polite" });
  const rollout = el("section", { class: "tt-analysis-rollout", "aria-label": t("analysis.rollout") });
  const embed = el("textarea", { readonly: true, rows: 3, class: "tt-code", "aria-label": t("analysis.embed_code") });
  const cubeFields = el(
    "fieldset",
    { class: "tt-analysis-cube" },
    el("legend", {}, t("analysis.cube_and_score")),
    el("label", {}, ...tParts("analysis.cube_label", { control: controls.cube })),
    el("label", {}, ...tParts("analysis.owner_label", { control: controls.owner })),
    el("label", {}, ...tParts("analysis.match_label", { control: controls.length })),
    el("label", {}, ...tParts("analysis.black_label", { control: controls.scoreBlack })),
    el("label", {}, ...tParts("analysis.white_label", { control: controls.scoreWhite })),
    el("label", {}, ...tParts("analysis.crawford_label", { control: controls.crawford })),
  );
  const field = (label, ...controlsOfIt) => el("div", { class: "tt-field" }, el("span", { class: "tt-label" }, label), ...controlsOfIt);
  // the play pages' frame (site/game/stage.js, fitted by fit.js): the board as large as the window allows,
  // Analyse and Play from here always on the first screen with what is changed most (the brush, whose
  // turn, the dice), the rest of the set-up and the answers in the panel, which scrolls by itself
  const quick = el(
    "div",
    { class: "tt-analysis-quick" },
    field(t("analysis.click_adds"), brush),
    field(t("analysis.on_roll"), turn, el("span", { class: "tt-analysis-dice" }, controls.die1, controls.die2)),
  );
  const stage = buildStage({
    status: [status],
    boardHolder,
    controls: [controls.analyse, playHere, controls.clear],
    extraControls: [quick],
    panel: [
      advice,
      rollout,
      el("fieldset", {}, el("legend", {}, t("analysis.set_up_legend")),
        field(t("analysis.rules"), controls.rules),
        el("p", { class: "tt-hint-text" }, t("analysis.click_help")),
        field(t("analysis.start"), controls.start, controls.setStart),
        field(t("analysis.paste"), controls.id, controls.load),
        cubeFields,
        fieldError),
      field(t("analysis.xgid"), xgid),
      field(t("analysis.gnubg_id"), gnubgId),
      field(t("analysis.link"), shareLink),
      field(t("analysis.embed"), embed),
    ],
  });
  stage.classList.add("tt-contained");
  const page = el("div", { class: "tt-game tt-analysis" }, progressBox, notice, stage);
  root.replaceChildren(page);
  const fit = fitStage(stage);
  return { root: page, fit, progress, progressText, progressBox, notice, fieldError, status, boardHolder, controls, xgid, gnubgId, shareLink, playHere, advice, rollout, embed, cubeFields };
}

export function createAnalysis(root, { workerUrl }) {
  const ui = buildLayout(root);
  const c = ui.controls;
  let position = withTrays(classicPosition());
  let view = null; // the engine's study_position answer for what is on the board
  let generation = 0; // answers to an older request are dropped
  let asking = false; // a position request is on its way: what is on show may be about to change
  let analysing = 0; // the analysis on its way (0: none); an answer for an older one is dropped
  let analyses = 0;
  let destroyed = false;

  const board = createBoard(ui.boardHolder, { position, interactive: false, message: t("analysis.loading") });
  board.canvas.setAttribute("aria-label", t("analysis.board_label"));
  const engine = createEngine(workerUrl, { onProgress: ({ stage, detail }) => showProgress(ui, stage, detail) });
  const rollouts = createRolloutPanel(ui.rollout, engine);

  /** A word in the status line, or an error in the notice only (once: the status line is emptied for it). */
  function say(text, isError = false) {
    setChildren(ui.status, isError ? "" : text);
    ui.notice.textContent = isError ? text : "";
    show(ui.notice, isError);
  }

  function turn() {
    return radioValue(ui.root, "turn");
  }

  function dice() {
    const d1 = Number(c.die1.value);
    const d2 = Number(c.die2.value);
    return d1 && d2 ? [d1, d2] : null;
  }

  function stateParams() {
    const length = Number(c.length.value) || 0;
    const cubeRules = CUBE_RULES.has(c.rules.value);
    const params = { rules: c.rules.value, turn: turn(), dice: dice() };
    if (cubeRules) {
      params.cube = Number(c.cube.value);
      params.cube_owner = c.owner.value || null;
      params.match_length = length;
      params.score = length ? { black: Number(c.scoreBlack.value) || 0, white: Number(c.scoreWhite.value) || 0 } : null;
      params.crawford = length ? c.crawford.checked : false;
    }
    return params;
  }

  /**
   * Ask the engine about a position; `fromControls`: the request was made from the controls' own values;
   * `note`: a word for the status line beside the position's (the rules changed for a pasted ID).
   */
  async function ask(params, { fromControls = false, note = "" } = {}) {
    const mine = ++generation;
    analysing = 0; // an analysis under way is for the position being replaced
    asking = true;
    refreshAnalyse();
    try {
      await engine.ready;
      const answer = await engine.call("study_position", params);
      if (destroyed || mine !== generation) return;
      asking = false;
      if (!fromControls) syncControls(answer);
      showView(answer, note);
    } catch (error) {
      if (destroyed || mine !== generation) return;
      asking = false;
      refreshAnalyse();
      say(t("analysis.not_a_position", { reason: error.message }), true);
    }
  }

  /** Analyse can be pressed when the position on show is the one asked for, can be played, and has a decision. */
  function refreshAnalyse() {
    const decision = view && !view.problem && (view.dice || CUBE_RULES.has(view.rules));
    c.analyse.disabled = !decision || asking || analysing !== 0;
  }

  function refresh() {
    ask({ ...stateParams(), board: boardRequest(position) }, { fromControls: true });
  }

  /** Put the controls in step with a view that came from elsewhere (a pasted ID, a link). */
  function syncControls(answer) {
    c.rules.value = answer.rules;
    ui.root.querySelector(`input[name="turn"][value="${answer.turn}"]`).checked = true;
    c.die1.value = answer.dice ? String(answer.dice[0]) : "";
    c.die2.value = answer.dice ? String(answer.dice[1]) : "";
    if (![...c.cube.options].some((o) => o.value === String(answer.cube.value))) options(c.cube, [answer.cube.value]); // shown whatever it is
    c.cube.value = String(answer.cube.value);
    c.owner.value = answer.cube.owner || "";
    c.length.value = String(answer.match.length);
    c.scoreBlack.value = String(answer.match.score.black);
    c.scoreWhite.value = String(answer.match.score.white);
    c.crawford.checked = answer.match.crawford;
  }

  function showView(answer, note = "") {
    view = answer;
    position = withTrays(boardPosition(answer.position));
    const cubeRules = CUBE_RULES.has(answer.rules);
    show(ui.cubeFields, cubeRules);
    board.set({
      position,
      turn: answer.turn,
      dice: (answer.dice || []).map((value) => ({ value, used: false, colour: answer.turn })),
      cube: cubeRules ? { value: answer.cube.value, owner: answer.cube.owner } : null,
      arrows: [],
      message: null,
      roll: false, // a position loaded or set up shows its dice at once, not tumbling
    });
    ui.xgid.value = answer.xgid;
    ui.gnubgId.value = answer.gnubg_id;
    const link = new URL(window.location.href);
    link.search = "";
    link.hash = "";
    link.searchParams.set("rules", answer.rules);
    link.searchParams.set("xgid", answer.xgid);
    ui.shareLink.value = link.href;
    // the play page's link (site/game/links.js): the dice on the board are the roll to play (without them the
    // player rolls), and in the backgammon sets the cube and the match score set here come with the position
    const match = cubeRules && answer.match.length > 1 ? answer.match : null;
    ui.playHere.href = playLink(new URL("../play/", window.location.href).href, {
      rules: answer.rules,
      position: answer.position_id,
      turn: answer.turn,
      dice: answer.dice && !answer.problem ? answer.dice : null,
      cube: cubeRules ? answer.cube : null,
      match: match ? match.length : null,
      score: match ? match.score : null,
      crawford: match ? match.crawford : false,
    });
    ui.embed.value = embedSnippet(new URL("../", import.meta.url).href, {
      rules: answer.rules,
      position: answer.position_id,
      turn: answer.turn,
      dice: answer.dice || undefined,
      mode: answer.dice && !answer.problem ? "play" : "view",
      lang: pageLanguage() === DEFAULT_LANGUAGE ? undefined : pageLanguage(), // the embedded board speaks the page's language
    });
    setChildren(ui.advice);
    rollouts.offer(answer.problem ? null : { rules: answer.rules, xgid: answer.xgid, plays: [] });
    const who = colourName(answer.turn);
    const pips = { black: answer.pips.black, white: answer.pips.white };
    let words;
    // an empty board (Clear board) is a board to set up, not a game someone has won
    if (isEmpty(position)) words = t("analysis.empty_board");
    else if (answer.problem) words = t("analysis.cannot_play", { reason: answer.problem });
    else if (answer.dice) words = tn("analysis.to_play", answer.plays.length, { who, dice: answer.dice.join("-"), ...pips });
    else words = t("analysis.on_roll_status", { who, ...pips });
    say(note ? `${note} ${words}` : words);
    refreshAnalyse();
  }

  async function analyse() {
    if (!view || c.analyse.disabled) return;
    const asked = view;
    const mine = ++analyses; // a position asked for after this press (ask() clears analysing) makes its answer stale
    analysing = mine;
    refreshAnalyse();
    setChildren(ui.advice, el("p", { class: "tt-thinking" }, t("analysis.thinking")));
    revealAdvice();
    let answer;
    try {
      answer = await engine.call("study_advice", { rules: asked.rules, xgid: asked.xgid, count: ADVICE_PLAYS });
    } catch (error) {
      if (destroyed || analysing !== mine) return;
      analysing = 0;
      setChildren(ui.advice);
      refreshAnalyse();
      say(t("analysis.failed", { reason: error.message }), true);
      return;
    }
    // only the latest request speaks: a position asked for meanwhile (a die changed, a checker added) replaces it
    if (destroyed || analysing !== mine || view !== asked) return;
    analysing = 0;
    refreshAnalyse();
    showAdvice(answer);
    revealAdvice();
    rollouts.offer({ rules: asked.rules, xgid: asked.xgid, plays: answer.plays, cube: answer.cube });
  }

  /**
   * Bring the analysis to the top of the panel, which scrolls by itself: Analyse pressed with the panel scrolled
   * down to the set-up (an ID just pasted) once left the ranked plays out of sight on a phone. The panel scrolls,
   * not the page, so the board stays in view; the page only if the panel itself is off the screen.
   */
  function revealAdvice() {
    const panel = ui.advice.parentElement;
    panel.scrollTop += ui.advice.getBoundingClientRect().top - panel.getBoundingClientRect().top;
    const box = panel.getBoundingClientRect();
    if (box.top < 0 || box.top >= window.innerHeight) ui.advice.scrollIntoView({ block: "nearest" });
  }

  /**
   * The sign of a search a budget cut short (study_advice's cut_by, none when nothing was cut): the time (its
   * figures may change from run to run) or the count of positions (the same every run).
   */
  function budgetNote(answer) {
    if (!answer.cut_by) return "";
    const text = answer.cut_by === "time"
      ? t("analysis.budget_reached", { seconds: answer.time_budget })
      : t("analysis.budget_reached_evaluations", { count: answer.evaluation_budget.toLocaleString(pageLanguage()) });
    return el("p", { class: "tt-analysis-budget", role: "note" }, text);
  }

  function showAdvice(answer) {
    if (answer.plays.length) {
      const items = answer.plays.map((p, i) => {
        const item = el(
          "li",
          { tabindex: 0, class: "tt-analysis-play", "data-notation": p.notation },
          el("strong", {}, p.notation),
          ` ${formatEquity(p.equity)}`,
          // the engine's cost (service.with_costs) and the review's mark of it, the engine's name: the figure marked
          i ? ` (${formatEquity(-p.cost)}${p.mark ? `, ${markWord(p.mark)}` : ""})` : "",
          el("span", { class: "tt-reason" }, ` ${p.reason}`),
          el("span", { class: "tt-analysis-ply" }, ` ${t("analysis.ply", { ply: p.ply })}`),
        );
        const pick = () => {
          for (const other of ui.advice.querySelectorAll("li")) other.classList.toggle("tt-chosen", other === item);
          board.set({ arrows: p.moves });
        };
        item.addEventListener("click", pick);
        item.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") {
            ev.preventDefault();
            pick();
          }
        });
        return item;
      });
      setChildren(ui.advice, el("h3", {}, t("analysis.best_plays")), budgetNote(answer), el("ol", { class: "tt-analysis-plays" }, ...items));
      items[0].click();
    } else if (answer.cube) {
      const cube = answer.cube;
      const eq = cube.equities;
      setChildren(
        ui.advice,
        el("h3", {}, t("analysis.cube_decision")),
        budgetNote(answer),
        el("p", { class: "tt-analysis-verdict" }, el("strong", {}, cube.verdict)),
        el("p", {}, cube.reason),
        el("p", {}, cube.take_reason),
        el("p", { class: "tt-code tt-analysis-cube-figures" }, ...cubeFigures(eq)),
      );
    } else setChildren(ui.advice, el("p", {}, t("analysis.nothing")));
  }

  /** The three cube actions, each kept with its equity on one line (a line breaks only between actions). */
  function cubeFigures(eq) {
    const figures = { no_double: eq["no double"], take: eq["double, take"], pass: eq["double, pass"] };
    const items = Object.entries(figures).map(([key, equity]) =>
      el("span", { class: "tt-analysis-cube-figure" }, t(`analysis.cube_equity.${key}`, { equity: formatEquity(equity) })));
    return items.flatMap((item, i) => (i ? [" · ", item] : [item]));
  }

  // -- editing by clicks ---------------------------------------------------------------------

  function locationOfEvent(ev) {
    const r = board.canvas.getBoundingClientRect();
    return locationAt(layout(r.width, r.height), ev.clientX - r.left, ev.clientY - r.top, "white");
  }

  function editAt(ev, remove) {
    const loc = locationOfEvent(ev);
    if (loc === null || loc === undefined) return;
    const brush = radioValue(ui.root, "brush");
    // the bar and the tray belong to a colour: the brush's (or, erasing, the one there)
    const colour = brush === "erase" ? erasedColour(loc) : brush;
    if (!colour) return;
    const result = edit(position, loc, colour, { remove: remove || brush === "erase" });
    if (result.error) {
      say(result.error);
      return;
    }
    position = result.position;
    board.set({ position, arrows: [] });
    refresh();
  }

  function erasedColour(loc) {
    if (typeof loc === "number") return position.points[loc] > 0 ? "black" : position.points[loc] < 0 ? "white" : null;
    if (loc === "bar") return position.bar.white ? "white" : position.bar.black ? "black" : null;
    return null;
  }

  board.canvas.addEventListener("click", (ev) => editAt(ev, ev.shiftKey));
  board.canvas.addEventListener("contextmenu", (ev) => {
    ev.preventDefault();
    editAt(ev, true);
  });

  // -- the controls --------------------------------------------------------------------------

  /**
   * The number fields checked by the page, not the browser (whose words are its own language's, not the page's),
   * as the game's dialogs check theirs: the first one out of its bounds (a field's min and max, a score's under
   * the match's length) is said in the page's language and marked invalid; null when all are good.
   */
  function badNumber() {
    for (const input of [c.length, c.scoreBlack, c.scoreWhite, c.start]) input.removeAttribute("aria-invalid");
    const length = Number(c.length.value);
    const scoreMax = Math.max(0, length - 1); // a score is under the match's length (which is within its bounds)
    const wrong = [
      [c.length, "analysis.bad_length", { min: c.length.min, max: c.length.max }, CUBE_RULES.has(c.rules.value)],
      [c.scoreBlack, "analysis.bad_score", { max: scoreMax }, CUBE_RULES.has(c.rules.value) && length > 0],
      [c.scoreWhite, "analysis.bad_score", { max: scoreMax }, CUBE_RULES.has(c.rules.value) && length > 0],
    ].find(([input, , , applies]) => applies && !wholeNumberIn(input, input === c.length ? undefined : scoreMax));
    if (!wrong) return null;
    const [input, key, values] = wrong;
    input.setAttribute("aria-invalid", "true");
    return { input, text: t(key, values) };
  }

  /** Say a number field's error in the status line and under the fields; none (null): the error line goes. */
  function sayBadNumber(text) {
    if (text) say(text);
    ui.fieldError.textContent = text || "";
    show(ui.fieldError, Boolean(text));
  }

  function refreshChecked() {
    const wrong = badNumber();
    sayBadNumber(wrong && wrong.text);
    if (!wrong) refresh();
  }

  for (const control of [c.die1, c.die2, c.cube, c.owner, c.length, c.scoreBlack, c.scoreWhite, c.crawford, c.rules]) {
    control.addEventListener("change", refreshChecked);
  }
  for (const input of ui.root.querySelectorAll('input[name="turn"]')) input.addEventListener("change", refresh);
  c.setStart.addEventListener("click", () => {
    const wrong = badNumber();
    if (wrong) {
      sayBadNumber(wrong.text);
      return;
    }
    if (!wholeNumberIn(c.start)) {
      c.start.setAttribute("aria-invalid", "true");
      sayBadNumber(t("analysis.bad_start", START_NUMBERS));
      return;
    }
    sayBadNumber(null);
    ask({ ...stateParams(), start: Number(c.start.value) });
  });
  c.clear.addEventListener("click", () => {
    position = clearedPosition();
    board.set({ position, arrows: [] });
    refresh();
  });
  /**
   * Load a pasted (or linked) ID under `rules` if given (a share link names its set), else under the board's:
   * an XGID or a gnubg ID on a set without the cube is read as backgammon (rulesForId), and the status says so.
   */
  function loadId(text, rules = null) {
    const kind = idKind(text);
    if (!kind) {
      say(t("analysis.bad_id", { text: shortened(text.trim()) }), true);
      return;
    }
    const chosen = rules ?? rulesForId(kind, c.rules.value);
    const note = chosen === c.rules.value ? "" : t("analysis.read_as_backgammon", { to: RULE_TITLES[chosen] });
    const params = kind === "position_id" ? { ...stateParams(), rules: chosen } : { rules: chosen };
    params[kind] = text.trim();
    ask(params, { note });
  }
  c.load.addEventListener("click", () => loadId(c.id.value));
  c.id.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") loadId(c.id.value);
  });
  c.analyse.addEventListener("click", analyse);
  ui.root.addEventListener("keydown", (ev) => {
    if (ev.key.toLowerCase() === "a" && !(ev.target instanceof HTMLInputElement) && !(ev.target instanceof HTMLSelectElement)
      && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !c.analyse.disabled) {
      ev.preventDefault();
      ev.stopPropagation(); // the theme's own shortcut keys must not see it
      analyse();
    }
  });

  /** The engine's bounds on the controls (service.limits, sent with its ready message): the page keeps no copy. */
  function applyLimits({ max_cube: maxCube, max_match_length: maxLength }) {
    const chosen = c.cube.value;
    c.cube.replaceChildren();
    options(c.cube, cubeValues(maxCube));
    c.cube.value = chosen;
    c.length.max = String(maxLength);
    c.scoreBlack.max = c.scoreWhite.max = String(maxLength - 1);
  }

  engine.ready.then(
    ({ limits }) => {
      applyLimits(limits);
      show(ui.progressBox, false);
      // a position the player asked for while the engine came up (an ID pasted and loaded) stands: the
      // page's own first request would come after it and replace it (its dice were once lost so)
      if (generation > 0) return;
      const query = new URLSearchParams(window.location.search);
      const rules = query.get("rules");
      const named = Boolean(rules && RULE_SETS.includes(rules));
      if (named) c.rules.value = rules;
      const turn = query.get("turn");
      if (turn === "black" || turn === "white") ui.root.querySelector(`input[name="turn"][value="${turn}"]`).checked = true;
      const dice = /^([1-6])-([1-6])$/.exec(query.get("dice") || "");
      if (dice) [c.die1.value, c.die2.value] = [dice[1], dice[2]];
      const shared = query.get("xgid") || query.get("position");
      if (shared) loadId(shared.slice(0, 120), named ? rules : null); // a link's own set stands
      else refresh();
    },
    (error) => showEngineFailure(ui, board, error),
  );

  return {
    board,
    engine,
    get view() {
      return view;
    },
    destroy() {
      destroyed = true;
      rollouts.stop();
      ui.fit.stop();
      board.destroy();
      engine.terminate();
    },
  };
}
