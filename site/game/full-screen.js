// Full screen, the focus mode of a phone game: the whole screen for the board and its controls, the
// browser's bars and the site's out of the way. The Fullscreen API where the browser has it; where it has
// not (Safari on the iPhone), the button is hidden and the installed app (the manifest opens it standalone,
// straight on the game) is the way to the same.

import { t } from "../i18n/i18n.js";

/**
 * Make `button` turn full screen on and off for the page, its label saying which it does next.
 * Returns a function that stops listening (the page is left).
 */
export function bindFullScreen(button) {
  const page = document.documentElement;
  if (!document.fullscreenEnabled || typeof page.requestFullscreen !== "function") {
    button.hidden = true;
    return () => {};
  }
  const label = () => {
    const on = document.fullscreenElement !== null;
    button.textContent = on ? t("game.button.leave_full_screen") : t("game.button.full_screen");
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else {
        await page.requestFullscreen({ navigationUI: "hide" });
        window.scrollTo(0, 0); // the button is below the board: the game begins at the top of the screen
      }
    } catch {
      // refused (a browser setting, or a frame without the permission): the page stays as it is
    }
  });
  document.addEventListener("fullscreenchange", label);
  label();
  return () => {
    document.removeEventListener("fullscreenchange", label);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  };
}
