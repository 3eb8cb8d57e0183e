"""Games: opening roll, turns, passing, announcements, the cube, scoring and the options.

The rules are the rules book's: docs/rules/moving.md, docs/rules/scoring.md, docs/rules/cube.md and
docs/rules/decisions.md.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from toutes_tables import (
    BLACK,
    WHITE,
    DrawnStart,
    Game,
    GameOptions,
    IllegalMoveError,
    OpeningRoll,
    Outcome,
    Play,
    Played,
    Position,
    Roll,
    announce,
    start_position,
)
from toutes_tables.record import game_to_json


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game, to check a refused action changed nothing."""
    return (
        game_to_json(game),
        game.phase,
        game.dice,
        game.position,
        game.turn,
        game.cube_value,
        game.cube_owner,
        game.cube_turned,
        game.result,
        game.history,
        [str(p) for p in game.legal_plays()],
    )


def set_up(text: str, rules: str = "backgammon", **options: Any) -> Game:
    """A game set up from a position literal, its player on roll to roll first."""
    return Game(rules, options=GameOptions(**options), position=Position.from_text(text))


def bear_off_last(game: Game, dice: tuple[int, int] = (2, 1)) -> None:
    game.roll(dice)
    plays = game.legal_plays()
    assert len(plays) == 1
    game.play(plays[0])


# -- the opening roll and turns -----------------------------------------------------------


def test_opening_roll_higher_die_moves_first_with_both_dice() -> None:
    game = Game("backgammon")
    assert game.phase == "opening" and game.turn is None
    assert game.roll_opening((6, 2)) == (6, 2)
    assert game.turn is BLACK and game.phase == "move"
    assert game.dice == (6, 2)
    assert game.position == start_position(64, BLACK)


def test_opening_dice_are_higher_first_whoever_rolled_them() -> None:
    game = Game("toutes-tables")
    game.roll_opening((1, 6))
    assert game.turn is WHITE and game.dice == (6, 1) and game.announce() == "Six-ace"


def test_opening_tie_is_recorded_and_rolled_again() -> None:
    game = Game("toutes-tables")
    game.roll_opening((4, 4))
    assert game.phase == "opening" and game.dice is None
    game.roll_opening((2, 5))
    assert game.history == (OpeningRoll(4, 4), OpeningRoll(2, 5))
    assert game.turn is WHITE and game.dice == (5, 2)


def test_turns_alternate_after_each_play() -> None:
    game = Game("backgammon")
    game.roll_opening((3, 5))
    game.play("8/3 6/3")
    assert game.phase == "roll" and game.turn is BLACK and game.dice is None
    assert game.roll((6, 4)) == (6, 4)
    game.play("24/14")
    assert game.turn is WHITE
    assert [type(a) for a in game.history] == [OpeningRoll, Played, Roll, Played]


def test_opener_skips_the_opening_roll() -> None:
    game = Game("toutes-tables", opener=BLACK)
    assert game.phase == "roll" and game.turn is BLACK
    with pytest.raises(IllegalMoveError):
        game.roll_opening((3, 4))
    game.roll((2, 2))
    assert game.dice == (2, 2) and game.legal_plays()


def test_play_accepts_a_play_notation_or_moves() -> None:
    for how in ("play", "text", "moves"):
        game = Game("backgammon")
        game.roll_opening((1, 3))
        legal = {str(p): p for p in game.legal_plays()}
        chosen = legal["8/5 6/5"]
        arg: Any = {"play": chosen, "text": "6/5 8/5", "moves": [(8, 5), (6, 5)]}[how]
        assert game.play(arg) == chosen
        assert game.position == chosen.result


def test_turn_with_no_legal_play_must_be_passed() -> None:
    # White on the bar against a closed board.
    game = set_up("white bar:1 6:14 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3")
    game.roll((3, 4))
    assert game.phase == "move" and game.legal_plays() == []
    with pytest.raises(IllegalMoveError):
        game.play("bar/21")
    game.play(())
    assert game.turn is BLACK and game.phase == "roll"
    assert game.history[-1] == Played(WHITE, (), "(no play)")


