"""MkDocs hook: board diagrams drawn by the engine at build time, so every picture is right by construction.

A page writes a fenced block whose info string is ``board``; its lines are ``key: value`` pairs::

    ```board
    text: white 3:1 2:2 / 24:1
    dice: 6-1
    play: 3/off 2/1*
    rules: toutes-tables
    plays: backgammon, toutes-tables
    caption: Only one play is legal in Toutes tables.
    ```

- the position is exactly one of ``text`` (the engine's literal), ``start`` (1-225) or ``id`` (a gnubg
  Position ID, with ``turn`` naming its player on roll; ``turn`` also applies to ``start``);
- ``play`` is drawn as arrows and must be legal under ``rules`` (default ``toutes-tables-225``) with
  ``dice``; ``plays`` lists the engine's legal plays under each rule set named; ``outcome`` (for a
  finished game) lists the result under each;
- ``live: view|play|example`` makes it a live board, the game's ``<tt-board>`` element (the static
  diagram stays inside it until the element has loaded); with several rule sets in ``rules`` the boards
  stand side by side;
- ``orientation`` is the colour at the bottom, ``highlight`` a list of absolute points, ``caption``
  inline Markdown. An indented line continues the value above it; a line starting with ``#`` is a comment.

The block becomes an inline SVG (``toutes_tables.svg.board_svg``) in a ``<figure>``. Anything the hook
cannot read raises ``PluginError`` naming the page and line, so ``mkdocs build --strict`` fails instead
of publishing a wrong diagram.

A ``board-gallery`` block (no content) becomes the gallery of the 225 starts: one small SVG file per
start, generated into the edition's ``starts/`` (beside its gallery page: ``starts/`` for English,
``fr/starts/`` for French, each in its edition's words), each linking to the game at that start in the
page's edition.

Every word of a picture is in the page's edition: the hook's own (captions' surroundings, the gallery's
lines) from ``docs/hooks/words/<locale>.json``, the SVG's title and the line under the board from the
engine's catalogue of that locale (``toutes_tables.svg``'s ``lang``). An edition whose locale lacks
either fails the build.

A ``lesson`` block is a tutorial lesson: a position, ``dice``, ``rules``, a ``goal`` (``any``, ``hit``,
``square``, ``most-off``, or ``cube`` for a take/drop question), a ``task`` and the ``right`` and
``wrong`` explanations. The engine decides the right answers at build time (``lessons.py``);
``docs/javascripts/tutorial.js`` compares the reader's play with them. Pages with live boards or lessons
get the scripts they need appended.

Fences are found line by line, outside other fences, so a page can show the syntax inside a longer
(````) fence. They are swapped for a plain-text token before Markdown runs and the token for the HTML
after, so Markdown never rewrites the SVG, and a fence inside an admonition works too.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import uuid
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

# The book documents the engine of this checkout, not whatever version happens to be installed.
ENGINE_SOURCES = Path(__file__).resolve().parents[2] / "pkg"
if str(ENGINE_SOURCES) not in sys.path:
    sys.path.insert(0, str(ENGINE_SOURCES))

from toutes_tables import (  # noqa: E402
    RULE_SETS,
    Color,
    Position,
    get_rules,
    legal_plays,
    parse_play,
    start_position,
    start_rolls,
)
from toutes_tables.messages import DEFAULT_LANGUAGE, languages  # noqa: E402
from toutes_tables.svg import HEIGHT, WIDTH, board_svg, describe  # noqa: E402



def _load_lessons() -> Any:
    """lessons.py beside this file, under a name that cannot clash with another module called lessons."""
    spec = importlib.util.spec_from_file_location("tt_docs_lessons", Path(__file__).resolve().parent / "lessons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


lessons = _load_lessons()
LessonError = lessons.LessonError

FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\s]*)[^`]*$")
KEYS = {
    "start", "id", "text", "turn", "dice", "orientation", "highlight", "play", "rules", "plays", "outcome", "caption",
    "live",
}
LESSON_KEYS = {"start", "id", "text", "turn", "dice", "rules", "goal", "task", "right", "wrong", "orientation"}
LESSON_MARK = "data-tt-lesson"  # lessons need the tutorial script as well as the element
LESSON_SCRIPT = "javascripts/tutorial.js"
LIVE_MODES = ("view", "play", "example")
LIVE_MARK = "data-tt-live-board"  # on figures holding <tt-board> elements: the page then loads the element
ELEMENT_SCRIPT = "board/element.js"  # the game's <tt-board> custom element, at the site root
GALLERY_DIR = "starts"  # the gallery page is starts.md, so an edition's images sit beside it, at <edition>/starts/
THUMB_WIDTH = 320
PLAY_LINK = "../play/?rules=toutes-tables-225&amp;start={number}"
# The Embed page's maker, prefilled with a start (docs/javascripts/embed-maker.js reads the query).
EMBED_LINK = "../embed/?position={number}#a-board-on-another-site"
# The words the hook writes into a page, each with its text in every edition (the i18n plugin's locale of
# the page's file; a page without its translation is English wherever it is served). A new edition adds
# its text to every entry: one missing fails the build.
# The words the hook writes into a page, in the edition of the page's file (the i18n plugin's locale; a page
# without its translation is English wherever it is served): docs/hooks/words/<locale>.json, one file per
# language with the same keys ("//" is a note). A new edition adds its file, no code: a page whose locale has
# no file, or a file that lacks a key English has, fails the build.
WORDS_DIR = Path(__file__).resolve().parent / "words"
NOTE_KEY = "//"


def load_words(locale: str) -> dict[str, str]:
    """The diagram words of ``locale`` (``docs/hooks/words/<locale>.json``); a missing file or key is a PluginError."""
    path = WORDS_DIR / f"{locale}.json"
    if not path.is_file():
        raise PluginError(f"diagrams: no words for the edition {locale!r}: add {path.relative_to(WORDS_DIR.parent)}")
    words = {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k != NOTE_KEY}
    if locale != "en":
        missing = sorted(set(load_words("en")) - set(words))
        if missing:
            raise PluginError(f"diagrams: {path.name} lacks {', '.join(missing)}")
    return words


# the current page's words and the engine's language for its pictures (the SVGs' titles, the line under the
# board: toutes_tables.svg's lang, the engine's catalogue of that locale), set by on_page_markdown before it
# renders the page's fences
_words = load_words("en")
_lang = DEFAULT_LANGUAGE


def picture_language(locale: str) -> str:
    """The engine's language for the pictures of an edition: ``locale``, which must have an engine catalogue."""
    if locale not in languages():
        raise PluginError(
            f"diagrams: the engine has no words for the edition {locale!r}: add "
            f"pkg/toutes_tables/data/messages/{locale}.json (it speaks {', '.join(languages())})"
        )
    return locale
