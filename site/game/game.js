// The game page: the board, the engine worker, and the turn flow between them.
//
// The engine (toutes_tables.service in a Pyodide worker) holds the match and answers every action
// with a "view": plain JSON describing what to draw and what may happen next (see the service's
// docstring). This module sends the player's actions, draws the views, lets the computer act when
// it is its turn, announces everything in the live region, and saves after every action. The
// computer's thinking, hints and move costs are all worked out in the worker: the page never waits.

import { createBoard } from "../board/board.js";
import { classicPosition } from "../board/state.js";
import { createEngine } from "../engine/client.js";
import { colourName, pageLanguage, t } from "../i18n/i18n.js";
import { createNewGameDialog, DEFAULT_LEVEL, defaultOptions, normaliseOptions } from "./dialog.js";
import { el, setChildren, show } from "./dom.js";
import { mountEmbedShare } from "./embed-share.js";
import { costText, cubeAdviceText, cubeEquitiesText, formatEquity, hintBestText, hintCostText } from "./advice.js";
import { buildLayout } from "./layout.js";
import { newTurn, releaseStatusHeight } from "./stage.js";
import { createResignDialog, resignationAnswerWords } from "./resign.js";
import { parseShareLink, RULE_TITLES, setUpParams, shareLink } from "./links.js";
import {
  announceIn,
  bindShortcutKeys,
  gettingReady,
  pageButton,
  boardPosition,
  renderMoveList,
  showEngineFailure,
  showNotice,
  showAway,
  showProgress,
} from "./page.js";
import { handOver } from "../handoff.js";
import { clearSavedGame, loadSavedGame, saveGame, savedGameInPlay, savedGamePreview } from "./storage.js";
import { bindFullScreen } from "./full-screen.js";
import { forgetGame, gameSummary, keepGame, savedGames, SavedGamesFullError, summaryWords } from "./saved-games.js";
import { withTestSeed } from "./seed.js";
import { holdSeat } from "./seat.js";
import { touchAfterPickUp, touchAfterView, touchMoveDests } from "./touch.js";
import { createReviewPanel, reviewFromSave, reviewToSave } from "./review-panel.js";

const COMPUTER_PAUSE_MS = 450; // long enough to see the computer's dice before its checkers move
const PASS_PAUSE_MS = 900; // a turn with no play is shown before it is passed
const THINKING_SHOWN_AFTER_MS = 200; // quicker answers (a roll) would only make the busy sign flicker

const GAME_SEAT = "toutes-tables/game"; // the Web Lock of the page that plays the saved game (seat.js)

