"""The engine's message catalogues (docs/translations.md): they agree with each other and with the code,
and the service speaks the page's language."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import get_args

import pytest

from toutes_tables import messages, services
from toutes_tables.dice_words import announce
from toutes_tables.game import Phase
from toutes_tables.messages import UnknownLanguageError, check_language, languages, locale_language, say
from toutes_tables.service_calls import ServiceError

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "pkg" / "toutes_tables" / "data" / "messages"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# the keys the engine's code names: said("key"), say(lang, "key"), worded(Error, "key"), a record's or a .mat file's
# _fail(n, "key"), a JSON save's _Bad("key"), Words("key") and the CLI's catalogue calls
KEY_CALL = re.compile(
    r"""\b(?:said|say|worded|self\.words|_fail|_Bad|Words)\((?:\s*[\w.()\[\] +-]+\s*,)?\s*"([a-z_]+\.[\w.]+)\""""
)


def _catalogue(path: Path) -> dict[str, str]:
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return {key: value for key, value in data.items() if not key.startswith("//")}


def _mismatches(reference: dict[str, str], other: dict[str, str]) -> list[str]:
    missing = [f"lacks {key}" for key in reference if key not in other]
    extra = [f"has {key}, English does not" for key in other if key not in reference]
    return missing + extra


def test_the_engine_speaks_english_and_french() -> None:
    assert languages() == tuple(sorted(p.stem for p in CATALOGUES.glob("*.json")))
    assert {"en", "fr"} <= set(languages())


@pytest.mark.parametrize("name", [p.name for p in sorted(CATALOGUES.glob("*.json")) if p.stem != "en"])
def test_every_catalogue_has_exactly_the_english_keys_and_placeholders(name: str) -> None:
    english, other = _catalogue(CATALOGUES / "en.json"), _catalogue(CATALOGUES / name)
    assert _mismatches(english, other) == []
    differ = [k for k in english if sorted(PLACEHOLDER.findall(english[k])) != sorted(PLACEHOLDER.findall(other[k]))]
    # a translation may leave out a value English gives (French errors do not name the phase), never add one
    added = [k for k in differ if set(PLACEHOLDER.findall(other[k])) - set(PLACEHOLDER.findall(english[k]))]
    assert added == []


def test_a_catalogue_lacking_a_key_is_caught() -> None:
    assert _mismatches({"a": "A", "b": "B"}, {"a": "A", "c": "C"}) == ["lacks b", "has c, English does not"]


def test_every_key_the_engine_names_is_in_the_english_catalogue() -> None:
    english = _catalogue(CATALOGUES / "en.json")
    used = {
        (path.relative_to(ROOT).as_posix(), key)
        for path in (ROOT / "pkg" / "toutes_tables").rglob("*.py")
        for key in KEY_CALL.findall(path.read_text(encoding="utf-8"))
    }
    assert len(used) > 15  # the scan does find the keys (the service alone names more)
    assert sorted((where, key) for where, key in used if key not in english) == []


def test_the_key_scan_sees_each_kind_of_call() -> None:
    source = 'said("moves.take", who=w) say(lang, "dice.pair") self.words("cli.rolls", n=1) display("x.y")'
    source += ' worded(IllegalMoveError, "chouette.rule.full", most=8) _fail(item[0] + 1, "record.score", line)'
    source += ' Words("record.what.game", {}) _Bad("record.json.missing", where=where)'
    assert KEY_CALL.findall(source) == [
        "moves.take", "dice.pair", "cli.rolls", "chouette.rule.full", "record.score", "record.what.game",
        "record.json.missing",
    ]


def test_a_message_missing_in_a_language_is_said_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    original = messages.catalogue
    french = dict(original("fr"))
    del french["moves.take"]
    monkeypatch.setattr(messages, "catalogue", lambda lang: french if lang == "fr" else original(lang))
    assert say("fr", "moves.take", who="Blanc") == "Blanc takes."