def test_no_play_may_be_written_as_notation() -> None:
    game = set_up("white bar:1 6:14 / 1:2 2:2 3:2 4:2 5:2 6:2 13:3")
    game.roll((6, 6))
    game.play("(no play)")
    assert game.turn is BLACK


def test_cannot_pass_when_a_play_exists() -> None:
    game = Game("backgammon")
    game.roll_opening((3, 5))
    with pytest.raises(IllegalMoveError, match="a play exists"):
        game.play(())


def test_cannot_roll_twice_or_play_before_rolling() -> None:
    game = Game("backgammon", opener=WHITE)
    with pytest.raises(IllegalMoveError, match="cannot play"):
        game.play("8/5 6/5")
    game.roll((3, 1))
    with pytest.raises(IllegalMoveError, match="cannot roll"):
        game.roll((3, 1))


def test_dice_rolled_by_the_rng_are_fair_dice() -> None:
    game = Game("toutes-tables", rng=random.Random(3))
    black, white = game.roll_opening()
    assert 1 <= black <= 6 and 1 <= white <= 6


# -- announcements ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "words"),
    [((6, 1), "Six-ace"), ((1, 6), "Six-ace"), ((5, 3), "Five-three"), ((2, 4), "Four-two"), ((1, 2), "Two-ace")],
)
def test_announce_higher_die_first_and_ace(dice: tuple[int, int], words: str) -> None:
    assert announce(dice) == words


@pytest.mark.parametrize(
    ("die", "name"), [(6, "Sonnés"), (5, "Quines"), (4, "Carmes"), (3, "Ternes"), (2, "Double two"), (1, "Bezas")]
)
def test_announce_named_doubles(die: int, name: str) -> None:
    assert announce((die, die)) == name


# -- starts -----------------------------------------------------------------------------------


def test_225_game_draws_its_start_and_keeps_the_drawing_dice() -> None:
    game = Game("toutes-tables-225", rng=random.Random(11))
    drawn = game.drawn_start
    assert drawn is not None and drawn.number == game.start_number
    assert game.position == start_position(game.start_number)


def test_classic_sets_are_played_from_the_classic_start() -> None:
    assert Game("backgammon").start_number == 64
    with pytest.raises(ValueError, match="classic start"):
        Game("toutes-tables", start=12)


def test_a_drawn_start_must_match_its_dice() -> None:
    Game("backgammon-225", start=DrawnStart(64, (1, 6), (1, 5)))
    with pytest.raises(ValueError, match="do not give start"):
        Game("backgammon-225", start=DrawnStart(63, (1, 6), (1, 5)))


# -- Toutes tables scoring --------------------------------------------------------------------


def test_loser_all_home_none_off_is_single_game() -> None:
    game = set_up("white 1:1 / 6:5 5:5 4:5", "toutes-tables")
    bear_off_last(game)
    assert game.result is not None
    assert (game.result.winner, game.result.outcome, game.result.points) == (WHITE, Outcome.SINGLE, 1)


def test_loser_with_a_checker_borne_off_is_single_game() -> None:
    game = set_up("white 1:1 / 6:5 5:5 13:4", "toutes-tables-225")
    bear_off_last(game)
    assert game.result is not None and game.result.outcome is Outcome.SINGLE and game.result.points == 1


def test_loser_none_off_with_a_checker_outside_home_is_double_game() -> None:
    game = set_up("white 1:1 / 6:14 7:1", "toutes-tables")
    bear_off_last(game)
    assert game.result is not None and game.result.outcome is Outcome.DOUBLE and game.result.points == 2


def test_no_triple_in_toutes_tables() -> None:
    # A checker on the bar and one in the winner's home quarter: a backgammon in backgammon, a double game here.
    game = set_up("white 1:1 / 6:13 20:1 bar:1", "toutes-tables")
    bear_off_last(game)
    assert game.result is not None and game.result.outcome is Outcome.DOUBLE and game.result.points == 2


def test_no_cube_in_toutes_tables() -> None:
    game = Game("toutes-tables-225", opener=WHITE)
    assert not game.cube_enabled and not game.can_double()
    with pytest.raises(IllegalMoveError, match="without the cube"):
        game.offer_double()


