"""Import of Jellyfish .mat files (toutes_tables.matimport): the project's exports, gnubg's, and bad files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import random

import pytest

from toutes_tables import ComputerPlayer, Game, Match, match_score, match_to_mat
from toutes_tables.game import Double, Drop, OpeningRoll, Played, Roll, Take
from toutes_tables.matimport import MAX_MAT_CHARS, MatImportError, match_from_mat, read_mat
from toutes_tables.position import BLACK, WHITE


def computer_match(seed: int) -> Match:
    """A 7-point backgammon match the simple computer plays against itself (cube actions included)."""
    match = Match("backgammon", 7, rng=random.Random(seed))
    seats = {colour: ComputerPlayer(seed=seed + i) for i, colour in enumerate((BLACK, WHITE))}
    while not match.is_over:
        if match.game.is_over:
            match.next_game()
        game = match.game
        actor = game.to_act or BLACK  # nobody acts before the opening roll: any seat rolls it
        seats[actor].act(game, match_score(match, actor))
    return match


def turns(game: Game) -> list[tuple[object, ...]]:
    """What a .mat file keeps of a game: who did what, the dice as a set, and the position after each play."""
    out: list[tuple[object, ...]] = []
    replay = Game(game.rules, game.start_number, game.options, is_crawford=game.is_crawford)
    for action in game.history:
        replay.apply(action)
        if isinstance(action, OpeningRoll) and not action.is_tie:
            out.append(("opening", replay.position.turn, tuple(sorted(replay.dice or ()))))
        elif isinstance(action, Roll):
            out.append(("roll", action.player, tuple(sorted(action.dice))))
        elif isinstance(action, Played):
            out.append(("play", action.player, replay.position))
        elif isinstance(action, (Double, Take, Drop)):
            out.append((type(action).__name__, action.player))
    return out


def same_match(a: Match, b: Match) -> None:
    assert (a.length, a.score, len(a.games)) == (b.length, b.score, len(b.games))
    for ga, gb in zip(a.games, b.games, strict=True):
        assert turns(ga) == turns(gb)
        assert ga.result == gb.result
        assert ga.is_crawford == gb.is_crawford


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_our_exports_import_as_the_same_match(seed: int) -> None:
    match = computer_match(seed)
    text = match_to_mat(match)
    imported = read_mat(text)
    assert imported.names == ("Black", "White")
    same_match(match, imported.match)
    # Exporting what was imported writes it again the same way (each turn's steps in the engine's order).
    again = match_to_mat(imported.match)
    assert match_to_mat(match_from_mat(again)) == again


GNUBG_REWRITE = r"""
import os, sys
import gnubg
saved = os.dup(1)
with open(os.devnull, "w") as devnull:
    os.dup2(devnull.fileno(), 1)
    gnubg.command("import mat " + sys.argv[1])
    gnubg.command("export match mat " + sys.argv[2])
    os.dup2(saved, 1)
"""


def test_a_gnubg_written_file_imports_as_the_match_it_holds(tmp_path: Path) -> None:
    pytest.importorskip("gnubg")
    match = computer_match(4)
    ours, theirs = tmp_path / "ours.mat", tmp_path / "gnubg.mat"
    ours.write_text(match_to_mat(match))
    done = subprocess.run([sys.executable, "-c", GNUBG_REWRITE, str(ours), str(theirs)], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    text = theirs.read_text()
    assert text.startswith(";") and text != ours.read_text()  # gnubg's own header, its own step order
    same_match(match, match_from_mat(text))


def test_a_wins_line_before_the_end_is_a_resignation() -> None:
    text = (
        " 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
        "  1)                             52: 13/8 13/11\n"
        "  2) 31: 8/5 6/5\n"
        "                                  Wins 2 points\n"
    )
    mat = read_mat(text)
    game = mat.match.games[0]
    assert mat.names == ("Alice", "Bob")
    assert game.result is not None and (game.result.winner, game.result.points, game.result.reason) == (
        WHITE, 2, "resigned")
    assert mat.match.score == {BLACK: 0, WHITE: 2}


def test_an_unfinished_last_game_is_kept_unfinished() -> None:
    text = " 5 point match\n\n Game 1\n Black : 0    White : 0\n  1) 31: 8/5 6/5              Doubles => 2\n"
    match = match_from_mat(text)
    assert match.game.phase == "double-offered" and not match.is_over


HEADER = " 3 point match\n\n Game 1\n Black : 0                      White : 0\n"
BAD = [
    ("", "empty"),
    (" chess\n", "line 1: expected 'N point match'"),
    (" 0 point match\n Game 1\n", "money sessions"),
    (" 3 point match\n Black : 0   White : 0\n", "line 2: expected 'Game 1'"),
    (" 3 point match\n Game 2\n", "expected game 1"),
    (" 3 point match\n Game 1\n  1) 31: 8/5 6/5\n", "line 3: expected the players' line"),
    # game 1 may start at a score (a match taken up at one), each below the length
    (" 3 point match\n Game 1\n Black : 3   White : 0\n", "line 3: the score before game 1 is 0-0"),
    (HEADER + "  1) 31: 8/4 6/5\n", "line 5: the steps are not a legal play of 3-1"),
    (HEADER + "  1) 33: 8/5 6/5\n", "line 5: an opening roll is never a double"),
    (HEADER + "  1) 31: 8/5 6/5                 Doubles => 4\n", "line 5: a double now turns the cube to 2"),
    (HEADER + "  1) 31: 8/5 6/5                 Castles\n", "line 5: cannot read 'Castles'"),
    (HEADER + "  1) 31: 8/5 6/5 24/20\n", "line 5: the steps"),
    (HEADER + "  1) 31: 30/5\n", "line 5: a step goes from 25"),
    (HEADER + "  1) 31: 8/5 6/5\n      Wins 1 point\n  2) 64: 24/18 13/9\n", "line 7: the game is over"),
    (HEADER + "  1) 31: 8/5 6/5\n" + " " * 34 + "Wins 5 points\n", "line 6: 5 points is not a single"),
    (HEADER + "  1) 31:\n", "line 5: 3-1 has legal plays here"),
    (HEADER + "  1) 31: 8\\5 6/5\n", "line 5: the move of the cell '31: 8\\\\5 6/5' could not be read"),
    (HEADER + "  1) 31: 8/5 6/5\n" + " Game 2\n", "line 6: game 1 is not over"),
    (" 3 point match\n" + "x" * 500 + "\n", "line 2: a line of 500 characters"),
    (" " * (MAX_MAT_CHARS + 1), "longer than"),
]


@pytest.mark.parametrize(("text", "why"), BAD, ids=[why for _, why in BAD])
def test_bad_files_are_refused_naming_the_line(text: str, why: str) -> None:
    with pytest.raises(MatImportError, match=why.replace("(", r"\(").replace(")", r"\)")) as caught:
        read_mat(text)
    assert isinstance(caught.value, ValueError)


def test_a_corrupt_step_is_an_unread_move_quoted_as_written() -> None:
    """``25\\23*`` is not a step: the cell's move is said unread (not "no play named"), and the line is
    quoted as written, its backslash single (not repr-escaped)."""
    text = HEADER + "  1) 31: 8/5 6/5                 42: 25\\23* 8/4\n"
    with pytest.raises(MatImportError) as caught:
        read_mat(text)
    said = str(caught.value)
    assert said == (".mat line 5: the move of the cell '42: 25\\23* 8/4' could not be read: "
                    "'1) 31: 8/5 6/5                 42: 25\\23* 8/4'")
    assert "\\\\" not in said and "has legal plays" not in said
