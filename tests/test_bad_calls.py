"""Every bad call of the public API is a ``ValueError`` subclass naming the parameter, never a ``TypeError``.

Each public function is called once as it should be, then again with each argument in turn
replaced by values of the wrong kind or out of range. Whatever comes back, the only exceptions
allowed out are ``ValueError`` subclasses (the project's quality bar: bad input gets a clear
error), so a caller catching ``ValueError`` catches every bad call.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import toutes_tables as tt
from toutes_tables import (
    BLACK,
    WHITE,
    Game,
    GameOptions,
    InvalidNotationError,
    Match,
    OpeningRoll,
    Outcome,
    Position,
    Roll,
    TurnInProgress,
    notation,
    record,
    start_position,
)
from toutes_tables import analysis, matimport, xgid
from toutes_tables.ai.cube import CubeState
from toutes_tables.errors import InvalidArgumentError
from toutes_tables.matfile import MatExportError
from toutes_tables.rollout import CubeRollout, Rollout, rollout

BAD_VALUES: tuple[object, ...] = (
    None, b"x", 5, -1, 10**100, "x", (None, "W"), [], {}, 2.5, object(), (7, 1), ("a", "b"), True, "", [1, 2, 3],
)  # fmt: skip


def _opened_game() -> Game:
    game = Game("backgammon", rng=random.Random(1))
    game.roll_opening((3, 5))
    return game


def _finished_match() -> Match:
    match = Match("backgammon", 1, rng=random.Random(1))
    match.game.roll_opening((3, 5))
    match.game.resign()
    return match


START = start_position(64)
PLAYS = tt.legal_plays(START, (6, 5), "backgammon")
# A short race (a few plies a game) keeps the rollouts' good calls quick.
RACE = Position.from_text("white 1:2 2:1 / 1:3")
RACE_PLAY = tt.legal_plays(RACE, (6, 5), "backgammon")[0]
ONE_MOVE = _opened_game()
ONE_MOVE.play("8/3 6/3")
ONE_MOVE_RECORD = record.game_to_text(ONE_MOVE)
MAT = tt.match_to_mat(_finished_match())
REVIEWED = analysis.analyse_game(ONE_MOVE_RECORD).decisions
XGID_TEXT = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


def _xgid(*fields: Any) -> xgid.XGID:
    names = ("position", "cube", "cube_owner", "dice", "doubled", "score", "match_length", "crawford", "jacoby",
             "beaver", "max_cube_log2")
    return xgid.XGID(**dict(zip(names, fields, strict=True)))

CALLS: dict[str, tuple[Callable[..., Any], list[Any]]] = {
    "legal_plays": (tt.legal_plays, [START, (6, 5), "backgammon"]),
    "parse_play": (tt.parse_play, [START, "24/13", (6, 5), "backgammon"]),
    "notation.parse_play": (notation.parse_play, [START, "24/13", PLAYS, (6, 5)]),
    "format_play": (tt.format_play, [START, ((24, 18),)]),
    "check_dice": (tt.check_dice, [(6, 5)]),
    "get_rules": (tt.get_rules, ["backgammon"]),
    "start_position": (tt.start_position, [64, WHITE]),
    "start_rolls": (tt.start_rolls, [64]),
    "start_points": (tt.start_points, [64]),
    "start_number": (tt.start_number, [(1, 2), (3, 4)]),
    "draw_start": (tt.draw_start, [random.Random(1)]),
    "Position": (Position, [list(START.mine), list(START.theirs), WHITE]),
    "Position.from_text": (Position.from_text, [START.text()]),
    "Position.from_gnubg_id": (Position.from_gnubg_id, [START.gnubg_id(), WHITE]),
    "Position.checkers": (START.checkers, [WHITE]),
    "Position.at": (START.at, [3]),
    "Position.with_turn": (START.with_turn, [BLACK]),
    "Position.pips": (START.pips, [WHITE]),
    "TurnInProgress": (TurnInProgress, [START, (6, 5), "backgammon", ()]),
    "TurnInProgress.step": (lambda m: TurnInProgress(START, (6, 5), "backgammon").step(m), [(24, 18)]),
    "TurnInProgress.move": (lambda a, b: TurnInProgress(START, (6, 5), "backgammon").move(a, b), [24, 18]),
    "announce": (tt.announce, [(6, 5)]),
    "Game": (lambda r, s, o: Game(r, s, o), ["backgammon", 64, GameOptions()]),
    "Game(position)": (lambda p: Game("backgammon", position=p), [START]),
    "Game(opener)": (lambda c: Game("toutes-tables", opener=c), [WHITE]),
    "Game.roll_opening": (lambda d: Game("backgammon").roll_opening(d), [(3, 5)]),
    "Game.play": (lambda text: _opened_game().play(text), ["8/3 6/3"]),
    "Game.resign": (lambda o, c: _opened_game().resign(o, c), [Outcome.SINGLE, WHITE]),
    "Game.score": (lambda c, o: _opened_game().score(c, o), [WHITE, Outcome.SINGLE]),
    "Game.announce": (lambda d: _opened_game().announce(d), [(1, 2)]),
    "Game.replay": (Game.replay, [[OpeningRoll(3, 5)], "backgammon"]),
    "Match": (lambda r, n: Match(r, n), ["backgammon", 5]),
    "game_from_text": (record.game_from_text, [record.game_to_text(_opened_game())]),
    "match_from_text": (record.match_from_text, [record.match_to_text(_finished_match())]),
    "game_from_json": (record.game_from_json, [record.game_to_json(_opened_game())]),
    "match_from_json": (record.match_from_json, [record.match_to_json(_finished_match())]),
    "game_to_text": (record.game_to_text, [_opened_game()]),
    "match_to_text": (record.match_to_text, [_finished_match()]),
    "game_to_json": (record.game_to_json, [_opened_game()]),
    "match_to_json": (record.match_to_json, [_finished_match()]),
    "action_to_json": (record.action_to_json, [Roll(WHITE, (1, 2))]),
    "action_from_json": (record.action_from_json, [{"type": "roll", "player": "white", "dice": [1, 2]}]),
    "match_to_mat": (tt.match_to_mat, [_finished_match(), ("Black", "White")]),
    "games_to_mat": (tt.games_to_mat, [_finished_match().games, 1, ("Black", "White")]),
    "match_state": (tt.match_state, [_opened_game()]),
    "gnubg_id": (lambda p: tt.gnubg_id(p, tt.match_state(_opened_game())), [_opened_game().position]),
    "choose_play": (tt.choose_play, [START, (6, 5)]),
    "estimate": (tt.estimate, [START]),
    "board_text": (tt.board_text, [START]),
    # the study: rollouts, the review, XGIDs, .mat import
    "Rollout": (
        lambda p, d, r, c, seed, vr, t, n: Rollout(p, d, r, c, seed=seed, variance_reduction=vr, truncate=t, network=n),
        [RACE, (6, 5), "backgammon", [RACE_PLAY], 1, True, 2, None],
    ),
    "Rollout.run": (lambda g, b: Rollout(RACE, (6, 5), "backgammon", truncate=1).run(g, b), [1, 30]),
    "rollout": (lambda p, d, r, g: rollout(p, d, r, g, truncate=1), [RACE, (6, 5), "backgammon", 1]),
    "CubeRollout": (
        lambda p, r, c, seed, vr, t, n: CubeRollout(p, r, c, seed=seed, variance_reduction=vr, truncate=t, network=n),
        [RACE, "backgammon", CubeState(), 1, False, 2, None],
    ),
    "CubeRollout.run": (lambda g, b: CubeRollout(RACE, "backgammon", truncate=1).run(g, b), [1, 30]),
    "XGID": (_xgid, [START, 1, None, (6, 5), False, (0, 0), 5, False, False, False, 10]),
    "XGID.parse": (xgid.XGID.parse, [XGID_TEXT]),
    "XGID.from_game": (xgid.XGID.from_game, [_finished_match().game, _finished_match()]),
    "analyse_game": (analysis.analyse_game, [ONE_MOVE_RECORD, None]),
    "analyse_match": (analysis.analyse_match, [record.match_to_text(_finished_match()), None]),
    "review": (lambda r, n, g: list(analysis.review(r, n, g)), [ONE_MOVE_RECORD, None, 1]),
    "read_record": (analysis.read_record, [ONE_MOVE_RECORD]),
    "count_turns": (analysis.count_turns, [ONE_MOVE_RECORD, 1]),
    "games_of": (analysis.games_of, [ONE_MOVE_RECORD]),
    "results_of": (analysis.results_of, [ONE_MOVE_RECORD, 1]),
    "summarise": (analysis.summarise, [REVIEWED, {BLACK: 0.0, WHITE: 0.0}]),
    "luck_of_rolls": (analysis.luck_of_rolls, [RACE, "backgammon", None]),
    "opening_luck": (analysis.opening_luck, [START, (3, 1), "backgammon", None]),
    "mark": (analysis.mark, [0.05]),
    "luck_mark": (analysis.luck_mark, [0.5]),
    "rating": (analysis.rating, [0.004]),
    "luck_rating": (analysis.luck_rating, [0.01]),
    "read_mat": (matimport.read_mat, [MAT]),
    "match_from_mat": (matimport.match_from_mat, [MAT]),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_bad_argument_of_a_public_call_is_a_value_error(name: str) -> None:
    function, arguments = CALLS[name]
    function(*arguments)  # the good call works
    escaped = []
    for i in range(len(arguments)):
        for bad in BAD_VALUES:
            call = list(arguments)
            call[i] = bad
            try:
                function(*call)
            except ValueError:
                pass
            except Exception as exc:  # noqa: BLE001 - what the test is looking for
                escaped.append(f"argument {i} = {bad!r:.30}: {type(exc).__name__}: {exc}")
    assert not escaped, "\n".join(escaped)


@pytest.mark.parametrize("text", [None, b"24/13", 5])
def test_parse_play_names_its_text_parameter(text: object) -> None:
    with pytest.raises(InvalidNotationError, match="text must be a str"):
        tt.parse_play(START, text, (6, 5), "backgammon")  # type: ignore[arg-type]


def test_match_to_mat_names_the_names_parameter() -> None:
    with pytest.raises(MatExportError, match="names must be a pair of player names"):
        tt.match_to_mat(_finished_match(), (None, "W"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call, parameter",
    [
        (lambda: tt.legal_plays(None, (6, 5), "backgammon"), "position must be a Position"),  # type: ignore[arg-type]
        (lambda: tt.legal_plays(START, (7, 1), "backgammon"), "dice must be two integers 1-6"),
        (lambda: tt.legal_plays(START, (6, 5), "chess"), "rules must be a RuleSet or one of"),
        (lambda: tt.match_to_mat(None), "match must be a Match"),  # type: ignore[arg-type]
        (lambda: START.checkers("white"), "color must be BLACK or WHITE"),  # type: ignore[arg-type]
        (lambda: TurnInProgress(START, (6, 5), "backgammon").step((24, 30)), "move must be a \\(from, to\\) pair"),
        (lambda: _opened_game().score(WHITE, "single"), "outcome must be an Outcome"),  # type: ignore[arg-type]
    ],
)
def test_a_bad_argument_error_names_the_parameter_and_what_it_accepts(
    call: Callable[[], object], parameter: str
) -> None:
    with pytest.raises(ValueError, match=parameter):
        call()


def test_argument_errors_are_value_errors() -> None:
    assert issubclass(InvalidArgumentError, ValueError) and issubclass(MatExportError, ValueError)
