"""The terminal game speaks French with --lang fr or a French locale, English by default (docs/translations.md)."""

from __future__ import annotations

import io
import re

import pytest

from toutes_tables.cli import main
from toutes_tables.dice_words import announce

GAME = ["play", "--rules", "toutes-tables", "--seed", "3", "--level", "simple"]


def _transcript(argv: list[str], answers: str = "resign\nyes\n") -> str:
    out = io.StringIO()
    main(argv, stdin=io.StringIO(answers), stdout=out)
    return out.getvalue()


def test_the_game_speaks_french_with_lang_fr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    text = _transcript([*GAME, "--lang", "fr"])
    welcome = "Toutes tables (1698)\u00a0: une partie, vous jouez Blanc (O). Tapez «\u00a0help\u00a0» pour"
    assert welcome in text
    assert "Premier jet\u00a0: Noir" in text
    assert "Abandonner (single)\u00a0? (yes/no)> " in text
    assert "Blanc (O) abandonne." in text
    assert "Noir gagne une partie simple (abandon), 1 point." in text
    assert "Opening roll" not in text and "resigns" not in text


def test_french_dice_are_announced_the_french_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    text = _transcript(GAME, "board\nresign\nyes\n")
    opening = re.search(r"joue le premier, avec (.+) \((\d)-(\d)\)\.", text)
    assert opening is not None, text
    assert opening.group(1) == announce((int(opening.group(2)), int(opening.group(3))), "fr")
    assert " et " in opening.group(1)  # an opening roll is never a double: "Six et as", not "Six-ace"


def test_a_french_locale_speaks_french_without_the_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert "Premier jet" in _transcript(GAME)


def test_english_is_the_default_and_lang_en_overrides_a_french_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    assert "Opening roll: Black" in _transcript(GAME)
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    text = _transcript([*GAME, "--lang", "en"])
    assert "Opening roll: Black" in text and "Black wins a single game (resigned), 1 point." in text


def test_the_help_is_in_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    assert "Commandes" in _transcript([*GAME, "--lang", "fr"], "help\nresign\nyes\n")


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*GAME, "--lang", "xx"], stdin=io.StringIO(""), stdout=io.StringIO())
    assert stop.value.code == 2
    assert "--lang" in capsys.readouterr().err
