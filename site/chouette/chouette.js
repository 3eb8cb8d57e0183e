// The chouette page: the setup form, the board, the engine worker, and the session's flow between them.
//
// The engine (toutes_tables.chouette_service in the Pyodide worker) holds the session and answers
// every action with a view (see that module's docstring). This controller sends the people's actions,
// lets each computer player act in turn (one action per request, so its dice show before its checkers
// move), asks the other team members' advice for a human captain, draws the scoreboard, and saves after
// every action.

import { createBoard } from "../board/board.js";
import { classicPosition } from "../board/state.js";
import { createEngine } from "../engine/client.js";
import { el, setChildren, show } from "../game/dom.js";
import {
  announceIn,
  bindShortcutKeys,
  gettingReady,
  boardPosition,
  renderMoveList,
  showEngineFailure,
  showAway,
  showNotice,
  showProgress,
} from "../game/page.js";
import { holdSeat } from "../game/seat.js";
import { newTurn, releaseStatusHeight } from "../game/stage.js";
import { buildLayout } from "./layout.js";
import { does, named, settledWords, waitingFor } from "./words.js";
import { t } from "../i18n/i18n.js";
import { createSetupForm, defaultSetup, MAX_PLAYERS } from "./setup.js";
import { clearSavedChouette, loadSavedChouette, saveChouette, savedChouettePreview } from "./storage.js";
import { withTestSeed } from "../game/seed.js";

const COMPUTER_PAUSE_MS = 450; // long enough to see a computer's dice or answer before the next action
const PASS_PAUSE_MS = 900; // a turn with no play is shown before it is passed
const CHOUETTE_SEAT = "toutes-tables/chouette"; // the Web Lock of the page that plays the saved chouette (seat.js)

/** A computer level's name as the chouette's lines say it, in lower case: "intermediate", "intermédiaire". */
function levelWord(level) {
  return t(`level.${level}`).toLowerCase();
}

