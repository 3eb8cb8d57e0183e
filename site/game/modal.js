// The play pages' modal dialogs (New game, Resign): a <dialog> holding a form with its title, its body
// and two buttons, the action and Cancel. One builder, so every dialog closes, submits and is laid out
// (game.css's .tt-modal) the same way.

import { el } from "./dom.js";

/**
 * Build a modal dialog. `title` heads it and names it; `className` is added to .tt-modal; `body` is its
 * content between the title and the buttons; `action` (`{value, label}`) is the primary button and
 * `cancel` Cancel's label. `onAction(event)` is called when the form is submitted by anything but Cancel
 * (the action's button, or Enter in a field); `event.preventDefault()` keeps the dialog open.
 * Returns `{dialog, form}`; `dialog.showModal()` opens it.
 */
export function createModal({ title, className, body, action, cancel, onAction }) {
  const form = el(
    "form",
    // novalidate: the browser's own messages are in its language, not the page's; each dialog checks its
    // fields itself and says what is wrong from the catalogue (dialog.js)
    { method: "dialog", novalidate: true },
    el("h2", {}, title),
    ...body,
    el(
      "div",
      { class: "tt-dialog-buttons" },
      el("button", { type: "submit", value: action.value, class: "tt-button tt-primary" }, action.label),
      el("button", { type: "submit", value: "cancel", class: "tt-button", formnovalidate: true }, cancel),
    ),
  );
  const dialog = el("dialog", { class: `tt-modal ${className}`, "aria-label": title }, form);
  form.addEventListener("submit", (ev) => {
    if (ev.submitter && ev.submitter.value === "cancel") return;
    onAction(ev);
  });
  return { dialog, form };
}
