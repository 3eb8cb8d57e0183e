"""XGID (toutes_tables.xgid): read and written, round trips, agreement with gnubg's Position and Match IDs."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from toutes_tables import Game, Match, Position, start_position
from toutes_tables.matchid import MatchState, match_state
from toutes_tables.player import ComputerPlayer, match_score
from toutes_tables.position import BLACK, WHITE
from toutes_tables.xgid import XGID, InvalidXGIDError

# Published XGIDs. The first five: XG's own opening position (the Jacoby and beaver money game XG starts with), a
# 7-point match, a Jacoby money game and an asymmetric one, as public XG/gnubg tools write them. The rest are the
# worked examples of the ggboard() manual page of lassehjorthmadsen/backgammon, an XGID diagram package, at
# https://rdrr.io/github/lassehjorthmadsen/backgammon/man/ggboard.html (found with the search tool; each comment
# is the page's own description): cubes owned by either side, dice, match scores, a Crawford game, Jacoby and
# beavers, checkers on the bar and borne off.
PUBLISHED = [
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:1:0:10",
    "XGID=-CCCBBB------------cccbbb-:0:0:1:00:0:0:0:0:8",
    "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:8",
]
GGBOARD_PAGE = [
    # "Middle game position, match to 11, bottom player owns cube"
    "XGID=-b--BBC-C---cC---cBbc-b---:1:1:1:00:0:0:0:11:10",
    # "Same position, bottom player to play 51"
    "XGID=-b--BBC-C---cC---cBbc-b---:1:1:1:51:0:0:0:11:10",
    # "Position with multiple checkers off and one on the bar"
    "XGID=aFDaA--------------a-Acbb-:1:-1:1:42:3:0:0:7:10",
    # "Both sides have several points with excess checkers"
    "XGID=e----FI------------fd-----:3:-1:1:52:0:0:3:0:10",
    # "Opening game, match to 3, Crawford"
    "XGID=-b---BD-B---cE--abbe----B-:0:0:1:44:2:0:1:3:10",
    # "Moneygame with beaver and Jacoby rule (Kauder paradox)"
    "XGID=-BBBBBC------A--caacbbba-A:0:0:1:00:0:0:3:0:10",
]
PUBLISHED += GGBOARD_PAGE


def test_the_ggboard_pages_xgids_read_as_the_page_describes_them() -> None:
    eleven, fifty_one, bar_and_off, stacks, crawford, kauder = (XGID.parse(t) for t in GGBOARD_PAGE)
    assert (eleven.match_length, eleven.cube, eleven.cube_owner, eleven.dice) == (11, 2, WHITE, None)
    assert fifty_one.position == eleven.position and fifty_one.dice == (5, 1)
    # XG's bottom player is the engine's White, its top player Black; the score field is bottom:top.
    assert bar_and_off.position.bar(BLACK) == 1 and bar_and_off.position.borne_off(WHITE) > 0
    assert bar_and_off.position.borne_off(BLACK) > 0 and bar_and_off.position.turn is WHITE
    assert (bar_and_off.cube, bar_and_off.cube_owner, bar_and_off.score, bar_and_off.dice) == (2, BLACK, (0, 3), (4, 2))
    assert (stacks.cube, stacks.cube_owner, stacks.match_length) == (8, BLACK, 0) and stacks.jacoby and stacks.beaver
    assert stacks.position.bar(BLACK) == 5
    assert (crawford.match_length, crawford.crawford, crawford.score, crawford.dice) == (3, True, (0, 2), (4, 4))
    assert (kauder.match_length, kauder.jacoby, kauder.beaver, kauder.cube_owner) == (0, True, True, None)
    assert kauder.position.bar(WHITE) == 1


@pytest.mark.parametrize("text", PUBLISHED)
def test_published_xgids_round_trip(text: str) -> None:
    assert XGID.parse(text).text() == text
    assert XGID.parse(text[len("XGID="):]).text() == text  # the prefix is optional when reading


def test_the_opening_xgid_is_the_classic_start() -> None:
    x = XGID.parse(PUBLISHED[0])
    assert x.position == start_position(64, WHITE)
    assert (x.dice, x.cube, x.cube_owner, x.jacoby, x.beaver, x.match_length, x.max_cube_log2) == (
        (5, 2), 1, None, True, True, 0, 10)
    assert XGID.parse(PUBLISHED[4]).position == start_position(64, BLACK)


def test_fields_are_read_as_xg_writes_them() -> None:
    # Cube 4 owned by the top player (Black), White on roll in a 7-point match at White 2, Black 4, Crawford game.
    x = XGID.parse("XGID=aB" + "-" * 22 + "bA:2:-1:1:63:2:4:1:7:10")
    assert x.position.bar(BLACK) == 1 and x.position.bar(WHITE) == 1
    assert x.position.at(1) == (WHITE, 2) and x.position.at(24) == (BLACK, 2)
    assert (x.cube, x.cube_owner, x.dice, x.score, x.crawford) == (4, BLACK, (6, 3), (4, 2), True)
    doubled = XGID.parse("XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:5:10")
    assert doubled.doubled and doubled.position.turn is BLACK and doubled.dice is None
    assert doubled.match_state().turn == 1  # White, the taker, must act
    assert doubled.text() == "XGID=-b----E-C---eE---c-e----B-:1:1:-1:D:0:0:0:5:10"


def random_states(count: int) -> list[tuple[XGID, MatchState]]:
    """Positions of computer games in 7-point matches with their engine Match ID states, cubes and dice included."""
    states: list[tuple[XGID, MatchState]] = []
    rng = random.Random(4)
    while len(states) < count:
        match = Match("backgammon", 7, rng=random.Random(rng.randrange(1000)))
        players = {BLACK: ComputerPlayer(seed=1), WHITE: ComputerPlayer(seed=2)}
        while not match.is_over and len(states) < count:
            game = match.game
            while not game.is_over:
                if game.phase == "opening":
                    game.roll_opening()
                    continue
                if rng.random() < 0.2:
                    states.append((XGID.from_game(game, match), match_state(game, match)))
                actor = game.to_act
                assert actor is not None
                players[actor].act(game, match_score(match, actor))
            if not match.is_over:
                match.next_game()
    return states


def test_xgid_agrees_with_the_engines_position_and_match_ids() -> None:
    for x, state in random_states(60):
        assert XGID.parse(x.text()) == x
        assert x.match_state() == state
        assert x.position.gnubg_id() == x.gnubg_id().split(":")[0]


# gnubg prints a board for every command; the child sends that to /dev/null and prints JSON only.
GNUBG_SET_XGID = r"""
import json, os, sys
import gnubg
saved = os.dup(1)
with open(os.devnull, "w") as devnull:
    os.dup2(devnull.fileno(), 1)
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("new match 7")
    ids = []
    for xgid in json.loads(sys.argv[1]):
        gnubg.command("set xgid " + xgid)
        ids.append([gnubg.position_id(), gnubg.match_id()])
    os.dup2(saved, 1)