def test_an_unknown_language_is_refused_naming_it() -> None:
    with pytest.raises(UnknownLanguageError, match="'de'"):
        check_language("de")
    assert issubclass(UnknownLanguageError, ValueError)


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_CA", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "", "LC_MESSAGES": "en_GB", "LANG": "fr_FR"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        # LANGUAGE, gettext's list by preference, comes first: its first language the engine speaks
        ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr_CA", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "en", "LC_ALL": "fr_FR.UTF-8"}, "en"),
        # …but not in the C locale, nor with no locale at all, as gettext does
        ({"LANGUAGE": "fr", "LC_ALL": "C"}, "en"),
        ({"LANGUAGE": "fr"}, "en"),
    ],
)
def test_the_locale_picks_a_language_the_engine_speaks(environ: dict[str, str], lang: str) -> None:
    assert locale_language(environ) == lang


def test_the_service_speaks_the_language_the_page_sets() -> None:
    try:
        assert services.dispatch("set_language", {"lang": "fr"})["language"] == "fr"
        view = services.dispatch("new_match", {"rules": "toutes-tables", "match_length": 1, "seed": 7})
        while view["phase"] != "move":
            view = services.dispatch("roll")
        assert view["dice_call"] == announce([d["value"] for d in view["dice"]][:2], "fr")
        assert view["moves"][0]["text"].startswith("Premier jet\u00a0: Noir")
        with pytest.raises(ValueError, match="^le coup n'est pas fini"):
            services.dispatch("confirm")
        services.dispatch("set_language", {"lang": "en"})
        assert services.dispatch("state")["moves"][0]["text"].startswith("Opening roll: Black")
    finally:
        services.dispatch("set_language", {"lang": "en"})


def test_a_call_with_a_surplus_parameter_is_said_whole_in_each_language() -> None:
    """A method with no parameters says so in a sentence of its own: "il ne prend aucun paramètre", never
    "il prend aucun paramètre"."""
    try:
        services.dispatch("set_language", {"lang": "fr"})
        with pytest.raises(ServiceError) as refused:
            services.dispatch("version", {"x": 1})
        assert str(refused.value) == "version n'a pas de paramètre 'x'\u00a0; il ne prend aucun paramètre"
        with pytest.raises(ServiceError) as refused:
            services.dispatch("set_language", {"lang": "fr", "x": 1})
        assert str(refused.value) == "set_language n'a pas de paramètre 'x'\u00a0; il prend 'lang'"
        services.dispatch("set_language", {"lang": "en"})
        with pytest.raises(ServiceError) as refused:
            services.dispatch("version", {"x": 1})
        assert str(refused.value) == "version has no parameter 'x'; it takes no parameters"
    finally:
        services.dispatch("set_language", {"lang": "en"})


PACKAGE = Path(messages.__file__).parent


