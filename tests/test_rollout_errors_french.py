"""A rollout the engine refuses (a cube rollout in a game without a cube, a game already over, a bound passed):
RolloutError naming the input, in English in Python and in the page's language through the service
(``services.dispatch`` rewords it, docs/translations.md)."""

from __future__ import annotations

import pytest

import toutes_tables as tt
from toutes_tables import services
from toutes_tables.ai.cube import CubeState
from toutes_tables.messages import reworded
from toutes_tables.rollout import CubeRollout, Rollout, RolloutBoundError, RolloutError

CUBE_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10"  # the xgid module's example, before the roll


def _refused(method: str, params: dict[str, object]) -> str:
    with pytest.raises(RolloutError) as refused:
        services.dispatch(method, params)
    return str(refused.value)


def test_a_cube_rollout_without_a_cube_is_refused_in_english_and_in_french(french: None) -> None:
    assert _refused("cube_rollout_start", {"rules": "toutes-tables", "xgid": CUBE_XGID}) == (
        "rules\u00a0: Toutes tables (1698) se joue sans videau\u00a0: aucune action de videau à évaluer par rollout"
    )
    services.dispatch("set_language", {"lang": "en"})
    assert _refused("cube_rollout_start", {"rules": "toutes-tables", "xgid": CUBE_XGID}) == (
        "rules: Toutes tables (1698) is played without a doubling cube: no cube action to roll out"
    )


def test_a_bound_passed_names_the_input_in_both_languages() -> None:
    rollout = Rollout(tt.start_position(64), (3, 1), "backgammon")
    with pytest.raises(RolloutBoundError) as refused:
        rollout.run(games=0 + 10**9)
    assert str(refused.value).startswith("games: one run plays at most ")
    assert str(reworded(refused.value, "fr")).startswith("games\u00a0: une passe joue au plus ")
    with pytest.raises(RolloutError) as refused:
        Rollout(tt.start_position(64), (3, 1), "backgammon", seed=-1)
    assert str(refused.value) == "seed must be a whole number 0 to 2**63 - 1, got -1"
    assert str(reworded(refused.value, "fr")) == "seed doit être un nombre entier de 0 à 2**63 - 1, pas -1"


def test_the_cube_seen_by_the_wrong_player_is_named_in_french() -> None:
    with pytest.raises(RolloutError) as refused:
        CubeRollout(tt.start_position(64), "backgammon", CubeState(player=tt.BLACK))
    assert str(refused.value) == "cube: the cube is seen by black, but white is on roll"
    assert str(reworded(refused.value, "fr")) == "cube\u00a0: le videau est vu par Noir, mais c'est à Blanc de jouer"