_TOKEN_PREFIX = "TTDIAGRAM" + uuid.uuid4().hex[:8].upper()


@dataclass
class Fence:
    kind: str  # "board", "board-gallery" or "lesson"
    body: list[str]
    line: int  # 1-based line of the opening fence in the page


class DiagramError(ValueError):
    """A ``board`` fence the hook cannot draw."""


def find_fences(source: str) -> tuple[str, list[Fence]]:
    """Replace each top-level ``board`` / ``board-gallery`` / ``lesson`` fence with a token line; return them."""
    lines = source.split("\n")
    out: list[str] = []
    fences: list[Fence] = []
    i = 0
    while i < len(lines):
        m = FENCE_OPEN.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info")
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        if info in ("board", "board-gallery", "lesson"):
            if end == len(lines):
                raise DiagramError(f"line {i + 1}: the ```{info} fence is never closed")
            body = [ln[len(indent):] if ln.startswith(indent) else ln.lstrip() for ln in lines[i + 1 : end]]
            fences.append(Fence(info, body, i + 1))
            out.append(f"{indent}{_TOKEN_PREFIX}N{len(fences) - 1}")
        else:
            out.extend(lines[i : end + 1])  # another fence, kept whole: nothing inside it is ours
        i = end + 1
    return "\n".join(out), fences