# -- backgammon scoring and the cube ----------------------------------------------------------


@pytest.mark.parametrize(
    ("black", "outcome", "points"),
    [
        ("6:5 5:5 4:4", Outcome.SINGLE, 1),
        ("6:5 5:5 4:5", Outcome.GAMMON, 2),
        ("6:5 5:5 13:5", Outcome.GAMMON, 2),
        ("6:5 5:5 20:5", Outcome.BACKGAMMON, 3),
        ("6:14 bar:1", Outcome.BACKGAMMON, 3),
    ],
)
def test_backgammon_single_gammon_backgammon(black: str, outcome: Outcome, points: int) -> None:
    game = set_up(f"white 1:1 / {black}")
    bear_off_last(game)
    assert game.result is not None and (game.result.outcome, game.result.points) == (outcome, points)


def test_gammon_is_multiplied_by_the_cube() -> None:
    game = set_up("white 1:1 / 6:5 5:5 4:5")
    assert game.offer_double() == 2
    assert game.phase == "double-offered" and game.to_act is BLACK
    game.take()
    assert game.cube_value == 2 and game.cube_owner is BLACK and game.phase == "roll" and game.turn is WHITE
    bear_off_last(game)
    assert game.result is not None and game.result.points == 4


def test_first_double_by_either_player_then_only_the_owner() -> None:
    game = Game("backgammon", opener=BLACK)
    assert game.can_double()
    game.offer_double()
    game.take()
    assert game.cube_owner is WHITE
    assert not game.can_double()  # Black on roll, White owns the cube
    with pytest.raises(IllegalMoveError, match="belongs to white"):
        game.offer_double()
    game.roll((6, 5))
    game.play("24/13")
    assert game.turn is WHITE and game.can_double()
    assert game.offer_double() == 4
    game.take()
    assert (game.cube_value, game.cube_owner) == (4, BLACK)


def test_cannot_double_after_rolling() -> None:
    game = Game("backgammon", opener=WHITE)
    game.roll((6, 5))
    with pytest.raises(IllegalMoveError, match="cannot double"):
        game.offer_double()


def test_drop_loses_the_stake_before_the_double() -> None:
    game = Game("backgammon", opener=WHITE)
    game.offer_double()
    game.take()
    game.roll((6, 5))
    game.play("24/13")
    game.offer_double()  # Black redoubles to 4
    game.drop()
    assert game.result is not None
    assert (game.result.winner, game.result.outcome, game.result.points, game.result.reason) == (
        BLACK,
        Outcome.SINGLE,
        2,
        "dropped",
    )
    assert game.phase == "over"


def test_cube_option_off_forbids_doubling() -> None:
    game = Game("backgammon", options=GameOptions(cube=False), opener=WHITE)
    assert not game.can_double()
    with pytest.raises(IllegalMoveError):
        game.offer_double()


def test_crawford_game_forbids_doubling() -> None:
    game = Game("backgammon", is_crawford=True, opener=WHITE)
    with pytest.raises(IllegalMoveError, match="Crawford"):
        game.offer_double()


# -- options ----------------------------------------------------------------------------------


def test_jacoby_gammon_counts_single_while_the_cube_is_unturned() -> None:
    game = set_up("white 1:1 / 6:5 5:5 20:5", jacoby=True)
    bear_off_last(game)
    assert game.result is not None and game.result.outcome is Outcome.BACKGAMMON and game.result.points == 1


def test_jacoby_gammon_counts_once_the_cube_is_turned() -> None:
    game = set_up("white 1:1 / 6:5 5:5 4:5", jacoby=True)
    game.offer_double()
    game.take()
    bear_off_last(game)
    assert game.result is not None and game.result.points == 4


def test_automatic_doubles_double_the_stake_on_opening_ties_up_to_the_limit() -> None:
    game = Game("backgammon", options=GameOptions(auto_doubles=4))
    for tie, cube in ((3, 2), (5, 4), (2, 4)):
        game.roll_opening((tie, tie))
        assert game.cube_value == cube
    game.roll_opening((6, 1))
    assert game.cube_value == 4 and game.cube_owner is None and not game.cube_turned
    assert game.phase == "move" and game.turn is BLACK


