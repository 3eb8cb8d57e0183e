// The rollout panel's verdict rule (docs/analysis.md, "Rollouts"): no verdict before the 95 % intervals separate
// what the verdict compares, or before MIN_VERDICT_GAMES games; a lone candidate, with nothing to compare, is
// stated with its equity once its interval is narrow.

import assert from "node:assert/strict";
import test from "node:test";

import { MIN_VERDICT_GAMES, NARROW_HALF_WIDTH, loneVerdictLine, progressLine, rolloutSettled } from "./rollout-panel.js";

const candidate = (notation, equity, half, games) => ({
  notation, equity, games, interval: games >= 2 ? [equity - half, equity + half] : null,
});

test("a rollout of one game gives no verdict, whatever its equities", () => {
  const one = { kind: "cube", games: 1, candidates: [candidate("No double", 0.9, 0, 1), candidate("Double, take", 1.6, 0, 1), candidate("Double, pass", 1, 0, 1)] };
  assert.equal(rolloutSettled(one), false);
  assert.equal(rolloutSettled({ kind: "plays", games: 0, candidates: [candidate("a", 0, 0, 0), candidate("b", 0, 0, 0)] }), false);
});

test("a cube verdict comes once take is clear of pass and no double of doubling", () => {
  const cube = (nd, dt, half) => ({ kind: "cube", games: 10, candidates: [candidate("No double", nd, half, 10), candidate("Double, take", dt, half, 10), candidate("Double, pass", 1, 0, 10)] });
  assert.equal(rolloutSettled(cube(0.7, 0.85, 0.2)), false); // take against pass unsettled
  assert.equal(rolloutSettled(cube(0.95, 1.3, 0.1)), false); // doubling (pass, the smaller) against no double unsettled
  assert.equal(rolloutSettled(cube(0.5, 1.3, 0.1)), true); // a clear pass
  assert.equal(rolloutSettled(cube(0.5, 0.75, 0.1)), true); // a clear take, double/take clear of no double
});

test("a plays verdict comes once the leader's interval is clear of every other play's", () => {
  const close = { kind: "plays", games: 8, candidates: [candidate("8/5 6/5", 0.2, 0.1, 8), candidate("24/21 6/5", 0.15, 0.1, 8), candidate("13/9", -0.3, 0.1, 8)] };
  assert.equal(rolloutSettled(close), false);
  const clear = { kind: "plays", games: 8, candidates: [candidate("8/5 6/5", 0.4, 0.1, 8), candidate("24/21 6/5", 0.15, 0.1, 8), candidate("13/9", 0.1, 0.1, 8)] };
  assert.equal(rolloutSettled(clear), true);
});

test("after the minimum number of games the verdict is given even with overlapping intervals", () => {
  const tied = (games) => ({ kind: "cube", games, candidates: [candidate("No double", 0.9, 0.2, games), candidate("Double, take", 0.95, 0.2, games), candidate("Double, pass", 1, 0, games)] });
  assert.equal(rolloutSettled(tied(MIN_VERDICT_GAMES - 1)), false);
  assert.equal(rolloutSettled(tied(MIN_VERDICT_GAMES)), true);
});

test("a rollout of one candidate states its equity once its interval is narrow, never that it has too few games", () => {
  // rollout_start without dice (the position before its roll) or a forced play: one candidate, nothing to compare
  const lone = (games, half) => ({ kind: "plays", games, candidates: [candidate("", 0.3, half, games)] });
  assert.equal(rolloutSettled(lone(1, 0)), false); // one game: no interval yet
  assert.equal(rolloutSettled(lone(10, NARROW_HALF_WIDTH * 2)), false);
  assert.equal(rolloutSettled(lone(10, NARROW_HALF_WIDTH)), true);
  assert.equal(rolloutSettled(lone(MIN_VERDICT_GAMES, 0.3)), true); // wide, but enough games
  for (const games of [1, 10, MIN_VERDICT_GAMES, 216]) assert.doesNotMatch(loneVerdictLine(lone(games, 0.3)), /Too few/);
  assert.equal(loneVerdictLine(lone(MIN_VERDICT_GAMES, 0.2)),
    "Rollout: before the roll is worth +0.300 (95 % interval +0.100 to +0.500); the only candidate, nothing to compare.");
  assert.match(loneVerdictLine(lone(10, 0.3)), /^Only one candidate \(before the roll\).*after 72 games \(10 so far\)/);
  const forced = { kind: "plays", games: 20, candidates: [candidate("24/18 13/11", -0.1, 0.02, 20)] };
  assert.match(loneVerdictLine(forced), /^Rollout: 24\/18 13\/11 is worth \u22120\.100/);
});

test("the progress line counts the games the table shows, and says when the reader stopped it", () => {
  // after 8 s the panel said "0 games of each play" beside two plays with figures: a cut game ran on for the others
  const uneven = { kind: "plays", games: 0, candidates: [candidate("a", 0.1, 0, 1), candidate("b", 0, 0, 1), candidate("c", 0, 0, 0)] };
  assert.match(progressLine(uneven), /^0 to 1 games of each play so far \(of 216; the Games column/);
  assert.doesNotMatch(progressLine(uneven), /^0 games/);
  const even = { kind: "plays", games: 3, candidates: [candidate("a", 0.1, 0.1, 3), candidate("b", 0, 0.1, 3)] };
  assert.match(progressLine(even), /^3 games of each play \(of 216\)/);
  assert.equal(progressLine(even, { stopped: true }), "Stopped after 3 games of each play (of 216).");
  assert.equal(progressLine({ ...even, games: 1, candidates: [candidate("a", 0, 0, 1)] }, { stopped: true }),
    "Stopped after 1 game of each play (of 216).");
  const cube = { kind: "cube", games: 2, candidates: [candidate("No double", 0.5, 0.1, 2), candidate("Double, take", 0.6, 0.1, 3)] };
  assert.equal(progressLine(cube, { stopped: true }),
    "Stopped after 2 to 3 games of each cube action (of 216; the Games column gives each action's).");
});
