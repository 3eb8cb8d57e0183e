"""The words the engine composes for players, in French once the page speaks French (docs/translations.md):
the computer's advice and its reasons, the cube's verdict, the answer to a resignation, the chouette's errors."""

from __future__ import annotations

from typing import Any

import pytest

from toutes_tables import Game, IllegalMoveError, Position, legal_plays, start_position
from toutes_tables.ai.advice import hint, play_reason
from toutes_tables.ai.cube import CubeState, cube_advice
from toutes_tables.services import dispatch

OPENING = start_position(64)
DOUBLING_RACE = "white 6:4 5:3 4:3 3:2 2:2 1:1 / 7:2 6:3 5:3 4:3 3:2 2:1 1:1"  # 62 pips against 68: double, take
SURE_GAMMON = "black 13:15 / 1:15"  # Black on roll, White sure of a gammon


def _play(position: Position, dice: tuple[int, int], notation: str) -> Any:
    return next(p for p in legal_plays(position, dice, "backgammon") if str(p) == notation)


def test_the_reasons_of_plays_are_said_in_french_in_the_rules_books_words() -> None:
    hitting = Position.from_text("white 13:5 8:3 6:5 24:2 / 13:5 8:3 6:4 24:2 22:1")  # their blot on my 3 point
    assert play_reason(_play(hitting, (5, 3), "8/3* 6/3"), "fr") == "bat une demi-case, fait votre case 3"
    assert play_reason(_play(OPENING, (6, 5), "24/13"), "fr") == "dégage une dame du fond"
    bear_off = Position.from_text("white 1:2 2:2 / 6:3 5:3 4:3 3:3 2:3")
    assert play_reason(_play(bear_off, (2, 1), "2/off 1/off"), "fr") == "sort 2 dames"
    assert play_reason(_play(OPENING, (6, 4), "24/14"), "fr").startswith("dégage une dame du fond, laisse ")
    assert play_reason(_play(OPENING, (6, 1), "13/7 8/7"), "fr") == "fait votre case de la barre"
    french = {a.notation: a.reason for a in hint(OPENING, (3, 1), "backgammon", level="advanced", lang="fr").plays}
    assert french["8/5 6/5"] == "fait votre case 5"
    assert play_reason(_play(OPENING, (6, 1), "13/7 8/7")) == "makes your bar point"  # English stays the default


def test_the_cube_advice_is_said_in_french() -> None:
    race = Position.from_text(DOUBLING_RACE)
    # The expert's advice, which is gnubg 2-ply's here (double, take by 0.06); the advanced level's glance passes.
    advice = cube_advice(race, "backgammon", CubeState(), "expert", "fr")
    english = cube_advice(race, "backgammon", CubeState(), "expert")
    assert (advice.double, advice.take) == (english.double, english.take) == (True, True)
    assert advice.verdict == "Double, accepte" and english.verdict == "Double, take"
    assert advice.reason.startswith("Vous gagnez ") and "\u00a0%\u00a0: assez fort pour doubler" in advice.reason
    assert advice.take_reason.startswith("Votre adversaire gagne ")
    assert advice.take_reason.endswith(" : accepter perd moins que refuser.")
    crawford = cube_advice(race, "backgammon", CubeState(match_length=5, away=(1, 3), crawford=True), "advanced", "fr")
    assert crawford.reason == "C'est la partie Crawford\u00a0: personne ne peut doubler."
    assert crawford.verdict.startswith("Pas de double, ")


def test_the_services_hint_speaks_french(french: None) -> None:
    dispatch("load", {"record": _record(Game("backgammon", position=Position.from_text(DOUBLING_RACE))), "steps": []})
    cube = dispatch("hint")["cube"]
    assert cube["verdict"] == "Double, accepte" and cube["reason"].startswith("Vous gagnez ")
    doubled = Game("backgammon", position=Position.from_text(DOUBLING_RACE))
    doubled.offer_double()
    dispatch("load", {"record": _record(doubled), "steps": []})
    answer = dispatch("hint")["cube"]
    assert answer["verdict"] == {"take": "Accepter", "drop": "Refuser"}[answer["action"]]
    assert answer["reason"].startswith("Votre adversaire gagne ")
    view = dispatch("new_match", {"rules": "backgammon", "start": 64, "seed": 2})
    while view["phase"] in ("opening", "roll"):
        view = dispatch("roll")
    plays = dispatch("hint")["plays"]
    words = " ".join(p["reason"] for p in plays)
    assert plays and any(w in words for w in ("fait ", "bat ", "laisse ", "dégage ")), words
    assert not any(w in words for w in ("makes", "hits", "leaves", "escapes")), words