export function createChouette(root, { workerUrl }) {
  const ui = buildLayout(root);
  let view = null;
  let busy = false;
  let pending = null; // timer of a scheduled computer action or pass
  let destroyed = false; // the page was left: late answers are dropped
  let seat = null; // this page's hold on the saved chouette: it plays only while no other page does (seat.js)
  let away = false; // another page plays the chouette: this one neither acts nor saves
  let lastSetup = defaultSetup();
  let advice = []; // the other members' suggested plays for the human captain's turn
  let adviceFor = null; // the view the advice was asked for

  const board = createBoard(ui.boardHolder, {
    position: classicPosition(),
    message: `${gettingReady()}…`,
    interactive: false,
    events: {
      onMove: (from, to) => act("chouette_move", { from, to }),
      onStill: () => refreshControls(), // a computer's play has slid in: the turn's buttons are back
    },
  });
  const setup = createSetupForm(ui.setupHolder, (chosen) => startSession(chosen));
  show(ui.setupHolder, false);
  // nothing that needs the engine can be pressed while it loads (the turn's buttons are hidden until a session)
  ui.buttons.newChouette.disabled = true;
  drawSavedPreview();

  const engine = createEngine(workerUrl, { onProgress: ({ stage, detail }) => showProgress(ui, stage, detail) });
  engine.ready.then(
    () => {
      show(ui.progressBox, false);
      seat = holdSeat(CHOUETTE_SEAT, {
        onHeld: () => {
          away = false;
          showAway(ui, null);
          begin() // from the saved chouette, which another page may have played on
            .then(() => {
              ui.buttons.newChouette.disabled = false;
            })
            .catch(fatal);
        },
        onTaken: () => goAway(t("chouette.away.taken")),
        onLost: () => goAway(t("chouette.away.lost")),
      });
    },
    (error) => fatal(error),
  );

  /** Another page plays the chouette: stop acting and saving here, and offer to play it here instead. */
  function goAway(text) {
    away = true;
    clearTimeout(pending);
    pending = null;
    view = null;
    ui.buttons.newChouette.disabled = true;
    show(ui.setupHolder, false);
    board.set({ interactive: false, dests: {}, message: t("chouette.open_elsewhere") });
    setChildren(ui.status, "");
    showAway(ui, text);
    refreshControls();
  }

  // -- start-up -----------------------------------------------------------------------------

  function drawSavedPreview() {
    // without a preview the classic start stays drawn; the save itself is checked later
    const preview = savedChouettePreview();
    if (preview) board.set({ position: boardPosition(preview) });
  }

  async function begin() {
    let saved = null;
    try {
      saved = loadSavedChouette();
    } catch (error) {
      clearSavedChouette();
      notice(t("chouette.not_restored", { reason: error.message }));
    }
    if (saved) {
      try {
        await update(await engine.call("chouette_load", withTestSeed({ save: saved.save, seats: saved.seats, steps: saved.steps })));
        announce(t("chouette.restored"));
        schedule();
        return;
      } catch (error) {
        clearSavedChouette();
        notice(t("chouette.not_restored", { reason: error.message }));
      }
    }
    openSetup();
  }

  function openSetup() {
    setup.fill(lastSetup);
    show(ui.setupHolder, true);
    board.set({ message: t("chouette.set_up_to_play"), interactive: false, dests: {} });
    setChildren(ui.status, t("chouette.choose_players"));
  }

  async function startSession(chosen) {
    lastSetup = chosen;
    show(ui.setupHolder, false);
    show(ui.notice, false);
    clearTimeout(pending);
    pending = null;
    view = null;
    // a seed chosen in the form is the player's; otherwise a test's seed, if any
    await run(() => engine.call("chouette_new", chosen.seed == null ? withTestSeed(chosen) : chosen));
  }

  // -- actions ------------------------------------------------------------------------------

  async function run(request) {
    if (busy) return;
    busy = true;
    refreshControls();
    try {
      await update(await request());
    } catch (error) {
      if (error && error.name === "EngineError") {
        announce(t("chouette.not_allowed", { reason: error.message }));
        setChildren(ui.status, t("chouette.not_allowed", { reason: error.message }));
        if (view) render(view);
      } else {
        throw error;
      }
    } finally {
      busy = false;
      refreshControls();
    }
    schedule();
  }

  function act(name, params = {}) {
    return run(() => engine.call(name, params));
  }

  function seatOf(name) {
    return view && name ? view.seats[name] : null;
  }

  function isHuman(name) {
    return seatOf(name)?.kind === "human";
  }

  /** Whether a computer must act now: the opening roll, a computer still to answer a double, or a computer on roll. */
  function computerDue(v) {
    if (v.phase === "opening") return true;
    if (v.phase === "double-offered") return v.awaiting.some((n) => !isHuman(n));
    return v.to_act !== null && !isHuman(v.to_act);
  }

  /** The human (box or captain) who acts on the board now, or null. */
  function humanOnBoard(v) {
    return (v.phase === "roll" || v.phase === "move") && isHuman(v.to_act) ? v.to_act : null;
  }

  /** After each view: let a computer act, pass a turn with no play, roll when there is nothing to decide. */
  function schedule() {
    clearTimeout(pending);
    pending = null;
    if (!view || busy || destroyed || view.phase === "over") return;
    const v = view;
    if (computerDue(v)) {
      pending = setTimeout(() => {
        pending = null;
        act("chouette_computer_action");
      }, COMPUTER_PAUSE_MS);
      return;
    }
    if (!humanOnBoard(v)) return; // people answer the double with their buttons
    if (v.phase === "move" && v.turn_state.finished && v.turn_state.no_play) {
      pending = setTimeout(() => {
        pending = null;
        act("chouette_confirm");
      }, PASS_PAUSE_MS);
    } else if (v.phase === "roll" && !v.cube_actions.includes("double")) {
      pending = setTimeout(() => {
        pending = null;
        act("chouette_roll");
      }, 0);
    } else if (v.phase === "move" && v.turn === "black" && adviceFor !== turnKey(v)) {
      askAdvice(v);
    }
  }

  function turnKey(v) {
    return `${v.game_number}:${v.moves.length}:${v.dice_call}`;
  }

  async function askAdvice(v) {
    adviceFor = turnKey(v);
    advice = null; // asked, not yet answered
    renderAdvice();
    try {
      const answer = await engine.call("chouette_advice");
      if (adviceFor === turnKey(v)) advice = answer;
    } catch (error) {
      if (destroyed) return;
      advice = [];
      setChildren(ui.status, t("chouette.advice_failed", { reason: error.message }));
    }
    renderAdvice();
  }

  async function suggest(name, play) {
    try {
      advice = await engine.call("chouette_suggest", { name, play });
      announce(does(name, "chouette.suggests", { play }));
    } catch (error) {
      if (error && error.name === "EngineError") announce(t("chouette.not_legal", { reason: error.message }));
      else throw error;
      setChildren(ui.status, does(name, "chouette.suggestion_not_legal", { reason: error.message }));
    }
    renderAdvice();
  }

  // -- drawing ------------------------------------------------------------------------------

  async function update(next) {
    if (destroyed || away) return; // a late answer for a page that no longer plays
    const previous = view;
    view = next;
    const computerPlayed =
      previous &&
      next.last_play &&
      next.game_number === previous.game_number &&
      next.moves.length > previous.moves.length &&
      next.moves[next.moves.length - 1].kind === "play" &&
      !isHuman(next.colours[next.last_play.colour]);
    if (!(next.phase === "move" && next.turn === "black")) {
      advice = [];
      adviceFor = null;
    }
    render(next, computerPlayed ? { moves: next.last_play.moves, colour: next.last_play.colour } : null);
    if (newTurn(previous, next)) releaseStatusHeight(ui.status); // another turn: the status fits its sentence again (stage.js)
    if (next.phase === "over" && previous && previous.phase !== "over") ui.sound.play("end");
    announceChanges(previous, next);
    save();
  }

  function orientationFor(v) {
    // a person in the box sees the board from White's side; otherwise the team's (Black's)
    return isHuman(v.box) && !isHuman(v.captain) ? "white" : "black";
  }

  function render(v, animate = null) {
    const turn = v.turn_state;
    const humanMoving = v.phase === "move" && isHuman(v.to_act) && !turn.finished;
    board.set({
      position: boardPosition(v.position),
      orientation: orientationFor(v),
      turn: v.turn,
      dice: v.dice,
      cube: v.cube ? { value: v.cube.value, owner: v.cube.owner, offeredTo: v.cube.offered_by ? (v.cube.offered_by === "white" ? "black" : "white") : null } : null,
      startNumber: v.start ? v.start.number : null,
      labels: {
        white: t("chouette.label.box", { name: v.box }),
        black: v.captain ? t("chouette.label.captain", { name: v.captain }) : t("chouette.the_team"),
      },
      dests: humanMoving ? turn.dests : {},
      interactive: humanMoving,
      lastMove: v.last_play ? v.last_play.moves : [],
      message: v.phase === "over" ? resultMessage(v) : null,
      animate,
    });
    setChildren(ui.status, statusText(v));
    renderPlayers(v);
    renderAnswers(v);
    renderAdvice();
    renderScoreboard(v);
    renderMoveList(ui.moves, v.moves);
    refreshControls();
  }

  function who(name) {
    const seat = seatOf(name);
    return seat && seat.kind === "computer" ? t("chouette.computer_player", { name, level: levelWord(seat.level) }) : name;
  }

  function resultMessage(v) {
    const s = v.settlements[v.settlements.length - 1];
    if (!s) return null;
    const { description } = s;
    return s.winner === "team" ? t("chouette.team_wins", { description }) : does(s.box, "chouette.box_wins", { description });
  }

  function statusText(v) {
    const status = turnStatus(v);
    // a double just settled: who took (or joined) and who dropped (or refused) it is said until the next play
    if (!v.settled || !(v.phase === "roll" || v.phase === "move")) return status;
    return t("chouette.status.after_answers", { answers: settledWords(v.settled, v.box), status });
  }

  function turnStatus(v) {
    const name = v.to_act;
    switch (v.phase) {
      case "opening":
        if (v.dice.length) return t("chouette.status.opening_tie");
        return t("chouette.status.opening", { number: v.game_number, box: named(v.box), captain: named(v.captain) });
      case "roll":
        return isHuman(name) ? does(name, "chouette.status.roll_or_double") : does(who(name), "chouette.status.to_roll");
      case "move":
        if (!isHuman(name)) return does(who(name), "chouette.status.thinking");
        if (v.turn_state.no_play) return does(name, "chouette.status.cannot_move", { call: v.dice_call });
        if (v.turn_state.finished) return does(name, "chouette.status.plays", { play: v.turn_state.notation });
        return does(name, "chouette.status.to_move", { call: v.dice_call });
      case "double-offered": {
        const doubler = v.colours[v.cube.offered_by];
        const waiting = waitingFor(v.awaiting.map((n) => who(n)));
        return does(doubler, "chouette.status.doubles", { value: v.cube.value * 2, waiting });
      }
      case "over": {
        const s = v.settlements[v.settlements.length - 1];
        return t("chouette.status.over", { number: v.game_number, result: resultMessage(v), payments: paymentsText(s) });
      }
      default:
        return "";
    }
  }

  function paymentsText(s) {
    if (!s) return "";
    const parts = Object.entries(s.payments).filter(([, n]) => n !== 0).map(([n, p]) => `${n} ${p > 0 ? "+" : ""}${p}`);
    return parts.length ? t("chouette.payments", { parts: parts.join(", ") }) : "";
  }

  // Four columns, so that the table fits the panel (a phone's width, the desktop's side panel): who plays a
  // seat is said under the name, and an answer to a double under the role.
  function renderPlayers(v) {
    const rows = v.players.map((p) => {
      const kind = p.kind === "computer" ? t("chouette.kind.computer", { level: levelWord(p.level) }) : t("chouette.kind.person");
      const answer = p.answer === null ? (v.awaiting.includes(p.name) ? t("chouette.to_answer") : null) : t(`chouette.answered.${p.answer}`);
      return el(
        "tr",
        { "data-player": p.name, class: p.name === v.to_act ? "tt-chouette-acting" : null },
        el("td", {}, String(p.rank)),
        el("th", { scope: "row" }, p.name, el("small", { "data-kind": p.kind }, kind)),
        el("td", { "data-role": p.role }, t(`chouette.role.${p.role}`), answer && el("small", { "data-answer": p.answer ?? "due" }, answer)),
        el("td", { class: "tt-num" }, p.cube === null ? "–" : String(p.cube)),
      );
    });
    setChildren(ui.players, ...rows);
  }

  function renderAnswers(v) {
    // one pair of buttons per person still to answer, once every computer has answered
    const people = v.phase === "double-offered" && !busy && !computerDue(v) ? v.awaiting.filter(isHuman) : [];
    const doubler = v.phase === "double-offered" ? v.cube.offered_by : null;
    const joining = doubler === "black"; // the captain's double: the other members join it or refuse
    setChildren(
      ui.answers,
      ...people.map((name) => {
        const boxAnswers = name === v.box;
        const [yes, no] = boxAnswers || !joining ? ["take", "drop"] : ["join", "refuse"];
        const words = { take: "chouette.take", drop: "chouette.drop", join: "chouette.join_double", refuse: "chouette.refuse_double" };
        // the T and X keys press the first person's buttons (data-answer: what the key looks for)
        return el(
          "div",
          { class: "tt-chouette-answer", "data-player": name },
          el("span", { class: "tt-label" }, t("chouette.answer_label", { name })),
          el("button", { type: "button", class: "tt-button", "data-answer": "yes", "aria-keyshortcuts": "T", "aria-label": does(name, `chouette.aria.${yes}`), onclick: () => act("chouette_answer", { name, take: true }) }, t(words[yes])),
          el("button", { type: "button", class: "tt-button", "data-answer": "no", "aria-keyshortcuts": "X", "aria-label": does(name, `chouette.aria.${no}`), onclick: () => act("chouette_answer", { name, take: false }) }, t(words[no])),
        );
      }),
    );
    show(ui.answersBox, people.length > 0);
  }

  function renderAdvice() {
    const v = view;
    const captainMoving = v && v.phase === "move" && v.turn === "black" && isHuman(v.to_act);
    show(ui.adviceBox, Boolean(captainMoving));
    if (!captainMoving) return;
    if (advice === null) {
      setChildren(ui.advice, el("li", {}, t("chouette.team_thinking")));
      return;
    }
    if (!advice.length) {
      setChildren(ui.advice, el("li", {}, t("chouette.no_member")));
      return;
    }
    setChildren(
      ui.advice,
      ...advice.map((a) => {
        const line = el("li", { "data-player": a.name }, el("strong", {}, t("chouette.advice_name", { name: a.name })), el("span", { class: "tt-hint-notation" }, a.play || t("chouette.no_suggestion")));
        if (a.play && !v.turn_state.finished) {
          const follow = el("button", { type: "button", class: "tt-button", "aria-label": does(a.name, "chouette.play_suggestion_label") }, t("chouette.play_it"));
          follow.addEventListener("click", () => act("chouette_follow_advice", { name: a.name }));
          line.append(" ", follow);
        }
        if (a.kind === "human") {
          const input = el("input", { type: "text", class: "tt-code", name: "suggestion", placeholder: t("chouette.example_play"), "aria-label": does(a.name, "chouette.suggested_play_label") });
          const send = el("button", { type: "button", class: "tt-button" }, t("chouette.suggest"));
          send.addEventListener("click", () => suggest(a.name, input.value));
          line.append(" ", input, send);
        }
        return line;
      }),
    );
  }

  function renderScoreboard(v) {
    const names = v.players.map((p) => p.name).sort();
    const head = el("tr", {}, el("th", { scope: "col" }, t("chouette.score.game")), ...names.map((n) => el("th", { scope: "col" }, n)));
    // a game's line is the change of every total over it: its end, and any drop paid during it
    const lines = v.settlements.map((s) =>
      el(
        "tr",
        { "data-game": s.game },
        el("th", { scope: "row" }, wonLine(s)),
        ...names.map((n) => el("td", { class: "tt-num" }, signed(s.changes[n] ?? 0))),
      ),
    );
    const totals = Object.fromEntries(v.players.map((p) => [p.name, p.total]));
    const settled = v.settlements.length ? v.settlements[v.settlements.length - 1].totals : {};
    if (v.phase !== "over" && names.some((n) => totals[n] !== (settled[n] ?? 0))) {
      // drops already paid in the game being played
      lines.push(
        el(
          "tr",
          { "data-game": v.game_number },
          el("th", { scope: "row" }, t("chouette.score.in_play", { game: v.game_number })),
          ...names.map((n) => el("td", { class: "tt-num" }, signed(totals[n] - (settled[n] ?? 0)))),
        ),
      );
    }
    const totalRow = el(
      "tr",
      { class: "tt-chouette-total" },
      el("th", { scope: "row" }, t("chouette.score.total")),
      ...names.map((n) => el("td", { class: "tt-num", "data-total": n }, signed(totals[n]))),
    );
    setChildren(ui.scoreboard, el("thead", {}, head), el("tbody", {}, ...lines, totalRow));
    const sum = Object.values(totals).reduce((a, b) => a + b, 0);
    setChildren(ui.scoreCheck, sum === 0 ? t("chouette.score.zero") : t("chouette.score.sum", { sum }));
  }

  function wonLine(s) {
    if (s.winner === "team") return t("chouette.score.won", { game: s.game, name: t("chouette.the_team") });
    return does(s.box, "chouette.score.won", { game: s.game });
  }

  function signed(n) {
    return n > 0 ? `+${n}` : String(n);
  }

  function refreshControls() {
    const v = view;
    const acting = v && !busy ? humanOnBoard(v) : null;
    // nothing is pressed while the engine works, nor while a computer's play slides in: it cannot be hurried
    const free = !board.sliding;
    const turn = v && v.turn_state;
    const can = {
      roll: Boolean(acting) && free && v.phase === "roll",
      double: Boolean(acting) && free && v.phase === "roll" && v.cube_actions.includes("double"),
      undo: Boolean(acting) && free && v.phase === "move" && turn.steps.length > 0,
      confirm: Boolean(acting) && free && v.phase === "move" && turn.finished && !turn.no_play,
      next: Boolean(v) && !busy && free && v.phase === "over",
      resign: Boolean(acting) && free,
    };
    // every control keeps its place in the bar (layout.js), disabled when it cannot be used
    for (const [name, button] of Object.entries(ui.buttons)) {
      if (name in can) button.disabled = !can[name];
    }
    show(ui.resignBox, Boolean(acting));
    const between = Boolean(v) && !busy && (v.phase === "over" || (v.phase === "opening" && v.moves.length === 0));
    show(ui.joinBox, between && v.players.length < MAX_PLAYERS);
    if (v) renderAnswers(v);
  }

  // -- announcing ---------------------------------------------------------------------------

  function announce(text) {
    announceIn(ui.live, text);
  }

  function announceChanges(prev, next) {
    const said = [];
    const samegame = prev && next.game_number === prev.game_number;
    const fresh = samegame ? next.moves.slice(prev.moves.length) : next.moves.slice(-1);
    for (const m of fresh) said.push(m.text);
    if (next.phase === "move" && (!prev || prev.phase !== "move" || prev.turn !== next.turn)) said.push(does(next.to_act, "chouette.rolls", { call: next.dice_call }));
    if (next.phase === "over") said.push(statusText(next));
    if (said.length) announce(said.join(" "));
  }

  function notice(text) {
    showNotice(ui.notice, text);
  }

  function fatal(error) {
    if (destroyed) return; // a terminated engine rejects what was in flight; nobody is watching
    showEngineFailure(ui, board, error);
  }

  function save() {
    if (!view || away) return;
    saveChouette({ save: view.save, seats: view.seats, steps: view.turn_state.steps, preview: view.position });
  }

  // -- controls -----------------------------------------------------------------------------

  ui.buttons.roll.addEventListener("click", () => act("chouette_roll"));
  ui.buttons.double.addEventListener("click", () => act("chouette_double"));
  ui.buttons.undo.addEventListener("click", () => act("chouette_undo"));
  ui.buttons.confirm.addEventListener("click", () => act("chouette_confirm"));
  ui.buttons.next.addEventListener("click", () => act("chouette_next_game"));
  ui.buttons.resign.addEventListener("click", () => act("chouette_resign", { name: view.to_act, outcome: ui.resignOutcome.value }));
  ui.joinKind.addEventListener("change", () => show(ui.joinLevel, ui.joinKind.value === "computer"));
  show(ui.joinLevel, false);
  ui.buttons.join.addEventListener("click", () => {
    const player = { name: ui.joinName.value.trim(), kind: ui.joinKind.value, level: ui.joinLevel.value };
    ui.joinName.value = "";
    act("chouette_join", { player });
  });
  ui.buttons.newChouette.addEventListener("click", () => {
    if (view) {
      lastSetup = {
        ...lastSetup,
        players: view.players
          .map((p) => ({ name: p.name, kind: p.kind, level: p.level || "intermediate" }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    }
    openSetup();
  });
  // the game's keys (docs/play-chouette.md, "Keys"); T and X answer a double for the first person still to answer
  const b = ui.buttons;
  const answer = (which) => () => ui.answers.querySelector(`button[data-answer="${which}"]`);
  bindShortcutKeys(root, { r: b.roll, d: b.double, u: b.undo, c: b.confirm, t: answer("yes"), x: answer("no"), q: b.resign, g: b.next });
  ui.playHere.addEventListener("click", () => {
    if (seat) seat.takeOver();
  });

  return {
    board,
    engine,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(pending);
      pending = null;
      if (seat) seat.release();
      engine.terminate();
      board.destroy();
    },
    get view() {
      return view;
    },
    get advice() {
      return advice;
    },
    get busy() {
      // the board's dice and checkers still moving count: nothing is to be done before they stop
      return busy || pending !== null || board.animating;
    },
  };
}
