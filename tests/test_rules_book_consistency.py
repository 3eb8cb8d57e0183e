"""The rules book (docs/rules/) says what the engine and the web game do.

The book is the project's specification, and a careful reader found it contradicting itself and the
engine (an option "off unless chosen" that was on by default, a *partie double* glossed as a gammon).
These tests read the pages' tables and statements and check them against the engine's own answers,
so the next disagreement fails here instead of reaching a reader:

* the options table (docs/rules/index.md, "Options and their defaults") against ``GameOptions``,
  ``Match``, the JSON service's ``new_match`` and the web game's New game dialog (site/game/dialog.js,
  run with node);
* every sentence of the book that states an option's default against that table;
* the scoring table (docs/rules/scoring.md, "One ending, two scorings") against each rule set's
  ``outcome``;
* the glossary's scoring words and dice names, and the names of the doubles on docs/rules/moving.md,
  against ``Outcome`` and ``announce``;
* the facts the book states about the 225 starts, the worked example of drawing one and the classic
  start's set-up and Position ID against ``toutes_tables.starts``;
* the worked examples of docs/rules/cube.md (the Crawford match runs; the point game's count);
* the bounds it states (docs/rules/decisions.md, "Bounds on what the game accepts") against the service's.
"""

from __future__ import annotations

import dataclasses
import doctest
import inspect
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from toutes_tables import BLACK, RULE_SETS, WHITE, GameOptions, Match, Outcome, Position, get_rules, start_position
from toutes_tables.game import _point_game_count, announce
from toutes_tables.matchid import MATCH_ID_MAX_LENGTH
from toutes_tables.notation import MAX_NOTATION_LENGTH, MAX_STEPS
from toutes_tables.service import MAX_AUTO_DOUBLES, MAX_CUBE, MAX_MATCH_LENGTH, MAX_RECORD_CHARS, new_match
from toutes_tables.starts import start_number, start_points, start_rolls

ROOT = Path(__file__).resolve().parent.parent
RULES_BOOK = ROOT / "docs" / "rules"
TOUTES_TABLES_SETS = frozenset(r for r in RULE_SETS if not get_rules(r).cube)
BACKGAMMON_SETS = frozenset(r for r in RULE_SETS if get_rules(r).cube)
# The web game's options that are conveniences of its interface, not rules players agree on.
INTERFACE_OPTIONS = {"autoplay_forced", "show_cost"}


# -- reading the pages -------------------------------------------------------------------------


def page(name: str) -> str:
    return (RULES_BOOK / name).read_text(encoding="utf-8")


def without_fences(text: str) -> str:
    """The page with its fenced blocks (board diagrams, code) blanked, line numbers kept."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else line)
    return "\n".join(out)


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line, ``## ...``) up to the next heading of its level."""
    level = heading.split(" ", 1)[0]
    lines = text.splitlines()
    try:
        begin = lines.index(heading)
    except ValueError:
        raise AssertionError(f"heading {heading!r} not found") from None
    end = len(lines)
    for i in range(begin + 1, len(lines)):
        mark = lines[i].split(" ", 1)[0]
        if set(mark) == {"#"} and len(mark) <= len(level):
            end = i
            break
    return "\n".join(lines[begin + 1 : end])


def plain(cell: str) -> str:
    """A table cell without its Markdown: links become their text, emphasis and code marks go."""
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    return re.sub(r"[*`]", "", cell).strip()  # (the book emphasises with stars, never underscores)


def table(text: str) -> list[dict[str, str]]:
    """The first Markdown table in ``text``, as rows keyed by the header's cells (Markdown kept)."""
    rows = [line.strip() for line in text.splitlines() if line.strip().startswith("|")]
    assert len(rows) >= 3, f"no table in {text[:80]!r}..."
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    header = [plain(c) for c in cells[0]]
    return [dict(zip(header, row, strict=True)) for row in cells[2:]]


# -- the options and their defaults --------------------------------------------------------------


