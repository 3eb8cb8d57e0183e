"""The French edition of the book (issue 15): every English page has its French page beside it
(``page.fr.md`` next to ``page.md``, mkdocs.yml's i18n plugin) and every French page its English one.

The rules book is the project's specification, so the French page must say what the English one says:
these tests hold the structure to it. The same sections, under the same anchors (a French heading keeps
the English id, ``## La sortie { #bearing-off }``, so links, citations and the language switch land on
the same section in both editions); the same diagrams, which the engine draws and checks (only their
captions and a lesson's words are translated); the same live parts, their script paths one directory
deeper under ``fr/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from markdown.extensions.toc import slugify

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# English pages that have no French page yet: the French edition serves them in English under fr/ (the
# plugin's fallback_to_default). A page added to the book without its translation fails
# test_every_english_page_has_its_french_page until it is translated or listed here.
UNTRANSLATED: dict[str, set[str]] = {
    "fr": set(),
}

# The words of a fence that are prose (translated); every other line is the same in both editions.
PROSE_KEYS = ("caption", "task", "right", "wrong")
FENCE_KINDS = ("board", "board-gallery", "lesson")
FENCE = re.compile(r"^(`{3,}|~{3,})[ \t]*([^`\s]*)")
HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*$")
EXPLICIT_ID = re.compile(r"\s*\{\s*#([\w-]+)\s*\}\s*$")
# Paths of live parts in raw HTML, relative to the page's URL (use_directory_urls).
RAW_PATH = re.compile(r'(?:data-engine-worker|src)="(?!https?:|/)([^"]+)"')


class _IgnoreTags(yaml.SafeLoader):
    """mkdocs.yml's !ENV tags read as nothing: only the plugin's languages are wanted here."""


_IgnoreTags.add_multi_constructor("!", lambda loader, suffix, node: None)


def editions() -> list[str]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_IgnoreTags)
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return [lang["locale"] for lang in plugin["i18n"]["languages"] if not lang.get("default")]
    raise AssertionError("mkdocs.yml has no i18n plugin")


LOCALES = editions()


def is_translation(path: Path) -> bool:
    return any(path.name.endswith(f".{locale}.md") for locale in LOCALES)


def english_pages() -> list[str]:
    return sorted(
        path.relative_to(DOCS).as_posix()
        for path in DOCS.rglob("*.md")
        if "hooks" not in path.relative_to(DOCS).parts and not is_translation(path)
    )


def translated(page: str, locale: str) -> Path:
    return DOCS / (page[: -len(".md")] + f".{locale}.md")


def pairs() -> list[tuple[str, str]]:
    return [
        (page, locale) for locale in LOCALES for page in english_pages()
        if translated(page, locale).exists()
    ]


def outside_fences(text: str) -> list[str]:
    """The page's lines that are not inside a fenced block (headings there are examples, not sections)."""
    lines, fence = [], ""
    for line in text.splitlines():
        m = FENCE.match(line.strip())
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2):
                fence = ""
        elif m:
            fence = m.group(1)
        else:
            lines.append(line)
    return lines


def anchors(text: str) -> list[str]:
    """The ids of the page's sections (h2 and below), as the toc extension makes them."""
    ids = []
    for line in outside_fences(text):
        m = HEADING.match(line)
        if m:
            explicit = EXPLICIT_ID.search(m.group(2))
            ids.append(explicit.group(1) if explicit else slugify(m.group(2), "-"))
    return ids


def fences(text: str) -> list[list[str]]:
    """The page's diagram and lesson fences (top level, as the hook finds them), each as its non-prose lines."""
    found: list[list[str]] = []
    body: list[str] = []
    opened = ""  # the open fence's backticks, while inside one
    kind = ""  # and its kind, when it is a diagram or a lesson
    for line in text.splitlines():
        m = FENCE.match(line.strip())
        if opened:
            if m and not m.group(2) and m.group(1)[0] == opened[0] and len(m.group(1)) >= len(opened):
                if kind:
                    found.append([kind, *body])
                opened, kind, body = "", "", []
            elif kind and not (line.startswith((" ", "\t")) and body and body[-1] == "prose"):
                key = line.split(":", 1)[0].strip()
                body.append("prose" if key in PROSE_KEYS else line.rstrip())
        elif m:
            opened = m.group(1)
            kind = m.group(2) if m.group(2) in FENCE_KINDS else ""
    return found


