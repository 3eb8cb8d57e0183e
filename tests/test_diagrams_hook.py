"""The rules book's build-time diagrams (docs/hooks/diagrams.py): fences in, engine-drawn figures out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

HOOK = Path(__file__).resolve().parent.parent / "docs" / "hooks" / "diagrams.py"


@pytest.fixture(scope="module")
def hook(load_hook: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_hook("tt_docs_diagrams", HOOK)


def render_page(hook: ModuleType, source: str) -> str:
    """Run a page through the hook's two events around a real Markdown conversion."""
    import markdown

    page = SimpleNamespace(file=SimpleNamespace(src_uri="test.md"), url="test/")
    replaced = hook.on_page_markdown(source, page, None, None)
    html = markdown.markdown(replaced, extensions=["admonition", "fenced_code"])
    return str(hook.on_page_content(html, page, None, None))


SIX_ACE = """# Six-ace

```board
text: white 3:1 2:2 / 24:1
dice: 6-1
play: 3/off 2/1*
rules: toutes-tables
plays: backgammon, toutes-tables
caption: The maximum-pips rule
  leaves one play.
```
"""


def test_a_board_fence_becomes_a_figure_with_the_engines_legal_plays(hook: ModuleType) -> None:
    html = render_page(hook, SIX_ACE)
    assert '<figure class="tt-diagram"' in html
    assert "<svg" in html and "<title>White to play 6-1." in html
    assert "<figcaption>The maximum-pips rule leaves one play.</figcaption>" in html
    backgammon, toutes_tables = html.split("<li>")[1:3]
    assert "<code>3/2 2/off</code>" in backgammon and "<code>3/off 2/1*</code>" in backgammon
    assert "<code>3/off 2/1*</code>" in toutes_tables and "3/2 2/off" not in toutes_tables
    assert html.count("<line ") == 4  # two arrows, each a dark edge and a light stroke


def test_fences_inside_a_longer_fence_are_shown_not_drawn(hook: ModuleType) -> None:
    source = "````markdown\n```board\nstart: 64\n```\n````\n"
    html = render_page(hook, source)
    assert "<svg" not in html
    assert "start: 64" in html


def test_a_fence_inside_an_admonition_is_drawn(hook: ModuleType) -> None:
    source = '!!! note "A start"\n\n    ```board\n    start: 101\n    ```\n'
    html = render_page(hook, source)
    assert 'class="admonition note"' in html
    assert "<title>Start No. 101." in html


def test_many_fences_keep_their_order(hook: ModuleType) -> None:
    source = "\n\n".join(f"```board\nstart: {n}\n```" for n in range(1, 13))
    html = render_page(hook, source)
    positions = [html.index(f"<title>Start No. {n}.") for n in range(1, 13)]
    assert positions == sorted(positions)


def test_a_start_before_the_opening_roll_has_nobody_on_roll(hook: ModuleType) -> None:
    html = render_page(hook, "```board\nstart: 64\n```\n")
    assert "to play" not in html
    html = render_page(hook, "```board\nstart: 64\ndice: 3-1\n```\n")
    assert "White to play 3-1" in html


def test_outcome_lists_the_result_under_each_rule_set(hook: ModuleType) -> None:
    html = render_page(hook, "```board\ntext: white - / 8:1 6:4 5:4 4:3 3:3\noutcome: toutes-tables, backgammon\n```\n")
    assert "<strong>Toutes tables (1698)</strong>: double game, 2 points" in html
    assert "<strong>Backgammon</strong>: gammon, 2 points × cube" in html


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("start: 226", "start numbers are 1-225"),
        ("start: 64\ntext: white 1:15 / 1:15", "exactly one of start, id or text"),
        ("colour: red\nstart: 1", "expected 'key: value'"),
        ("text: white 3:1 2:2 / 24:1\ndice: 6-1\nplay: 3/2 2/off\nrules: toutes-tables", "illegal play"),
        ("text: white 3:1 2:2 / 24:1\nplay: 3/off 2/1*", "needs the dice"),
        ("start: 64\ndice: 7-1", "dice must be two numbers 1-6"),
        ("start: 64\ndice: 6-1\nplays: chess", "unknown rule set"),
        ("id: not-an-id", "Position ID"),
        ("text: white 3:1 2:2 / 24:1\nturn: black", "the turn is the literal's first word"),
        ("start: 64\noutcome: backgammon", "needs a finished game"),
        ("start: 64\nhighlight: 0", "highlight takes absolute points"),
    ],
)
def test_bad_fences_fail_the_build_naming_page_line_and_problem(hook: ModuleType, body: str, message: str) -> None:
    source = f"Intro\n\n```board\n{body}\n```\n"
    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/bad.md"))
    with pytest.raises(PluginError) as caught:
        hook.on_page_markdown(source, page, None, None)
    text = str(caught.value)
    assert text.startswith("rules/bad.md: ```board at line 3:")
    assert message in text


