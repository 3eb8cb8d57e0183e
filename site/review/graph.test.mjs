// The review page's figures carry one minus sign, "−" (U+2212), as the equities do (game/advice.js's formatEquity).
import { test } from "node:test";
import assert from "node:assert/strict";

import { formatEquity } from "../game/advice.js";
import { formatPoints } from "./graph.js";

test("points won and lost are signed with the same minus sign as the equities", () => {
  assert.equal(formatPoints(-2), "\u22122");
  assert.equal(formatPoints(1), "+1");
  assert.equal(formatPoints(0), "0");
  assert.equal(formatPoints(-2)[0], formatEquity(-0.5)[0]);
});
