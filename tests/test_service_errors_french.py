"""The errors the service modules write themselves (a call the game, the analysis board, the review, the rollout,
the chouette or the language cannot answer), in the page's language (``services.dispatch`` rewords them,
docs/translations.md), naming the input; English on an English page."""

from __future__ import annotations

import pytest

from toutes_tables import services
from toutes_tables.service_calls import ServiceError


def _refused(method: str, params: dict[str, object] | None = None) -> str:
    with pytest.raises(ValueError) as refused:
        services.dispatch(method, params)
    return str(refused.value)


def test_the_services_own_errors_are_french_on_a_french_page(french: None) -> None:
    assert _refused("explore", {"rules": "backgammon", "start": 64, "steps": [[24, 18]]}) == (
        "pour bouger des dames, il faut des dés"
    )
    assert _refused("new_match", {"rules": "backgammon", "level": "nope"}).startswith("niveau inconnu 'nope'\u00a0: ")
    assert _refused("review_next", {"id": 99999}).startswith("aucune revue 99999 n'est en cours (")
    assert _refused("rollout_next", {"id": 99999}).startswith("aucun rollout 99999 n'est en cours (")
    assert _refused("study_position", {"start": 64, "xgid": "x"}) == (
        "donnez un seul de xgid, gnubg_id, position_id, start ou board, pas start, xgid"
    )
    assert _refused("set_language", {"lang": "xx"}) == "lang est l'une de 'en', 'fr', pas 'xx'"


def test_the_services_own_errors_stay_english_on_an_english_page() -> None:
    with pytest.raises(ServiceError, match=r"^checker moves need dice$"):
        services.dispatch("explore", {"rules": "backgammon", "start": 64, "steps": [[24, 18]]})
    assert _refused("review_next", {"id": 99999}).startswith("no review 99999 is running (")
    assert _refused("set_language", {"lang": "xx"}) == "lang is one of 'en', 'fr', got 'xx'"
