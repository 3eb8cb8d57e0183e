"""A game set up with the cube turned, and a match taken up at a score (the analysis board's "Play from here").

The rules are pkg/toutes_tables/game.py ("A game set up with the cube turned"), match.py ("A match taken up at
a score"), record.py (the ``Cube:`` line, game 1's ``Score:``, JSON ``cube`` and ``score``) and docs/analysis.md.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from toutes_tables import (
    BLACK,
    WHITE,
    Game,
    GameOptions,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidRecordError,
    Match,
    MatExportError,
    Outcome,
    Position,
    match_to_mat,
    start_position,
)
from toutes_tables.analysis import games_of
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
from toutes_tables.service import dispatch

OPENING = start_position(64)  # White on roll
OPENING_ID = OPENING.gnubg_id()
SEED = 20261202


def test_a_game_set_up_with_the_cube_turned_starts_with_that_cube_and_its_owner_alone_may_double() -> None:
    game = Game("backgammon", position=OPENING, cube_value=4, cube_owner=BLACK)
    assert (game.cube_value, game.cube_owner, game.turn) == (4, BLACK, WHITE)
    assert not game.can_double()  # White is on roll, Black owns the cube
    with pytest.raises(IllegalMoveError, match="belongs to black"):
        game.offer_double()
    mine = Game("backgammon", position=OPENING, cube_value=4, cube_owner=WHITE)
    assert mine.offer_double() == 8
    mine.take()
    assert (mine.cube_value, mine.cube_owner) == (8, BLACK)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cube_value": 3, "cube_owner": WHITE}, "power of two from 1 to 4096"),
        ({"cube_value": 8192, "cube_owner": WHITE}, "power of two from 1 to 4096"),
        ({"cube_value": True, "cube_owner": WHITE}, "power of two"),
        ({"cube_value": 4}, "above 1 the cube has an owner"),
        ({"cube_value": 1, "cube_owner": BLACK}, "on 1 it is centred"),
        ({"cube_value": 2, "cube_owner": "white"}, "cube_owner must be BLACK, WHITE or None"),
        ({"cube_value": 2, "cube_owner": WHITE, "is_crawford": True}, "nobody doubles in the Crawford game"),
        ({"cube_value": 2, "cube_owner": WHITE, "options": GameOptions(rules="backgammon", cube=False)},
         "played without the cube"),
        ({"rules": "toutes-tables", "cube_value": 2, "cube_owner": WHITE}, "Toutes tables .1698. is played without"),
    ],
)
def test_a_cube_the_game_cannot_start_with_is_refused_naming_the_input(kwargs: dict, message: str) -> None:
    rules = kwargs.pop("rules", "backgammon")
    with pytest.raises(InvalidArgumentError, match=message):
        Game(rules, position=OPENING, **kwargs)


def test_the_jacoby_rule_counts_a_cube_set_up_above_1_as_turned() -> None:
    options = GameOptions(rules="backgammon", jacoby=True)
    game = Game(None, options=options, position=OPENING, cube_value=2, cube_owner=WHITE)
    assert game.score(WHITE, Outcome.GAMMON) == 4  # the gammon counts: the cube has been turned


def test_a_game_replayed_keeps_its_cube_set_up() -> None:
    game = Game("backgammon", position=OPENING, cube_value=16, cube_owner=WHITE, rng=random.Random(SEED))
    game.roll((3, 1))
    game.play(game.legal_plays()[0])
    assert game.replayed().initial_cube == (16, WHITE)
    assert (game.replayed(game.history).cube_value, game.replayed(game.history).cube_owner) == (16, WHITE)


def test_a_match_taken_up_at_a_score_counts_from_it() -> None:
    match = Match("backgammon", 7, score={BLACK: 2, WHITE: 5}, position=OPENING, cube_value=2, cube_owner=BLACK,
                  rng=random.Random(SEED))
    assert match.score == {BLACK: 2, WHITE: 5} and match.initial_score == {BLACK: 2, WHITE: 5}
    assert not match.game.is_crawford and match.game.initial_position == OPENING
    match.game.resign(Outcome.SINGLE, BLACK)  # White wins 2 (the cube): 7, the match
    assert match.score == {BLACK: 2, WHITE: 7} and match.winner is WHITE


def test_the_game_taken_up_with_one_side_at_length_less_1_is_the_crawford_game_unless_told_it_was_played() -> None:
    crawford = Match("backgammon", 5, score={BLACK: 4, WHITE: 1}, position=OPENING, rng=random.Random(SEED))
    assert crawford.game.is_crawford and crawford.crawford_game == 1
    crawford.game.resign(Outcome.SINGLE, BLACK)
    assert not crawford.next_game().is_crawford  # 4-2: the game after the Crawford game
    after = Match("backgammon", 5, score={BLACK: 4, WHITE: 1}, post_crawford=True, position=OPENING,
                  cube_value=2, cube_owner=WHITE)
    assert not after.game.is_crawford and after.game.can_double()
    both = Match("backgammon", 5, score={BLACK: 4, WHITE: 4}, position=OPENING)
    assert not both.game.is_crawford  # both at length less 1: the Crawford game is over
    below = Match("backgammon", 5, score={BLACK: 2, WHITE: 3}, rng=random.Random(SEED))
    below.game.resign(Outcome.SINGLE, BLACK)  # White reaches 4 now: the next game is the Crawford game
    assert below.next_game().is_crawford


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"score": {BLACK: 5}}, r"0-4 \(below the length, 5\)"),
        ({"score": {WHITE: -1}}, "0-4"),
        ({"score": {BLACK: 1.0}}, "0-4"),
        ({"score": (1, 2)}, "score maps BLACK and WHITE"),
        ({"score": {"red": 1}}, "score maps BLACK and WHITE"),
        ({"post_crawford": True}, "post_crawford: the Crawford game has been played only once a side is at 4"),
        ({"post_crawford": 1, "score": {BLACK: 4}}, "option post_crawford must be True or False"),
        ({"score": {BLACK: 4}, "cube_value": 2, "cube_owner": WHITE}, "nobody doubles in the Crawford game"),
    ],
)
def test_a_score_the_match_cannot_be_taken_up_at_is_refused_naming_the_input(kwargs: dict, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        Match("backgammon", 5, position=OPENING, **kwargs)


def _played_match(post_crawford: bool = False) -> Match:
    match = Match("backgammon", 5, score={BLACK: 4, WHITE: 1}, post_crawford=post_crawford, position=OPENING,
                  cube_value=2 if post_crawford else 1, cube_owner=BLACK if post_crawford else None,
                  rng=random.Random(SEED))
    match.game.roll((3, 1))
    match.game.play("8/5 6/5")
    return match


@pytest.mark.parametrize("post_crawford", [False, True])
def test_a_match_taken_up_at_a_score_round_trips_through_its_text_and_json_records(post_crawford: bool) -> None:
    match = _played_match(post_crawford)
    text = match_to_text(match)
    assert "\nScore: black 4 white 1\n" in text
    assert ("Crawford: no" in text) is post_crawford and ("Crawford: yes" in text) is not post_crawford
    assert ("\nCube: 2 black\n" in text) is post_crawford
    for loaded in (match_from_text(text), match_from_json(match_to_json(match))):
        assert loaded.score == {BLACK: 4, WHITE: 1} and loaded.post_crawford is post_crawford
        assert loaded.game.is_crawford is not post_crawford
        assert (loaded.game.cube_value, loaded.game.cube_owner) == (match.game.cube_value, match.game.cube_owner)
        assert loaded.game.initial_position == OPENING and loaded.game.history == match.game.history
        assert match_to_text(loaded) == text
    data = match_to_json(match)
    assert data["score"] == {"black": 4, "white": 1} and data["post_crawford"] is post_crawford


def test_a_game_with_the_cube_turned_round_trips_through_its_records() -> None:
    game = Game("backgammon", position=OPENING, cube_value=8, cube_owner=WHITE)
    game.roll((6, 6))
    text = game_to_text(game)
    assert "\nCube: 8 white\n" in text
    for loaded in (game_from_text(text), game_from_json(game_to_json(game))):
        assert loaded.initial_cube == (8, WHITE) and loaded.cube_value == 8 and loaded.dice == (6, 6)
    assert game_to_json(game)["cube"] == {"value": 8, "owner": "white"}
    assert "cube" not in game_to_json(Game("backgammon", position=OPENING))  # centred: older saves unchanged


def test_the_records_of_ordinary_games_and_matches_are_unchanged() -> None:
    match = Match("backgammon", 3, rng=random.Random(SEED))
    assert "score" not in match_to_json(match) and "Cube:" not in match_to_text(match)
    assert match_from_text(match_to_text(match)).initial_score == {BLACK: 0, WHITE: 0}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Cube: 2 black", "Cube: 2 red", "expected 'Cube: N'"),
        ("Cube: 2 black", "Cube: 3 black", "power of two"),
        ("Cube: 2 black", "Cube: 2", "above 1 the cube has an owner"),
        ("Score: black 4 white 1", "Score: black 5 white 1", "0-4"),
        ("Crawford: no  # played before the score was taken up", "Crawford: yes", "nobody doubles in the Crawford"),
    ],
)
def test_a_bad_set_up_in_a_match_record_is_refused_naming_the_line(old: str, new: str, message: str) -> None:
    text = match_to_text(_played_match(post_crawford=True))
    assert old in text
    with pytest.raises(InvalidRecordError, match=message):
        match_from_text(text.replace(old, new))


def test_only_game_1_of_a_match_record_may_be_set_up() -> None:
    match = Match("backgammon", 3, rng=random.Random(SEED))
    match.game.resign(Outcome.SINGLE, BLACK)
    match.next_game()
    text = match_to_text(match)
    with pytest.raises(InvalidRecordError, match="only the first game of a match can begin with the cube turned"):
        match_from_text(text.replace("Game 2\nScore: black 0 white 1\nStart: 64\n",
                                     "Game 2\nScore: black 0 white 1\nStart: 64\nCube: 2 white\n"))
    data = match_to_json(match)
    data["games"][1]["cube"] = {"value": 2, "owner": "white"}
    with pytest.raises(InvalidRecordError, match="only the first game of a match can begin with the cube turned"):
        match_from_json(data)


@pytest.mark.parametrize("cube", [{"value": 2}, {"value": "2", "owner": "white"}, [2, "white"],
                                  {"value": 2, "owner": "red"}, {"value": 3, "owner": "white"}])
def test_a_bad_json_cube_is_refused(cube: object) -> None:
    data = game_to_json(Game("backgammon", position=OPENING, cube_value=2, cube_owner=WHITE))
    data["cube"] = cube
    with pytest.raises(InvalidRecordError, match="cube"):
        game_from_json(data)


@pytest.mark.parametrize("score", [{"black": 4}, {"black": "4", "white": 1}, [4, 1], {"black": 9, "white": 1}])
def test_a_bad_json_score_is_refused(score: object) -> None:
    data = match_to_json(_played_match())
    data["score"] = score
    with pytest.raises(InvalidRecordError, match="score"):
        match_from_json(data)


def test_the_review_of_a_match_taken_up_at_a_score_counts_from_that_score() -> None:
    reviewed = games_of(match_to_text(_played_match()))
    assert [(g.number, g.score, g.length) for g in reviewed] == [(1, (4, 1), 5)]


def test_the_mat_file_refuses_a_set_up_game_and_writes_a_match_taken_up_at_a_score_with_its_score() -> None:
    set_up = _played_match()
    set_up.game.resign(Outcome.SINGLE, BLACK)
    with pytest.raises(MatExportError, match="set-up position"):
        match_to_mat(set_up)
    taken_up = Match("backgammon", 5, score={BLACK: 2, WHITE: 3}, rng=random.Random(SEED))
    taken_up.game.roll_opening((3, 1))
    taken_up.game.play("8/5 6/5")
    taken_up.game.resign(Outcome.SINGLE, WHITE)
    mat = match_to_mat(taken_up)
    assert " Game 1\n Black : 2" in mat and "White : 3" in mat


# -- the service: new_match with a position, its cube and the match score ---------------------------


def test_new_match_sets_up_the_cube_and_the_score_and_a_reload_keeps_them() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "match_length": 7, "position": OPENING_ID, "turn": "white",
                                  "dice": [3, 1], "cube_value": 4, "cube_owner": "black",
                                  "score": {"black": 2, "white": 5}, "seed": SEED})
    assert view["cube"] == {"value": 4, "owner": "black", "offered_by": None}
    assert view["match"]["length"] == 7 and view["match"]["score"] == {"black": 2, "white": 5}
    assert (view["phase"], view["turn"], view["match"]["crawford"]) == ("move", "white", False)
    resumed = dispatch("load", {"record": view["record"], "steps": []})
    assert (resumed["cube"], resumed["match"], resumed["record"]) == (view["cube"], view["match"], view["record"])


def test_new_match_takes_up_a_crawford_game_or_the_game_after_it() -> None:
    common = {"rules": "backgammon", "match_length": 5, "position": OPENING_ID, "score": {"black": 4, "white": 0}}
    crawford = dispatch("new_match", common)
    assert crawford["match"]["crawford"] is True and crawford["cube_actions"] == []
    after = dispatch("new_match", {**common, "post_crawford": True})
    assert after["match"]["crawford"] is False and after["cube_actions"] == ["double"]


def test_a_position_played_alone_keeps_its_cube_with_no_score() -> None:
    view = dispatch("new_match", {"rules": "backgammon", "position": OPENING_ID, "cube_value": 2,
                                  "cube_owner": "white"})
    assert view["cube"]["value"] == 2 and view["match"]["length"] == 0 and view["cube_actions"] == ["double"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"cube_value": 2, "cube_owner": "white"}, "cube_value is given with a position only"),
        ({"score": {"black": 1}, "match_length": 3}, "score is given with a position only"),
        ({"position": OPENING_ID, "cube_value": 3, "cube_owner": "white"}, "power of two"),
        ({"position": OPENING_ID, "cube_value": 8192, "cube_owner": "white"}, "cube_value is an integer 1-4096"),
        ({"position": OPENING_ID, "cube_value": "4", "cube_owner": "white"}, "cube_value is an integer"),
        ({"position": OPENING_ID, "cube_value": 4}, "above 1 the cube has an owner"),
        ({"position": OPENING_ID, "cube_value": 2, "cube_owner": "red"}, "cube_owner"),
        ({"position": OPENING_ID, "score": {"black": 1}}, "score and post_crawford are for a match"),
        ({"position": OPENING_ID, "match_length": 3, "score": {"black": 3}}, "0-2"),
        ({"position": OPENING_ID, "match_length": 3, "score": {"red": 1}}, "score has 'black' and 'white' only"),
        ({"position": OPENING_ID, "match_length": 3, "score": [1, 2]}, "score"),
        ({"position": OPENING_ID, "match_length": 3, "post_crawford": "yes"}, "post_crawford"),
        ({"position": OPENING_ID, "match_length": 3, "post_crawford": True}, "once a side is at 2"),
    ],
)
def test_a_bad_set_up_is_refused_and_the_game_in_play_is_kept(params: dict, message: str) -> None:
    before = dispatch("new_match", {"rules": "backgammon", "match_length": 3})
    with pytest.raises(ValueError, match=message):
        dispatch("new_match", {"rules": "backgammon", **params})
    assert dispatch("state")["record"] == before["record"]


def test_a_set_up_in_a_rule_set_without_the_cube_is_refused() -> None:
    start = Position.from_gnubg_id(OPENING_ID, WHITE)
    assert start == OPENING
    with pytest.raises(InvalidArgumentError, match="played without the cube"):
        dispatch("new_match", {"rules": "toutes-tables", "position": OPENING_ID, "cube_value": 2,
                               "cube_owner": "black"})


GNUBG_SCORE = r"""
import json, os, sys
import gnubg
saved = os.dup(1)
with open(os.devnull, "w") as devnull:  # gnubg prints a board for every step
    os.dup2(devnull.fileno(), 1)
    gnubg.command("import mat " + sys.argv[1])
    info = gnubg.match()["games"][0]["info"]
    os.dup2(saved, 1)
print(json.dumps([info["score-X"], info["score-O"]]))
"""


def test_gnubg_and_the_mat_import_read_a_match_taken_up_at_a_score_from_its_first_game(tmp_path: Path) -> None:
    from toutes_tables.matimport import match_from_mat

    match = Match("backgammon", 5, score={BLACK: 2, WHITE: 3}, rng=random.Random(SEED))
    match.game.roll_opening((3, 1))
    match.game.play("8/5 6/5")
    match.game.resign(Outcome.SINGLE, WHITE)
    mat = match_to_mat(match)
    assert match_from_mat(mat).initial_score == {BLACK: 2, WHITE: 3}
    pytest.importorskip("gnubg")
    path = tmp_path / "taken-up.mat"
    path.write_text(mat)
    done = subprocess.run([sys.executable, "-c", GNUBG_SCORE, str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [2, 3]  # gnubg's X is Black, its player 0
