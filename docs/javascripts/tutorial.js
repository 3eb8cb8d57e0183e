// The tutorial's lessons (```lesson fences, drawn by docs/hooks/diagrams.py): judge the reader's play or
// cube choice against the right answers the engine gave at build time, and say why.
//
// A played lesson holds a <tt-board mode="play">; when the reader completes a play the board sends a
// `tt-play` event with its notation, which is compared with `data-right` (the engine's list). A cube
// lesson has Take / Drop buttons compared with `data-answer`. The verdict is written with textContent
// only, in the page's language (site/i18n/); `data-verdict` ("right" / "wrong") is there for the end-to-end tests.

import { t } from "../i18n/i18n.js";

function judge(lesson, isRight, played) {
  const verdict = lesson.querySelector(".tt-lesson-verdict");
  const why = isRight ? lesson.dataset.rightText : lesson.dataset.wrongText;
  const what = played ? t("lesson.you_played", { play: played }) : "";
  verdict.textContent = isRight
    ? t("lesson.right", { played: what, why })
    : t("lesson.wrong", { played: what, why }) + (played ? t("lesson.try_again") : "");
  lesson.dataset.verdict = isRight ? "right" : "wrong";
}

function setUp(lesson) {
  if (lesson.dataset.ready) return;
  lesson.dataset.ready = "true";
  if (lesson.dataset.kind === "cube") {
    for (const button of lesson.querySelectorAll("button[data-choice]")) {
      button.addEventListener("click", () => judge(lesson, button.dataset.choice === lesson.dataset.answer, null));
    }
    return;
  }
  const right = JSON.parse(lesson.dataset.right);
  lesson.addEventListener("tt-play", (event) => judge(lesson, right.includes(event.detail.notation), event.detail.notation));
  // Reset takes the play back: the verdict on it goes too, so the next one is not read beside the old
  lesson.addEventListener("tt-reset", () => {
    lesson.querySelector(".tt-lesson-verdict").textContent = "";
    delete lesson.dataset.verdict;
  });
}

function setUpAll() {
  for (const lesson of document.querySelectorAll(".tt-lesson")) setUp(lesson);
}

setUpAll();
// With Material's instant navigation a page arrives without reloading this module: set up each page.
if (window.document$) window.document$.subscribe(setUpAll);