def test_automatic_doubles_plus_one_mode_adds_one() -> None:
    game = Game("backgammon-225", start=64, options=GameOptions(auto_doubles=3, auto_double_mode="plus-one"))
    for cube in (2, 3, 3):
        game.roll_opening((1, 1))
        assert game.cube_value == cube


def test_automatic_doubles_do_not_apply_in_the_crawford_game() -> None:
    game = Game("backgammon", options=GameOptions(auto_doubles=8), is_crawford=True)
    game.roll_opening((4, 4))
    assert game.cube_value == 1


def test_point_game_counts_the_losers_checkers_by_quarter() -> None:
    # Black's checkers: 2 in his home (1 each), 1 in his outer quarter (2), 1 in White's outer (3),
    # 1 in White's home (4), 1 on the bar (4); 9 borne off count nothing.
    game = set_up("white 1:1 / 3:2 9:1 15:1 20:1 bar:1", point_game=True)
    bear_off_last(game)
    assert game.result is not None and game.result.points == 2 + 2 + 3 + 4 + 4


def test_point_game_is_multiplied_by_the_cube() -> None:
    game = set_up("white 1:1 / 3:2", point_game=True)
    game.offer_double()
    game.take()
    bear_off_last(game)
    assert game.result is not None and game.result.points == 2 * 2


def test_backgammon_options_are_refused_in_toutes_tables() -> None:
    for option in ({"jacoby": True}, {"auto_doubles": 2}, {"point_game": True}):
        with pytest.raises(ValueError, match="no cube"):
            Game("toutes-tables", options=GameOptions(**option))  # type: ignore[arg-type]


def test_winner_opens_is_only_for_toutes_tables() -> None:
    Game("toutes-tables", options=GameOptions(winner_opens=True))
    with pytest.raises(ValueError, match="1698"):
        Game("backgammon", options=GameOptions(winner_opens=True))


def test_rules_argument_overrides_the_options_rules() -> None:
    game = Game("backgammon", options=GameOptions(rules="toutes-tables", jacoby=True))
    assert game.rules.name == "backgammon" and game.options.rules == "backgammon"


# -- resigning --------------------------------------------------------------------------------


def test_resign_scores_the_conceded_outcome_times_the_cube() -> None:
    game = Game("backgammon", opener=WHITE)
    game.offer_double()
    game.take()
    result = game.resign(Outcome.GAMMON)
    assert (result.winner, result.outcome, result.points, result.reason) == (BLACK, Outcome.GAMMON, 4, "resigned")
    assert game.phase == "over"


def test_resign_refuses_an_outcome_of_the_other_family() -> None:
    game = Game("toutes-tables", opener=WHITE)
    with pytest.raises(IllegalMoveError):
        game.resign(Outcome.GAMMON)
    assert game.resign(Outcome.DOUBLE, BLACK).points == 2


def test_resign_defaults_to_the_player_who_must_act() -> None:
    game = Game("backgammon", opener=WHITE)
    game.offer_double()
    assert game.resign().winner is WHITE  # Black, who must answer the double, resigns


def test_resign_before_the_opening_roll_names_the_player() -> None:
    game = Game("toutes-tables")
    with pytest.raises(IllegalMoveError, match="name the player"):
        game.resign()
    assert game.resign(player=BLACK).winner is WHITE


def test_a_game_over_accepts_no_action() -> None:
    game = Game("backgammon", opener=WHITE)
    game.resign()
    before = snapshot(game)
    for action in (game.roll, game.offer_double, game.take, game.drop, game.resign, lambda: game.play(())):
        with pytest.raises(IllegalMoveError):
            action()
    assert snapshot(game) == before


# -- refused actions --------------------------------------------------------------------------


