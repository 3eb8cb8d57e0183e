"""Records: the documented text format and the JSON saves, both ways, and refusing corrupt ones."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from toutes_tables import (
    BLACK,
    WHITE,
    DrawnStart,
    Game,
    GameOptions,
    InvalidRecordError,
    Match,
    Outcome,
    Position,
)
from toutes_tables.record import (
    game_from_json,
    game_from_text,
    game_to_json,
    game_to_text,
    match_from_json,
    match_from_text,
    match_to_json,
    match_to_text,
)

EXAMPLE = """\
Toutes Tables record 1
Rules: backgammon-225
Options: cube=on jacoby=off auto-doubles=2 auto-double-mode=double point-game=off winner-opens=off

Game 1
Start: 64 drawn 1-6 1-5 rerolled 3-3
Opening: black 4 white 4  # tie: cube 2
Opening: black 3 white 5  # white opens
white 5-3: 8/3 6/3
black 6-4: 24/14
white doubles to 4
black takes
white 2-1: 13/11* 6/5
black 6-6: (no play)
white 4-1:
black resigns a gammon
Result: white wins a gammon (resigned), 8 points
"""


def example_game() -> Game:
    game = Game("backgammon-225", DrawnStart(64, (1, 6), (1, 5), ((3, 3),)), GameOptions(auto_doubles=2))
    game.roll_opening((4, 4))
    game.roll_opening((3, 5))
    game.play("8/3 6/3")
    game.roll((6, 4))
    game.play("24/14")
    game.offer_double()
    game.take()
    game.roll((2, 1))
    game.play("13/11 6/5")
    game.roll((6, 6))
    game.play(())
    game.roll((4, 1))
    game.resign(Outcome.GAMMON, BLACK)
    return game


def state(game: Game) -> tuple[Any, ...]:
    return (
        game.rules, game.options, game.start_number, game.drawn_start, game.is_crawford, game.opener,
        game.initial_position, game.position, game.phase, game.dice, game.cube_value, game.cube_owner,
        game.cube_turned, game.result, game.history,
    )  # fmt: skip


def random_game(rules: str, seed: int, stop_after: int = 10_000, **options: Any) -> Game:
    rng = random.Random(seed)
    game = Game(rules, options=GameOptions(**options), rng=rng)
    while not game.is_over and len(game.history) < stop_after:
        if game.phase == "opening":
            game.roll_opening()
        elif game.phase == "roll":
            game.offer_double() if game.can_double() and rng.random() < 0.1 else game.roll()
        elif game.phase == "double-offered":
            game.take() if rng.random() < 0.8 else game.drop()
        else:
            plays = game.legal_plays()
            game.play(rng.choice(plays) if plays else ())
    return game


# -- the text format --------------------------------------------------------------------------


def test_game_record_is_the_documented_text_format() -> None:
    assert game_to_text(example_game()) == EXAMPLE


def test_loading_the_text_record_reproduces_the_game() -> None:
    assert state(game_from_text(EXAMPLE)) == state(example_game())
    assert game_from_text(EXAMPLE).result == example_game().result


def test_comments_blank_lines_and_spacing_around_the_play_are_ignored() -> None:
    text = EXAMPLE.replace("white 5-3: 8/3 6/3", "\n# a comment line\nwhite 5-3:    6/3 8/3   # Five-three")
    assert state(game_from_text(text)) == state(example_game())


def test_an_unfinished_game_resumes_rolled_but_not_played() -> None:
    game = Game("toutes-tables", rng=random.Random(1))
    game.roll_opening((2, 6))
    game.play("13/7 13/11")
    game.roll((5, 5))
    text = game_to_text(game)
    assert text.rstrip().endswith("black 5-5:")
    loaded = game_from_text(text)
    assert loaded.phase == "move" and loaded.dice == (5, 5) and state(loaded) == state(game)


def test_a_game_set_up_from_a_position_records_it() -> None:
    game = Game("toutes-tables", position=Position.from_text("black 3:1 2:2 / 24:1 1:14"))
    game.roll((6, 1))
    game.play("3/off 2/1*")
    text = game_to_text(game)
    assert "Position: black 2:2 3:1 / 1:14 24:1\n" in text
    assert state(game_from_text(text)) == state(game)


@pytest.mark.parametrize("rules", ["toutes-tables-225", "toutes-tables", "backgammon-225", "backgammon"])
def test_random_games_round_trip_through_text_and_json(rules: str) -> None:
    for seed in range(6):
        game = random_game(rules, seed, stop_after=[10_000, 30][seed % 2])
        assert state(game_from_text(game_to_text(game))) == state(game)
        assert state(game_from_json(game_to_json(game))) == state(game)
        assert game_to_text(game_from_text(game_to_text(game))) == game_to_text(game)


def test_replay_needs_no_seed() -> None:
    game = random_game("backgammon-225", 5)
    # No rng passed: every die comes from the record.
    assert state(Game.replay(game.history, "backgammon-225", game.drawn_start)) == state(game)


def match_example() -> Match:
    match = Match("backgammon", 3, rng=random.Random(3))
    match.game.roll_opening((1, 3))
    match.game.play("8/5 6/5")
    match.game.resign(Outcome.GAMMON, BLACK)  # White 2: the next game is the Crawford game
    match.next_game().roll_opening((6, 5))
    match.game.play("24/13")
    match.game.resign(Outcome.SINGLE, WHITE)
    match.next_game().roll_opening((2, 2))
    return match


def test_match_record_round_trips() -> None:
    match = match_example()
    text = match_to_text(match)
    assert "Match: 3 crawford=on\n" in text
    assert "Game 2\nScore: black 0 white 2\nStart: 64\nCrawford: yes\n" in text
    loaded = match_from_text(text)
    assert [state(g) for g in loaded.games] == [state(g) for g in match.games]
    assert loaded.score == match.score and loaded.length == 3
    assert match_to_json(match_from_json(match_to_json(match))) == match_to_json(match)


def test_225_match_record_keeps_each_drawn_start() -> None:
    match = Match("toutes-tables-225", 5, rng=random.Random(12))
    for _ in range(3):
        match.game.resign(player=WHITE)
        match.next_game()
    loaded = match_from_text(match_to_text(match))
    assert [g.drawn_start for g in loaded.games] == [g.drawn_start for g in match.games]
    assert loaded.games[0].drawn_start == loaded.games[1].drawn_start


# -- refusing corrupt text records ------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Toutes Tables record 1", "Toutes Tables record 2", "line 1: expected the format line"),
        ("Rules: backgammon-225", "Rules: chess", "line 2: unknown rule set 'chess'"),
        ("auto-doubles=2", "auto-doubles=two", "line 3: auto-doubles is a number"),
        ("jacoby=off", "jacobi=off", "line 3: unknown option 'jacobi'"),
        ("Start: 64 drawn 1-6 1-5", "Start: 65 drawn 1-6 1-5", "line 6: the drawing rolls give start No. 64"),
        ("Start: 64", "Begin: 64", "line 6: expected 'Start: ...'"),
        ("Opening: black 3 white 5", "Opening: black 3 white 9", "line 8: expected 'Opening: black D white D'"),
        ("white 5-3: 8/3 6/3", "white 5-3: 24/13", "line 9: illegal play '24/13'"),
        ("white 5-3: 8/3 6/3", "white 6-3: 8/3 6/3", "line 9: the opening gave white 5-3"),
        ("black 6-4: 24/14", "white 6-4: 24/14", "line 10: white cannot roll: it is black's turn"),
        ("black 6-4: 24/14", "black 6-4: 24/1x", "line 10: cannot read '24/1x'"),
        ("white doubles to 4", "white doubles to 3", "line 11: a double now turns the cube to 4, not 3"),
        ("black takes", "black accepts", "line 12: not a game action"),
        ("black 6-6: (no play)", "black 6-6: 24/18", "line 14"),
        ("8 points", "6 points", "line 17: the replay gives 'Result: white wins a gammon (resigned), 8 points'"),
    ],
)
def test_corrupt_text_record_names_the_line_and_the_fault(old: str, new: str, message: str) -> None:
    assert old in EXAMPLE
    with pytest.raises(InvalidRecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game_from_text(EXAMPLE.replace(old, new, 1))


def test_truncated_text_record_says_what_is_missing() -> None:
    with pytest.raises(InvalidRecordError, match="line 4: the record ends where 'Game 1' was expected"):
        game_from_text("\n".join(EXAMPLE.splitlines()[:3]))


def test_actions_after_the_end_of_a_game_are_refused() -> None:
    with pytest.raises(InvalidRecordError, match="line 18: cannot roll in phase 'over'"):
        game_from_text(EXAMPLE + "white 3-1:\n")


def test_a_record_is_text() -> None:
    with pytest.raises(InvalidRecordError):
        game_from_text(b"Toutes Tables record 1")  # type: ignore[arg-type]


def test_corrupt_match_record_is_refused() -> None:
    text = match_to_text(match_example())
    with pytest.raises(InvalidRecordError, match=r"line \d+: the games before make the score black 0 white 2"):
        match_from_text(text.replace("Score: black 0 white 2", "Score: black 1 white 2"))
    with pytest.raises(InvalidRecordError, match="game 2 is the Crawford game"):
        match_from_text(text.replace("Crawford: yes", "Crawford: no"))
    with pytest.raises(InvalidRecordError, match="expected 'Match: N crawford=on|off'"):
        match_from_text(text.replace("Match: 3 crawford=on", "Match: three"))
    unfinished = text.replace("white resigns a single game\n", "").replace("Result: black wins a single game", "#")
    with pytest.raises(InvalidRecordError, match="game 2 is not over, so game 3 cannot begin"):
        match_from_text(unfinished)


# -- JSON saves -------------------------------------------------------------------------------


def test_json_save_is_plain_data_with_a_format_version() -> None:
    import json

    data = game_to_json(example_game())
    assert data["format"] == "toutes-tables/game" and data["version"] == 1
    assert json.loads(json.dumps(data)) == data
    assert state(game_from_json(json.loads(json.dumps(data)))) == state(example_game())


def corrupt(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(data)
    target: Any = bad
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["version"], 0, "version 0; this engine reads version 1"),
        (["format"], "toutes-tables/match", "not a toutes-tables/game save"),
        (["rules"], "chess", "unknown rule set"),
        (["options", "cube"], "yes", "option cube must be True or False"),
        (["options", "colour"], "red", "unknown options"),
        (["start", "drawn", 0], [1, 1], "a drawing roll needs two different dice"),
        (["actions", 2, "moves"], [[24, 13]], r"actions\[2\]: illegal play"),
        (["actions", 3, "dice"], [6, 7], r"actions\[3\]: expected two dice 1-6"),
        (["actions", 4, "type"], "teleport", "unknown action type 'teleport'"),
        (["actions", 5], KeyError, r"actions\[5\]: the opponent|cannot|missing"),
        (["actions"], KeyError, "missing 'actions'"),
        (["result", "points"], 2, "the recorded result"),
    ],
)
def test_corrupt_or_outdated_json_raises_invalid_record(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        game_from_json(corrupt(game_to_json(example_game()), path, value))


@pytest.mark.parametrize("data", [None, [], "save", {"format": "toutes-tables/game"}, {}])
def test_json_that_is_not_a_save_raises_invalid_record(data: Any) -> None:
    with pytest.raises(InvalidRecordError):
        game_from_json(data)


def test_corrupt_match_json_raises_invalid_record() -> None:
    data = match_to_json(match_example())
    with pytest.raises(InvalidRecordError, match="'crawford' disagrees"):
        match_from_json(corrupt(data, ["games", 1, "crawford"], False))
    with pytest.raises(InvalidRecordError, match="version"):
        match_from_json(corrupt(data, ["version"], 2))
    with pytest.raises(InvalidRecordError, match="money play"):
        match_from_json(corrupt(data, ["options", "jacoby"], True))
