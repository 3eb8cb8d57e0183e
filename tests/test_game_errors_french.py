"""The game's own refusals (toutes_tables.game: a cube or an action out of its phase, a play it does not
allow) in the page's language when they reach a player through the service, in English in Python."""

from __future__ import annotations

import pytest

from toutes_tables import Game, IllegalMoveError, services
from toutes_tables.messages import reworded


def _refused(method: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        services.dispatch(method)
    return str(refused.value)


def test_the_games_refusals_stay_english_in_python() -> None:
    game = Game("backgammon")
    with pytest.raises(IllegalMoveError, match=r"^cannot double in phase 'opening' \(needs 'roll'\) in Position"):
        game.offer_double()
    game.roll_opening((3, 1))
    with pytest.raises(IllegalMoveError, match=r"^cannot take in phase 'move'"):
        game.take()
    with pytest.raises(IllegalMoveError, match=r"^cannot pass with \(3, 1\) in Position.* a play exists, e.g. '"):
        game.play(())


def test_the_games_refusals_are_french_on_a_french_page(french: None) -> None:
    services.dispatch("new_match", {"rules": "backgammon", "match_length": 3, "seed": 1})
    assert _refused("take") == "on ne peut pas accepter maintenant"
    assert _refused("drop") == "on ne peut pas refuser maintenant"


def test_an_english_page_reads_the_players_form_without_the_position() -> None:
    services.dispatch("new_match", {"rules": "backgammon", "match_length": 3, "seed": 1})
    assert _refused("take") == "cannot take now"


def test_the_cube_refusals_are_french() -> None:
    game = Game("backgammon", is_crawford=True)
    game.roll_opening((3, 1))
    game.play("8/5 6/5")
    with pytest.raises(IllegalMoveError) as crawford:
        game.offer_double()
    assert str(crawford.value) == "no doubling in the Crawford game"
    assert str(reworded(crawford.value, "fr")) == "pas de double dans la partie Crawford"
    owned = Game("backgammon")
    owned.roll_opening((3, 1))
    owned.play("8/5 6/5")
    owned.offer_double()
    owned.take()  # White, who doubled, is still on roll
    with pytest.raises(IllegalMoveError) as theirs:
        owned.offer_double()
    assert str(theirs.value) == "white cannot double: the cube belongs to black"
    assert str(reworded(theirs.value, "fr")) == "Blanc ne peut pas doubler\u00a0: le videau est à Noir"