def test_no_french_sentence_holds_an_english_phase_name() -> None:
    """A game's phase is worded in French ("c'est le moment de lancer les dés", messages.phase_words), or left out
    of the French message: never the engine's name ('roll', 'double-offered') inside a French sentence."""
    names = get_args(Phase)
    english_name = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in names))
    for phase in names:
        assert not english_name.search(say("fr", f"phase.now.{phase}")), phase
        assert say("en", f"phase.now.{phase}") == f"phase {phase!r}"  # English keeps the engine's name
    # where the code gives the phase by its name (repr), the French message leaves it out
    source = "\n".join(path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py"))
    raw = re.findall(r'"([a-z_]+(?:\.[a-z_]+)+)"[^\n]*\bphase=repr\(', source)
    assert len(raw) >= 8, raw
    french = messages.catalogue("fr")
    assert [key for key in raw if "{phase}" in french[key]] == []
    # and where it gives the phase's words, they read in the sentence
    from toutes_tables.chouette import Chouette

    ch = Chouette(["Anne", "Bruno", "Claire"], rules="backgammon", rng=random.Random(1))
    with pytest.raises(ValueError) as refused:
        ch.answer("Anne", True)
    said = str(messages.reworded(refused.value, "fr"))
    assert said.startswith("'Anne' ne peut pas répondre\u00a0: aucun double n'est proposé (") and "phase" not in said
    assert not english_name.search(said.replace("'Anne'", "")), said


def test_the_service_refuses_a_language_it_lacks_and_stays_in_its_own() -> None:
    with pytest.raises(ServiceError, match="lang is one of 'en', 'fr', got 'klingon'"):
        services.dispatch("set_language", {"lang": "klingon"})
    assert services.dispatch("set_language", {"lang": "en"}) == {"language": "en", "languages": list(languages())}


def test_the_keys_the_engine_builds_are_in_the_english_catalogue() -> None:
    """The keys made from data (a colour, an outcome, a die) that the scan above cannot read."""
    english = _catalogue(CATALOGUES / "en.json")
    built = [f"colour.{c}" for c in ("black", "white")]
    built += [f"result.outcome.{o}" for o in ("single", "double", "gammon", "backgammon")]
    built += [f"result.reason.{r}" for r in ("dropped", "resigned")]
    built += [f"dice.{kind}.{n}" for kind in ("high", "low", "double") for n in range(1, 7)]
    built += [f"cube.verdict.{kind}{word}" for kind in ("", "no_", "too_good_") for word in ("double", "redouble")]
    built += ["advice.point.7", "advice.point.1"]
    built += [f"cli.ids.label.{k}" for k in ("position_id", "match_id", "gnubg_id", "xgid")]
    built += [f"review.what.{kind}" for kind in ("cube", "take")]
    built += [f"phase.now.{phase}" for phase in get_args(Phase)]  # messages.phase_words
    built += ["chouette.rule.resign_waits"]  # chouette._no_pending(action): f"chouette.rule.{action}_waits"
    assert [key for key in built if key not in english] == []


def test_the_chouette_speaks_french_and_agrees_with_vous() -> None:
    from toutes_tables import chouette_service as cs

    try:
        services.dispatch("set_language", {"lang": "fr"})
        assert cs._does("Vous", "chouette.takes") == "Vous acceptez."
        assert cs._does("Vous (box)", "chouette.doubles", value=2) == "Vous (box) doublez à 2."
        assert cs._does("Anne", "chouette.drops_pays") == "Anne refuse et paie sa mise."
    finally:
        services.dispatch("set_language", {"lang": "en"})


def test_the_review_words_the_engine_builds_are_in_every_catalogue() -> None:
    """The review's marks, ratings and luck words, keys made from gnubg's names (toutes_tables.review_words)."""
    from toutes_tables.review_words import rating_word, review_keys

    keys = review_keys()
    assert len(keys) == 3 + 4 + 8 + 1 + 5 + 6  # marks, luck marks, ratings, no rating, luck ratings, cube actions
    for path in sorted(CATALOGUES.glob("*.json")):
        catalogue = _catalogue(path)
        assert [key for key in keys if key not in catalogue] == [], path.name
    assert rating_word("Awful!", "fr") == "Affreux\u00a0!"


def test_the_terminal_boards_bar_label_fits_its_three_columns() -> None:
    assert [lang for lang in languages() if len(say(lang, "board.bar")) > 3] == []


def test_the_terminal_board_is_labelled_in_french() -> None:
    from toutes_tables import start_position
    from toutes_tables.textboard import board_text, pip_line

    text = board_text(start_position(64), black_numbering=True, lang="fr")
    assert "X Noir  sorties 0" in text and "O Blanc  sorties 0" in text
    assert "(numérotation de Noir)" in text and "Black" not in text and "off" not in text
    assert pip_line(start_position(64), "fr") == say("fr", "board.pips", black=167, white=167)
    assert "Compte de pips" in pip_line(start_position(64), "fr")  # the rules book's word (docs/rules/board.fr.md)
