// Tests of the play pages' fitting arithmetic (fit.js): `node --test site/game/`
import assert from "node:assert/strict";
import { test } from "node:test";

import { ASPECT } from "../board/geometry.js";
import { boardWidth, chooseArrangement, MIN_BOARD_WIDTH } from "./fit.js";

test("the board takes the whole width unless its height would not fit, then the height decides", () => {
  assert.equal(boardWidth(382, 10_000), 382);
  assert.equal(boardWidth(2000, 700), Math.floor(700 * ASPECT));
});

test("the board is never drawn below a readable size, nor wider than its space", () => {
  assert.equal(boardWidth(1000, 10), MIN_BOARD_WIDTH);
  assert.equal(boardWidth(200, 10), 200);
});

const measured = { top: 40, statusHeight: 44, controlsHeight: 100 };

test("a phone held upright stacks the board over the controls, at 95 % of its width or more", () => {
  for (const [width, height] of [[390, 844], [360, 640]]) {
    const stageWidth = width - 8;
    const chosen = chooseArrangement({ ...measured, viewportHeight: height, stageWidth });
    assert.equal(chosen.arrangement, "stacked");
    assert.ok(chosen.width >= 0.95 * width, `${width}x${height}: ${chosen.width}`);
    // and the controls still end on the first screen
    assert.ok(measured.top + measured.statusHeight + chosen.width / ASPECT + measured.controlsHeight <= height);
  }
});

test("landscape and desktop windows put the controls beside a board 75 % of the height or more", () => {
  for (const [width, height] of [[844, 390], [1280, 800], [1920, 1080], [1024, 768]]) {
    const chosen = chooseArrangement({ ...measured, viewportHeight: height, stageWidth: width - 8 });
    assert.equal(chosen.arrangement, "side", `${width}x${height}`);
    assert.ok(chosen.width / ASPECT >= 0.75 * height, `${width}x${height}: ${chosen.width}`);
  }
});
