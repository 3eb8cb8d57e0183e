"""The built French edition (public/fr/, after `python3 scripts/site.py build`) speaks French everywhere a
reader looks: the pictures' words (the SVG's title, which tooltips and screen readers give, and its own
text: the line under the board, the trays), the theme's strings and the pages' titles (issue 15)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PUBLIC = Path(__file__).resolve().parent.parent / "public"
FRENCH = PUBLIC / "fr"

built = pytest.mark.skipif(not (FRENCH / "rules" / "board" / "index.html").is_file(), reason="site not built")

# The English words a picture would carry if it were drawn in English (toutes_tables.svg's catalogue words).
ENGLISH_IN_A_PICTURE = re.compile(
    r"to play|to roll|[Ss]tart No\.|\d off\b|borne off|on the bar|on the board|\bWhite\b|\bBlack\b|\bplays\b|Match to"
)
# Material's own strings, as it writes them in English (a French page has its theme in French).
ENGLISH_THEME = ("Made with", "Back to top", "Copy to clipboard", "Skip to content", 'placeholder="Search"',
                 "Table of contents", "Initializing search", "Type to start searching")


def french_pages() -> list[Path]:
    return sorted(FRENCH.rglob("index.html"))


def picture_words(svg: str) -> list[str]:
    return re.findall(r"<title>(.*?)</title>", svg, re.S) + re.findall(r"<text[^>]*>([^<]*)</text>", svg)


@built
def test_no_picture_of_a_french_page_says_english() -> None:
    english: dict[str, list[str]] = {}
    pictures = 0
    for page in french_pages():
        html = page.read_text(encoding="utf-8")
        for svg in re.findall(r"<svg\b.*?</svg>", html, re.S):
            pictures += 1
            found = [w for w in picture_words(svg) if ENGLISH_IN_A_PICTURE.search(w)]
            if found:
                english.setdefault(str(page.relative_to(PUBLIC)), []).extend(found)
        # the gallery's images are <img>: their alt is the picture's description
        for alt in re.findall(r'<img [^>]*alt="([^"]*)"', html):
            if ENGLISH_IN_A_PICTURE.search(alt):
                english.setdefault(str(page.relative_to(PUBLIC)), []).append(alt)
    assert pictures > 30  # the rules book, the tutorial, the embed and notebook pages
    assert english == {}


@built
def test_the_french_gallery_shows_its_own_images_in_french() -> None:
    images = sorted((FRENCH / "starts").glob("start-*.svg"))
    assert len(images) == 225
    for image in images:
        svg = image.read_text(encoding="utf-8")
        assert not [w for w in picture_words(svg) if ENGLISH_IN_A_PICTURE.search(w)], image.name
    assert "départ n° 64" in (FRENCH / "starts" / "start-064.svg").read_text(encoding="utf-8")
    assert "start No. 64" in (PUBLIC / "starts" / "start-064.svg").read_text(encoding="utf-8")
    gallery = (FRENCH / "starts" / "index.html").read_text(encoding="utf-8")
    assert 'src="../../fr/starts/start-064.svg"' in gallery


@built
def test_the_french_board_pictures_say_what_the_live_boards_say() -> None:
    board = (FRENCH / "rules" / "board" / "index.html").read_text(encoding="utf-8")
    moving = (FRENCH / "rules" / "moving" / "index.html").read_text(encoding="utf-8")
    assert "départ n° 64" in board and "Blanc joue · 3-2" in moving
    assert re.search(r"<title>[^<]*Blanc\xa0: \d+ sur la flèche \d+", board)


@built
def test_the_french_pages_have_the_theme_in_french() -> None:
    for page in french_pages():
        html = page.read_text(encoding="utf-8")
        where = page.relative_to(PUBLIC)
        assert '<html lang="fr"' in html, where
        assert [s for s in ENGLISH_THEME if s in html] == [], where
        config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)[1])
        assert config["translations"]["clipboard.copy"] != "Copy to clipboard", where
    home = (FRENCH / "index.html").read_text(encoding="utf-8")
    assert "Site fait avec" in home and "Made with" in (PUBLIC / "index.html").read_text(encoding="utf-8")


def _title(path: Path) -> str:
    found = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.S)
    assert found is not None
    return found[1].strip()


@built
def test_the_pages_are_titled_alike_in_both_editions() -> None:
    # each home by the site's name alone, every other page by its name and the site's
    assert _title(PUBLIC / "index.html") == _title(FRENCH / "index.html") == "Toutes Tables"
    assert _title(PUBLIC / "rules" / "board" / "index.html") == "The board and its words - Toutes Tables"
    assert _title(FRENCH / "rules" / "board" / "index.html") == "Le tablier et ses mots - Toutes Tables"
