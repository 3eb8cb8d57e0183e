"""Jellyfish .mat export: gnubg's layout, and gnubg imports our files to the very same games."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from toutes_tables import start_position
from toutes_tables.game import Double, Drop, Game, OpeningRoll, Played, Roll, Take
from toutes_tables.match import Match
from toutes_tables.matfile import MatExportError, format_mat_moves, game_to_mat, games_to_mat, match_to_mat
from toutes_tables.play import apply_moves
from toutes_tables.player import ComputerPlayer, match_score
from toutes_tables.position import BLACK, WHITE, Position


def computer_match(seed: int, length: int = 7, rules: str = "backgammon") -> Match:
    match = Match(rules, length, rng=random.Random(seed))
    players = {BLACK: ComputerPlayer(rules, seed=seed), WHITE: ComputerPlayer(rules, seed=seed + 1)}
    while True:
        game = match.game
        while not game.is_over:
            if game.phase == "opening":
                game.roll_opening()
                continue
            actor = game.to_act
            assert actor is not None
            players[actor].act(game, match_score(match, actor))
        if match.is_over:
            return match
        match.next_game()


# gnubg prints a board for every command; the child process sends that to /dev/null and prints JSON only.
GNUBG_IMPORT = r"""
import json, os, sys
import gnubg
saved = os.dup(1)
with open(os.devnull, "w") as devnull:
    os.dup2(devnull.fileno(), 1)
    gnubg.command("import mat " + sys.argv[1])
    match = gnubg.match()
    os.dup2(saved, 1)
games = [{"info": g["info"], "actions": [{k: a[k] for k in ("action", "player", "dice", "board") if k in a}
                                          for a in g["game"]]} for g in match["games"]]
