"""review_judge (toutes_tables.review_service): a try at a reviewed checker decision costs what the review says."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from toutes_tables import Game

from toutes_tables.analysis import analyse_game
from toutes_tables.record import game_to_text
from toutes_tables.services import dispatch

SEED = 6


@pytest.mark.parametrize("level", ["expert"])  # World class judges the same way, 20 times slower in CPython
def test_replaying_the_play_made_costs_exactly_the_reviews_error_and_the_best_costs_nothing(
    level: str, random_game: Callable[[str, int, int], Game]
) -> None:
    record = game_to_text(random_game("backgammon", SEED, 8))
    decisions = [d for d in analyse_game(record, level=level).to_json()["decisions"]
                 if d["kind"] == "move" and d["choices"] > 1]
    assert any(d["mark"] for d in decisions), f"seed {SEED}: no marked move to check"
    for d in decisions:
        call = {"rules": "backgammon", "position": d["position_id"], "turn": d["colour"], "dice": d["dice"],
                "level": level}
        again = dispatch("review_judge", {**call, "play": d["played"]})
        assert (again["cost"], again["mark"], again["best"]) == (d["error"], d["mark"], d["best"]), (SEED, d)
        best = dispatch("review_judge", {**call, "play": d["best"]})
        assert best["cost"] == 0 and best["mark"] == "" and best["best_reason"] == again["best_reason"], (SEED, d)


def test_a_play_the_dice_cannot_make_is_refused_naming_it(random_game: Callable[[str, int, int], Game]) -> None:
    record = game_to_text(random_game("backgammon", SEED, 2))
    d = analyse_game(record, level="expert").to_json()["decisions"][0]
    with pytest.raises(ValueError, match="24/1"):
        dispatch("review_judge", {"rules": "backgammon", "position": d["position_id"], "turn": d["colour"],
                                  "dice": d["dice"], "play": "24/1", "level": "expert"})