def test_rejected_action_leaves_game_unchanged() -> None:
    game = Game("backgammon", options=GameOptions(auto_doubles=4), rng=random.Random(5))
    attempts: list[Any] = [
        lambda: game.roll((3, 4)),
        lambda: game.play("8/5 6/5"),
        lambda: game.take(),
        lambda: game.drop(),
        lambda: game.roll_opening((0, 3)),
        lambda: game.roll_opening((3, 7)),
        lambda: game.roll_opening("66"),
    ]
    before = snapshot(game)
    for attempt in attempts:
        with pytest.raises(IllegalMoveError):
            attempt()
        assert snapshot(game) == before
    game.roll_opening((5, 3))  # Black opens 5-3
    before = snapshot(game)
    for attempt in [
        lambda: game.play("8/3 6/3 24/23"),
        lambda: game.play("13/7"),
        lambda: game.play("24/"),
        lambda: game.play([(8, 3), (6, 2)]),
        lambda: game.play([(99, 3)]),
        lambda: game.play(()),
        lambda: game.play(Play(start_position(64), [(8, 3), (6, 3)])),  # a play from another position
        lambda: game.roll((1, 2)),
        lambda: game.offer_double(),
        lambda: game.roll_opening((1, 2)),
        lambda: game.resign(Outcome.DOUBLE),
    ]:
        with pytest.raises(IllegalMoveError):
            attempt()
        assert snapshot(game) == before
    game.play("8/3 6/3")
    game.offer_double()
    before = snapshot(game)
    for attempt in [lambda: game.roll((1, 2)), lambda: game.offer_double(), lambda: game.play(())]:
        with pytest.raises(IllegalMoveError):
            attempt()
        assert snapshot(game) == before


def test_illegal_action_is_a_value_error_that_names_the_position() -> None:
    game = Game("backgammon")
    game.roll_opening((3, 5))
    with pytest.raises(ValueError, match=r"illegal play '13/7'.*Position.from_text"):
        game.play("13/7")


def test_replay_of_the_history_reproduces_the_game() -> None:
    game = Game("backgammon-225", rng=random.Random(2))
    rng = random.Random(9)
    while not game.is_over and len(game.history) < 40:
        if game.phase == "opening":
            game.roll_opening()
        elif game.phase == "roll":
            game.roll()
        else:
            plays = game.legal_plays()
            game.play(rng.choice(plays) if plays else ())
    again = Game.replay(game.history, "backgammon-225", game.drawn_start)
    assert snapshot(again) == snapshot(game)


def test_a_replayed_game_is_set_up_as_the_original_from_a_position_or_a_drawn_start() -> None:
    """Game.replayed: the set-up kept (start drawn, options, Crawford game, position), the dice from the actions."""
    drawn = Game("backgammon-225", options=GameOptions(auto_doubles=4), rng=random.Random(5), is_crawford=True)
    drawn.roll_opening((2, 2))
    drawn.roll_opening((5, 3))
    set_up = Game("backgammon", position=Position.from_text("white 6:2 5:1 / 24:3"))
    set_up.roll((6, 5))
    set_up.play(set_up.legal_plays()[0])
    for game in (drawn, set_up):
        fresh = game.replayed()
        assert fresh.history == () and fresh.initial_position == game.initial_position and fresh.cube_value == 1
        assert (fresh.drawn_start, fresh.start_number, fresh.options, fresh.is_crawford, fresh.opener) == (
            game.drawn_start, game.start_number, game.options, game.is_crawford, game.opener
        )
        assert snapshot(game.replayed(game.history)) == snapshot(game)
        assert snapshot(game.replayed(game.history[:1])) != snapshot(game)


def test_a_game_a_match_and_a_chouette_refuse_options_that_are_not_game_options_naming_them() -> None:
    from toutes_tables import Chouette, Match

    for make in (
        lambda: Game(options={"cube": True}),  # type: ignore[arg-type]
        lambda: Match(options={"cube": True}),  # type: ignore[arg-type]
        lambda: Chouette(["Ann", "Bob", "Cy"], options={"cube": True}),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError, match=r"options must be a GameOptions, got \{'cube': True\}"):
            make()
    # rules named over the options; the chouette's default set is its own (docs/python.md, "Rule sets")
    assert Match("backgammon", 3, GameOptions(rules="toutes-tables")).rules.name == "backgammon"
    assert Chouette(["Ann", "Bob", "Cy"]).options == GameOptions(rules="backgammon")