export function createGame(root, { workerUrl }) {
  const ui = buildLayout(root);
  const showEmbed = mountEmbedShare(ui.shareLink, copy);
  let options = defaultOptions();
  let players = { black: "computer", white: "human" };
  let view = null;
  let busy = false;
  let touched = null; // strict touch-move: the player-numbering point of the checker picked up
  let orientation = "white";
  let pending = null; // timer of a scheduled computer action or pass
  let thinking = false; // the worker is working out the computer's action or a hint
  let thinkingShown = null; // timer: the busy sign appears only when an answer takes a while
  let hint = null; // the hint on show: {answer, turnKey}, until the turn it was asked for ends
  let resignAnswer = null; // the computer's answer to a resignation on show: {text, turnKey}, until that turn ends
  let destroyed = false; // the page was left (instant navigation): late answers are dropped

  const board = createBoard(ui.boardHolder, {
    position: classicPosition(),
    message: `${gettingReady()}…`,
    interactive: false,
    events: {
      onMove: (from, to) => act("move", { from, to }),
      onSelect: onSelect,
      onCursor: (_loc, text) => announce(text, { quiet: true }),
      onStill: () => refreshControls(), // the computer's play has slid in: the turn's buttons are back
    },
  });
  drawSavedPreview();
  renderSavedGames();

  const dialog = createNewGameDialog((chosen) => {
    // the cost option lives beside the Hint button, not in the dialog: a new game keeps it
    startNewMatch({ ...chosen, show_cost: options.show_cost }).then((kept) => {
      // kept === null: the game in play could not be set aside, so it is still the one in play (notice shown)
      if (kept) announce(t("game.kept"));
    });
  });
  root.append(dialog.dialog);
  const resignDialog = createResignDialog((outcome) => offerResignation(outcome).catch(fatal));
  root.append(resignDialog.dialog);

  const engine = createEngine(workerUrl, { onProgress: ({ stage, detail }) => showProgress(ui, stage, detail) });
  // the review of each game as it ends, beside the board, in this worker when the game leaves it free
  const reviewPanel = createReviewPanel({
    engine,
    isBusy: () => busy || pending !== null || thinking || board.animating,
    onOpen: (record) => openReview(record),
    onChange: () => save(), // a review's progress, its end (or its closing) is saved with the game
  });
  ui.info.after(reviewPanel.element);
  let seat = null; // this page's hold on the saved game: it plays only while no other page does (seat.js)
  let away = false; // another page plays the game: this one neither acts nor saves
  engine.ready.then(
    () => {
      show(ui.progressBox, false);
      seat = holdSeat(GAME_SEAT, {
        onHeld: () => {
          away = false;
          showAway(ui, null);
          board.set({ message: null });
          begin().catch(fatal); // from the saved game, which the other page kept up to date
        },
        onTaken: () => goAway(t("game.away.taken")),
        onLost: () => goAway(t("game.away.lost")),
      });
    },
    (error) => fatal(error),
  );

  /** Another page plays the game: stop acting and saving here, and offer to play it here instead. */
  function goAway(text) {
    away = true;
    clearTimeout(pending);
    pending = null;
    view = null;
    hint = null;
    board.set({ interactive: false, dests: {}, arrows: [], message: t("game.open_elsewhere") });
    showAway(ui, text);
    setChildren(ui.status, "");
    refreshControls();
    renderSavedGames();
  }

  // -- start-up -----------------------------------------------------------------------------

  function drawSavedPreview() {
    // the last saved position is drawn at once, so a reload shows the game before the engine is up;
    // without one the classic start stays drawn (the saved game itself is checked later)
    const preview = savedGamePreview();
    if (preview) board.set({ position: boardPosition(preview.position), orientation: preview.orientation });
  }

  async function begin() {
    await resumeOrStart();
    // the level names come from the engine, after the game is on show (they load the computer's code)
    dialog.setLevels(await engine.call("levels"));
  }

  /** The engine's view of the saved game `saved` (the game in play or one set aside), now the one in play. */
  function loadInEngine(saved) {
    const o = normaliseOptions(saved.options);
    // the cost line of the people's last play is worked out again when the option is on
    const showCostFor = o.show_cost ? ["black", "white"].filter((c) => saved.players[c] === "human") : [];
    return engine.call("load", withTestSeed({ record: saved.record, steps: saved.steps, level: o.level, show_cost_for: showCostFor }));
  }

  /** The page plays the saved game `saved` (just loaded in the engine): its options, players, side and touch. */
  function takeOver(saved) {
    options = normaliseOptions(saved.options);
    players = saved.players;
    orientation = saved.orientation;
    touched = saved.touched;
    hint = null;
    view = null; // the view on show is another game's: nothing of it is carried over
    ui.showCost.checked = options.show_cost;
  }

  /**
   * Set the game in play aside in the saved games before another replaces it (a link, a new game, a
   * saved game resumed), if it is begun and not over. Returns whether it was kept.
   */
  /**
   * Set the game in play aside in Saved games before something replaces it. Returns whether it was set
   * aside, or null when it could not be stored: then the caller must leave the game in play as it is.
   */
  function keepGameInPlay() {
    let kept;
    try {
      kept = keepGame(savedGameInPlay());
    } catch (error) {
      if (!(error instanceof SavedGamesFullError)) throw error;
      notice(t("game.saved_full", { reason: error.message }));
      return null;
    }
    renderSavedGames();
    return kept;
  }

  async function resumeOrStart() {
    if (await openSharedLink()) return;
    let saved = null;
    try {
      saved = loadSavedGame();
    } catch (error) {
      clearSavedGame();
      notice(t("game.not_restored", { reason: error.message }));
    }
    if (saved) {
      try {
        const loaded = await loadInEngine(saved);
        takeOver(saved);
        reviewPanel.restore(reviewFromSave(saved.review)); // a damaged review is left out: the game loads anyway
        await update(loaded);
        announce(t("game.restored"));
        schedule(); // saved during the opening roll or the computer's turn: carry on from there
        return;
      } catch (error) {
        if (destroyed) return; // the page was left while the game loaded: its save stays as it was
        touched = null;
        // the saved level may be one this version does not have: the new game is at the default
        options = normaliseOptions({ ...options, level: DEFAULT_LEVEL });
        // the save is not thrown away: the new game sets it aside in Saved games, where it can be tried again
        const kept = await startNewMatch(options, { evenIfNotKept: true });
        notice(t(kept ? "game.not_restored_kept" : "game.not_restored", { reason: error.message }));
        return;
      }
    }
    await startNewMatch(options);
  }

  /**
   * Start the game a share link describes: its rule set and start, and with a position, a game set up
   * from that position with its player on roll. A link with anything wrong in it (a malformed
   * parameter, a position the engine refuses) starts nothing: its message is shown and the saved
   * game is resumed as it was. Returns whether the link's game was started.
   */
  async function openSharedLink() {
    const link = parseShareLink(window.location.search);
    if (!link.errors.length && !Object.keys(link.params).length) return false;
    // the link has been read; a reload should resume the game, not open the link again
    window.history.replaceState(null, "", window.location.pathname);
    if (link.errors.length) {
      notice(t("game.link_failed", { reasons: link.errors.join("; ") }));
      return false;
    }
    const p = link.params;
    // a link with the cube turned is played with the cube, whatever the options last chosen
    const chosen = normaliseOptions({ ...options, rules: p.rules || options.rules, start: p.start ?? null, match_length: p.match || 1, ...(p.cube ? { cube: true } : {}) });
    if (!p.position) {
      const kept = await startNewMatch(chosen);
      if (kept === null) return false; // the game in play could not be set aside: it goes on
      if (kept) notice(t("game.kept_notice"));
      return true;
    }
    let opened;
    try {
      // the cube and the match score set up with the position (the analysis board's) come with it
      opened = await engine.call("new_match", { ...engineOptions(chosen), position: p.position, turn: p.turn, ...(p.dice ? { dice: p.dice } : {}), ...setUpParams(p) });
    } catch (error) {
      notice(t("game.link_position_failed", { reason: error.message }));
      return false;
    }
    const kept = keepGameInPlay();
    if (kept === null) return false; // the game in play could not be set aside: it goes on (the engine's is reloaded)
    // with its roll (the analysis board's "Play from here"), the set-up's player on roll is the person's side:
    // the person plays the roll set up, not the computer; against a person both sides are people anyway
    setPlayers(p.dice ? { ...chosen, colour: opened.turn } : chosen);
    await update(opened);
    if (kept) notice(t("game.kept_notice"));
    announce(t("game.shared_position", { colour: colourName(opened.turn) }));
    schedule();
    return true;
  }

  function setPlayers(chosen) {
    options = normaliseOptions(chosen);
    const other = options.colour === "white" ? "black" : "white";
    players = { [options.colour]: "human", [other]: options.opponent === "computer" ? "computer" : "human" };
    orientation = options.colour;
    touched = null;
    hint = null;
    ui.showCost.checked = options.show_cost;
  }

  /**
   * Start a new match with the options `chosen`; the game in play is set aside first. Returns whether it
   * was, or null when it could not be stored and so nothing was started (unless `evenIfNotKept`: the game
   * in play cannot be played anyway).
   */
  async function startNewMatch(chosen, { evenIfNotKept = false } = {}) {
    // a new game asked for while the engine works for the old one (the computer's turn) is not dropped:
    // that answer comes first, then nothing more of the old game is scheduled
    while (busy && !destroyed) await new Promise((resolve) => setTimeout(resolve, 25));
    clearTimeout(pending);
    pending = null;
    const kept = keepGameInPlay();
    if (kept === null && !evenIfNotKept) return null;
    setPlayers(chosen);
    await run(() => engine.call("new_match", engineOptions(options)));
    return kept;
  }

  function engineOptions(o) {
    return withTestSeed({
      rules: o.rules,
      match_length: o.match_length,
      start: o.start,
      cube: o.cube,
      crawford: o.crawford,
      jacoby: o.jacoby,
      money_game: o.money_game,
      auto_doubles: o.auto_doubles,
      auto_double_limit: o.auto_double_limit,
      point_game: o.point_game,
      winner_opens: o.winner_opens,
      level: o.level,
    });
  }

  // -- actions ------------------------------------------------------------------------------

  /**
   * Run `task` (async) with the page busy: the turn's buttons disabled in their places meanwhile, the
   * thinking sign on when `think` (the worker works out a move or a hint), all as it was once it ends.
   */
  async function whileBusy(task, { think = false } = {}) {
    busy = true;
    setThinking(think);
    refreshControls();
    try {
      return await task();
    } finally {
      busy = false;
      setThinking(false);
      refreshControls();
    }
  }

  async function run(request, { think = false } = {}) {
    if (busy) return;
    await whileBusy(async () => {
      try {
        await update(await request());
      } catch (error) {
        if (!(error && error.name === "EngineError")) throw error;
        announce(t("game.not_allowed", { reason: error.message }));
        setChildren(ui.status, t("game.not_allowed", { reason: error.message }));
        if (view) render(view); // the engine left the game as it was: draw it again
      }
    }, { think });
    schedule();
  }

  function act(method, params = {}) {
    // nothing acts before the first game is on show (the engine may still be loading), nor twice at once
    if (!view || busy) return;
    // with the cost option, the worker judges the play as it is confirmed (the strongest level's search)
    if (method === "confirm") return run(() => engine.call("confirm", { show_cost: options.show_cost }), { think: options.show_cost });
    return run(() => engine.call(method, params));
  }

  /** The busy indicator: shown while the worker thinks for the computer or for a hint (not for a quick answer). */
  function setThinking(on) {
    thinking = on;
    clearTimeout(thinkingShown);
    if (on) {
      thinkingShown = setTimeout(() => show(ui.thinking, thinking), THINKING_SHOWN_AFTER_MS);
    } else {
      show(ui.thinking, false);
    }
    ui.game.setAttribute("aria-busy", on ? "true" : "false");
  }

  // -- advice -------------------------------------------------------------------------------

  /** What a hint is good for: the turn it was asked in (a checker moved within it keeps it valid). */
  function turnKey(v) {
    return `${v.game_number}/${v.moves.length}/${v.phase}/${v.actor}`;
  }

  async function askHint() {
    if (busy || !view || !humanToAct(view)) return;
    const asked = view;
    await whileBusy(async () => {
      try {
        const answer = await engine.call("hint");
        if (destroyed || view !== asked) return;
        hint = { answer, turnKey: turnKey(asked) };
        renderHint();
        render(view); // the best play's arrows on the board
        announce(hintSummary(answer));
      } catch (error) {
        if (!(error && error.name === "EngineError")) throw error;
        setChildren(ui.status, t("game.no_hint", { reason: error.message }));
      }
    }, { think: true });
    schedule();
  }

  function hintSummary(answer) {
    const said = [];
    if (answer.cube) said.push(t("game.hint.cube", { advice: cubeAdviceText(answer.cube) }));
    if (answer.plays.length) {
      const best = answer.plays[0];
      said.push(hintBestText(best));
    }
    if (!said.length) said.push(answer.dice ? t("game.hint.no_play") : t("game.hint.roll"));
    return said.join(" ");
  }

  function renderHint() {
    if (!hint) {
      show(ui.hintBox, false);
      setChildren(ui.hintBox);
      return;
    }
    const { answer } = hint;
    const parts = [el("h3", {}, t("game.hint"))];
    if (answer.cube) {
      parts.push(
        el("p", { class: "tt-hint-cube" }, el("strong", {}, answer.cube.verdict), answer.cube.reason ? ` ${answer.cube.reason}` : ""),
        el("p", { class: "tt-hint-equities" }, cubeEquitiesText(answer.cube.equities)),
      );
    }
    if (answer.plays.length) {
      parts.push(
        el(
          "ol",
          { class: "tt-hint-plays", "aria-label": t("game.hint.best_plays") },
          ...answer.plays.map((p, i) =>
            el(
              "li",
              { class: i === 0 ? "tt-hint-best" : null },
              el("span", { class: "tt-hint-notation" }, p.notation),
              " ",
              el("span", { class: "tt-hint-equity" }, formatEquity(p.equity)),
              i > 0 && p.cost !== undefined ? el("small", { class: "tt-hint-cost" }, hintCostText(p)) : null,
              p.reason ? el("small", {}, ` ${p.reason}`) : null,
              // the strongest level looks ahead on its best candidates only; the others keep a quick estimate
              p.ply < answer.plays[0].ply ? el("small", { class: "tt-hint-shallow" }, t("game.hint.quick")) : null,
            ),
          ),
        ),
      );
    } else if (!answer.cube) {
      parts.push(el("p", {}, answer.dice ? t("game.hint.no_play_box") : t("game.hint.roll_box")));
    }
    setChildren(ui.hintBox, ...parts);
    show(ui.hintBox, true);
  }

  function renderCost(v) {
    const c = v.last_cost;
    const mine = c && options.show_cost && players[c.colour] === "human";
    show(ui.cost, Boolean(mine));
    setChildren(ui.cost, mine ? costText(c) : "");
  }

  // -- resigning ----------------------------------------------------------------------------

  /**
   * The player who must act offers to resign `outcome` (docs/rules/scoring.md, "Resigning"): the computer
   * accepts or refuses as a player would (the engine's resignation_answer); another person at the same
   * device has agreed already. Refused, the game goes on where it was, and the status line says why.
   */
  async function offerResignation(outcome) {
    if (busy || !view || !humanToAct(view) || !allowedActions(view).resign) return;
    clearTimeout(pending);
    pending = null;
    const receiver = view.actor === "black" ? "white" : "black";
    let answer = null;
    if (players[receiver] === "computer") {
      await whileBusy(async () => {
        try {
          answer = await engine.call("resignation_answer", { outcome });
        } catch (error) {
          if (!(error && error.name === "EngineError")) throw error;
          setChildren(ui.status, t("game.not_allowed", { reason: error.message }));
        }
      }, { think: true });
      if (destroyed || !answer) return schedule();
      if (!answer.accepts) {
        // the status line says it in a few words (a phone's has three lines); the figures go in the panel
        const words = resignationAnswerWords(answer);
        showResignationAnswer(words.why, view);
        setChildren(ui.status, words.status);
        announce(`${words.status} ${words.why}`);
        return schedule();
      }
    }
    await run(() => engine.call("resign", { outcome }));
    if (answer && view && view.phase === "over") {
      // the computer's answer is news the status line gives, with the result
      const words = resignationAnswerWords(answer);
      showResignationAnswer(words.why, view);
      setChildren(ui.status, `${words.status} ${statusText(view)}`);
      announce(words.why);
    }
  }

  /** The figures of the computer's answer to a resignation, in the panel while the view `v`'s turn lasts. */
  function showResignationAnswer(text, v) {
    resignAnswer = { text, turnKey: turnKey(v) };
    renderResignationAnswer(v);
  }

  function renderResignationAnswer(v) {
    const mine = resignAnswer && resignAnswer.turnKey === turnKey(v);
    show(ui.resignAnswer, Boolean(mine));
    setChildren(ui.resignAnswer, mine ? resignAnswer.text : "");
  }

  function onSelect(source) {
    const before = touched;
    touched = touchAfterPickUp(touched, source, { strict: options.strict_touch, picking: Boolean(view) && !busy });
    if (touched === before) return;
    // touch-move: the checker picked up is the one this move must use
    board.set({ dests: restrictedDests(view.turn_state) });
    save();
    announce(source === "bar" ? t("game.touched_bar") : t("game.touched_point", { point: source }));
  }

  function restrictedDests(v) {
    return touchMoveDests(v.dests, touched);
  }

  function humanToAct(v) {
    const actor = v.actor;
    return actor !== null && players[actor] === "human";
  }

  /** After each view: let the computer act, pass a turn with no play, or auto-play a forced one. */
  function schedule() {
    clearTimeout(pending);
    pending = null;
    if (!view || busy || destroyed) return;
    const v = view;
    if (v.phase === "over") return;
    if (v.phase === "opening") {
      // the opening roll decides nothing: it is rolled for both sides, ties again until they differ
      pending = setTimeout(() => act("roll"), COMPUTER_PAUSE_MS);
      return;
    }
    if (!humanToAct(v)) {
      pending = setTimeout(() => run(() => engine.call("computer_action"), { think: true }), COMPUTER_PAUSE_MS);
      return;
    }
    if (v.phase === "move" && v.turn_state.finished && v.turn_state.no_play) {
      pending = setTimeout(() => act("confirm"), PASS_PAUSE_MS);
    } else if (v.phase === "move" && options.autoplay_forced && v.turn_state.forced && v.turn_state.steps.length === 0) {
      pending = setTimeout(() => run(() => engine.call("play_forced")), COMPUTER_PAUSE_MS);
    } else if (v.phase === "move" && options.autoplay_forced && v.turn_state.forced && v.turn_state.finished) {
      // the forced play has been shown on the board: end the turn with it
      pending = setTimeout(() => act("confirm"), COMPUTER_PAUSE_MS);
    } else if (v.phase === "roll" && !v.cube_actions.includes("double") && !ui.rollByHand.checked) {
      // nothing to decide before rolling (no cube, or the cube is not ours): roll at once, unless by hand
      pending = setTimeout(() => act("roll"), 0);
    }
  }

  // -- drawing ------------------------------------------------------------------------------

  async function update(next) {
    if (destroyed || away) return; // a late answer for a page that no longer plays
    const previous = view;
    view = next;
    if (hint && hint.turnKey !== turnKey(next)) hint = null; // advice for a turn that is over
    const newCost = next.last_cost && (!previous || JSON.stringify(previous.last_cost) !== JSON.stringify(next.last_cost));
    touched = touchAfterView(touched, previous, next);
    // the computer's play slides into place, so the player sees what moved
    const computerPlayed =
      previous &&
      next.last_play &&
      players[next.last_play.colour] === "computer" &&
      next.moves.length > previous.moves.length &&
      next.moves[next.moves.length - 1].kind === "play";
    render(next, computerPlayed ? { moves: next.last_play.moves, colour: next.last_play.colour } : null);
    if (newTurn(previous, next)) releaseStatusHeight(ui.status); // another turn: the status fits its sentence again (stage.js)
    if (next.phase === "over" && previous && previous.phase !== "over") {
      ui.sound.play("end");
      reviewPanel.review(next.record, next.game_number);
    }
    const costSaid = newCost && options.show_cost && players[next.last_cost.colour] === "human" ? [costText(next.last_cost)] : [];
    announceChanges(previous, next, costSaid);
    save();
  }

  function render(v, animate = null) {
    const turnState = v.turn_state;
    const humanMoving = v.phase === "move" && humanToAct(v) && !turnState.finished;
    board.set({
      position: boardPosition(v.position),
      orientation,
      turn: v.turn,
      dice: v.dice,
      cube: v.cube ? { value: v.cube.value, owner: v.cube.owner, offeredTo: v.cube.offered_by ? v.actor : null } : null,
      startNumber: v.start ? v.start.number : null,
      labels: labels(),
      dests: humanMoving ? restrictedDests(turnState) : {},
      interactive: humanMoving,
      lastMove: v.last_play ? v.last_play.moves : [],
      // the hint's best play, drawn as arrows checker by checker until the turn it was asked for ends
      arrows: hint && hint.answer.plays.length ? hint.answer.plays[0].moves : [],
      message: resultMessage(v),
      animate,
    });
    setChildren(ui.status, statusText(v));
    renderInfo(v);
    renderMoveList(ui.moves, v.moves);
    renderHint();
    renderCost(v);
    renderResignationAnswer(v);
    refreshControls();
  }

  function labels() {
    const name = (c) => {
      if (players[c] === "computer") return t("game.label.computer", { colour: colourName(c) });
      return players.black === players.white ? colourName(c) : t("game.label.you", { colour: colourName(c) });
    };
    return { black: name("black"), white: name("white") };
  }

  function resultMessage(v) {
    if (v.phase !== "over") return null;
    if (v.match.over) return t("game.wins_match", { colour: colourName(v.match.winner) });
    return t("game.wins", { colour: colourName(v.result.winner), description: v.result.description });
  }

  function statusText(v) {
    const text = phaseText(v);
    // the answer to a double is news the status line gives, not the move list only: a take (the doubler
    // plays on), a drop (the game is over)
    const last = v.moves[v.moves.length - 1];
    const taken = last && last.kind === "take" && v.phase !== "over" && humanToAct(v);
    const dropped = last && last.kind === "drop" && v.phase === "over";
    return taken || dropped ? `${last.text} ${text}` : text;
  }

  function phaseText(v) {
    const who = v.actor ? colourName(v.actor) : "";
    const you = v.actor && humanToAct(v) && players.black !== players.white;
    switch (v.phase) {
      case "opening":
        return v.dice.length ? t("game.status.opening_tie") : t("game.status.opening");
      case "roll":
        if (!you) return t("game.status.to_roll", { who });
        return v.cube_actions.includes("double") ? t("game.status.your_roll_or_double") : t("game.status.your_roll");
      case "move":
        if (!humanToAct(v)) return t("game.status.thinking", { who });
        if (v.turn_state.no_play) return t("game.status.cannot_move", { who, call: v.dice_call });
        if (v.turn_state.finished) {
          const play = v.turn_state.notation;
          return you ? t("game.status.you_play", { play }) : t("game.status.plays", { who, play });
        }
        return you ? t("game.status.your_move", { call: v.dice_call }) : t("game.status.to_move", { who, call: v.dice_call });
      case "double-offered":
        return humanToAct(v)
          ? t("game.status.doubles", { who: colourName(v.cube.offered_by), value: v.cube.value * 2 })
          : t("game.status.considering", { who });
      case "over": {
        const result = { who: colourName(v.result.winner), description: v.result.description, score: matchLine(v) };
        return v.match.over ? t("game.status.wins_match", result) : t("game.status.wins", result);
      }
      default:
        return "";
    }
  }

  function matchLine(v) {
    const s = v.match.score;
    const score = { black: s.black, white: s.white, length: v.match.length };
    return v.match.length > 1 ? t("game.match_score", score) : t("game.score", score);
  }

  function scoreLine(v) {
    const s = v.match.score;
    const score = { black: s.black, white: s.white, length: v.match.length };
    return v.match.length > 1 ? t("game.score_line_match", score) : t("game.score_line", score);
  }

  function renderInfo(v) {
    const rows = [[t("game.info.rules"), RULE_TITLES[v.rules] || v.rules], [t("game.info.score"), scoreLine(v)]];
    if (v.match.crawford) rows.push([t("game.info.crawford"), t("game.info.crawford_game")]);
    if (v.start) {
      const [r1, r2] = v.start.rolls;
      rows.push([t("game.info.start"), t("game.info.start_drawn", { number: v.start.number, first: `${r1[0]}-${r1[1]}`, second: `${r2[0]}-${r2[1]}` })]);
    }
    if (v.cube) {
      const value = v.cube.value;
      rows.push([t("game.info.cube"), v.cube.owner ? t("game.info.cube_owned", { value, colour: colourName(v.cube.owner) }) : t("game.info.cube_middle", { value })]);
    }
    setChildren(ui.info, ...rows.map(([k, val]) => el("div", { class: "tt-info-row" }, el("dt", {}, k), el("dd", {}, val))));
    ui.positionId.value = v.position_id;
    // the position at the start of this turn, with its player on roll; a finished game has none to share
    const playing = v.phase !== "over" && v.phase !== "opening";
    ui.shareLink.value = shareLink(window.location.href, {
      rules: v.rules,
      start: v.start ? v.start.number : null,
      position: playing ? v.position_id : null,
      turn: v.turn || "white",
      match: v.match.length,
      cube: v.cube,
      score: v.match.score,
      crawford: v.match.crawford,
    });
    showEmbed(v);
  }

  /** Which buttons a player could press now. */
  function allowedActions(v) {
    // nothing is pressed while the engine works, nor while the computer's play slides in: it cannot be hurried
    const free = !busy && !board.sliding;
    const human = v && humanToAct(v) && free;
    const turnState = v && v.turn_state;
    return {
      roll: human && v.phase === "roll",
      double: human && v.phase === "roll" && v.cube_actions.includes("double"),
      take: human && v.phase === "double-offered",
      drop: human && v.phase === "double-offered",
      undo: human && v.phase === "move" && turnState.steps.length > 0,
      confirm: human && v.phase === "move" && turnState.finished && !turnState.no_play,
      next: Boolean(v) && free && v.phase === "over" && !v.match.over,
      rematch: Boolean(v) && free && v.phase === "over" && v.match.over,
      resign: human && ["roll", "move", "double-offered"].includes(v.phase),
      hint: human && ["roll", "move", "double-offered"].includes(v.phase) && !(v.phase === "move" && turnState.no_play),
    };
  }

  function refreshControls() {
    const v = view;
    // nothing that needs the engine can be pressed before the first game is on show
    for (const control of [ui.buttons.newGame, ui.copyId, ui.copyLink]) control.disabled = !v;
    for (const button of ui.savedList.querySelectorAll("button")) button.disabled = !v || busy;
    ui.buttons.review.disabled = !v || v.moves.length === 0;
    if (!v) return; // while the engine loads, the turn's buttons stay in place, disabled (buildLayout)
    const can = allowedActions(v);
    // while the engine works (a hint, a confirm) the buttons stay in place, disabled: nothing jumps
    // every control keeps its place (layout.js), disabled when it cannot be used, the cube's in every rule set
    for (const [name, button] of Object.entries(ui.buttons)) {
      if (name in can) button.disabled = !can[name];
    }
  }

  // -- saved games --------------------------------------------------------------------------

  /** The saved games panel: each game set aside, most recent first, with Resume and Delete. */
  function renderSavedGames() {
    const list = savedGames();
    setChildren(ui.savedTitle, list.length ? t("game.saved_games_count", { count: list.length }) : t("game.saved_games"));
    const canAct = Boolean(view) && !busy;
    const items = list.map((entry) => {
      const s = summaryWords(entry.game.summary);
      const when = new Date(entry.savedAt);
      const resume = pageButton(t("game.button.resume"), { "aria-label": t("game.saved.resume_label", s) });
      const remove = pageButton(t("game.button.delete"), { "aria-label": t("game.saved.delete_label", s) });
      resume.disabled = remove.disabled = !canAct;
      resume.addEventListener("click", () => resumeSavedGame(entry).catch(fatal));
      remove.addEventListener("click", () => {
        forgetGame(entry.id);
        renderSavedGames();
        announce(t("game.saved.deleted", s));
      });
      return el(
        "li",
        { class: "tt-saved-game" },
        el("div", {}, el("strong", { class: "tt-saved-title" }, s.title), " · ", el("span", { class: "tt-saved-score" }, s.score)),
        el("div", {}, el("small", {}, Number.isNaN(when.getTime()) ? s.detail : t("game.saved.set_aside", {
          detail: s.detail, when: when.toLocaleString(pageLanguage(), { dateStyle: "medium", timeStyle: "short" }) }))),
        el("div", { class: "tt-actions" }, resume, remove),
      );
    });
    setChildren(ui.savedList, ...items);
    show(ui.savedEmpty, list.length === 0);
  }

  /** Play the saved game `entry` again, exactly where it was left; the game in play is set aside in its place. */
  async function resumeSavedGame(entry) {
    if (busy || !view) return;
    // the game in play is set aside first (its save is still the slot's: the resumed game is saved over it
    // below); if it cannot be stored, nothing changes
    if (keepGameInPlay() === null) return;
    let loaded = null;
    await whileBusy(async () => {
      try {
        loaded = await loadInEngine(entry.game);
      } catch (error) {
        if (!(error && error.name === "EngineError")) throw error;
        // the entry stays in the list whatever went wrong (Delete removes it): a stopped worker or a version
        // that cannot read it today must not cost the player the game
        if (!destroyed) notice(t("game.saved.not_resumed", { reason: error.message }));
      }
    });
    if (loaded && !destroyed) {
      clearTimeout(pending);
      pending = null;
      forgetGame(entry.id);
      takeOver(entry.game);
      await update(loaded);
      announce(t("game.saved.resumed", summaryWords(entry.game.summary)));
    }
    refreshControls();
    renderSavedGames();
    schedule();
  }

  // -- announcing ---------------------------------------------------------------------------

  function announce(text, { quiet = false } = {}) {
    announceIn(quiet ? ui.cursorLive : ui.live, text);
  }

  function announceChanges(prev, next, extra = []) {
    const said = [];
    const prevCount = prev ? prev.moves.length : 0;
    const fresh = prev && next.game_number === prev.game_number ? next.moves.slice(prevCount) : next.moves.slice(-1);
    for (const m of fresh) said.push(m.text);
    said.push(...extra);
    if (next.phase === "move" && next.turn_state.steps.length && humanToAct(next)) {
      said.push(t("game.so_far", { colour: colourName(next.turn), play: next.turn_state.notation_so_far }));
    }
    if (next.phase === "move" && (!prev || prev.phase !== "move" || prev.turn !== next.turn)) {
      said.push(t("game.rolls", { colour: colourName(next.turn), call: next.dice_call }));
      if (next.turn_state.no_play) said.push(t("game.no_legal_play"));
    }
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
    saveGame({
      record: view.record,
      steps: view.turn_state ? view.turn_state.steps : [],
      players,
      options,
      orientation,
      touched,
      preview: view.position,
      summary: gameSummary(view, players),
      review: reviewToSave(reviewPanel.state),
    });
  }

  // -- controls -----------------------------------------------------------------------------

  ui.buttons.roll.addEventListener("click", () => act("roll"));
  ui.buttons.double.addEventListener("click", () => act("double"));
  ui.buttons.take.addEventListener("click", () => act("take"));
  ui.buttons.drop.addEventListener("click", () => act("drop"));
  ui.buttons.undo.addEventListener("click", () => act("undo"));
  ui.buttons.confirm.addEventListener("click", () => act("confirm"));
  ui.buttons.next.addEventListener("click", () => act("next_game"));
  ui.buttons.resign.addEventListener("click", () => {
    if (view && !ui.buttons.resign.disabled) resignDialog.open(view);
  });
  // the same match again, with the same options and sides; the match that ended is not kept (it is over)
  ui.buttons.rematch.addEventListener("click", () => {
    if (view && !busy) startNewMatch(options).catch(fatal);
  });
  ui.buttons.hint.addEventListener("click", () => askHint().catch(fatal));
  // rolling by hand: a tap on the board rolls too, when Roll could be pressed
  ui.boardHolder.addEventListener("click", () => {
    if (ui.rollByHand.checked && !ui.buttons.roll.disabled) ui.buttons.roll.click();
  });
  ui.rollByHand.addEventListener("change", () => schedule());
  ui.showCost.addEventListener("change", () => {
    options = { ...options, show_cost: ui.showCost.checked };
    if (view) renderCost(view);
    save();
  });
  ui.buttons.newGame.addEventListener("click", () => dialog.open(options));
  ui.playHere.addEventListener("click", () => {
    if (seat) seat.takeOver();
  });
  // the review page (site/review/) reviews the match's record in its own worker, reusing the panel's review (as
  // far as it went) instead of making it again; the game stays saved
  function openReview(record) {
    handOver(record, reviewPanel.state);
    window.location.assign(new URL("../play-review/", window.location.href).href);
  }
  ui.buttons.review.addEventListener("click", () => view && openReview(view.record));
  const leaveFullScreen = bindFullScreen(ui.buttons.fullScreen);
  ui.buttons.flip.addEventListener("click", () => {
    orientation = orientation === "white" ? "black" : "white";
    board.set({ orientation });
    save();
  });
  for (const [button, input] of [
    [ui.copyId, ui.positionId],
    [ui.copyLink, ui.shareLink],
  ]) {
    button.addEventListener("click", () => copy(input));
  }
  // Shortcuts anywhere in the game except form fields (layout.js's Keys list): the turn's buttons, the cube's, the next game
  const b = ui.buttons;
  bindShortcutKeys(root, { r: b.roll, u: b.undo, c: b.confirm, h: b.hint, d: b.double, t: b.take, x: b.drop, q: b.resign, g: b.next });

  async function copy(input) {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      announce(t("game.copied"));
    } catch {
      announce(t("game.select_to_copy"));
    }
  }

  return {
    board,
    engine,
    /** Stop everything this game started (timers, the engine worker, the board's listeners). */
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(pending);
      clearTimeout(thinkingShown);
      pending = null;
      reviewPanel.destroy();
      leaveFullScreen();
      if (seat) seat.release();
      engine.terminate();
      board.destroy();
    },
    get view() {
      return view;
    },
    /** The review of the game last ended (review-panel.js): {record, game, decisions, summary, done, running}. */
    get review() {
      return reviewPanel.state;
    },
    get busy() {
      // the board's dice and checkers still moving count: nothing is to be done before they stop
      return busy || pending !== null || board.animating;
    },
    get thinking() {
      return thinking;
    },
    /** The hint on show (the engine's answer to hint), or null. */
    get hint() {
      return hint ? hint.answer : null;
    },
  };
}