@cache
def options_table() -> dict[str, dict[str, str]]:
    rows = table(section(page("index.md"), "## Options and their defaults"))
    return {plain(row["engine name"]): row for row in rows}


@cache
def web_dialog() -> dict[str, object]:
    """The New game dialog's defaults and which option it shows for which rule set, from site/game/dialog.js."""
    node = shutil.which("node")
    assert node is not None, "node is needed to read the web game's New game dialog (site/game/dialog.js)"
    script = (
        "import { applicableOptions, defaultOptions } from './site/game/dialog.js';"
        f"const sets = {json.dumps(list(RULE_SETS))};"
        "console.log(JSON.stringify({ defaults: defaultOptions(),"
        " applies: Object.fromEntries(sets.map((r) => [r, applicableOptions(r)])) }));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    return data


def web_defaults() -> dict[str, object]:
    defaults = web_dialog()["defaults"]
    assert isinstance(defaults, dict)
    return defaults


def rule_options_of_the_web_game() -> set[str]:
    return {k for k, v in web_defaults().items() if isinstance(v, bool)} - INTERFACE_OPTIONS


def rule_options_of_the_engine() -> set[str]:
    fields = {f.name for f in dataclasses.fields(GameOptions)} - {"rules", "auto_double_mode"}
    return fields | {"crawford"}  # Match's: the Crawford rule is a rule between the games of a match


def stated_default(row: dict[str, str]) -> bool:
    value = plain(row["default"])
    assert value in ("on", "off"), f"the default of {plain(row['option'])!r} is 'on' or 'off', not {value!r}"
    return value == "on"


def stated_rule_sets(row: dict[str, str]) -> frozenset[str]:
    names = {"the backgammon sets": BACKGAMMON_SETS, "the Toutes tables sets": TOUTES_TABLES_SETS,
             "all four": frozenset(RULE_SETS)}
    value = plain(row["rule sets"])
    assert value in names, f"rule sets of {plain(row['option'])!r}: {value!r} is not one of {sorted(names)}"
    return names[value]


def test_the_options_table_lists_every_option_of_the_engine_and_of_the_web_game() -> None:
    documented = set(options_table())
    offered = rule_options_of_the_engine() | rule_options_of_the_web_game()
    assert documented == offered, (
        f"docs/rules/index.md's options table lacks {sorted(offered - documented)} "
        f"and lists options nobody offers: {sorted(documented - offered)}"
    )


def test_the_options_tables_defaults_are_the_engines_and_the_web_games() -> None:
    engine_defaults: dict[str, object] = {f.name: f.default for f in dataclasses.fields(GameOptions)}
    engine_defaults["crawford"] = inspect.signature(Match).parameters["crawford"].default
    service = inspect.signature(new_match).parameters
    for name, row in options_table().items():
        stated = stated_default(row)
        sources = {"the web game's dialog": web_defaults().get(name)}
        if name in engine_defaults:
            sources["GameOptions / Match"] = engine_defaults[name]
        if name in service:
            sources["service.new_match"] = service[name].default
        assert len(sources) > 1 or name == "strict_touch", f"{name} is documented but found only in the web game"
        for where, value in sources.items():
            assert value is not None, f"{where} has no option {name!r}"
            assert bool(value) is stated, (
                f"docs/rules/index.md says {name} is {'on' if stated else 'off'} by default; {where} has {value!r}"
            )


def engine_accepts(name: str, rules: str) -> bool:
    """Whether the engine plays ``rules`` with option ``name`` turned on (it refuses it where it does not belong)."""
    if name in ("cube", "crawford"):
        return get_rules(rules).cube  # accepted everywhere, but without a cube they do nothing
    value: object = 2 if name == "auto_doubles" else True
    try:
        GameOptions(rules=rules, **{name: value}).validate()  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def test_each_option_belongs_to_the_rule_sets_the_table_names() -> None:
    engine = rule_options_of_the_engine()
    applies = web_dialog()["applies"]
    assert isinstance(applies, dict)
    for name, row in options_table().items():
        stated = stated_rule_sets(row)
        shown = frozenset(r for r in RULE_SETS if applies[r].get(name, True))  # unlisted: shown with every set
        assert shown == stated, f"the New game dialog offers {name} with {sorted(shown)}, the book: {sorted(stated)}"
        if name in engine:
            accepted = frozenset(r for r in RULE_SETS if engine_accepts(name, r))
            assert accepted == stated, f"the engine accepts {name} with {sorted(accepted)}, the book: {sorted(stated)}"


# Words by which the book's sentences name an option (lower case).
OPTION_WORDS = {
    "cube": ("doubling cube",),
    "crawford": ("crawford",),
    "jacoby": ("jacoby",),
    "money_game": ("money game", "money play"),
    "auto_doubles": ("automatic double",),
    "point_game": ("point game",),
    "winner_opens": ("winner opens", "1698 option"),
    "strict_touch": ("touch",),
}
DEFAULT_PHRASES = {
    "on by default": True,
    "unless the players turn it off": True,
    "off by default": False,
    "off unless chosen": False,
}


def options_named_in(text: str) -> list[tuple[int, str]]:
    """(position, option) for every word naming an option in ``text``."""
    lower = text.lower()
    found = [(m.start(), name) for name, words in OPTION_WORDS.items() for w in words for m in re.finditer(w, lower)]
    return sorted(found)


def paragraphs(path: Path) -> Iterator[tuple[str, str]]:
    """(the headings of the ``##`` section it stands in, a paragraph joined into one line) for a page."""
    lines = without_fences(path.read_text(encoding="utf-8")).splitlines()
    section_headings: dict[int, str] = {}  # the line of each ## heading -> it and its ### subheadings
    top = -1
    for i, line in enumerate(lines):
        if line.startswith("## ") or line.startswith("# "):
            top = i
            section_headings[top] = line
        elif line.startswith("### ") and top >= 0:
            section_headings[top] += " " + line
    top, current = -1, []
    for i, line in enumerate([*lines, ""]):
        is_text = line.strip() and not line.startswith("#") and not line.lstrip().startswith("|")
        if is_text:
            current.append(line.strip())
            continue
        if current:
            yield section_headings.get(top, ""), " ".join(current)
            current = []
        if line.startswith("## ") or line.startswith("# "):
            top = i


def default_statements() -> Iterator[tuple[str, str, str, bool]]:
    """(page, sentence, option, stated on/off) for every sentence of the book that states an option's default.

    The option is the nearest one named before the phrase in the same sentence; failing that, every
    option named in the headings of the section the sentence stands in (so "The game offers these as
    options, all off unless chosen" speaks for the options its subsections are about).
    """
    for path in sorted(RULES_BOOK.glob("*.md")):
        for headings, paragraph in paragraphs(path):
            for sentence in re.split(r"(?<=[.;:])\s+(?=[A-Z])", paragraph):
                for phrase, on in DEFAULT_PHRASES.items():
                    for m in re.finditer(re.escape(phrase), sentence):
                        before = [name for pos, name in options_named_in(sentence) if pos < m.start()]
                        named = before[-1:] or sorted({name for _, name in options_named_in(headings)})
                        assert named, f"{path.name}: {sentence!r} states a default ({phrase!r}) but names no option"
                        for name in named:
                            yield path.name, sentence, name, on


def test_every_default_the_book_states_is_the_options_tables() -> None:
    table_defaults = {name: stated_default(row) for name, row in options_table().items()}
    statements = list(default_statements())
    assert len(statements) >= 5, statements  # the book states the defaults in several places
    for name_of_page, sentence, option, on in statements:
        assert on is table_defaults[option], (
            f"docs/rules/{name_of_page} says {option} is {'on' if on else 'off'} by default, the options table "
            f"(and the engine) says {'on' if table_defaults[option] else 'off'}: {sentence!r}"
        )


def stated_numbers(pattern: str) -> list[tuple[int, ...]]:
    """Every match of ``pattern`` in the book, its groups read as numbers ("2,000,000" and "four" too)."""
    words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
    found = re.findall(pattern, re.sub(r"\s+", " ", book_text()))
    assert found, f"the rules book no longer says {pattern!r}"
    rows = [found_row if isinstance(found_row, tuple) else (found_row,) for found_row in found]
    return [tuple(words[g] if g in words else int(g.replace(",", "")) for g in row) for row in rows]


def test_the_bounds_the_book_states_are_the_games() -> None:
    """docs/rules/decisions.md ("Bounds on what the game accepts"), cube.md and index.md against the service."""
    assert set(stated_numbers(r"[Tt]he cube goes up to ([\d,]+)")) == {(MAX_CUBE,)}
    assert set(stated_numbers(r"a cube up to ([\d,]+)")) == {(MAX_CUBE,)}
    assert set(stated_numbers(r"a match is played to (\d+) to (\d+) points")) == {(1, MAX_MATCH_LENGTH)}
    assert set(stated_numbers(r"a match of (\d+) to (\d+) points")) == {(1, MAX_MATCH_LENGTH)}
    terminal = stated_numbers(r"in the terminal game (\d+) to (\d+), the longest match a gnubg Match ID")
    assert set(terminal) == {(1, MATCH_ID_MAX_LENGTH)}
    assert set(stated_numbers(r"automatic doubles up to a cube of (\d+)")) == {(MAX_AUTO_DOUBLES,)}
    assert set(stated_numbers(r"a higher one \(at most (\d+)\)")) == {(MAX_AUTO_DOUBLES,)}
    service_default = inspect.signature(new_match).parameters["auto_double_limit"].default
    limit = {(web_defaults()["auto_double_limit"],), (service_default,)}
    assert set(stated_numbers(r"up to a limit of (\d+) unless the players choose")) == limit
    assert set(stated_numbers(r"a saved game of at most ([\d,]+) characters")) == {(MAX_RECORD_CHARS,)}
    written = stated_numbers(r"a play written in at most (\d+) characters and (\w+) steps")
    assert set(written) == {(MAX_NOTATION_LENGTH, MAX_STEPS)}


def test_the_crawford_match_of_the_cube_page_runs() -> None:
    path = RULES_BOOK / "cube.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


def test_the_point_game_example_is_the_engines_count() -> None:
    text = page("cube.md")
    board = re.search(r"## Gammons and backgammons.*?```board\ntext: (.*?)\n", text, re.DOTALL)
    claim = re.search(r"In the backgammon example above, .*?= (\d+) points", re.sub(r"\s+", " ", text))
    assert board is not None and claim is not None
    position = Position.from_text(board.group(1))
    assert _point_game_count(position, position.winner().other) == int(claim.group(1))  # type: ignore[union-attr]


# -- scoring -----------------------------------------------------------------------------------

# Endings (White has borne off all 15, Black lost) for each condition the scoring table lists.
LOSER_POSITIONS = {
    "has borne off at least one checker": ["white - / 6:14", "white - / 6:10 22:4", "white - / 6:13 bar:1"],
    "has borne off none, and has all 15 in his home quarter": ["white - / 6:4 5:4 4:4 3:3", "white - / 1:15"],
    "has borne off none, and has a checker in his outer quarter or in the winner's": [
        "white - / 8:1 6:14",
        "white - / 12:2 6:13",
        "white - / 13:1 6:14",
        "white - / 18:1 6:14",
    ],
    "has borne off none, and has a checker in the winner's home quarter or on the bar": [
        "white - / 19:1 6:14",
        "white - / 24:1 6:14",
        "white - / 6:14 bar:1",
        "white - / 8:1 6:13 bar:1",
    ],
}


def test_the_scoring_table_is_each_rule_sets_outcome() -> None:
    rows = table(section(page("scoring.md"), "## One ending, two scorings"))
    assert {plain(row["the loser…"]) for row in rows} == set(LOSER_POSITIONS)
    for row in rows:
        condition = plain(row["the loser…"])
        for family, rule_sets in (("Toutes tables", TOUTES_TABLES_SETS), ("Backgammon", BACKGAMMON_SETS)):
            label, points = (part.strip() for part in plain(row[family]).split(","))
            for text in LOSER_POSITIONS[condition]:
                for rules in rule_sets:
                    outcome = get_rules(rules).outcome(Position.from_text(text), WHITE)
                    assert (outcome.label, outcome.multiplier) == (label, int(points)), (
                        f"docs/rules/scoring.md: a loser who {condition} ({text}) loses a {label} worth {points} "
                        f"in {rules}, says the book; the engine says a {outcome.label} worth {outcome.multiplier}"
                    )


# The results as the French edition's captions name them (docs/rules/*.fr.md), by the engine's label.
FRENCH_RESULTS = {
    "partie simple": "single game", "partie double": "double game", "gammon": "gammon", "backgammon": "backgammon",
}


def board_fences() -> Iterator[tuple[str, dict[str, str]]]:
    """(page, fields) for every ``board`` fence of the rules book (continuation lines joined)."""
    for path in sorted(RULES_BOOK.glob("*.md")):
        for block in re.findall(r"^```board\n(.*?)^```", path.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE):
            fields: dict[str, str] = {}
            key = ""
            for line in block.splitlines():
                if line.startswith((" ", "\t")) and key:
                    fields[key] += " " + line.strip()
                elif ":" in line and not line.startswith("#"):
                    key, value = (part.strip() for part in line.split(":", 1))
                    fields[key] = value
            yield path.name, fields


def test_the_captions_of_finished_games_name_the_engines_results() -> None:
    """A caption under an ``outcome`` board may only name results the engine gives that ending."""
    checked = 0
    for name, fields in board_fences():
        if "outcome" not in fields:
            continue
        position = Position.from_text(fields["text"])
        winner = position.winner()
        assert winner is not None, f"{name}: {fields['text']} is not a finished game"
        results = {get_rules(r.strip()).outcome(position, winner).label for r in fields["outcome"].split(",")}
        caption = fields.get("caption", "")
        # the French edition's pages (page.fr.md) name them in French
        french = re.findall(r"\bune? (partie simple|partie double|gammon|backgammon)\b", caption)
        named = set(re.findall(r"\ban? (single game|double game|gammon|backgammon)\b", caption))
        named |= {FRENCH_RESULTS[word] for word in french}
        assert named, f"{name}: the caption of {fields['text']} names no result"
        assert named <= results, f"{name}: {fields['caption']!r} names {sorted(named - results)}; the engine: {results}"
        checked += 1
    assert checked >= 3


def test_the_glossary_gives_each_scoring_word_its_own_outcome() -> None:
    rows = table(section(page("glossary.md"), "## Play"))
    labels = {o.label: o for o in Outcome}
    french = {"partie simple": Outcome.SINGLE, "partie double": Outcome.DOUBLE}
    seen = set()
    for row in rows:
        english = plain(row["English"])
        named = [o for label, o in labels.items() if re.search(rf"(?<![a-z]){label}\b", english)]
        assert len(named) <= 1, f"the glossary equates {[o.label for o in named]} in {english!r}: they differ"
        if plain(row["French"]) in french:
            assert named == [french[plain(row["French"])]], f"{plain(row['French'])} is glossed {english!r}"
        if named:
            seen.add(named[0])
            number = re.search(r"(\d+) (?:points?|times)", plain(row["meaning"]))
            assert number is not None, f"the glossary's {english!r} does not say what it is worth"
            assert int(number.group(1)) == named[0].multiplier, f"the glossary's {english!r} is worth {number.group(1)}"
    assert seen == set(Outcome), f"the glossary lacks {set(Outcome) - seen}"


def test_the_names_of_the_rolls_are_the_ones_the_game_announces() -> None:
    rows = table(section(page("glossary.md"), "## The dice"))
    checked = 0
    for row in rows:
        roll = re.fullmatch(r"(\d)-(\d)", plain(row["roll"]))
        if roll is None:
            continue
        dice = (int(roll.group(1)), int(roll.group(2)))
        name = announce(dice)
        if dice[0] == dice[1]:
            assert re.match(r"\*\*([^*]+)\*\*", row["French name"]).group(1) == name  # type: ignore[union-attr]
        else:
            assert plain(row["English"]).lower() == name.lower()
        checked += 1
    assert checked == 7
    moving = re.findall(r"(\d)-(\d) \*([^*]+)\*", page("moving.md"))
    assert len(moving) == 6
    for high, low, name in moving:
        assert announce((int(high), int(low))) == name, f"docs/rules/moving.md calls {high}-{low} {name!r}"


# -- the 225 starts ----------------------------------------------------------------------------


def book_text() -> str:
    return " ".join(without_fences(path.read_text(encoding="utf-8")) for path in sorted(RULES_BOOK.glob("*.md")))


def fences_text() -> str:
    return " ".join(path.read_text(encoding="utf-8") for path in sorted(RULES_BOOK.glob("*.md")))


def pips(number: int) -> int:
    return start_position(number).pips(WHITE)


def test_the_facts_the_book_states_about_the_225_starts_are_the_engines() -> None:
    text = re.sub(r"\s+", " ", fences_text())
    all_pips = [pips(n) for n in range(1, 226)]
    ranges = re.findall(r"runs from (\d+)(?: \(No\. (\d+)\))? to (\d+)(?: \(No\. (\d+)\))?", text)
    assert len(ranges) >= 2, ranges
    for low, low_start, high, high_start in ranges:
        assert (int(low), int(high)) == (min(all_pips), max(all_pips))
        if low_start:
            assert pips(int(low_start)) == int(low) and pips(int(high_start)) == int(high)
    for number, count in re.findall(r"No\. (\d+), the \w+ race of the 225 \((\d+) pips each\)", text):
        assert pips(int(number)) == int(count), f"No. {number} has {pips(int(number))} pips, not {count}"
    classic = re.findall(r"classic start (?:both players )?needs? (\d+)", text)
    assert classic and all(int(c) == pips(64) for c in classic), classic
    drawn = re.findall(r"No\. (\d+), drawn with (\d)-(\d) then (\d)-(\d)", text)
    assert drawn
    for number, *dice in drawn:
        first, second = start_rolls(int(number))
        assert (sorted(map(int, dice[:2])), sorted(map(int, dice[2:]))) == (list(first), list(second)), number
    same_first_roll = r"[Ss]tarts (\d+) to (\d+)(?: all begin with a first roll of)? (?:with )?(\d)-(\d)"
    for first, last, high, low in re.findall(same_first_roll, text):
        for n in range(int(first), int(last) + 1):
            assert start_rolls(n)[0] == (int(low), int(high)), f"start No. {n} does not begin with {high}-{low}"
    for high1, low1, high2, low2, number in re.findall(
        r"first roll (\d)-(\d), second roll (\d)-(\d), which is [^*]*\*\*No\. (\d+)\*\*", text
    ):
        assert start_rolls(int(number)) == ((int(low1), int(high1)), (int(low2), int(high2)))


def test_the_worked_example_of_drawing_a_start_is_the_engines() -> None:
    """docs/rules/drawn-starts.md, "An example": the rolls, the checkers placed and the start number."""
    text = re.sub(r"\s+", " ", section(page("drawn-starts.md"), "### An example"))
    rolls = re.search(r"The first roll shows (\d) and (\d), the second (\d) and (\d)\.", text)
    assert rolls is not None
    first, second = sorted(map(int, rolls.groups()[:2])), sorted(map(int, rolls.groups()[2:]))
    number = start_number((first[0], first[1]), (second[0], second[1]))
    placed: dict[str, dict[int, int]] = {"black": {}, "white": {}}
    for colour, count, point in re.findall(r"(Black|White)'s (\d) on (?:point )?(?:13 − \d = )?(\d+)", text):
        placed[colour.lower()][int(point)] = int(count)
    assert placed == start_points(number), f"the example sets up {placed}, start No. {number} is {start_points(number)}"
    named = re.findall(r"Start No\. (\d+), drawn with", page("drawn-starts.md"))
    assert named == [str(number)]


def test_the_classic_start_page_is_start_no_64() -> None:
    """docs/rules/classic-start.md: the set-up in absolute numbering and its gnubg Position ID."""
    text = re.sub(r"\s+", " ", page("classic-start.md"))
    absolute = re.search(r"In absolute numbering: Black has (.*?); White has (.*?)\. ", text)
    assert absolute is not None
    placed = {
        colour: {int(point): int(count) for count, point in re.findall(r"(\d+) on (\d+)", listed)}
        for colour, listed in zip(("black", "white"), absolute.groups(), strict=True)
    }
    assert placed == start_points(64)
    pid = re.search(r"Its gnubg Position ID is `([^`]+)`", text)
    assert pid is not None and start_position(64).gnubg_id() == pid.group(1)
    assert start_position(64, BLACK).gnubg_id() == pid.group(1)  # "the same whoever is on roll"


def test_every_option_of_the_terminal_game_the_pages_name_exists() -> None:
    """docs/python.md ("Play in the terminal") and the rules book name the terminal game's options."""
    from toutes_tables.cli import build_parser

    top = build_parser()  # the command's options, and its subcommands' (play, starts, ids...)
    subcommands = [p for action in top._actions if isinstance(action.choices, dict) for p in action.choices.values()]
    parsers = [top, *subcommands]
    known = {flag for parser in parsers for action in parser._actions for flag in action.option_strings}
    pages = [ROOT / "docs" / "python.md", *sorted(RULES_BOOK.glob("*.md"))]  # (the benchmarks' scripts have others)
    named = {flag for path in pages for flag in re.findall(r"`(--[a-z][a-z-]*)", path.read_text(encoding="utf-8"))}
    assert len(named) >= 10, named
    assert named <= known, f"the pages name options the terminal game does not have: {sorted(named - known)}"
    listed = set(re.findall(r"`(--[a-z][a-z-]*)", section(page("../python.md"), "## Play in the terminal")))
    unlisted = known - listed - {"-h", "--help"}
    assert not unlisted, f"docs/python.md does not list {sorted(unlisted)}"



# -- the project stands on its own -------------------------------------------------------------

# What a citation of a document outside the repository looks like: the rules file and the source
# documents the rules book was written from, and the place they were kept. Built from pieces, so
# that this file does not trip its own test.
OUTSIDE_REFERENCES = ("RULES" + ".md", "the " + "seeds'", "in the " + "seeds", "seeds" + "/", "/work" + "/shared")


def tracked_files() -> list[Path]:
    git = shutil.which("git")
    assert git is not None, "git is needed to list the project's files"
    done = subprocess.run([git, "ls-files", "-z"], cwd=ROOT, capture_output=True, timeout=60, check=True)
    return [ROOT / name for name in done.stdout.decode().split("\0") if name]


def test_no_file_of_the_project_cites_a_document_outside_it() -> None:
    """The rules book (docs/rules/) is the specification: code, tests and pages cite its pages, nothing else."""
    files = tracked_files()
    assert len(files) > 100, f"only {len(files)} tracked files: not a checkout of the project?"
    found = []
    for path in files:
        if not path.is_file():
            continue  # deleted in the work tree, not yet committed
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary: images, weights
        text = data.decode("utf-8", errors="replace")
        lower = text.lower()
        for needle in OUTSIDE_REFERENCES:
            at = lower.find(needle.lower())
            if at >= 0:
                line = text.count("\n", 0, at) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {needle!r}")
    assert not found, "cite the rules book's page (docs/rules/<page>.md, section) instead:\n" + "\n".join(found)