def test_an_unclosed_fence_fails(hook: ModuleType) -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="x.md"))
    with pytest.raises(PluginError, match="never closed"):
        hook.on_page_markdown("```board\nstart: 64\n", page, None, None)


def test_the_gallery_links_every_start_to_the_game(hook: ModuleType) -> None:
    html = hook.render_gallery("../")
    assert html.count("<li ") == 225
    assert 'href="../play/?rules=toutes-tables-225&amp;start=64"' in html
    assert 'src="../starts/start-225.svg"' in html
    assert "<strong>No. 101</strong> · rolls 4-2 then 5-3" in html


def test_the_french_gallery_shows_its_own_images_in_french_words(hook: ModuleType) -> None:
    # the French edition's page is fr/starts/: its images are the French edition's (fr/starts/), its words
    # French, and its links lead to the French game (fr/play/)
    page = SimpleNamespace(file=SimpleNamespace(src_uri="starts.fr.md", locale="fr"), url="fr/starts/")
    hook.on_page_markdown("```board-gallery\n```\n", page, None, None)
    html = hook.on_page_content(hook._TOKEN_PREFIX + "N0", page, None, None)
    assert 'src="../../fr/starts/start-225.svg"' in html
    assert 'alt="Départ n° 64. Blanc' in html and "Start No." not in html
    assert 'href="../play/?rules=toutes-tables-225&amp;start=64"' in html
    assert "<strong>N° 101</strong> · jets 4-2 puis 5-3" in html
    assert "<strong>N° 64</strong> (le départ classique)" in html


def test_a_french_page_gives_the_engines_result_in_french(hook: ModuleType) -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/scoring.fr.md", locale="fr"), url="fr/rules/scoring/")
    source = "```board\ntext: white / 24:15\noutcome: toutes-tables, backgammon\n```\n"
    hook.on_page_markdown(source, page, None, None)
    html = hook.on_page_content(hook._TOKEN_PREFIX + "N0", page, None, None)
    assert "partie double, 2 points" in html
    assert "backgammon, 3 points × videau" in html
    english = SimpleNamespace(file=SimpleNamespace(src_uri="rules/scoring.md"), url="rules/scoring/")
    hook.on_page_markdown(source, english, None, None)
    assert "double game, 2 points" in hook.on_page_content(hook._TOKEN_PREFIX + "N0", english, None, None)


def english_page(hook: ModuleType) -> None:
    """Set the hook to an English page's words (it keeps the current page's: MkDocs renders one page at a time)."""
    hook.on_page_markdown("# Page\n", SimpleNamespace(file=SimpleNamespace(src_uri="x.md"), url="x/"), None, None)


def test_each_editions_gallery_images_are_in_its_words_under_its_folder(hook: ModuleType) -> None:
    # what MkDocs' File.generated reads of the configuration
    config = SimpleNamespace(site_dir="public", use_directory_urls=True, plugins=SimpleNamespace(_current_plugin=None))
    english, french = hook.gallery_files(config, "en"), hook.gallery_files(config, "fr")
    assert len(english) == len(french) == 225
    assert english[63].src_uri == "starts/start-064.svg" and french[63].src_uri == "fr/starts/start-064.svg"
    assert "départ n° 64" in french[63].content_string and "start No. 64" in english[63].content_string
    assert "No." not in french[63].content_string
    with pytest.raises(PluginError, match="xx"):
        hook.gallery_files(config, "xx")


FRENCH_PICTURE_WORDS = """```board
start: 64
dice: 3-2
caption: Blanc joue.
```

```board
text: white 3:2 / 24:1 bar:1
```

```board
text: white 6:5 5:3 / 1:5 2:3
dice: 4-4
```
"""
ENGLISH_IN_A_PICTURE = ("to play", "start No.", " off", "on the bar", "borne off", "Start No.", "White", "Black")


