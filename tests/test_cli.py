"""The terminal game, run as a user runs it: ``python -m toutes_tables`` in a subprocess fed through stdin."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from toutes_tables import BLACK, start_points, start_position

PKG = str(Path(__file__).resolve().parent.parent / "pkg")
ENV = {**os.environ, "PYTHONPATH": PKG + os.pathsep + os.environ.get("PYTHONPATH", ""), "PYTHONUNBUFFERED": "1"}
# These games play the simple computer: fast, and the same game for a seed whatever the machine's load
# (the expert's lookahead has a time budget). A later --level on a test's command line wins.
COMMAND = [sys.executable, "-m", "toutes_tables", "--level", "simple"]
TOOL = [sys.executable, "-m", "toutes_tables"]


def run_scripted(args: list[str], lines: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        COMMAND + args, input="".join(line + "\n" for line in lines), capture_output=True, text=True,
        env=ENV, timeout=timeout,
    )


class Conversation:
    """Drives the game prompt by prompt, the way a person at the terminal would."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            COMMAND + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV
        )
        self.transcript = ""

    def next_prompt(self, timeout: float = 60) -> str | None:
        """Everything up to the next prompt; ``None`` when the program has ended."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        chunk = b""
        while True:
            wait = 0.2 if chunk.endswith(b"> ") else timeout
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                if chunk.endswith(b"> "):
                    break
                raise TimeoutError(self.transcript + chunk.decode())
            data = os.read(fd, 65536)
            if not data:
                self.transcript += chunk.decode()
                return None
            chunk += data
        text = chunk.decode()
        self.transcript += text
        return text.rsplit("\n", 1)[-1]

    def answer(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def finish(self) -> int:
        return self.proc.wait(timeout=30)


def test_a_whole_game_against_the_computer_from_stdin() -> None:
    # "1" plays the first of the numbered legal plays; forced and impossible turns need no answer.
    done = run_scripted(["--seed", "5"], ["1"] * 400)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Toutes Tables 225: one game, you play White (O)." in out
    assert re.search(r"Game 1\. Start No\. \d+, drawn with \d-\d then \d-\d", out)
    assert "Opening roll: Black" in out
    assert re.search(r"White \(O\) rolls \d-\d: \w+", out)  # announced, e.g. "6-1: Six-ace"
    assert "Pips: X Black" in out and "(Black's numbering)" not in out
    assert re.search(r"(Black|White) wins a (single|double) game, [12] points?\.", out)
    # The same seed replays the same game.
    assert run_scripted(["--seed", "5"], ["1"] * 400).stdout == out


def test_bad_input_is_quoted_and_explained() -> None:
    done = run_scripted(
        ["--rules", "backgammon", "--seed", "2", "--no-cube"],
        ["24/30", "hello", "13/1", "999", "double", "?", "hint", "id", "quit", "yes"],
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Cannot play '24/30': point 30 out of range" in out
    assert "Cannot play 'hello': cannot read 'hello'" in out
    assert "Cannot play '13/1':" in out and "legal plays:" in out
    assert "No play number '999'" in out
    assert "Cannot double now: the dice are rolled" in out
    assert re.search(r"^\s+1\) \S", out, re.MULTILINE)  # the numbered list of legal plays
    assert "The computer would play" in out
    assert re.search(r"gnubg ID: [A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12} ", out)
    assert "Position.from_text" not in out  # positions are drawn, not dumped as reprs
    assert out.rstrip().endswith("Game abandoned. Bye.")


def test_end_of_input_abandons_with_status_1() -> None:
    done = run_scripted(["--seed", "1"], [])
    assert done.returncode == 1
    assert "The input ended" in done.stdout


def test_backgammon_match_with_the_cube_against_the_computer(tmp_path: Path) -> None:
    mat = tmp_path / "match.mat"
    talk = Conversation(["--rules", "backgammon", "--match", "3", "--seed", "11", "--mat", str(mat)])
    doubled = False
    prompts = 0
    while (prompt := talk.next_prompt()) is not None:
        prompts += 1
        assert prompts < 2000, talk.transcript[-3000:]
        if "roll or double" in prompt:
            talk.answer("roll" if doubled else "double")
            doubled = True
        elif "take or drop" in prompt:
            talk.answer("take")
        elif "to play" in prompt:
            talk.answer("1")
        else:
            raise AssertionError(f"unexpected prompt {prompt!r}")
    assert talk.finish() == 0, talk.transcript[-3000:]
    out = talk.transcript
    assert "White (O) doubles: the stake would be 2." in out
    assert re.search(r"Black \(X\) (takes|drops)", out)
    assert "Cube: " in out and "Score: Black" in out
    assert re.search(r"(Black|White) wins the match \d+-\d+\.", out)
    assert f"Match written to {mat}" in out
    assert mat.read_text().startswith(" 3 point match\n\n Game 1\n")


def test_hotseat_game_to_the_end() -> None:
    talk = Conversation(["--rules", "backgammon-225", "--start", "17", "--seed", "4", "--hotseat"])
    seen_black_numbering = False
    while (prompt := talk.next_prompt()) is not None:
        if "roll or double" in prompt:
            talk.answer("roll")
        elif "take or drop" in prompt:
            talk.answer("drop")
        elif prompt.startswith("Drop, and lose"):
            talk.answer("yes")
        else:
            seen_black_numbering |= prompt.startswith("Black to play")
            talk.answer("1")
    assert talk.finish() == 0
    out = talk.transcript
    assert "hot-seat" in out and "Start No. 17." in out
    assert "(computer)" not in out and "The computer would" not in out
    assert seen_black_numbering and "(Black's numbering)" in out
    assert "Black: write moves in your own numbering" in out
    assert re.search(r"(Black|White) wins a (single game|gammon|backgammon)", out)


def test_playing_black_against_the_computer_and_resigning() -> None:
    talk = Conversation(["--rules", "toutes-tables", "--seed", "3", "--play-as", "black"])
    prompt = talk.next_prompt()
    while prompt is not None and not prompt.startswith("Black to play"):
        prompt = talk.next_prompt()
    assert prompt is not None
    talk.answer("resign")
    assert talk.next_prompt() == "Resign a single game? (yes/no)> "
    talk.answer("yes")
    assert talk.next_prompt() is None
    assert talk.finish() == 0
    assert "Black (X) resigns." in talk.transcript
    assert "White wins a single game (resigned), 1 point." in talk.transcript


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--start", "300"], "start number 1-225"),
        (["--rules", "backgammon", "--start", "17"], "classic start (No. 64)"),
        (["--rules", "chess"], "invalid choice"),
        (["--match", "0"], "points 1-64"),
        (["--match", "65"], "points 1-64, got 65"),
        (["--seed", "-1"], "--seed takes a whole number"),
        (["play", "--match", "x"], "invalid int value"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["starts", "300"], "a start number is 1-225, got 300"),
        (["ids"], "the following arguments are required: CODE"),
        (["ids", "x" * 300], "CODE is at most 200 characters"),
        (["--rules", "toutes-tables", "--match", "3", "--mat", "x.mat"], "--mat needs a backgammon match"),
        (["--rules", "backgammon", "--match", "3", "--jacoby"], "--jacoby is for one game"),
        (["--rules", "backgammon", "--winner-opens"], "--winner-opens is the 1698 rule"),
        (["--rules", "toutes-tables", "--no-cube"], "has no cube"),
    ],
)
def test_an_out_of_range_or_unknown_option_is_a_usage_error_on_one_line(args: list[str], says: str) -> None:
    done = subprocess.run(TOOL + args, input="", capture_output=True, text=True, env=ENV, timeout=60)
    assert done.returncode == 2
    assert says in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""


def tool(*args: str) -> subprocess.CompletedProcess[str]:
    """The command with a subcommand, its input empty (the data subcommands read none)."""
    return subprocess.run(TOOL + list(args), input="", capture_output=True, text=True, env=ENV, timeout=60)


def test_version_prints_the_engines_version() -> None:
    from toutes_tables import __version__

    done = tool("--version")
    assert (done.returncode, done.stdout) == (0, f"toutes-tables {__version__}\n")


@pytest.mark.parametrize("subcommand", ["play", "starts", "ids"])
def test_each_subcommand_has_its_own_help_with_the_exit_statuses(subcommand: str) -> None:
    done = tool(subcommand, "--help")
    assert done.returncode == 0
    assert done.stdout.startswith(f"usage: toutes-tables {subcommand} ")
    assert "exit status:" in done.stdout and "2    a usage error" in done.stdout
    top = tool("--help")
    assert top.returncode == 0 and f"    {subcommand}  " in top.stdout and "exit status:" in top.stdout


def test_starts_lists_the_225_starts_and_shows_one() -> None:
    listed = tool("starts")
    assert listed.returncode == 0
    lines = listed.stdout.splitlines()
    assert len(lines) == 225
    assert lines[63].split() == ["64", "6-1", "then", "5-1", start_position(64).gnubg_id()]  # drawn-starts.md
    one = tool("starts", "7")
    assert one.returncode == 0
    assert one.stdout.startswith("Start No. 7, drawn with 2-1 then 4-2.\n")
    assert "|BAR|" in one.stdout and f"gnubg Position ID: {start_position(7).gnubg_id()}" in one.stdout
    black = tool("starts", "7", "--turn", "black")
    assert f"gnubg Position ID: {start_position(7, BLACK).gnubg_id()}" in black.stdout


def test_starts_json_is_data_for_a_pipe() -> None:
    starts = json.loads(tool("starts", "--json").stdout)
    assert [s["number"] for s in starts] == list(range(1, 226))
    assert all(s["position_id"] == start_position(s["number"]).gnubg_id() for s in starts)
    one = json.loads(tool("starts", "7", "--json").stdout)
    assert one == starts[6]
    assert one["rolls"] == [[1, 2], [2, 4]]
    assert {int(p): n for p, n in one["points"]["white"].items()} == start_points(7)["white"]


XGID_TEXT = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"  # the xgid module's example
GNUBG_ID = "4HPwATDgc/ABMA:cIkKAAAAAAAA"


def test_ids_converts_an_xgid_to_gnubgs_ids_and_back() -> None:
    from_xgid = json.loads(tool("ids", XGID_TEXT, "--json").stdout)
    assert from_xgid["kind"] == "xgid" and from_xgid["gnubg_id"] == GNUBG_ID
    assert from_xgid["turn"] == "white" and from_xgid["dice"] == [5, 2] and from_xgid["jacoby"] is True
    from_gnubg = json.loads(tool("ids", GNUBG_ID, "--json").stdout)
    assert from_gnubg["kind"] == "gnubg"
    # the same state, but for beavers, which gnubg's Match ID does not hold (the XGID's rules field 3 -> 1)
    assert from_gnubg["xgid"] == XGID_TEXT.replace(":3:0:10", ":1:0:10")
    assert {k: v for k, v in from_gnubg.items() if k not in ("kind", "xgid")} == {
        k: v for k, v in from_xgid.items() if k not in ("kind", "xgid")
    }
    text = tool("ids", GNUBG_ID)
    assert text.returncode == 0
    assert f"XGID:        {XGID_TEXT.replace(':3:0:10', ':1:0:10')}" in text.stdout
    assert "White on roll, dice 5-2" in text.stdout and "Money game, Jacoby rule" in text.stdout


def test_ids_decodes_a_position_id_or_a_match_id_alone() -> None:
    pid = start_position(7).gnubg_id()
    position = json.loads(tool("ids", pid, "--json").stdout)
    assert position["kind"] == "position" and position["match_id"] is None
    assert position["position"] == start_position(7).absolute()
    black = json.loads(tool("ids", start_position(7, BLACK).gnubg_id(), "--turn", "black", "--json").stdout)
    assert black["position"] == start_position(7, BLACK).absolute()  # the same board, Black on roll
    assert black["position"]["points"] == position["position"]["points"]
    match = json.loads(tool("ids", GNUBG_ID.split(":")[1], "--json").stdout)
    assert match["kind"] == "match" and match["position_id"] is None and match["cube"]["value"] == 1


@pytest.mark.parametrize("code", ["nope", "AAAAAAAAAAAAAA:zzzz", "XGID=1:2:3", "!!!!!!!!!!!!!!"])
def test_a_bad_id_is_an_error_on_one_line(code: str) -> None:
    done = tool("ids", code)
    assert done.returncode == 1
    assert done.stderr.startswith("toutes-tables ids: error: ") and len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_a_typo_during_play_loses_no_game() -> None:
    """quit, q and resign ask first; a mistyped command is explained and asked again; the game goes on."""
    done = run_scripted(["--seed", "5"], ["q", "no", "resign", "n", "quit", "maybe", "no", "rsign", "1"] + ["1"] * 400)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("Carry on.") == 3 and "Type yes or no." in out
    assert "Cannot play 'rsign'" in out
    assert "abandoned" not in out and "resigns" not in out
    assert re.search(r"(Black|White) wins a (single|double) game", out)  # played to its end


def test_help_lists_the_options() -> None:
    done = subprocess.run(COMMAND + ["--help"], capture_output=True, text=True, env=ENV, timeout=60)
    assert done.returncode == 0
    for option in ("--rules", "--start", "--match", "--seed", "--hotseat", "--opponent", "--play-as", "--mat"):
        assert option in done.stdout


def test_225_match_replays_each_start_and_the_winner_opens() -> None:
    done = run_scripted(["--rules", "toutes-tables-225", "--match", "3", "--seed", "8", "--winner-opens"], ["1"] * 2000)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    first = re.search(r"Game 1\. Start No\. (\d+), drawn with", out)
    assert first is not None
    assert f"Game 2. Start No. {first.group(1)} again: each drawn start is played twice." in out
    assert re.search(r"(Black|White) \([XO]\) won the last game and opens this one\.", out)
    assert re.search(r"(Black|White) wins the match \d+-\d+\.", out)


def test_a_match_to_1_point_offers_no_cube(tmp_path: Path) -> None:
    """docs/rules/cube.md, "A match to 1 point": the terminal game neither shows the cube nor asks to double."""
    done = run_scripted(["--rules", "backgammon", "--match", "1", "--seed", "5", "--hotseat"], ["1"] * 600)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "wins the match" in done.stdout.lower() or "won the match" in done.stdout.lower(), done.stdout[-800:]
    assert "roll or double" not in done.stdout and "Cube:" not in done.stdout
    with_cube = run_scripted(["--rules", "backgammon", "--match", "3", "--seed", "5", "--hotseat"], ["r", "1"] * 20)
    assert "roll or double" in with_cube.stdout  # the same game in a longer match offers the cube