def _record(game: Game) -> str:
    from toutes_tables.record import game_to_text

    return game_to_text(game)


def test_the_answer_to_a_resignation_is_said_in_french(french: None) -> None:
    position = Position.from_text(SURE_GAMMON)
    dispatch("new_match", {"rules": "backgammon", "position": position.gnubg_id(), "turn": "black", "seed": 1})
    single = dispatch("resignation_answer", {"outcome": "single"})
    assert single["accepts"] is False
    assert single["reason"].startswith("Blanc refuse\u00a0: une partie simple rapporte 1 point, mais continuer vaut +")
    gammon = dispatch("resignation_answer", {"outcome": "gammon"})
    assert gammon["accepts"] is True
    assert gammon["reason"].startswith("Blanc accepte\u00a0: un gammon rapporte 2 points, et continuer vaut ")


def test_the_chouettes_errors_are_said_in_french(french: None) -> None:
    players = [{"name": "Vous", "kind": "human"}, {"name": "Anne", "kind": "computer", "level": "beginner"},
               {"name": "Bruno", "kind": "computer", "level": "beginner"}]
    view = dispatch("chouette_new", {"players": players, "seed": 4})
    assert view["phase"] == "opening"
    with pytest.raises(IllegalMoveError, match="^on suggère un coup pendant que l'équipe joue, pas maintenant$"):
        dispatch("chouette_suggest", {"name": "Anne", "play": "13/7"})
    with pytest.raises(IllegalMoveError, match="^aucune dame ne peut bouger maintenant$"):
        dispatch("chouette_move", {"from": 13, "to": 7})
    with pytest.raises(IllegalMoveError, match="^'Personne' n'a suggéré aucun coup pour ce jet$"):
        dispatch("chouette_follow_advice", {"name": "Personne"})


def test_the_chouettes_move_list_says_vous_in_lower_case_inside_a_sentence(french: None) -> None:
    players = [{"name": "Vous", "kind": "human"}, {"name": "Anne", "kind": "computer", "level": "beginner"},
               {"name": "Bruno", "kind": "computer", "level": "beginner"}]
    dispatch("chouette_new", {"players": players, "seed": 6})  # Vous in the box, Bruno the captain
    view = dispatch("chouette_roll")
    assert view["moves"][0]["text"] == "Premier jet\u00a0: Bruno 3, vous 1."


def test_the_reviews_cube_reasons_are_said_in_french(french: None) -> None:
    """The review page's cube decisions: their reason in the page's language (a computer game with a double)."""
    from pathlib import Path

    example = (Path(__file__).resolve().parent / "data" / "review-cube-example.txt").read_text(encoding="utf-8")
    started = dispatch("review_start", {"record": example})
    cube: list[dict[str, Any]] = []
    while not cube:
        answer = dispatch("review_next", {"id": started["id"], "max_items": 5})
        cube = [item for item in answer["items"] if item["kind"] == "cube"]
        assert cube or not answer["done"]
    dispatch("review_cancel", {"id": started["id"]})
    assert cube[0]["reason"].startswith("Vous gagnez "), cube[0]["reason"]
    assert cube[0]["mark"] in ("", "doubtful", "bad", "very bad")  # the marks stay data


def test_a_passed_turn_is_said_in_french_in_the_move_list(french: None) -> None:
    """The record's ``(no play)`` is data; the move list says it in the page's language."""
    blocked = Game("backgammon", position=Position.from_text("white bar:1 6:14 / 6:5 5:2 4:2 3:2 2:2 1:2"))
    blocked.roll((6, 5))
    blocked.play(())
    view = dispatch("load", {"record": _record(blocked), "steps": []})
    lines = [m["text"] for m in view["moves"] if m["kind"] == "play"]
    # French puts a no-break space before the colon
    assert lines == ["Blanc (Six et cinq)\u00a0: (aucun coup possible)"], lines