def test_a_french_pages_pictures_say_everything_in_french(hook: ModuleType) -> None:
    # the SVG's title (tooltips, screen readers) and its own text (the line under the board, the trays)
    import re

    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/board.fr.md", locale="fr"), url="fr/rules/board/")
    try:
        hook.on_page_markdown(FRENCH_PICTURE_WORDS, page, None, None)
        html = hook.on_page_content("\n".join(f"{hook._TOKEN_PREFIX}N{n}" for n in range(3)), page, None, None)
    finally:
        english_page(hook)
    said = re.findall(r"<title>(.*?)</title>", html) + re.findall(r"<text[^>]*>([^<]*)</text>", html)
    assert len(re.findall("<svg", html)) == 3
    assert [w for w in said if any(e in w for e in ENGLISH_IN_A_PICTURE)] == []
    assert "<title>Départ n° 64. Blanc joue 3-2. Blanc\xa0: 5 sur la flèche 6" in html
    assert "Blanc joue · 3-2 · départ n° 64" in html
    assert "13 sorties" in html and "7 sorties" in html and "1 sur la barre" in html and "4-4 (Carmes)" in html


def test_an_edition_the_engine_does_not_speak_fails_the_build(
    hook: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the hook's own words exist for it (as if docs/hooks/words/xx.json were there), the engine's catalogue does not
    monkeypatch.setattr(hook, "load_words", lambda locale: {})
    page = SimpleNamespace(file=SimpleNamespace(src_uri="index.xx.md", locale="xx"), url="xx/")
    with pytest.raises(PluginError, match="pkg/toutes_tables/data/messages/xx.json"):
        hook.on_page_markdown("# Page\n", page, None, None)


def test_the_gallery_offers_each_start_to_the_embed_maker(hook: ModuleType) -> None:
    html = hook.render_gallery("../")
    assert html.count('class="tt-gallery-embed"') == 225
    assert 'href="../embed/?position=17#a-board-on-another-site"' in html


def test_docstring_examples_are_fenced_for_the_api_reference(hook: ModuleType) -> None:
    import markdown

    md = markdown.Markdown(extensions=["fenced_code", hook.DoctestBlocksExtension()])
    html = md.convert('Text.\n\n>>> [str(p) for p in plays]\n[\'3/off 2/1*\']\n\nMore text.')
    assert "<blockquote>" not in html
    assert "<code" in html and "[str(p) for p in plays]" in html


def test_rest_roles_in_docstrings_read_as_code(hook: ModuleType) -> None:
    import markdown

    md = markdown.Markdown(extensions=["fenced_code", hook.DoctestBlocksExtension()])
    html = md.convert("See :class:`~toutes_tables.Position`, :meth:`Game.replay` and :attr:`moves <Play.moves>`.")
    assert html == "<p>See <code>Position</code>, <code>Game.replay</code> and <code>moves</code>.</p>"


def render_page_at(hook: ModuleType, source: str, url: str) -> str:
    import markdown

    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/x.md"), url=url)
    replaced = hook.on_page_markdown(source, page, None, None)
    return str(hook.on_page_content(markdown.markdown(replaced), page, None, None))


def test_live_boards_become_tt_board_elements_side_by_side_with_the_script(hook: ModuleType) -> None:
    source = (
        "```board\ntext: white 3:1 2:2 / 24:1\ndice: 6-1\nlive: example\n"
        "rules: backgammon, toutes-tables\n```\n"
    )
    html = render_page_at(hook, source, "rules/bearing-off/")
    assert html.count("<tt-board ") == 2
    assert '<tt-board rules="backgammon" position="AACAWAAAAAAAAA" turn="white" mode="example"' in html
    assert '<tt-board rules="toutes-tables" ' in html
    assert 'dice="6-1"' in html
    assert html.count("<svg") == 2  # the static diagram inside each, until the element takes over
    assert html.rstrip().endswith('<script type="module" src="../../board/element.js"></script>')


def test_live_start_boards_pass_the_start_number(hook: ModuleType) -> None:
    html = render_page_at(hook, "```board\nstart: 64\nlive: view\n```\n", "")
    assert '<tt-board rules="toutes-tables-225" position="64" turn="white" mode="view"' in html
    assert '<script type="module" src="board/element.js"></script>' in html


def test_pages_without_live_boards_load_no_script(hook: ModuleType) -> None:
    assert "<script" not in render_page_at(hook, "```board\nstart: 64\n```\n", "rules/board/")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("start: 64\nlive: replay", "live must be one of view, play, example"),
        ("start: 64\nlive: example", "needs dice"),
        ("start: 64\ndice: 3-1\nrules: backgammon, toutes-tables", "for live boards side by side"),
    ],
)
def test_bad_live_fences_fail(hook: ModuleType, body: str, message: str) -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="x.md"), url="x/")
    with pytest.raises(PluginError, match=message):
        hook.on_page_markdown(f"```board\n{body}\n```\n", page, None, None)


