"""gnubg Match ID: encoded exactly as gnubg encodes it, decoded back, malformed IDs rejected."""

from __future__ import annotations

import base64
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from toutes_tables import InvalidRecordError, start_position
from toutes_tables.game import Double, Game, OpeningRoll, Resign
from toutes_tables.match import Match
from toutes_tables.matchid import GameState, MatchState, Resignation, gnubg_id, match_state, player_index
from toutes_tables.matfile import match_to_mat
from toutes_tables.player import ComputerPlayer, match_score
from toutes_tables.position import BLACK, WHITE
from toutes_tables.rules import Outcome

gnubg = pytest.importorskip("gnubg")


def random_state(rng: random.Random) -> MatchState:
    length = rng.choice([0, 0, 1, 3, 5, 7, 11, 25, 64])
    top = length if length else 500
    rolled = rng.random() < 0.6
    on_roll = rng.randint(0, 1)
    return MatchState(
        cube=1 << rng.randint(0, 12),
        cube_owner=rng.choice([None, 0, 1]),
        player_on_roll=on_roll,
        crawford=bool(length) and rng.random() < 0.3,
        game_state=rng.choice(list(GameState)),
        turn=rng.randint(0, 1),
        doubled=rng.random() < 0.3,
        resigned=rng.choice(list(Resignation)),
        dice=(rng.randint(1, 6), rng.randint(1, 6)) if rolled else (0, 0),
        match_length=length,
        score=(rng.randint(0, top), rng.randint(0, top)),
        jacoby=rng.random() < 0.5,
    )


def gnubg_match_id(state: MatchState) -> str:
    """The ID gnubg's own encoder writes for ``state``."""
    cube_info = gnubg.cubeinfo()
    cube_info.update(
        cube=state.cube,
        cubeowner=-1 if state.cube_owner is None else state.cube_owner,
        move=state.player_on_roll,
        matchto=state.match_length,
        score=state.score,
        crawford=int(state.crawford),
        jacoby=int(state.jacoby),
    )
    pos_info = gnubg.posinfo()
    pos_info.update(
        dice=state.dice,
        turn=state.turn,
        resigned=int(state.resigned),
        doubled=int(state.doubled),
        gamestate=int(state.game_state),
    )
    return str(gnubg.matchid(cube_info, pos_info))


def test_match_id_identical_to_gnubg_on_random_states() -> None:
    rng = random.Random(2)
    for _ in range(3000):
        state = random_state(rng)
        assert state.match_id() == gnubg_match_id(state), state


def test_match_id_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        state = random_state(rng)
        assert MatchState.from_match_id(state.match_id()) == state


def test_ids_gnubg_wrote_decode_to_what_gnubg_showed() -> None:
    # gnubg 1.1 printed this after "new match 3": player 1 opened with 5-4 at 0-0.
    opening = MatchState.from_match_id("cIlyAAAAAAAE")
    assert (opening.match_length, opening.score, opening.dice, opening.player_on_roll) == (3, (0, 0), (5, 4), 1)
    assert opening.cube == 1 and opening.cube_owner is None and opening.game_state is GameState.PLAYING
    # ... and this after importing a 3-point match in which player 1 doubled and player 0 dropped.
    dropped = MatchState.from_match_id("cARgAAAACAAE")
    assert dropped.game_state is GameState.DROPPED and dropped.score == (0, 1) and dropped.dice == (0, 0)


# Field offsets and widths of the 66-bit key (gnubg's matchid.c), to build malformed IDs by hand.
FIELDS = {"owner": (4, 2), "game_state": (8, 3), "high": (15, 3), "low": (18, 3), "length": (21, 15),
          "score0": (36, 15), "crawford": (7, 1), "after": (67, 5)}


def raw_id(**values: int) -> str:
    bits = MatchState(match_length=0).match_key()
    key = int.from_bytes(bits, "little")
    for name, value in values.items():
        offset, width = FIELDS[name]
        key = key & ~(((1 << width) - 1) << offset) | (value << offset)
    return base64.b64encode(key.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("", "12 base64 characters"),
        ("cAgAAAAAAAA", "11 characters"),
        ("cAgAAAAAAAAAA", "13 characters"),
        ("cAgAAAAAAA!A", "base64"),
        (raw_id(after=1), "bits are set after"),
        (raw_id(owner=2), "cube owner field is 2"),
        (raw_id(game_state=7), "game state 7"),
        (raw_id(high=7, low=1), "a die shows 1-6"),
        (raw_id(high=3), "either both dice"),
        (raw_id(high=2, low=5), "higher die first"),
        (raw_id(length=65), "above gnubg's maximum 64"),
        (raw_id(length=3, score0=4), "above the match length 3 in a game not over"),
        (raw_id(crawford=1), "Crawford flag is set in a money game"),
    ],
)
def test_malformed_match_id_is_rejected_with_reason(bad: str, says: str) -> None:
    with pytest.raises(InvalidRecordError, match=says):
        MatchState.from_match_id(bad)


def test_crawford_in_money_game_is_rejected() -> None:
    with pytest.raises(ValueError, match="no Crawford"):
        MatchState(crawford=True)


