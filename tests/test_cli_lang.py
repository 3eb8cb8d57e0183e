"""The command line speaks French with --lang fr or a French locale, English by default (docs/translations.md):
the game, and every other subcommand's output and errors."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from toutes_tables.cli import argparse_said, main
from toutes_tables.dice_words import announce
from toutes_tables.messages import decimal, say

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
    assert say("fr", "cli.yes_no", question="Abandonner une partie simple") + "> " in text
    assert "(single)" not in text  # what is conceded in French, not the command's English word
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


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    try:
        code = main(argv, stdin=io.StringIO(""), stdout=out)
    except SystemExit as stop:  # a usage error
        code = int(stop.code or 0)
    return code, out.getvalue(), capsys.readouterr().err


def test_starts_speaks_french_with_lang_fr(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = _run(["starts", "17", "--lang", "fr"], capsys)
    assert code == 0
    assert text.startswith("Départ n° 17, tiré par 3-1 puis 3-1.\n")
    assert "X Noir  sorties 0" in text and "Blanc a le dé" in text
    assert "Position ID de gnubg\u00a0: " in text
    assert "drawn" not in text and "White" not in text and " off " not in text
    _, listing, _ = _run(["starts", "--lang", "fr"], capsys)
    assert listing.splitlines()[0].startswith("  1  2-1 puis 2-1 ")


def test_starts_says_its_errors_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["starts", "300", "--lang", "fr"], capsys)
    assert code == 2
    assert err == ("toutes-tables starts\u00a0: erreur\u00a0: un numéro de départ va de 1 à 225, pas 300 "
                   "(voir «\u00a0toutes-tables starts --help\u00a0»)\n")


def test_ids_speaks_french_with_lang_fr(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = _run(["ids", "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:0:0:0:5:10", "--lang", "fr"], capsys)
    assert code == 0
    assert "ID gnubg\u00a0:    4HPwATDgc/ABMA:UYmqAAAAAAAE" in text
    assert "Blanc a le dé, dés 5-2" in text and "Videau 2, à Blanc" in text
    assert "Match en 5\u00a0: Noir 0, Blanc 0" in text and "O Blanc  sorties 0" in text
    assert "on roll" not in text and "Cube" not in text
    _, money, _ = _run(["ids", "cwAACAAAAAAA", "--lang", "fr"], capsys)  # a Match ID alone: no board
    assert money.splitlines()[1:3] == ["Blanc a le dé", "Videau 8, au centre"]


def test_ids_says_a_malformed_code_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["ids", "zzz", "--lang", "fr"], capsys)
    assert code == 1
    assert err.startswith("toutes-tables ids\u00a0: erreur\u00a0: 'zzz' n'est ni un Position ID")


def test_analyse_prints_the_review_report_in_french(
    random_record: Callable[[int], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = random_record(8)  # random plays: some of them are marked
    code, text, _ = _run(["analyse", str(path), "--lang", "fr"], capsys)
    assert code == 0
    lines = text.splitlines()
    assert lines[0].startswith("Revue (backgammon)\u00a0: ") and lines[0].endswith(" décisions")
    assert lines[2].split() == ["Noir", "Blanc"]
    assert [line.split("  ")[0] for line in lines[3:15]] == [
        "Coups (non forcés)", "Erreur par coup de dames", "Décisions de videau", "Erreur par décision de videau",
        "Erreur globale", "Erreur totale", "Appréciation", "Marques ?! / ? / ??", "Chance",
        "Appréciation de la chance", "Résultat (points)", "Résultat corrigé de la chance",
    ]
    marked = [line for line in lines if line.startswith("  partie 1 tour ") and " joué " in line]
    assert marked, text  # the random plays did make errors
    assert all(line.endswith(("douteux", " mauvais", "très mauvais")) for line in marked)
    assert "Review" not in text and "played" not in text and "Rating" not in text
    # the figures with a decimal comma, as the site writes them: "16,0 mp", "+0,442", "erreur 0,055"
    def black(label: str) -> str:  # the row's first column, Black's
        line = next(line for line in lines[3:15] if line.startswith(label + "  "))
        return line[len(label):].strip().split("  ")[0]

    assert re.fullmatch(r"\d+,\d mp", black("Erreur par coup de dames")), text
    assert re.fullmatch(r"\d+,\d{3}", black("Erreur totale")), text
    assert re.fullmatch(r"[+-]\d+,\d{3}", black("Chance")), text
    assert re.fullmatch(r"[+-]\d+,\d{3}", black("Résultat corrigé de la chance")), text
    assert all(re.search(r" erreur \d+,\d{3} ", line) for line in marked), marked
    assert not re.search(r"\d\.\d", text), text


def test_analyse_says_an_unreadable_record_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["analyse", str(tmp_path / "absente.txt"), "--lang", "fr"], capsys)
    assert code == 1
    assert "toutes-tables analyse\u00a0: erreur\u00a0: impossible de lire " in err


def test_analyse_says_a_missing_file_in_french_not_in_the_systems_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(["analyse", str(tmp_path / "absente.txt"), "--lang", "fr"], capsys)
    assert code == 1
    assert say("fr", "cli.analyse.not_found") in err and "No such file" not in err
    code, _, err = _run(["analyse", str(tmp_path), "--lang", "fr"], capsys)  # a directory
    assert code == 1 and say("fr", "cli.analyse.a_directory") in err


def test_analyse_says_the_records_own_error_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("garbage\n")
    code, _, english = _run(["analyse", str(bad), "--lang", "en"], capsys)
    assert code == 1 and "expected the format line" in english
    code, _, err = _run(["analyse", str(bad), "--lang", "fr"], capsys)
    assert code == 1
    assert "expected" not in err and "ligne 1" in err, err


@pytest.mark.parametrize("answer", ["oui", "o", "OUI", "yes"])
def test_the_game_asks_yes_or_no_in_french_and_takes_oui(answer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    text = _transcript([*GAME, "--lang", "fr"], f"resign\n{answer}\n")
    assert "(oui/non)" in text and "(yes/no)" not in text
    assert "Blanc (O) abandonne." in text


def test_the_game_takes_non_for_no_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    text = _transcript([*GAME, "--lang", "fr"], "resign\nnon\n")
    assert say("fr", "cli.carry_on") in text and say("fr", "cli.type_yes_no") not in text


def test_play_says_its_usage_errors_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["play", "--rules", "toutes-tables", "--no-cube", "--lang", "fr"], capsys)
    assert code == 2
    assert "erreur\u00a0: toutes-tables n'a pas de videau à retirer" in err


def test_the_game_draws_its_board_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    text = _transcript([*GAME, "--lang", "fr"], "board\nresign\nyes\n")
    assert "X Noir  sorties 0" in text and "O Blanc  sorties 0" in text
    assert " off " not in text


@pytest.mark.parametrize("subcommand", ["play", "starts", "ids", "analyse"])
def test_every_subcommand_takes_lang(subcommand: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([subcommand, "--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    assert "--lang {en,fr}" in capsys.readouterr().out


def test_the_game_says_a_mistyped_or_illegal_play_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    text = _transcript([*GAME, "--lang", "fr"], "foo\n24/1\nresign gammon\nresign\nyes\n")
    assert "Impossible de jouer 'foo'\u00a0: ce coup ne se lit pas\u00a0: écrivez les coups comme 13/7" in text
    assert "Impossible de jouer '24/1'\u00a0: ce coup n'est pas permis avec ces dés" in text
    assert "Toutes tables (1698) n'a pas de gammon à abandonner\u00a0: dites 'resign single', 'resign double'." in text
    assert "cannot read" not in text and "illegal play" not in text
    english = _transcript([*GAME, "--lang", "en"], "foo\n24/1\nresign gammon\nresign\nyes\n")
    assert "Cannot play 'foo': cannot read 'foo'" in english and "Cannot play '24/1': illegal play '24/1'" in english
    assert "Toutes tables (1698) has no gammon to resign: say 'resign single', 'resign double'." in english


@pytest.mark.parametrize(
    ("subcommand", "description", "option_help"),
    [
        ("play", "Jouer une partie ou un match contre l'ordinateur", "le jeu de règles (par défaut toutes-tables-225)"),
        ("starts", "Lister les 225 départs", "montrer le départ N (1-225) au lieu de la liste"),
        ("ids", "Décoder un Position ID de gnubg", "un Position ID, un Match ID, PositionID:MatchID, ou un XGID"),
        ("analyse", "Revoir une partie ou un match", "écrit la revue en JSON au lieu du rapport"),
    ],
)
def test_the_help_of_every_subcommand_is_french_with_lang_fr(
    subcommand: str, description: str, option_help: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([subcommand, "--lang", "fr", "--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    text = capsys.readouterr().out
    assert text.startswith(f"utilisation\u00a0: toutes-tables {subcommand} ")
    words = " ".join(text.split())  # argparse wraps the options' help
    assert description in words and option_help in words, text
    assert "affiche cette aide, puis s'arrête" in text and "code de sortie\u00a0:" in text
    for english in ("usage:", "show this help", "exit status", "(default:", "write JSON", "the language of the output"):
        assert english not in text, english


def test_the_commands_help_follows_the_locale_and_stays_english_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    french = capsys.readouterr().out
    assert french.startswith("utilisation\u00a0: toutes-tables ") and "\nsous-commandes\u00a0:\n" in french
    assert "jouer une partie ou un match dans le terminal (par défaut)" in french
    monkeypatch.setenv("LC_ALL", "C")
    with pytest.raises(SystemExit):
        main(["--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    english = capsys.readouterr().out
    assert english.startswith("usage: toutes-tables ") and "play a game or a match in the terminal" in english


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (["play", "--level", "nope"], "argument --level\u00a0: choix impossible 'nope' (choisir parmi 'simple', ",
         "argument --level: invalid choice: 'nope' (choose from 'simple', "),
        (["ids"], "ces arguments sont obligatoires\u00a0: CODE", "the following arguments are required: CODE"),
        (["play", "--match"], "argument --match\u00a0: il faut une valeur", "argument --match: expected one argument"),
        (["play", "--bogus"], "arguments inconnus\u00a0: --bogus", "unrecognized arguments: --bogus"),
    ],
)
def test_argparses_own_usage_errors_are_said_in_french(
    args: list[str], french: str, english: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run([*args, "--lang", "fr"], capsys)
    assert code == 2 and french in err and "(voir «\u00a0toutes-tables" in err, err
    code, _, err = _run([*args, "--lang", "en"], capsys)
    assert code == 2 and english in err, err


@pytest.mark.parametrize(
    ("message", "french"),
    [
        ("argument --x: expected 2 arguments", "argument --x\u00a0: il faut 2 valeurs"),
        ("unknown parser 'x' (choices: play, ids)", "sous-commande inconnue 'x' (choix\u00a0: play, ids)"),
    ],
)
def test_argparses_rarer_messages_are_in_the_catalogues(message: str, french: str) -> None:
    assert argparse_said("fr", message) == french
    assert argparse_said("en", message) == message  # English as argparse writes it


def test_analyse_says_a_corrupt_save_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "toutes-tables/game", "version": 1, "rules": "chess"}')
    code, _, err = _run(["analyse", str(bad), "--lang", "fr"], capsys)
    invalid = "erreur\u00a0: sauvegarde de partie invalide\u00a0: game\u00a0: jeu inconnu 'chess'"
    assert code == 1 and invalid in err, err
    code, _, err = _run(["analyse", str(bad), "--lang", "en"], capsys)
    assert "error: invalid saved game: game: unknown rule set 'chess'" in err, err


def test_the_hint_gives_the_equity_french_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's hint says "équité" as the site and the book do, its figures with a decimal comma."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    game = ["play", "--rules", "toutes-tables", "--seed", "3", "--level", "beginner"]
    text = _transcript([*game, "--lang", "fr"], "hint\nresign\nyes\n")
    assert "Ses meilleurs coups (équité pour vous)\u00a0:" in text and "espérance" not in text
    equities = re.findall(r"^  \S+ \S+ +(\S+)  ", text, re.MULTILINE)
    assert len(equities) == 3 and all(re.fullmatch(r"[+-]\d,\d{3}", e) for e in equities), text
    english = _transcript([*game, "--lang", "en"], "hint\nresign\nyes\n")
    assert "Its best plays (equity for you):" in english
    assert all(re.fullmatch(r"[+-]\d\.\d{3}", e) for e in re.findall(r"^  \S+ \S+ +(\S+)  ", english, re.MULTILINE))


@pytest.mark.parametrize("subcommand", ["play", "starts", "ids", "analyse"])
def test_the_help_names_its_values_and_headings_in_french(subcommand: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The values' names (FICHIER, SOUS-COMMANDE, GRAINE) and the headings' colon ("options :") are French."""
    with pytest.raises(SystemExit):
        main([subcommand, "--lang", "fr", "--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    text = capsys.readouterr().out
    assert "\noptions\u00a0:\n" in text and "\noptions:\n" not in text and "arguments:" not in text
    for english in ("SUBCOMMAND", "RECORD", "FILE", "SEED"):
        assert not re.search(rf"\b{english}\b", text), (english, text)
    expected = {"play": ["--mat FICHIER", "--seed GRAINE"], "analyse": ["FICHIER"], "ids": ["CODE"], "starts": ["N"]}
    for metavar in expected[subcommand]:
        assert metavar in text
    if subcommand in ("analyse", "ids", "starts"):
        assert "\narguments\u00a0:\n" in text
    with pytest.raises(SystemExit):
        main([subcommand, "--lang", "en", "--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    english = capsys.readouterr().out
    assert "\noptions:\n" in english and ("RECORD" in english) == (subcommand == "analyse")


def test_the_top_help_names_the_subcommand_in_french(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    text = capsys.readouterr().out
    assert "[--version] SOUS-COMMANDE ..." in text and "SUBCOMMAND" not in text


@pytest.mark.parametrize(("lang", "mark"), [("en", "."), ("fr", ",")])
def test_the_engine_writes_a_decimal_as_the_language_does(lang: str, mark: str) -> None:
    assert decimal(lang, -0.1136, 3) == f"-0{mark}114"
    assert decimal(lang, 0.442, 3, signed=True) == f"+0{mark}442"
    assert decimal(lang, 16, 1) == f"16{mark}0"


@pytest.mark.parametrize("argv", [["--lang", "fr", "--help"], ["--lang=fr", "-h"], ["--help", "--lang", "fr"]])
def test_lang_and_help_alone_give_the_commands_help_in_that_language(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The subcommands listed, in French (it gave the play subcommand's help, which named no other)."""
    monkeypatch.setenv("LC_ALL", "C")
    with pytest.raises(SystemExit):
        main(argv, stdin=io.StringIO(""), stdout=io.StringIO())
    text = capsys.readouterr().out
    assert text.startswith("utilisation\u00a0: toutes-tables [-h] [--version] SOUS-COMMANDE ..."), text
    assert "\nsous-commandes\u00a0:\n" in text and "analyse " in text


def test_help_with_a_games_option_is_still_the_games_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--rules", "backgammon", "--lang", "fr", "--help"], stdin=io.StringIO(""), stdout=io.StringIO())
    assert capsys.readouterr().out.startswith("utilisation\u00a0: toutes-tables play ")
