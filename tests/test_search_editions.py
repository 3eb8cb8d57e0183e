"""Each edition searches its own pages (hooks/editions.py): the French documents in fr/search/search_index.json,
their locations relative to fr/, the English ones in the root's index; French pages' search reads theirs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "public"


@pytest.fixture(scope="module")
def editions(load_hook: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_hook("tt_hooks_editions", ROOT / "hooks" / "editions.py")


def test_the_merged_index_is_split_by_edition(editions: ModuleType, tmp_path: Path) -> None:
    docs = [
        {"location": "rules/board/", "title": "The board", "text": "spare"},
        {"location": "fr/rules/board/", "title": "Le tablier", "text": "surcase"},
        {"location": "fr/rules/board/#pips", "title": "Les pips", "text": "pip"},
        {"location": "", "title": "Home", "text": "home"},
    ]
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": {"lang": ["en", "fr"]}, "docs": docs}))
    (tmp_path / "sitemap.xml").write_text("<urlset/>")
    assert editions.split_search_index(tmp_path, "en", ["fr"]) == {"en": 2, "fr": 2}
    english = json.loads((tmp_path / "search" / "search_index.json").read_text())
    french = json.loads((tmp_path / "fr" / "search" / "search_index.json").read_text())
    assert [d["location"] for d in english["docs"]] == ["rules/board/", ""] and english["config"]["lang"] == ["en"]
    assert [d["location"] for d in french["docs"]] == ["rules/board/", "rules/board/#pips"]
    assert french["config"]["lang"] == ["fr"]
    assert (tmp_path / "fr" / "sitemap.xml").read_text() == "<urlset/>"


def _config(html: str) -> dict[str, str]:
    found = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))


built = pytest.mark.skipif(not (PUBLIC / "fr" / "search" / "search_index.json").is_file(), reason="site not built")


@built
def test_the_built_editions_have_their_own_documents_only() -> None:
    english = json.loads((PUBLIC / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    french = json.loads((PUBLIC / "fr" / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    assert english and french
    assert not [d for d in english if d["location"].startswith("fr/")]
    assert not [d for d in french if d["location"].startswith("fr/")]  # relative to fr/
    assert any("surcase" in d["text"].lower() for d in french)
    # the French pages' titles are French: none of the English edition's
    assert not {d["title"] for d in french if "#" not in d["location"]} & {"The board and its words", "Glossary"}


@built
def test_french_pages_search_from_the_french_root_and_english_pages_from_the_root() -> None:
    french = _config((PUBLIC / "fr" / "rules" / "board" / "index.html").read_text(encoding="utf-8"))
    assert french["base"] == "../../../fr/" and french["tt_site_base"] == "../../.."
    english = _config((PUBLIC / "rules" / "board" / "index.html").read_text(encoding="utf-8"))
    assert english["base"] == "../.." and "tt_site_base" not in english
    assert (PUBLIC / "fr" / "sitemap.xml").read_bytes() == (PUBLIC / "sitemap.xml").read_bytes()
