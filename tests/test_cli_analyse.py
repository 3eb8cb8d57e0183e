"""``toutes-tables analyse RECORD`` (toutes_tables.cli.analyse): the printed report and its JSON."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from toutes_tables import Match, match_to_mat
from toutes_tables.analysis import analyse_game, analyse_match
from toutes_tables.cli import main
from toutes_tables.matimport import read_mat


def test_json_report_has_the_players_error_rates_decisions_and_luck(random_record: Callable[[int], Path]) -> None:
    path = random_record(5)
    out = io.StringIO()
    assert main(["analyse", str(path), "--json"], stdout=out) == 0
    data = json.loads(out.getvalue())
    assert data == json.loads(json.dumps(analyse_game(path.read_text()).to_json()))
    for colour in ("black", "white"):
        assert isinstance(data["players"][colour]["checker_error_mp"], float)
    assert {"colour", "dice", "played", "best", "error", "mark"} <= set(data["decisions"][0])
    assert len(data["luck"]) == 5


def test_the_level_option_chooses_the_reviewing_search_world_class_by_default(
    random_record: Callable[[int], Path],
) -> None:
    path = random_record(3)
    reports = {}
    for given in ([], ["--level", "world-class"], ["--level", "expert"]):
        out = io.StringIO()
        assert main(["analyse", str(path), "--json", *given], stdout=out) == 0
        reports[tuple(given)] = json.loads(out.getvalue())
    assert reports[()] == reports[("--level", "world-class")] and reports[()]["level"] == "world-class"
    expert = reports[("--level", "expert")]
    assert expert["level"] == "expert"
    assert expert == json.loads(json.dumps(analyse_game(path.read_text(), level="expert").to_json()))


def test_an_unknown_level_is_refused_naming_it(
    random_record: Callable[[int], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["analyse", str(random_record(2)), "--level", "grandmaster"], stdout=io.StringIO())
    assert exited.value.code == 2 and "grandmaster" in capsys.readouterr().err


def test_printed_report_lists_the_summary_and_the_marked_decisions(random_record: Callable[[int], Path]) -> None:
    path = random_record(5)
    out = io.StringIO()
    assert main(["analyse", str(path)], stdout=out) == 0
    text = out.getvalue()
    review = analyse_game(path.read_text())
    assert "Checker error rate" in text and "Rating" in text and "Luck-adjusted result" in text
    marked = [d for d in review.decisions if d.mark]
    assert marked and text.count(" played ") == len(marked)
    assert f"{review.players[marked[0].colour].checker_error_mp:.1f} mp" in text


def _dropped_opening_double() -> Match:
    """A money-like 3-point match: black doubles after one play and white drops (a very bad drop)."""
    match = Match("backgammon", 3, rng=random.Random(0))
    match.game.roll_opening((1, 3))
    match.game.play("8/5 6/5")
    match.game.offer_double()
    match.game.drop()
    return match


def test_a_mat_file_from_standard_input(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["analyse", "-", "--json"], stdin=io.StringIO(match_to_mat(_dropped_opening_double())), stdout=out) == 0
    assert [d["kind"] for d in json.loads(out.getvalue())["decisions"]] == ["move", "cube", "take"]


def test_a_bad_record_exits_1_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Toutes Tables record 1\nRules: chess\n")
    assert main(["analyse", str(bad)], stdout=io.StringIO()) == 1
    assert "chess" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.txt")], stdout=io.StringIO()) == 1
    assert "missing.txt" in capsys.readouterr().err


@pytest.mark.parametrize(("page", "lang"), [("review.md", "en"), ("review.fr.md", "fr")])
def test_the_review_pages_worked_example_is_what_the_command_prints(page: str, lang: str) -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    text = (docs / page).read_text(encoding="utf-8")
    shown = text.split("```text\n", 1)[1].split("```", 1)[0]
    out = io.StringIO()
    # the chapter shows the Expert's review of its game (the command line it gives says --level expert)
    assert main(["analyse", str(docs / "review-example.txt"), "--level", "expert", "--lang", lang], stdout=out) == 0
    assert out.getvalue() == shown


def test_a_reviewed_cube_decision_is_worded_in_the_reports_language() -> None:
    """The cube actions are data in the review ("take", "drop"); the French report says them in French."""
    out = io.StringIO()
    record = io.StringIO(match_to_mat(_dropped_opening_double()))
    assert main(["analyse", "-", "--lang", "fr"], stdin=record, stdout=out) == 0
    answer = next(line for line in out.getvalue().splitlines() if " réponse " in line)
    assert " joué refuse " in answer and " meilleur accepte " in answer, answer
    assert not any(word in out.getvalue() for word in (" take ", " drop ", "no double")), out.getvalue()


def test_analyse_match_gives_the_cube_reasons_in_the_language_asked() -> None:
    record = match_to_mat(_dropped_opening_double())
    english, french = (analyse_match(read_mat(record).match, lang=lang) for lang in ("en", "fr"))
    take_en, take_fr = (next(d for d in r.decisions if d.kind == "take") for r in (english, french))
    assert take_en.played == take_fr.played == "drop"  # the action stays data
    assert take_en.reason.startswith("Your opponent") and take_fr.reason.startswith("Votre adversaire"), take_fr.reason
    with pytest.raises(ValueError, match="'de'"):
        analyse_match(read_mat(record).match, lang="de")


def _one_move_record(tmp_path: Path) -> Path:
    """A backgammon record of one play: the other player never had a decision to make."""
    from toutes_tables.record import game_to_text

    match = Match("backgammon", 1, rng=random.Random(0))
    match.game.roll_opening((1, 3))
    match.game.play("8/5 6/5")
    path = tmp_path / "one-move.txt"
    path.write_text(game_to_text(match.game))
    return path


@pytest.mark.parametrize(("lang", "word"), [("en", "No decision to rate"), ("fr", "Aucune décision à juger")])
def test_a_player_with_no_decision_is_rated_in_words_not_a_crash(tmp_path: Path, lang: str, word: str) -> None:
    path = _one_move_record(tmp_path)
    out = io.StringIO()
    assert main(["analyse", "--level", "expert", "--lang", lang, str(path)], stdout=out) == 0
    rating_line = next(line for line in out.getvalue().splitlines() if line.startswith(("Rating", "Appréciation")))
    assert word in rating_line and "N/A" not in out.getvalue(), out.getvalue()


def test_the_json_rating_of_a_player_with_no_decision_is_null(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["analyse", "--level", "expert", "--json", str(_one_move_record(tmp_path))], stdout=out) == 0
    players = json.loads(out.getvalue())["players"]
    unrated = [p for p in players.values() if p["decisions"] == 0]
    assert len(unrated) == 1 and unrated[0]["rating"] is None, players
    rated = [p for p in players.values() if p["decisions"]]
    assert isinstance(rated[0]["rating"], str)
