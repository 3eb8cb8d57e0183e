// The site's pages are not to be shown inside other sites' frames (a player could be made to click on
// a game they cannot see properly); only the embed pages (site/embed/) are. A host that can send headers
// says so with `frame-ancestors` (scripts/site.py's server does); GitHub Pages cannot, so every page
// also checks here: framed by another origin, it shows a link to itself instead of its content.

import { t } from "./i18n/i18n.js";

function framedByAnotherSite() {
  if (window.top === window.self) return false;
  try {
    return window.top.location.origin !== window.location.origin;
  } catch {
    return true; // reading another origin's location throws
  }
}

if (framedByAnotherSite()) {
  const link = document.createElement("a");
  link.href = window.location.href;
  link.target = "_top";
  link.rel = "noopener";
  link.textContent = t("frame.open_own_window");
  const notice = document.createElement("p");
  notice.style.cssText = "font: 16px system-ui, sans-serif; margin: 2em; text-align: center";
  notice.append(link);
  document.body.replaceChildren(notice);
}