def parse_fields(fence: Fence, keys: set[str] = KEYS) -> dict[str, str]:
    fields: dict[str, str] = {}
    last: str | None = None
    for offset, raw in enumerate(fence.body, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if raw[:1] in (" ", "\t"):  # an indented line continues the previous value
            if last is None:
                raise DiagramError(f"line {fence.line + offset}: an indented line continues nothing: {line!r}")
            fields[last] += " " + line
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or key not in keys:
            raise DiagramError(
                f"line {fence.line + offset}: expected 'key: value' with a key among {', '.join(sorted(keys))}, "
                f"got {line!r}"
            )
        if key in fields:
            raise DiagramError(f"line {fence.line + offset}: {key!r} is given twice")
        fields[key] = value.strip()
        last = key
    return fields


def _color(value: str, key: str) -> Color:
    if value.lower() not in ("white", "black"):
        raise DiagramError(f"{key} must be 'white' or 'black', got {value!r}")
    return Color(value.lower())


def _dice(value: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([1-6])\s*[-, ]\s*([1-6])\s*", value)
    if not m:
        raise DiagramError(f"dice must be two numbers 1-6 like '6-1', got {value!r}")
    return int(m.group(1)), int(m.group(2))


def _rules_list(value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    for name in names:
        if name not in RULE_SETS:
            raise DiagramError(f"unknown rule set {name!r}; expected one of {', '.join(RULE_SETS)}")
    return names


def build_position(fields: dict[str, str]) -> tuple[Position, int | None]:
    """The position a fence names, and its start number when it names one."""
    given = [key for key in ("start", "id", "text") if key in fields]
    if len(given) != 1:
        raise DiagramError(f"a board needs exactly one of start, id or text; got {given or 'none'}")
    turn = _color(fields["turn"], "turn") if "turn" in fields else Color.WHITE
    try:
        if "start" in fields:
            if not re.fullmatch(r"\d{1,3}", fields["start"]):
                raise DiagramError(f"start must be a number 1-225, got {fields['start']!r}")
            number = int(fields["start"])
            return start_position(number, turn), number
        if "id" in fields:
            return Position.from_gnubg_id(fields["id"], turn), None
        if "turn" in fields:
            raise DiagramError("with text, the turn is the literal's first word ('white 3:1 / 24:1'), not a key")
        return Position.from_text(fields["text"]), None
    except DiagramError:
        raise
    except ValueError as exc:  # the engine's messages name the bad value
        raise DiagramError(str(exc)) from None


def _inline_markdown(text: str) -> str:
    html = markdown.markdown(text)
    return html.removeprefix("<p>").removesuffix("</p>")


def render_board(fields: dict[str, str]) -> str:
    position, number = build_position(fields)
    dice = _dice(fields["dice"]) if "dice" in fields else None
    orientation = _color(fields["orientation"], "orientation") if "orientation" in fields else Color.WHITE
    highlights = []
    for item in fields.get("highlight", "").replace(",", " ").split():
        if not item.isdigit() or not 1 <= int(item) <= 24:
            raise DiagramError(f"highlight takes absolute points 1-24, got {item!r}")
        highlights.append(int(item))
    rule_sets = _rules_list(fields.get("rules", "toutes-tables-225"))
    if not rule_sets:
        raise DiagramError("rules names no rule set")
    if len(rule_sets) > 1 and "live" not in fields:
        raise DiagramError("several rule sets in rules are for live boards side by side (live: example)")
    arrows: tuple[tuple[int, int], ...] = ()
    if "play" in fields:
        if dice is None:
            raise DiagramError("a play needs the dice it is played with (dice: 6-1)")
        for rules in rule_sets:
            try:
                arrows = parse_play(position, fields["play"], dice, rules).moves
            except ValueError as exc:
                raise DiagramError(f"play {fields['play']!r} under {rules}: {exc}") from None
    plays_html = ""
    if "plays" in fields:
        if dice is None:
            raise DiagramError("listing the legal plays needs the dice (dice: 6-1)")
        rows = []
        for name in _rules_list(fields["plays"]):
            plays = sorted(str(p) for p in legal_plays(position, dice, name))
            shown = ", ".join(f"<code>{escape(p)}</code>" for p in plays) or _words["no legal play"]
            rows.append(f"<li><strong>{escape(get_rules(name).title)}</strong>: {shown}</li>")
        plays_html = f'<ul class="tt-plays" aria-label="{_words["legal plays"]}">{"".join(rows)}</ul>'
    if "outcome" in fields:
        winner = position.winner()
        if winner is None:
            raise DiagramError("outcome needs a finished game: one side with all 15 checkers borne off")
        rows = []
        for name in _rules_list(fields["outcome"]):
            outcome = get_rules(name).outcome(position, winner)
            points = outcome.multiplier
            rows.append(
                f"<li><strong>{escape(get_rules(name).title)}</strong>: {escape(_words[outcome.value])}, "
                f"{points} {_words['points' if points > 1 else 'point']}{_words['cube'] if get_rules(name).cube else ''}"
                "</li>"
            )
        plays_html += f'<ul class="tt-plays" aria-label="{_words["result"]}">{"".join(rows)}</ul>'
    # A start before the opening roll has nobody on roll yet, unless the page says so.
    show_turn = number is None or "turn" in fields or dice is not None
    svg = board_svg(
        position, orientation=orientation, size=None, arrows=arrows, highlights=highlights,
        start_number=number, dice=dice, show_turn=show_turn, lang=_lang,
    )
    caption = f"<figcaption>{_inline_markdown(fields['caption'])}</figcaption>" if "caption" in fields else ""
    if "live" in fields:
        boards = render_live_boards(fields["live"], position, number, dice, orientation, rule_sets, svg)
        body = f"{boards}{caption}{plays_html}"
        return f'<figure class="tt-diagram tt-live" {LIVE_MARK} data-search-exclude>{body}</figure>'
    return f'<figure class="tt-diagram" data-search-exclude>{svg}{caption}{plays_html}</figure>'


def render_live_boards(
    mode: str,
    position: Position,
    number: int | None,
    dice: tuple[int, int] | None,
    orientation: Color,
    rule_sets: list[str],
    fallback_svg: str,
) -> str:
    """One ``<tt-board>`` per rule set, the static diagram inside each until the element takes over."""
    if mode not in LIVE_MODES:
        raise DiagramError(f"live must be one of {', '.join(LIVE_MODES)}, got {mode!r}")
    if mode != "view" and dice is None:
        raise DiagramError(f"a live board in {mode} mode needs dice (dice: 6-1)")
    where = str(number) if number is not None else position.gnubg_id()
    attrs = f'position="{escape(where)}" turn="{position.turn.value}" mode="{mode}" orientation="{orientation.value}"'
    if dice is not None:
        attrs += f' dice="{dice[0]}-{dice[1]}"'
    boards = []
    for rules in rule_sets:
        title = ""
        if len(rule_sets) > 1:
            title = f'<p class="tt-live-title"><strong>{escape(get_rules(rules).title)}</strong></p>'
        board = f'<tt-board rules="{rules}" {attrs}>{fallback_svg}</tt-board>'
        boards.append(f'<div class="tt-live-board">{title}{board}</div>')
    return f'<div class="tt-live-boards">{"".join(boards)}</div>'


def render_lesson(fields: dict[str, str]) -> str:
    """A tutorial lesson: a task, a live board (or, for the cube, a picture and two buttons), a verdict.

    The right answers are the engine's (``lessons.py``); the page's script only compares the reader's
    play, or choice, with them and shows the lesson's explanation.
    """
    for key in ("goal", "task", "right", "wrong"):
        if key not in fields:
            raise DiagramError(f"a lesson needs {key!r}")
    position, number = build_position(fields)
    orientation = _color(fields["orientation"], "orientation") if "orientation" in fields else position.turn
    task = f'<p class="tt-lesson-task">{_inline_markdown(fields["task"])}</p>'
    verdict = '<p class="tt-lesson-verdict" role="status" aria-live="polite"></p>'
    texts = f'data-right-text="{escape(fields["right"])}" data-wrong-text="{escape(fields["wrong"])}"'
    try:
        if fields["goal"] == "cube":
            if "dice" in fields:
                raise DiagramError("a cube lesson is decided before the roll: no dice")
            judged = lessons.judge_last_roll_double(position)
            rolls = ", ".join(f"{a}-{b}" for a, b in dict.fromkeys(judged.winning_rolls))
            count = len(judged.winning_rolls)
            facts = _words["cube facts"].format(
                rolls=rolls, count=count, percent=round(100 * count / 36), others=36 - count
            )
            texts = (
                f'data-right-text="{escape(fields["right"] + facts)}" '
                f'data-wrong-text="{escape(fields["wrong"] + facts)}"'
            )
            # The reader is the one deciding: the taker sits at the bottom unless the lesson says otherwise.
            if "orientation" not in fields:
                orientation = position.turn.other
            svg = board_svg(position, orientation=orientation, size=None, start_number=number, lang=_lang)
            buttons = "".join(
                f'<button type="button" class="md-button" data-choice="{c}">{_words[c]}</button> '
                for c in ("take", "drop")
            )
            body = f'{svg}<p class="tt-lesson-choices">{buttons}</p>'
            return (
                f'<div class="tt-lesson" {LESSON_MARK} data-kind="cube" data-answer="{judged.answer}" {texts}>'
                f"{task}{body}{verdict}</div>"
            )
        if "dice" not in fields:
            raise DiagramError("a lesson played on the board needs dice")
        dice = _dice(fields["dice"])
        rules = fields.get("rules", "toutes-tables-225")
        _rules_list(rules)
        right, _ = lessons.right_plays(position, dice, rules, fields["goal"])
    except LessonError as exc:
        raise DiagramError(str(exc)) from None
    svg = board_svg(position, orientation=orientation, size=None, dice=dice, start_number=number, lang=_lang)
    board = render_live_boards("play", position, number, dice, orientation, [rules], svg)
    right_json = escape(json.dumps(right), quote=True)
    return (
        f'<div class="tt-lesson" {LESSON_MARK} {LIVE_MARK} data-kind="play" data-right="{right_json}" {texts}>'
        f"{task}{board}{verdict}</div>"
    )


def _edition_folder(locale: str) -> str:
    """Where an edition's generated files sit under the site's root: the default's at the root, others' in a folder."""
    return "" if locale == DEFAULT_LANGUAGE else f"{locale}/"


def gallery_files(config: Any, locale: str) -> list[File]:
    """The 225 starts' images in the words of the edition ``locale`` (the line under each board)."""
    lang = picture_language(locale)
    files = []
    for number in range(1, 226):
        svg = board_svg(start_position(number), size=None, start_number=number, show_turn=False, lang=lang)
        uri = f"{_edition_folder(locale)}{GALLERY_DIR}/start-{number:03d}.svg"
        files.append(File.generated(config, uri, content=svg))
    return files


def render_gallery(up: str) -> str:
    """The 225 starts; ``up`` leads from the page to the site's root, under which each edition has its images."""
    up += _edition_folder(_lang)
    items = []
    for number in range(1, 226):
        (a1, b1), (a2, b2) = start_rolls(number)
        alt = describe(start_position(number), start_number=number, show_turn=False, lang=_lang)
        alt = escape(alt, quote=True)
        classic = _words["classic"] if number == 64 else ""
        items.append(
            f'<li id="start-{number}"><a href="{PLAY_LINK.format(number=number)}" '
            f'title="{_words["play from"].format(number=number)}">'
            f'<img src="{up}{GALLERY_DIR}/start-{number:03d}.svg" alt="{alt}" loading="lazy" width="{THUMB_WIDTH}" '
            f'height="{round(THUMB_WIDTH * HEIGHT / WIDTH)}">'
            f"<span><strong>{_words['start'].format(number=number)}</strong>{classic} · "
            f"{_words['rolls'].format(first=f'{b1}-{a1}', second=f'{b2}-{a2}')}</span></a>"
            f'<a class="tt-gallery-embed" href="{EMBED_LINK.format(number=number)}" '
            f'title="{_words["embed title"].format(number=number)}">{_words["embed"]}</a></li>'
        )
    return f'<ol class="tt-gallery">{"".join(items)}</ol>'


class DoctestBlocks(Preprocessor):
    """Fence runs of ``>>>`` lines as ``pycon`` code, and show reST roles as code.

    The engine's docstrings carry runnable examples in reST style (a bare ``>>>`` block, no fence).
    Rendered as Markdown by mkdocstrings on the API reference page, they would turn into nested
    block quotes and their brackets into reference links; fenced, they show as Python sessions.
    """

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        i = 0
        while i < len(lines):
            line = lines[i]
            m = FENCE_OPEN.match(line)
            if fence is None and m and m.group("fence"):
                fence = m.group("fence")
            elif fence is not None and line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
            elif fence is None and line.lstrip().startswith(">>> "):
                indent = line[: len(line) - len(line.lstrip())]
                block = []
                while i < len(lines) and lines[i].strip():
                    block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
                    i += 1
                out += ["", f"{indent}```pycon", *(indent + b for b in block), f"{indent}```", ""]
                continue
            out.append(line if fence is not None else REST_ROLE.sub(_role_as_code, line))
            i += 1
        return out


# reST cross-reference roles in the docstrings (:class:`~toutes_tables.Play`) read as plain code here.
REST_ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj):`(~?)([^`<]*?)\s*(?:<([^>]*)>)?`")


def _role_as_code(m: re.Match[str]) -> str:
    shown = m.group(2) or m.group(3) or ""
    if m.group(1):  # a leading ~ shows only the last part of the dotted name
        shown = shown.rsplit(".", 1)[-1]
    return f"`{shown}`"


class DoctestBlocksExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # Before the fenced-code preprocessors (priority 25), so the new fences are highlighted.
        md.preprocessors.register(DoctestBlocks(md), "tt_doctest_blocks", 30)


# --- MkDocs events ----------------------------------------------------------------------------------


@event_priority(100)  # before mkdocstrings takes its copy of the Markdown extensions
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestBlocksExtension())
    return config

_rendered: dict[str, list[str]] = {}


# After the i18n plugin (-100) has sorted the pages into editions: the gallery's images are generated, with
# no source file for it to place, and both editions' galleries show the same ones at the site's root.
@event_priority(-150)
def on_files(files: Files, config: Any) -> Files:
    # This hook lives in docs/ (next to the pages it serves) but is not part of the site.
    for file in list(files):
        if file.src_uri.startswith("hooks/"):
            files.remove(file)
    i18n = config.plugins.get("i18n")
    locale = i18n.current_language if i18n is not None else DEFAULT_LANGUAGE
    for file in gallery_files(config, locale):
        files.append(file)
    return files


def on_page_markdown(source: str, page: Any, config: Any, files: Files) -> str:
    global _words, _lang
    path = page.file.src_uri
    locale = getattr(page.file, "locale", "en")
    _words, _lang = load_words(locale), picture_language(locale)
    try:
        replaced, fences = find_fences(source)
        html = []
        for fence in fences:
            try:
                if fence.kind == "board-gallery":
                    if any(line.strip() for line in fence.body):
                        raise DiagramError("a board-gallery fence takes no content")
                    html.append(render_gallery("../" * page.url.count("/")))
                elif fence.kind == "lesson":
                    html.append(render_lesson(parse_fields(fence, LESSON_KEYS)))
                else:
                    html.append(render_board(parse_fields(fence)))
            except DiagramError as exc:
                raise DiagramError(f"```{fence.kind} at line {fence.line}: {exc}") from None
    except DiagramError as exc:
        raise PluginError(f"{path}: {exc}") from None
    _rendered[path] = html
    return replaced


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    diagrams = _rendered.pop(page.file.src_uri, [])
    for n, diagram in enumerate(diagrams):
        token = f"{_TOKEN_PREFIX}N{n}"
        html, count = re.subn(rf"<p>{token}</p>|{token}(?!\d)", lambda _, svg=diagram: svg, html, count=1)
        if count != 1:
            raise PluginError(f"{page.file.src_uri}: diagram {n + 1} was lost by the Markdown conversion")
    # Relative to the page's directory URL (use_directory_urls), so any base path works.
    up = "../" * page.url.count("/") if diagrams else ""
    if any(LIVE_MARK in diagram for diagram in diagrams):
        html += f'\n<script type="module" src="{up}{ELEMENT_SCRIPT}"></script>\n'
    if any(LESSON_MARK in diagram for diagram in diagrams):
        html += f'\n<script type="module" src="{up}{LESSON_SCRIPT}"></script>\n'
    return html
