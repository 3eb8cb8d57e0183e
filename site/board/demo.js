// Demo host for the board: it invents destinations (1..6 pips forward for White, no rules) so the
// component can be tried and screenshotted on its own.
import { createBoard } from "./board.js";
import { classicPosition } from "./state.js";

const position = classicPosition();
position.points[20] = 7; // a tall stack, to show its count
position.points[19] = 0;
position.points[12] = 3;
position.bar.black = 1;
position.off.white = 0;
const log = document.getElementById("log");

function demoDests() {
  const dests = {};
  for (let p = 1; p <= 24; p++) {
    if (position.points[p] >= 0) continue;
    const list = [];
    for (let d = 1; d <= 6; d++) {
      const to = p - d;
      if (to < 1) continue;
      if (position.points[to] <= 1) list.push(to);
    }
    if (p <= 6) list.push("off");
    if (list.length) dests[p] = list;
  }
  return dests;
}

const board = createBoard(document.getElementById("board"), {
  position,
  turn: "white",
  startNumber: 64,
  dice: [
    { value: 6, colour: "white", used: false },
    { value: 1, colour: "white", used: true },
  ],
  cube: { value: 2, owner: "black" },
  dests: demoDests(),
  events: {
    onMove(from, to) {
      position.points[from] += 1;
      if (to === "off") position.off.white += 1;
      else {
        if (position.points[to] === 1) {
          position.points[to] = 0;
          position.bar.black += 1;
        }
        position.points[to] -= 1;
      }
      log.textContent = `moved ${from}/${to}`;
      board.set({ position, dests: demoDests(), lastMove: [[from, to]] });
    },
    onSelect(source) {
      log.textContent = source === null ? "put back" : `picked ${source}`;
    },
    onCursor(_loc, text) {
      log.textContent = text;
    },
  },
});
window.demoBoard = board;
document.getElementById("flip").addEventListener("click", () => {
  board.set({ orientation: board.state.orientation === "white" ? "black" : "white" });
});