print(json.dumps({"info": match["match-info"], "games": games}))
"""


def gnubg_import(path: Path) -> dict[str, object]:
    pytest.importorskip("gnubg")
    done = subprocess.run([sys.executable, "-c", GNUBG_IMPORT, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def our_actions(game: Game) -> list[dict[str, object]]:
    """The game's actions as gnubg's match dict lists them: X is Black (left column), O White."""
    position = start_position(64)
    dice: tuple[int, int] = (0, 0)
    actions: list[dict[str, object]] = []
    for action in game.history:
        if isinstance(action, OpeningRoll) and action.black != action.white:
            dice = (max(action.black, action.white), min(action.black, action.white))
            position = position.with_turn(BLACK if action.black > action.white else WHITE)
        elif isinstance(action, Roll):
            dice = (max(action.dice), min(action.dice))
        elif isinstance(action, Played):
            actions.append({"action": "move", "player": "X" if action.player is BLACK else "O",
                            "dice": list(dice), "board": position.gnubg_id()})
            position = apply_moves(position, action.moves)[0] if action.moves else position.swapped()
        elif isinstance(action, (Double, Take, Drop)):
            kind = {Double: "double", Take: "take", Drop: "drop"}[type(action)]
            actions.append({"action": kind, "player": "X" if action.player is BLACK else "O"})
    return actions


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_gnubg_imports_our_match_exactly(seed: int, tmp_path: Path) -> None:
    match = computer_match(seed)
    path = tmp_path / "match.mat"
    path.write_text(match_to_mat(match))
    imported = gnubg_import(path)
    assert imported["info"]["match-length"] == 7  # type: ignore[index]
    assert imported["info"]["X"]["name"] == "Black" and imported["info"]["O"]["name"] == "White"  # type: ignore[index]
    games = imported["games"]
    assert isinstance(games, list) and len(games) == len(match.games)
    for number, (ours, theirs) in enumerate(zip(match.games, games, strict=True), 1):
        gnubg_actions = [{k: v for k, v in a.items() if k in ("action", "player", "dice", "board")}
                         for a in theirs["actions"] if a["action"] in ("move", "double", "take", "drop")]
        for a in gnubg_actions:  # gnubg repeats the board on cube actions; our record has it on moves only
            if a["action"] != "move":
                a.pop("board", None)
        assert gnubg_actions == our_actions(ours), f"game {number}"
        assert ours.result is not None
        assert theirs["info"]["winner"] == ("X" if ours.result.winner is BLACK else "O")
        assert theirs["info"]["points-won"] == ours.result.points
        assert theirs["info"].get("crawford", False) == ours.is_crawford


def test_layout_follows_gnubg_columns() -> None:
    # Columns as gnubg 1.1's "export match mat" writes them: moves at column 33, cube words after a space.
    game = Game("backgammon", rng=random.Random(0))
    game.roll_opening((2, 5))  # White opens with 5-2
    game.play("13/8 13/11")
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.offer_double()
    game.take()
    game.roll((6, 4))
    game.play("24/18 13/9")
    game.offer_double()
    game.drop()
    text = game_to_mat(game, 2, (1, 0), ("Alice", "Bob"))
    assert text == (
        " Game 2\n"
        " Alice : 1                      Bob : 0\n"
        "  1)                             52: 13/8 13/11\n"
        "  2) 31: 8/5 6/5                  Doubles => 2\n"
        "  3)  Takes                      64: 24/18 13/9\n"
        "  4)  Doubles => 4                Drops\n"
        "      Wins 2 points\n"
        "\n"
    )


def test_a_left_drop_shares_its_line_with_the_right_wins() -> None:
    game = Game("backgammon", rng=random.Random(0))
    game.roll_opening((5, 2))  # Black opens; White doubles and Black drops
    game.play("13/8 13/11")
    game.offer_double()
    game.drop()
    assert game_to_mat(game).rstrip("\n").splitlines()[-1] == "  2)  Drops                       Wins 1 point"


def test_moves_are_written_per_die_in_the_movers_numbering_with_bar_off_and_hits() -> None:
    pos = Position.from_text("white 6:2 bar:1 / 3:1 4:1")  # Black's blots on white's 22 and 21
    assert format_mat_moves(pos, [(25, 22), (22, 21)]) == "25/22* 22/21*"
    pos = Position.from_text("white 6:2 5:2 / 22:1")  # a black blot on white's 3 point
    assert format_mat_moves(pos, [(6, 3), (5, 0)]) == "6/3* 5/0"


def test_a_turn_without_a_legal_play_is_the_dice_alone() -> None:
    match = computer_match(1)
    text = match_to_mat(match)
    # Seed 1 has White dancing on a closed board in game 2 (checked by the import test above).
    assert any(line.rstrip().endswith(":") for line in text.splitlines() if ")" in line)


def test_only_backgammon_sets_from_the_classic_start_are_exported() -> None:
    with pytest.raises(MatExportError, match="backgammon sets only"):
        games_to_mat([finished_game("toutes-tables", 64)], 1)
    with pytest.raises(MatExportError, match="starts from No. 100"):
        games_to_mat([finished_game("backgammon-225", 100)], 1)
    assert games_to_mat([finished_game("backgammon-225", 64)], 1).startswith(" 1 point match\n\n Game 1\n")


def test_unfinished_games_are_left_out_and_bad_names_refused() -> None:
    game = Game("backgammon", rng=random.Random(0))
    assert games_to_mat([game], 3) == " 3 point match\n\n"
    with pytest.raises(MatExportError, match="not finished"):
        game_to_mat(game)
    with pytest.raises(MatExportError, match="without ':'"):
        games_to_mat([game], 3, ("a:b", "c"))


def test_matches_without_crawford_are_refused() -> None:
    with pytest.raises(MatExportError, match="Crawford"):
        match_to_mat(Match("backgammon", 3, rng=random.Random(0), crawford=False))


def finished_game(rules: str, start: int) -> Game:
    game = Game(rules, start, rng=random.Random(4))
    game.roll_opening((2, 5))
    game.play(game.legal_plays()[0])
    game.resign()
    return game


def test_gnubg_reads_resignations_from_the_wins_line(tmp_path: Path) -> None:
    from toutes_tables.rules import Outcome

    white_opens_black_resigns = finished_game("backgammon", 64)
    gammon = Game("backgammon", rng=random.Random(5))
    gammon.roll_opening((5, 2))
    gammon.play("13/8 24/22")
    gammon.roll((3, 3))
    gammon.play("24/18(2)")
    gammon.resign(Outcome.GAMMON)
    path = tmp_path / "resigned.mat"
    path.write_text(games_to_mat([white_opens_black_resigns, gammon], 7))
    games = gnubg_import(path)["games"]
    assert isinstance(games, list)
    assert [(g["info"]["winner"], g["info"]["points-won"], g["info"]["resigned"]) for g in games] == [
        ("O", 1, True),
        ("O", 2, True),
    ]