LESSON = """```lesson
text: white 24:2 13:5 8:3 6:4 4:1 / 24:2 13:5 8:3 6:4 18:1
dice: 6-2
rules: toutes-tables
goal: hit
task: Hit it.
right: Good.
wrong: No hit.
```
"""


def test_a_lesson_carries_the_engines_right_plays_and_loads_its_scripts(hook: ModuleType) -> None:
    import html as html_module
    import json

    out = render_page_at(hook, LESSON, "learn/")
    right = json.loads(html_module.unescape(out.split('data-right="')[1].split('"')[0]))
    assert right == ["13/11 13/7*", "13/7* 4/2", "13/7* 6/4", "13/7* 8/6", "13/7*/5", "24/22 13/7*"]
    assert '<tt-board rules="toutes-tables"' in out and 'mode="play"' in out
    assert '<script type="module" src="../board/element.js"></script>' in out
    assert '<script type="module" src="../javascripts/tutorial.js"></script>' in out


def test_a_cube_lesson_is_decided_by_counting_the_doublers_winning_rolls(hook: ModuleType) -> None:
    source = "```lesson\ntext: black 6:1 5:1 / 1:1\ngoal: cube\ntask: T\nright: R.\nwrong: W.\n```\n"
    out = render_page_at(hook, source, "learn/")
    assert 'data-kind="cube" data-answer="take"' in out
    assert "6-6, 6-5, 5-5, 4-4, 3-3, that is 6 of 36 (17%)" in out
    assert "tutorial.js" in out and "element.js" not in out


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("start: 64\ndice: 3-1\ngoal: hit\ntask: t\nright: r\nwrong: w", "no legal play meets the goal 'hit'"),
        ("start: 64\ndice: 6-6\nrules: backgammon\ngoal: any\ntask: t\nright: r", "needs 'wrong'"),
        ("text: white 3:1 2:2 / 24:1\ndice: 6-1\nrules: toutes-tables\ngoal: most-off\ntask: t\nright: r\nwrong: w",
         "could not reject a play"),
        ("start: 64\ndice: 3-1\ngoal: fly\ntask: t\nright: r\nwrong: w", "goal must be one of"),
        ("start: 64\ngoal: cube\ntask: t\nright: r\nwrong: w", "exactly one checker left"),
    ],
)
def test_lessons_that_cannot_be_judged_fail_the_build(hook: ModuleType, body: str, message: str) -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="learn.md"), url="learn/")
    with pytest.raises(PluginError, match=message):
        hook.on_page_markdown(f"```lesson\n{body}\n```\n", page, None, None)


def test_the_diagrams_word_files_have_the_same_keys_in_every_language(hook: ModuleType) -> None:
    # docs/hooks/words/<locale>.json: a new edition is a file, not code; each has English's keys, no more
    import json

    files = sorted(hook.WORDS_DIR.glob("*.json"))
    assert {f.stem for f in files} >= {"en", "fr"}
    keys = {f.stem: set(json.loads(f.read_text(encoding="utf-8"))) - {hook.NOTE_KEY} for f in files}
    for locale, own in keys.items():
        assert own == keys["en"], (locale, sorted(own ^ keys["en"]))
        assert hook.load_words(locale).keys() == keys["en"]


def test_an_edition_without_its_diagram_words_fails_the_build(hook: ModuleType) -> None:
    page = SimpleNamespace(file=SimpleNamespace(src_uri="index.xx.md", locale="xx"), url="xx/")
    with pytest.raises(PluginError, match="xx"):
        hook.on_page_markdown("# Page\n", page, None, None)