print(json.dumps(ids))
"""


def gnubg_ids(xgids: list[str]) -> list[list[str]]:
    pytest.importorskip("gnubg")
    done = subprocess.run([sys.executable, "-c", GNUBG_SET_XGID, json.dumps(xgids)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_xgid_agrees_with_gnubgs_own_reading() -> None:
    # gnubg's "set xgid" swaps the players when the top player is on roll (it asks to, and a script says yes), so
    # the states compared here have White, the bottom player, on roll; the dice, cubes and scores vary. gnubg also
    # drops an offered double ("D") when it sets the board after the Match ID: those states are checked above only.
    xs = [x for x, _ in random_states(80) if x.position.turn is WHITE and not x.doubled][:25]
    xs += [XGID.parse(t) for t in PUBLISHED if XGID.parse(t).position.turn is WHITE]
    assert len(xs) >= 20 and any(x.dice for x in xs) and any(x.cube > 1 for x in xs)
    for x, (position_id, match_id) in zip(xs, gnubg_ids([x.text() for x in xs]), strict=True):
        ours = x.match_state()
        theirs = MatchState.from_match_id(match_id)
        assert position_id == x.position.gnubg_id(), x.text()
        # gnubg's XGID reading keeps the game's Jacoby setting rather than the XGID's: compare the rest.
        assert theirs.__class__(**{**theirs.__dict__, "jacoby": ours.jacoby}) == ours, x.text()


BAD = [
    ("", "10 fields"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0", "10 fields"),
    ("XGID=-b----E-C---eE---c-e---B-:0:0:1:52:0:0:3:0:10", "26 characters"),
    ("XGID=-b----E-C---eE---c-e----Z-:0:0:1:52:0:0:3:0:10", "position character"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:3:0:10", "turn"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10", "dice"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:3:0:10", "dice field"),
    ("XGID=-b----E-C---eE---c-e----B-:16:0:1:52:0:0:3:0:10", "cube"),
    ("XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:3:0:10", "cube owner"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:7:10", "Crawford/Jacoby"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:3:0:10", "beavers"),
    ("XGID=-p----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "checkers"),
    ("XGID=B-----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "bar"),
    ("XGID=" + "-" * 200, "at most"),
]


@pytest.mark.parametrize(("text", "why"), BAD, ids=[why for _, why in BAD])
def test_bad_xgids_are_refused_naming_the_input(text: str, why: str) -> None:
    with pytest.raises(InvalidXGIDError, match=why) as caught:
        XGID.parse(text)
    assert isinstance(caught.value, ValueError)
    assert repr(text[:20])[1:-1] in str(caught.value) or why == "at most"


def test_writing_needs_a_valid_state() -> None:
    with pytest.raises(InvalidXGIDError, match="power of two"):
        XGID(Position.from_text("white 1:1 / 1:1"), cube=3)
    with pytest.raises(InvalidXGIDError, match="money games"):
        XGID(start_position(64), match_length=5, jacoby=True)


def test_from_game_keeps_dice_and_double() -> None:
    game = Game("backgammon", rng=random.Random(0))
    game.roll_opening((1, 3))
    assert XGID.from_game(game).text().split(":")[4] == "31"
    game.play("8/5 6/5")
    game.offer_double()
    x = XGID.from_game(game)
    assert x.doubled and x.position.turn is BLACK and x.text().split(":")[3:5] == ["-1", "D"]
