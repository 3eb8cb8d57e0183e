// The canvas backgammon board: one factory, a small API, no rules inside.
//
//   import { createBoard } from "./board/board.js";
//   const board = createBoard(document.querySelector("#board"), {
//     position, turn: "white", dice: [{value: 6, colour: "white"}, {value: 1, colour: "white"}],
//     dests: {13: [7, 12, 6], 8: [2, 7]},
//     events: { onMove: (from, to) => ..., onSelect: (source) => ..., onCursor: (loc, text) => ... },
//   });
//   board.set({ position: next, dests: {...} });   // merge new settings, redraw once per frame
//   board.set({ position: next, animate: { moves: [[13, 7], [7, 5]], colour: "black" } });
//                                                  // the same, sliding those checkers into place
//                                                  // (not when prefers-reduced-motion asks for none)
//   board.set({ position: next, dice, roll: false });  // the dice shown at once, not tumbling: a position
//                                                  // looked at (the review, the analysis board), not a roll
//   board.animating                                // dice tumbling or a play sliding in: settings
//                                                  // set meanwhile wait for the motion's end (a
//                                                  // sliding play takes no input: README.md)
//   board.sliding                                  // a play sliding in (or waiting to): the host's
//                                                  // turn buttons wait too, until events.onStill()
//   board.motion                                   // {rolls, slides} played so far (none under reduced motion)
//   board.state                                    // read-only view of the current state
//   board.destroy();                                // remove listeners, observers and a created canvas
//
// Every setting and its default is listed in `defaults()` of ./state.js. Locations are absolute point
// numbers 1..24, "bar" (the mover's bar) and "off" (the mover's tray). The host supplies, for each
// movable source, every legal destination (two-dice destinations included) and gets (from, to) back.
//
// Keys, when the canvas has focus: arrows move the cursor between points (Up/Down change row);
// Enter or Space picks up the checker under the cursor, or drops the picked one there; with a checker
// picked, the arrows step through its legal destinations; Escape puts it back; N / P jump to the
// next / previous movable checker.
//
// A finger's tap (a touch or a pen, not a mouse) is taken as 44 px wide (./reach.js): it acts on the one
// location it covers, even a little off it, and on the point it lands in the middle of; only a tap near
// the border between two targets (points 22 px wide side by side on a phone) brings up a row of 44 px
// buttons over the board asking which one.
//
// Fresh dice tumble before they settle, and a checker moved by a click or a key glides to its point
// (./animation.js). The canvas fires "tt-board-sound" events (detail.kind: "roll", "move", "hit") for a
// host that plays sounds (site/game/sound.js).

import { CLICK_SLIDE_MS, isFreshRoll, rollAt, ROLL_MS, SLIDE_MS, slideAt } from "./animation.js";
import { ASPECT, bottomColour, layout, locationAt, locationCentre } from "./geometry.js";
import { render } from "./draw.js";
import { t } from "../i18n/i18n.js";
import { chooserLabel, chooserOrder, FINGER_PX, fingerReach } from "./reach.js";
import {
  activate,
  configure,
  defaults,
  describeLocation,
  destinationsFrom,
  firstCursor,
  isSource,
  moveCursor,
  nextSource,
} from "./state.js";

const DRAG_THRESHOLD = 6; // CSS pixels a pointer must travel before a press becomes a drag

function prefersReducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Make a board in `target`: a <canvas> is used as is; any other element gets a canvas appended,
 * sized to the element's width at the board's aspect ratio.
 */
