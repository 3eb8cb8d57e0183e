// The site's editions (English at the root, French under fr/: mkdocs.yml's i18n plugin), on every page.
//
// - A first visit to the site's root (the English home) goes to the edition the browser prefers, among
//   the site's; the edition is then remembered in this browser, and a later visit to the root goes to
//   the remembered one. Only the root: any other link, a shared one above all, keeps its language.
// - Choosing an edition (the theme's language switch, or the play pages' link) remembers it, and leads
//   to the same page in the other edition, with the same query and #anchor. The page's head names that page
//   (<meta name="tt-edition">, overrides/main.html, which Material's instant navigation replaces on each page),
//   while the switch sits in the header, which instant navigation keeps from the first page shown: so the link
//   is taken from the head, and followed by a full load, for the header, the document's lang and the search to
//   be the edition's (hooks/editions.py says why the build accepts this).

export const LANGUAGE_KEY = "toutes-tables:language";

/** The page in each of the site's editions, by language: the head's <meta name="tt-edition"> (overrides/main.html),
 *  relative to the page on show. */
export function editions(doc = document) {
  const links = new Map();
  for (const meta of doc.querySelectorAll('head meta[name="tt-edition"][data-hreflang]')) {
    links.set(meta.dataset.hreflang, new URL(meta.content, location.href).href);
  }
  return links;
}

/** The edition to show, of `available` ones: the remembered one, else the first the browser prefers. */
export function pickEdition(available, remembered, preferred) {
  if (remembered && available.includes(remembered)) return remembered;
  for (const tag of preferred) {
    const language = String(tag).toLowerCase().split("-")[0];
    if (available.includes(language)) return language;
  }
  return null;
}

/**
 * The other edition's page (`edition`, a URL) at the same spot as `here` (the page on show's location): its
 * query, for the editions' pages take the same parameters (an analysis board's ?xgid=, a review's ?move=), and
 * its #anchor, for their sections have the same anchors (tests/test_french_edition.py).
 */
export function sameSpotIn(edition, here) {
  const target = new URL(edition);
  target.search = here.search;
  target.hash = here.hash;
  return target;
}

function remembered() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage refused (a private mode): the browser's preference decides each time
  }
}

function remember(language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage refused: nothing to remember the choice in
  }
}

/** The site's root, from Material's configuration (its base is relative to the page; an edition's pages
 * have base = the edition's root, for their search, and the site's root as tt_site_base: hooks/editions.py). */
function siteRoot() {
  const config = document.getElementById("__config");
  const settings = config ? JSON.parse(config.textContent) : {};
  const base = settings.tt_site_base ?? settings.base ?? ".";
  return new URL(base.endsWith("/") ? base : `${base}/`, location.href);
}

function atRoot() {
  return location.pathname === siteRoot().pathname || location.pathname === `${siteRoot().pathname}index.html`;
}

function pickOnFirstVisit() {
  if (!atRoot()) return;
  const links = editions();
  const here = document.documentElement.lang;
  const language = pickEdition([...links.keys()], remembered(), navigator.languages || [navigator.language]);
  if (language === null) return;
  remember(language);
  if (language !== here && links.has(language)) location.replace(links.get(language));
}

/** A click on a link to another edition: remember it and load the other edition of the page on show. */
function onLanguageLink(event) {
  const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const language = link.getAttribute("hreflang");
  remember(language);
  const target = sameSpotIn(editions().get(language) || link.href, location);
  // Ahead of Material's own handlers (instant navigation, its alternate lookup), which would keep the header.
  event.preventDefault();
  event.stopPropagation();
  location.assign(target.href);
}

if (typeof document !== "undefined" && typeof location !== "undefined") {
  pickOnFirstVisit();
  document.addEventListener("click", onLanguageLink, true);
}
