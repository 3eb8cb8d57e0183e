"""Matches to N points: the score, the Crawford rule, 225 starts in pairs, winner opens.

The rules are docs/rules/scoring.md ("Matches"), docs/rules/cube.md ("The Crawford rule", "A match to
1 point") and docs/rules/moving.md ("Who starts").
"""

from __future__ import annotations

import random

import pytest

from toutes_tables import BLACK, WHITE, DrawnStart, GameOptions, IllegalMoveError, Match, Outcome, start_position


class CountingDice(random.Random):
    """A seeded generator that counts its rolls, to see when a match draws a start."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def randint(self, a: int, b: int) -> int:
        self.calls += 1
        return super().randint(a, b)


def finish(match: Match, loser: object, outcome: Outcome = Outcome.SINGLE) -> None:
    """End the current game by ``loser`` resigning ``outcome``."""
    assert loser in (BLACK, WHITE)
    match.game.resign(outcome, loser)  # type: ignore[arg-type]


def test_match_ends_when_a_player_reaches_the_length() -> None:
    match = Match("backgammon", 3, rng=random.Random(1))
    finish(match, WHITE, Outcome.GAMMON)
    assert match.score == {BLACK: 2, WHITE: 0} and not match.is_over
    match.next_game()
    finish(match, WHITE)
    assert match.score == {BLACK: 3, WHITE: 0} and match.is_over and match.winner is BLACK
    with pytest.raises(IllegalMoveError, match="match is over"):
        match.next_game()


def test_points_past_the_length_are_kept_in_the_score() -> None:
    match = Match("backgammon", 1, rng=random.Random(1))
    finish(match, BLACK, Outcome.BACKGAMMON)
    assert match.score[WHITE] == 3 and match.winner is WHITE


def test_next_game_refused_while_a_game_is_in_progress() -> None:
    match = Match("toutes-tables", 5, rng=random.Random(1))
    with pytest.raises(IllegalMoveError, match="not over"):
        match.next_game()
    assert len(match.games) == 1


def test_crawford_game_forbids_doubling() -> None:
    match = Match("backgammon", 3, rng=random.Random(2))
    assert match.game.can_double() is False  # the opening roll comes first
    match.game.roll_opening((5, 2))
    finish(match, WHITE, Outcome.GAMMON)  # Black reaches 2 = length - 1
    game = match.next_game()
    assert game.is_crawford and match.crawford_game == 2
    game.roll_opening((3, 1))
    game.play("8/5 6/5")
    assert not game.can_double()
    with pytest.raises(IllegalMoveError, match="Crawford"):
        game.offer_double()


def test_crawford_game_is_only_the_game_after_first_reaching_match_point() -> None:
    match = Match("backgammon-225", 3, rng=random.Random(3))
    finish(match, WHITE, Outcome.GAMMON)  # Black 2
    assert match.next_game().is_crawford
    finish(match, BLACK)  # White 1 in the Crawford game
    game = match.next_game()
    assert not game.is_crawford
    finish(match, BLACK)  # White 2: both at match point, post-Crawford
    assert not match.next_game().is_crawford
    assert match.crawford_game == 2


def test_crawford_rule_can_be_switched_off() -> None:
    match = Match("backgammon", 3, rng=random.Random(2), crawford=False)
    finish(match, WHITE, Outcome.GAMMON)
    assert not match.next_game().is_crawford


def test_one_point_match_has_no_crawford_game() -> None:
    assert not Match("backgammon", 1, rng=random.Random(1)).game.is_crawford


@pytest.mark.parametrize("rules", ["backgammon", "backgammon-225"])
def test_the_cube_is_dead_in_a_match_to_1_point(rules: str) -> None:
    """Nobody may double in a match to 1 point, at any turn, and automatic doubles do not raise the stake."""
    match = Match(rules, 1, GameOptions(cube=True, auto_doubles=64), rng=random.Random(3))
    assert (match.options.cube, match.options.auto_doubles) == (False, 0)
    game = match.game
    while game.phase == "opening":
        game.roll_opening()
    turns = 0
    while game.phase != "over" and turns < 40:
        if game.phase == "roll":
            assert not game.can_double()
            with pytest.raises(IllegalMoveError):
                game.offer_double()
            game.roll()
        plays = game.legal_plays()
        game.play(plays[0].moves if plays else ())
        turns += 1
    assert turns > 10 and game.cube_value == 1 and not any(type(a).__name__ == "Double" for a in game.history)


def test_the_cube_lives_in_a_longer_match_and_in_toutes_tables_a_1_point_match_keeps_its_options() -> None:
    longer = Match("backgammon", 2, rng=random.Random(3))
    assert longer.options.cube and longer.game.cube_enabled
    assert Match("toutes-tables", 1, rng=random.Random(3)).options == GameOptions(rules="toutes-tables")


def test_no_crawford_game_in_toutes_tables() -> None:
    match = Match("toutes-tables", 3, rng=random.Random(1))
    finish(match, WHITE, Outcome.DOUBLE)
    assert not match.next_game().is_crawford


def test_225_match_redraws_start_every_two_games() -> None:
    dice = CountingDice(4)
    match = Match("toutes-tables-225", 11, rng=dice)
    draws = []
    for number in range(1, 7):
        if number > 1:
            before = dice.calls
            match.next_game()
            draws.append(dice.calls > before)
        finish(match, WHITE if number % 2 else BLACK)
    assert draws == [False, True, False, True, False]  # games 2-6: drawn for 3 and 5 only
    g = match.games
    for first, second in ((g[0], g[1]), (g[2], g[3]), (g[4], g[5])):
        assert second.drawn_start is first.drawn_start is not None
        assert second.start_number == first.start_number
        assert second.position == first.position == start_position(first.start_number)


def test_second_game_of_a_pair_replays_the_start_position() -> None:
    match = Match("backgammon-225", 5, rng=random.Random(8))
    first = match.game
    finish(match, BLACK)
    second = match.next_game()
    assert second.position == start_position(first.start_number)
    assert second.start_number == first.start_number and second.drawn_start == first.drawn_start


def test_a_chosen_start_is_played_by_the_first_pair() -> None:
    match = Match("backgammon-225", 7, rng=random.Random(5), start=17)
    assert match.game.start_number == 17 and match.game.drawn_start is None
    finish(match, BLACK)
    assert match.next_game().start_number == 17
    finish(match, BLACK)
    third = match.next_game(start=DrawnStart(64, (1, 6), (1, 5)))
    assert third.start_number == 64 and third.drawn_start == DrawnStart(64, (1, 6), (1, 5))


def test_second_game_of_a_pair_refuses_another_start() -> None:
    match = Match("toutes-tables-225", 5, rng=random.Random(5), start=17)
    finish(match, BLACK)
    with pytest.raises(ValueError, match="replays start No. 17"):
        match.next_game(start=18)
    assert len(match.games) == 1


def test_classic_match_plays_every_game_from_the_classic_start() -> None:
    match = Match("backgammon", 5, rng=random.Random(5))
    for _ in range(3):
        finish(match, BLACK)
        assert match.next_game().start_number == 64


def test_match_refuses_jacoby() -> None:
    with pytest.raises(ValueError, match="money play"):
        Match("backgammon", 5, GameOptions(jacoby=True))


def test_match_length_is_a_positive_number() -> None:
    for length in (0, -3, 2.5, "5"):
        with pytest.raises(ValueError):
            Match("backgammon", length)  # type: ignore[arg-type]


def test_winner_opens_next_game_1698() -> None:
    match = Match("toutes-tables", 5, GameOptions(winner_opens=True), rng=random.Random(6))
    assert match.game.phase == "opening"  # the first game has an opening roll
    finish(match, WHITE)  # Black wins
    game = match.next_game()
    assert game.opener is BLACK and game.phase == "roll" and game.turn is BLACK
    game.roll((4, 4))  # his own roll: a double may open
    assert game.dice == (4, 4)


def test_without_winner_opens_every_game_has_an_opening_roll() -> None:
    match = Match("toutes-tables", 5, rng=random.Random(6))
    finish(match, WHITE)
    assert match.next_game().phase == "opening"


def test_score_counts_the_cube_and_gammons() -> None:
    match = Match("backgammon", 7, rng=random.Random(7))
    game = match.game
    game.roll_opening((6, 1))
    game.play("13/7 8/7")
    game.offer_double()  # White doubles
    game.take()
    finish(match, BLACK, Outcome.GAMMON)
    assert match.score == {BLACK: 0, WHITE: 4}
