"""gnubg Match ID: encoded exactly as gnubg encodes it, decoded back, malformed IDs rejected."""

from __future__ import annotations

import base64
import random

import pytest

from toutes_tables import InvalidRecordError, start_position
from toutes_tables.matchid import GameState, MatchState, Resignation, gnubg_id, player_index
from toutes_tables.position import BLACK, WHITE

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
        (raw_id(length=3, score0=4), "above the match length 3"),
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