def test_invalid_states_cannot_be_built() -> None:
    for kwargs in ({"cube": 3}, {"cube_owner": 2}, {"dice": (0, 3)}, {"match_length": 65}, {"score": (-1, 0)}):
        with pytest.raises(ValueError):
            MatchState(**kwargs)  # type: ignore[arg-type]


def test_gnubg_id_joins_position_and_match_ids() -> None:
    position = start_position(64, BLACK)
    state = MatchState(match_length=3, player_on_roll=player_index(BLACK), dice=(3, 1))
    assert gnubg_id(position, state) == f"{position.gnubg_id()}:{state.match_id()}"
    with pytest.raises(ValueError):
        gnubg_id(start_position(64, WHITE), state)


# -- match_state: the state of our games, as gnubg sees the same games ---------------------------------

GNUBG_STEPS = r"""
import json, os, sys
import gnubg
saved = os.dup(1)
with open(os.devnull, "w") as devnull:  # gnubg prints a board for every step
    os.dup2(devnull.fileno(), 1)
    gnubg.command("import mat " + sys.argv[1])
    games = gnubg.match()["games"]
    steps = []
    for number, game in enumerate(games):
        gnubg.navigate()
        if number:
            gnubg.navigate(game=number)
        ids = []
        for _ in game["game"]:
            gnubg.navigate(next=1)
            ids.append(gnubg.positionid() + ":" + gnubg.matchid())
        steps.append(ids)
    os.dup2(saved, 1)
print(json.dumps(steps))
"""


def gnubg_steps(mat_text: str, tmp_path: Path) -> list[list[str]]:
    """gnubg's ``PositionID:MatchID`` after each record of each game of an imported .mat file."""
    path = tmp_path / "steps.mat"
    path.write_text(mat_text)
    done = subprocess.run([sys.executable, "-c", GNUBG_STEPS, str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def our_steps(match: Match, number: int) -> list[str]:
    """Our IDs at the same moments: gnubg stops after each record, ready for the next one (dice rolled
    for a move, before rolling for a double or a resignation, facing the double for a take or drop)."""
    game = match.games[number]
    replay = Game.replay([], match.rules, 64, game.options, is_crawford=game.is_crawford)
    shadow = Match(match.rules, match.length, rng=random.Random(0))
    shadow.games = [*match.games[:number], replay]  # the score before this game, as gnubg counts it
    history = game.history
    ids = []
    for i, action in enumerate(history):
        replay.apply(action)
        coming = history[i + 1] if i + 1 < len(history) else None
        if isinstance(action, OpeningRoll) and action.is_tie:
            continue
        if (
            replay.phase in ("move", "double-offered", "over")
            or isinstance(coming, (Double, Resign))
        ):
            ids.append(gnubg_id(replay.position, match_state(replay, shadow)))
    return ids[1:]  # gnubg's first stop is after the first record


def computer_match(seed: int) -> Match:
    match = Match("backgammon", 7, rng=random.Random(seed))
    players = {BLACK: ComputerPlayer("backgammon", seed=seed), WHITE: ComputerPlayer("backgammon", seed=seed + 1)}
    while True:
        while not match.game.is_over:
            game = match.game
            if game.phase == "opening":
                game.roll_opening()
            else:
                actor = game.to_act
                assert actor is not None
                players[actor].act(game, match_score(match, actor))
        if match.is_over:
            return match
        match.next_game()


def resigned_match() -> Match:
    match = Match("backgammon", 7, rng=random.Random(3))
    game = match.game
    game.roll_opening((2, 5))
    game.play("13/8 24/22")
    game.resign()  # Black, on roll, gives up a single game
    game = match.next_game()
    game.roll_opening((5, 2))
    game.play("13/8 24/22")
    game.roll((3, 3))
    game.play("24/18(2)")
    game.resign(Outcome.GAMMON)  # Black again, a gammon
    game = match.next_game()
    game.roll_opening((5, 2))
    game.play("13/8 24/22")
    game.offer_double()
    game.resign()  # Black, facing White's double
    return match


@pytest.mark.parametrize("which", ["seed 1", "seed 2", "seed 3", "resignations"])
def test_match_state_is_what_gnubg_shows_at_every_step(which: str, tmp_path: Path) -> None:
    match = resigned_match() if which == "resignations" else computer_match(int(which.split()[1]))
    steps = gnubg_steps(match_to_mat(match), tmp_path)
    assert len(steps) == len(match.games)
    compared = 0
    for number, theirs in enumerate(steps):
        ours = our_steps(match, number)
        assert ours == theirs, f"game {number + 1}"
        compared += len(ours)
    assert compared >= (8 if which == "resignations" else 50)


def test_match_state_of_a_money_game_and_a_won_match() -> None:
    game = Game("backgammon", rng=random.Random(1))
    game.roll_opening((6, 1))
    state = match_state(game)
    assert (state.match_length, state.score, state.dice, state.player_on_roll) == (0, (0, 0), (6, 1), 0)
    won = computer_match(2)
    final = match_state(won.game, won)
    assert max(final.score) >= 7 and final.game_state >= GameState.OVER
    assert MatchState.from_match_id(final.match_id()) == final  # past the match length, read back once over
    with pytest.raises(ValueError, match="backgammon sets"):
        match_state(Game("toutes-tables", rng=random.Random(1)))