export function createBoard(target, config = {}) {
  const ownCanvas = !(target instanceof HTMLCanvasElement);
  const canvas = ownCanvas ? document.createElement("canvas") : target;
  const container = ownCanvas ? target : canvas.parentElement;
  if (ownCanvas) container.appendChild(canvas);
  canvas.classList.add("tt-board");
  if (!canvas.hasAttribute("tabindex")) canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", t("board.roledescription"));
  if (!canvas.hasAttribute("aria-label")) {
    canvas.setAttribute("aria-label", t("board.label"));
  }
  canvas.style.touchAction = "none"; // drags must not scroll the page on touch screens

  const state = configure(defaults(), { reducedMotion: prefersReducedMotion() });
  configure(state, config);
  let lay = layout(1, 1);
  let dpr = 1;
  let frame = 0;
  let destroyed = false;
  let press = null; // {source, x, y, wasSelected, pointerId, reach}
  let chooser = null; // the 44 px buttons a finger's doubtful tap offers (reach.js), over the canvas
  let glide = null; // {from, to, colour}: the move just made by a click or a key, to slide when it is set
  let deferred = []; // settings set while the board was in motion, applied once it is still
  // a move was made on the board: the cursor (on the move's destination) is described once the host sets the
  // position that move makes, not before, when the point still shows what it held (an empty point for a checker
  // just placed on it)
  let cursorAfterMove = false;
  const motion = { rolls: 0, slides: 0 };

  function redraw() {
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (destroyed) return;
      const ctx = canvas.getContext("2d");
      render(ctx, state, lay, dpr);
    });
  }

  /** Dice tumbling or a play sliding in: the motions the host's next settings and the input wait for. */
  function animating() {
    return (state.animation !== null && state.animation.blocking) || state.rolling !== null;
  }

  /** A play sliding in (the computer's, the other player's): the board takes no input meanwhile. */
  function sliding() {
    return state.animation !== null && state.animation.blocking;
  }

  /**
   * A clicked checker's glide and the player's own dice tumbling are flourishes: the player's next
   * touch or key ends them at once (a setting from the host ends the glide).
   */
  function endGlide() {
    if (state.animation && !state.animation.blocking) state.animation = null;
  }

  function endFlourishes() {
    endGlide();
    if (state.rolling) {
      state.rolling = null;
      settle();
    }
  }

  function sound(kind) {
    canvas.dispatchEvent(new CustomEvent("tt-board-sound", { bubbles: true, detail: { kind } }));
  }

  /** Run frames until `frame(elapsed)` says the motion is over, then apply what was set meanwhile. */
  function run(frameAt) {
    const started = performance.now();
    const tick = (now) => {
      if (destroyed) return;
      // a frame's timestamp may precede the moment the motion was asked for
      const over = frameAt(Math.max(now - started, 0));
      redraw();
      if (!over) requestAnimationFrame(tick);
      else if (!animating()) {
        settle();
        if (!animating() && !destroyed) emit("onStill"); // the host may let its buttons be pressed again
      }
    };
    requestAnimationFrame(tick);
  }

  /** Apply the settings deferred while the board moved, in order, until one starts a motion again. */
  function settle() {
    while (deferred.length && !animating()) apply(deferred.shift());
  }

  /**
   * Slide checkers into the position just set, one move after another (skipped when the reader
   * prefers reduced motion): `moves` are [from, to] locations of `colour`.
   */
  function slide(moves, colour, { perMove = SLIDE_MS, blocking = true } = {}) {
    if (state.reducedMotion || !moves || moves.length === 0) {
      state.animation = null;
      return;
    }
    motion.slides += 1;
    const a = { moves, colour, step: 0, progress: 0, blocking };
    state.animation = a;
    let sounded = -1;
    run((elapsed) => {
      if (state.animation !== a) return true;
      const at = slideAt(elapsed, moves.length, perMove);
      a.step = at.step;
      a.progress = at.progress;
      if (at.step !== sounded && !at.done) {
        sounded = at.step;
        sound("move");
      }
      if (at.done) state.animation = null;
      return at.done;
    });
  }

  /** The dice just set tumble before they settle (not under reduced motion). */
  function roll() {
    sound("roll");
    if (state.reducedMotion) return;
    motion.rolls += 1;
    const r = { progress: 0 };
    state.rolling = r;
    run((elapsed) => {
      if (state.rolling !== r) return true;
      const at = rollAt(elapsed, ROLL_MS);
      r.progress = at.progress;
      if (at.done) state.rolling = null;
      return at.done;
    });
  }

  /** Merge settings, and start the motion they bring: a roll, a slide, a glide of a clicked checker. */
  function apply(config) {
    const { animate, roll: rolls = true, ...rest } = config;
    closeChooser(); // a chooser is for the board it was opened on
    if ("position" in rest) endGlide();
    const before = { position: state.position, dice: state.dice };
    configure(state, rest);
    if ("position" in rest && cursorAfterMove) {
      cursorAfterMove = false; // the move is set (or was refused and the position set again): say what is there now
      if (state.cursor !== null) announceCursor();
    }
    if (rolls && "dice" in rest && isFreshRoll(before.dice, state.dice)) roll();
    const moved = "position" in rest && JSON.stringify(before.position) !== JSON.stringify(state.position);
    const hit = moved && ["black", "white"].some((c) => state.position.bar[c] > before.position.bar[c]);
    const glided = "position" in rest ? glide : null;
    if ("position" in rest) glide = null; // the clicked move is set (or was refused): it glides once at most
    if (animate) slide(animate.moves, animate.colour);
    else if (moved && glided) slide([[glided.from, glided.to]], glided.colour, { perMove: CLICK_SLIDE_MS, blocking: false });
    if (moved) {
      if (!state.animation) sound("move"); // a slide sounds each of its moves
      if (hit) sound("hit");
    }
    redraw();
  }

  function resize() {
    const width = Math.max(container ? container.clientWidth : canvas.clientWidth, 200);
    const height = Math.round(width / ASPECT);
    const ratio = window.devicePixelRatio || 1;
    if (width === lay.width && height === lay.height && ratio === dpr) return; // resizing clears the canvas
    dpr = ratio;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    lay = layout(width, height);
    redraw();
  }

  function emit(name, ...args) {
    const fn = state.events[name];
    if (typeof fn === "function") fn(...args);
  }

  function announceCursor() {
    emit("onCursor", state.cursor, describeLocation(state, state.cursor));
  }

  function act(action, { dragged = false } = {}) {
    if (action.type === "move") {
      state.cursor = action.to;
      // a dragged checker is already where it lands; a clicked one glides there once the host sets it
      glide = dragged ? null : { from: action.from, to: action.to, colour: state.turn };
      cursorAfterMove = true;
      emit("onMove", action.from, action.to);
    } else if (action.type === "select") emit("onSelect", action.source);
    else if (action.type === "deselect") emit("onSelect", null);
    redraw();
  }

  function pointerPosition(ev) {
    const r = canvas.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  /**
   * A finger's tap that covers several locations (reach.js): a row of FINGER_PX buttons at the tap, one
   * per location in the board's order; a button acts as a tap on its location, anything else closes it.
   */
  function openChooser(locs, x, y) {
    closeChooser();
    if (container && getComputedStyle(container).position === "static") container.style.position = "relative";
    const box = document.createElement("div");
    box.className = "tt-board-chooser";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t("board.which_point"));
    const gap = 6;
    const ordered = chooserOrder(locs, lay, state.orientation);
    const width = ordered.length * (FINGER_PX + 4) + (ordered.length - 1) * gap + 2 * gap;
    const height = FINGER_PX + 4 + 2 * gap;
    const left = Math.min(Math.max(x - width / 2, 0), Math.max(lay.width - width, 0));
    const top = Math.min(Math.max(y - height - FINGER_PX / 2, 0), Math.max(lay.height - height, 0));
    box.style.cssText =
      `position:absolute;z-index:2;display:flex;gap:${gap}px;padding:${gap}px;border-radius:8px;` +
      `left:${canvas.offsetLeft + left}px;top:${canvas.offsetTop + top}px;` +
      "background:rgba(20,20,20,0.88);box-shadow:0 2px 8px rgba(0,0,0,0.4);";
    for (const loc of ordered) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tt-board-choice";
      button.dataset.location = String(loc);
      button.textContent = chooserLabel(loc, state.orientation);
      button.setAttribute("aria-label", describeLocation(state, loc));
      button.style.cssText =
        `min-width:${FINGER_PX + 4}px;min-height:${FINGER_PX + 4}px;font:600 18px system-ui,sans-serif;` +
        "border:2px solid #ffd23f;border-radius:6px;background:#fff8e1;color:#222;cursor:pointer;";
      button.addEventListener("click", (ev) => {
        ev.stopPropagation();
        closeChooser();
        if (state.interactive && !sliding()) act(activate(state, loc));
      });
      box.appendChild(button);
    }
    (container || canvas.parentElement).appendChild(box);
    chooser = box;
    box.querySelector("button").focus({ preventScroll: true });
  }

  function closeChooser() {
    if (!chooser) return;
    chooser.remove();
    chooser = null;
  }

  function onPointerDown(ev) {
    closeChooser();
    // nothing is touched while the other side's checkers slide: the host's next settings wait too
    if (!state.interactive || ev.button > 0 || sliding()) return;
    endFlourishes();
    const { x, y } = pointerPosition(ev);
    const loc = locationAt(lay, x, y, state.orientation);
    const wasSelected = state.selected;
    // a finger covers more than the point under its centre: what it covers decides (reach.js); a mouse is exact
    const reach = ev.pointerType === "mouse" ? null : fingerReach(state, lay, x, y);
    const clear = reach === null || (reach.length === 1 && reach[0] === loc);
    if (!clear) {
      press = { source: null, x, y, wasSelected, pointerId: ev.pointerId, reach };
    } else if (loc !== null && isSource(state, loc) && !destinationsFrom(state, wasSelected).includes(loc)) {
      // pressing a movable checker picks it up at once, so its destinations show while dragging
      if (state.selected !== loc) act(activate(state, loc));
      press = { source: loc, x, y, wasSelected, pointerId: ev.pointerId };
      state.drag = { source: loc, x, y, moved: false };
      canvas.setPointerCapture(ev.pointerId);
      ev.preventDefault();
    } else {
      press = { source: null, x, y, wasSelected, pointerId: ev.pointerId };
    }
  }

  function onPointerMove(ev) {
    if (!press || press.pointerId !== ev.pointerId || !state.drag) return;
    const { x, y } = pointerPosition(ev);
    state.drag.x = x;
    state.drag.y = y;
    if (Math.hypot(x - press.x, y - press.y) > DRAG_THRESHOLD) state.drag.moved = true;
    redraw();
  }

  function onPointerUp(ev) {
    if (!press || press.pointerId !== ev.pointerId) return;
    const { x, y } = pointerPosition(ev);
    const loc = locationAt(lay, x, y, state.orientation);
    const dragged = state.drag && state.drag.moved;
    const p = press;
    press = null;
    state.drag = null;
    if (dragged) {
      // a drop on a legal destination moves; anywhere else leaves the checker picked up
      if (destinationsFrom(state, state.selected).includes(loc)) act(activate(state, loc), { dragged: true });
      else redraw();
      return;
    }
    if (p.reach && p.reach.length === 1) {
      act(activate(state, p.reach[0])); // the one location the finger covered, if a little off it
      return;
    }
    if (p.reach && p.reach.length > 1) {
      openChooser(p.reach, p.x, p.y);
      redraw();
      return;
    }
    if (p.source !== null && p.source === loc) {
      // a click on the checker that was already picked puts it back
      if (p.wasSelected === loc) act(activate(state, loc));
      else redraw();
      return;
    }
    act(activate(state, loc));
  }

  function onPointerCancel() {
    press = null;
    state.drag = null;
    redraw();
  }

  function onKeyDown(ev) {
    if (!state.interactive || sliding()) return;
    endFlourishes();
    cursorAfterMove = false; // a key pressed before the move was set: the cursor is said for this key
    const key = ev.key;
    closeChooser();
    if (key.startsWith("Arrow")) {
      if (state.cursor === null) state.cursor = firstCursor(state);
      else moveCursor(state, key);
    } else if (key === "Enter" || key === " ") {
      if (state.cursor === null) state.cursor = firstCursor(state);
      else {
        const action = activate(state, state.cursor);
        if (action.type === "select") {
          const dests = destinationsFrom(state, action.source);
          if (dests.length) state.cursor = dests[0];
        }
        act(action);
      }
    } else if (key === "Escape") {
      if (state.selected === null) return;
      state.cursor = state.selected;
      act(activate(state, state.selected));
    } else if (key === "n" || key === "p" || key === "N" || key === "P") {
      if (state.selected === null) state.cursor = nextSource(state, key.toLowerCase() === "p");
    } else {
      return;
    }
    // the board's keys are its own: page-level shortcuts (Material's N/P page turns) must not see them
    ev.preventDefault();
    ev.stopPropagation();
    if (!cursorAfterMove) announceCursor(); // after a move, once its position is set (apply)
    redraw();
  }

  function onFocus() {
    state.focused = true;
    if (state.cursor === null) state.cursor = firstCursor(state);
    // a tap focuses the canvas after its pointerup has made a move: that move's point is said once it is set
    if (!cursorAfterMove) announceCursor();
    redraw();
  }

  function onBlur() {
    state.focused = false;
    redraw();
  }

  canvas.addEventListener("pointerdown", onPointerDown);
  canvas.addEventListener("pointermove", onPointerMove);
  canvas.addEventListener("pointerup", onPointerUp);
  canvas.addEventListener("pointercancel", onPointerCancel);
  canvas.addEventListener("keydown", onKeyDown);
  canvas.addEventListener("focus", onFocus);
  canvas.addEventListener("blur", onBlur);
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(resize) : null;
  if (observer) observer.observe(container || canvas);
  else window.addEventListener("resize", resize);
  resize();

  return {
    /** Merge settings into the board (see defaults() in state.js) and redraw on the next frame. */
    set(config) {
      // while in motion, settings wait their turn: what was played is seen before what comes next
      if (animating()) deferred.push(config);
      else apply(config);
    },
    /** Whether dice are tumbling or a play sliding in (settings set meanwhile wait; a slide takes no input). */
    get animating() {
      return animating() || deferred.length > 0;
    },
    /** Whether a play is sliding in (or waiting to, behind the dice): the board takes no input meanwhile. */
    get sliding() {
      return sliding() || deferred.some((config) => Boolean(config.animate));
    },
    /** How many rolls and slides the board has played (none under reduced motion): for tests. */
    get motion() {
      return { ...motion };
    },
    /** The live state: read it, do not write it (use set()). */
    get state() {
      return state;
    },
    /**
     * CSS-pixel centre of a location, relative to the canvas's top-left corner (for tests and for
     * hosts placing pop-ups); for "bar" and "off" the colour on turn decides which half.
     */
    pixelOf(loc) {
      const colour = state.turn || bottomColour(state.orientation);
      const c = locationCentre(loc, colour, state.orientation);
      return { x: lay.offsetX + c.x * lay.unit, y: lay.offsetY + c.y * lay.unit };
    },
    /**
     * The locations a finger's tap at CSS pixel (x, y) of the canvas covers (reach.js): one is the tap's,
     * several open the chooser. For tests and hosts measuring touch targets.
     */
    reachAt(x, y) {
      return fingerReach(state, lay, x, y);
    },
    canvas,
    redraw,
    destroy() {
      destroyed = true;
      closeChooser();
      if (frame) cancelAnimationFrame(frame);
      if (observer) observer.disconnect();
      else window.removeEventListener("resize", resize);
      canvas.removeEventListener("pointerdown", onPointerDown);
      canvas.removeEventListener("pointermove", onPointerMove);
      canvas.removeEventListener("pointerup", onPointerUp);
      canvas.removeEventListener("pointercancel", onPointerCancel);
      canvas.removeEventListener("keydown", onKeyDown);
      canvas.removeEventListener("focus", onFocus);
      canvas.removeEventListener("blur", onBlur);
      if (ownCanvas) canvas.remove();
    },
  };
}