def test_the_book_has_a_french_edition() -> None:
    assert "fr" in LOCALES
    assert [page for page, locale in pairs() if locale == "fr"]


def mkdocs_config() -> dict[str, Any]:
    config: dict[str, Any] = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_IgnoreTags)
    return config


def edition_settings(locale: str) -> dict[str, Any]:
    """The i18n plugin's entry for ``locale`` in mkdocs.yml."""
    for plugin in mkdocs_config()["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            entry: dict[str, Any] = next(lang for lang in plugin["i18n"]["languages"] if lang["locale"] == locale)
            return entry
    raise AssertionError("mkdocs.yml has no i18n plugin")


def nav_titles(items: object) -> list[str]:
    """Every title of mkdocs.yml's nav, sections' and pages' (a page given by its path alone has none)."""
    titles: list[str] = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            for title, value in item.items():
                titles.append(title)
                titles += nav_titles(value)
    return titles


def test_the_nav_titles_are_read_as_the_nav_has_them() -> None:
    nav = [{"Home": "index.md"}, {"Rules": ["rules/index.md", {"Moving": "rules/moving.md"}]}]
    assert nav_titles(nav) == ["Home", "Rules", "Moving"]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_nav_title_is_translated_in_every_edition(locale: str) -> None:
    # a title missing from nav_translations shows in English in the edition's menu, and no build fails on it
    titles = nav_titles(mkdocs_config()["nav"])
    assert len(titles) > 20, titles
    translations = edition_settings(locale).get("nav_translations") or {}
    assert isinstance(translations, dict)
    assert [t for t in titles if t not in translations] == []
    assert [t for t in translations if t not in titles] == []  # an entry left from a title since renamed
    assert [t for t, said in translations.items() if not str(said or "").strip()] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_every_edition_has_the_site_templates_words(locale: str) -> None:
    # overrides/'s templates read config.extra.words: an edition lacking one shows the English (or nothing)
    english = mkdocs_config()["extra"]["words"]
    extra = edition_settings(locale).get("extra") or {}
    assert isinstance(extra, dict)
    assert sorted(extra.get("words") or {}) == sorted(english)


def test_every_edition_lists_its_untranslated_pages() -> None:
    # a new edition (one more language in mkdocs.yml) starts with every page listed, and the list shrinks
    assert sorted(UNTRANSLATED) == sorted(LOCALES)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_english_page_has_its_french_page(locale: str) -> None:
    missing = [page for page in english_pages() if not translated(page, locale).exists()]
    assert sorted(missing) == sorted(UNTRANSLATED[locale]), (
        "pages without their translation (translate them, or list them in UNTRANSLATED)"
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_every_french_page_has_its_english_page(locale: str) -> None:
    orphans = [
        path.relative_to(DOCS).as_posix()
        for path in DOCS.rglob(f"*.{locale}.md")
        if not (path.parent / (path.name[: -len(f".{locale}.md")] + ".md")).exists()
    ]
    assert orphans == []


@pytest.mark.parametrize(("page", "locale"), pairs())
def test_the_translation_has_the_same_sections_under_the_same_anchors(page: str, locale: str) -> None:
    english = anchors((DOCS / page).read_text(encoding="utf-8"))
    french = anchors(translated(page, locale).read_text(encoding="utf-8"))
    assert french == english


@pytest.mark.parametrize(("page", "locale"), pairs())
def test_the_translation_has_the_same_diagrams_and_lessons(page: str, locale: str) -> None:
    english = fences((DOCS / page).read_text(encoding="utf-8"))
    french = fences(translated(page, locale).read_text(encoding="utf-8"))
    assert french == english


@pytest.mark.parametrize(("page", "locale"), pairs())
def test_the_translations_live_parts_are_the_same_one_directory_deeper(page: str, locale: str) -> None:
    english = RAW_PATH.findall("\n".join(outside_fences((DOCS / page).read_text(encoding="utf-8"))))
    french = RAW_PATH.findall("\n".join(outside_fences(translated(page, locale).read_text(encoding="utf-8"))))
    assert french == ["../" + path for path in english]


@pytest.mark.parametrize("locale", LOCALES)
def test_an_untranslated_page_has_no_live_part_that_would_break_under_the_edition(locale: str) -> None:
    # served in English under fr/, a path relative to the page would point one directory too shallow
    broken = [
        page for page in UNTRANSLATED[locale]
        if RAW_PATH.search("\n".join(outside_fences((DOCS / page).read_text(encoding="utf-8"))))
    ]
    assert broken == []


def test_the_french_chouette_calls_the_player_alone_le_box_everywhere() -> None:
    # one word for one role: the rules book, the glossary, the chouette's page and game say "le box"; "boîte"
    # is the glossary's old word for the board itself (issue 15)
    import json

    catalogues = [ROOT / "site" / "i18n" / "fr.json", ROOT / "pkg" / "toutes_tables" / "data" / "messages" / "fr.json"]
    said = [v for c in catalogues for k, v in json.loads(c.read_text(encoding="utf-8")).items() if "chouette" in k]
    pages = [DOCS / "play-chouette.fr.md", DOCS / "rules" / "chouette.fr.md"]
    assert [s for s in said if re.search(r"bo[iî]te", s, re.I)] == []
    assert [p.name for p in pages if re.search(r"bo[iî]te", p.read_text(encoding="utf-8"), re.I)] == []
    assert any("(box)" in s for s in said) and "le box" in pages[0].read_text(encoding="utf-8").lower()
    glossary = (DOCS / "rules" / "glossary.fr.md").read_text(encoding="utf-8")
    assert "**box**" in glossary


def test_the_french_edition_keeps_the_vocabulary_of_its_glossary() -> None:
    """One word for one thing, the glossary's (docs/rules/glossary.fr.md), in the book and the catalogues (issue 15)."""
    import json

    site = json.loads((ROOT / "site" / "i18n" / "fr.json").read_text(encoding="utf-8"))
    engine = json.loads((ROOT / "pkg" / "toutes_tables" / "data" / "messages" / "fr.json").read_text(encoding="utf-8"))
    said = [*site.values(), *engine.values()]
    pages = {p.relative_to(DOCS).as_posix(): p.read_text(encoding="utf-8") for p in DOCS.rglob("*.fr.md")}
    # the player on roll "a le dé", the site's word and the tables games' phrase, never the chess players' "trait"
    on_roll = re.compile(r"\b(?:a|ayant)\s+le\s+trait\b|\bau\s+trait\b")
    # (the glossary alone names the word, to say it is not this book's)
    assert [name for name, text in pages.items() if on_roll.search(text) and name != "rules/glossary.fr.md"] == []
    assert [s for s in said if on_roll.search(s)] == []
    assert "**avoir le dé**" in pages["rules/glossary.fr.md"]
    # a point is a flèche; a case is a made point (the glossary): no "Quelle case ?", no "cases de 0 à 25"
    assert [s for s in said if re.search(r"Quelle case|\bcases? de \d+ à \d+", s)] == []
    assert site["board.which_point"].startswith("Quelle flèche")
    # a .mat file's cell is a cellule, not a case
    assert [k for k, s in engine.items() if k.startswith("mat.") and re.search(r"\bcase\b", s)] == []
    # under a player's name: "humain" ("personne" reads "nobody"); one member of the team is an "équipier"
    assert site["chouette.kind.person"] == "humain" and site["chouette.role.member"] == "équipier"
    # declining the captain's double is "décliner" for everyone (the button is Décliner), dropping is "refuser"
    assert site["chouette.refuse_double"] == "Décliner"
    assert all(site[k].startswith("{name} décline") for k in ("chouette.settled.refuse", "chouette.aria.refuse"))
    # the game and the chouette say the same to the person at the screen
    assert site["game.status.your_roll_or_double"] == site["chouette.status.roll_or_double.you"]
    assert site["game.status.your_roll"] == "À vous de lancer les dés."
    # a widget's errors are sentences: "doit valoir", not "vaut"
    assert [k for k, s in site.items() if k.startswith("widget.error.") and " vaut " in s] == []
    # the money game is "une partie pour des points, sans match", as the dialog says; T accepts, as the button says
    assert "une partie pour des points, sans match" in site["dialog.option.money_game"]
    assert "une partie pour des points, sans match" in pages["rules/index.fr.md"]
    assert "<kbd>T</kbd> : accepter le double proposé" in pages["play.fr.md"]
