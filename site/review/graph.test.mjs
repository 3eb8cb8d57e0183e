// The review page's figures carry one minus sign, "−" (U+2212), as the equities do (game/advice.js's formatEquity),
// and a figure in points says its unit, in the page's language.
import { test } from "node:test";
import assert from "node:assert/strict";

import { formatEquity } from "../game/advice.js";
import { loadLanguage } from "../i18n/i18n.js";
import { pointsText } from "./graph.js";

await loadLanguage("en");

test("points won and lost are signed with the same minus sign as the equities, with their unit", () => {
  assert.equal(pointsText(-2), "\u22122 points");
  assert.equal(pointsText(1), "+1 point");
  assert.equal(pointsText(0), "0 points");
  assert.equal(pointsText(-2)[0], formatEquity(-0.5)[0]);
});

test("a luck-adjusted result is rounded to hundredths of a point", () => {
  assert.equal(pointsText(-11.566), "\u221211.57 points");
  assert.equal(pointsText(3.5), "+3.50 points");
  assert.equal(pointsText(-0.004), "0.00 points"); // no sign on a figure that reads zero
});
