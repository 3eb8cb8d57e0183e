"""The terminal game, run as a user runs it: ``python -m toutes_tables`` in a subprocess fed through stdin."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

PKG = str(Path(__file__).resolve().parent.parent / "pkg")
ENV = {**os.environ, "PYTHONPATH": PKG + os.pathsep + os.environ.get("PYTHONPATH", ""), "PYTHONUNBUFFERED": "1"}
# These games play the simple computer: fast, and the same game for a seed whatever the machine's load
# (the expert's lookahead has a time budget). A later --level on a test's command line wins.
COMMAND = [sys.executable, "-m", "toutes_tables", "--level", "simple"]


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
        ["24/30", "hello", "13/1", "999", "double", "?", "hint", "id", "quit"],
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
        (["--match", "0"], "points >= 1"),
        (["--rules", "toutes-tables", "--match", "3", "--mat", "x.mat"], "--mat needs a backgammon match"),
        (["--rules", "backgammon", "--match", "3", "--jacoby"], "--jacoby is for one game"),
        (["--rules", "backgammon", "--winner-opens"], "--winner-opens is the 1698 rule"),
        (["--rules", "toutes-tables", "--no-cube"], "has no cube"),
    ],
)
def test_bad_arguments_are_refused(args: list[str], says: str) -> None:
    done = run_scripted(args, [])
    assert done.returncode == 2
    assert says in done.stderr


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
