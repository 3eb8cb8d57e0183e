"""``toutes-tables starts``: the 225 starts of the 225 sets, listed, or one shown.

Each start is numbered by the two rolls that draw it (docs/rules/the-225-starts.md); the list
gives the number, the drawing rolls and gnubg's Position ID, one start a line; one start is
shown with its board, its words in ``--lang``'s language. ``--json`` writes the same as data,
for a pipe (language-neutral).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..messages import DEFAULT_LANGUAGE, say
from ..position import Color
from ..starts import start_points, start_position, start_rolls
from ..textboard import board_text
from ..words import colour_word

COUNT = 225

def add_arguments(parser: argparse.ArgumentParser, lang: str = DEFAULT_LANGUAGE) -> None:
    parser.add_argument("number", type=int, nargs="?", metavar=say(lang, "cli.metavar.number"),
                        help=say(lang, "cli.help.starts.number"))
    parser.add_argument("--turn", choices=("white", "black"), default="white", help=say(lang, "cli.help.starts.turn"))
    parser.add_argument("--json", action="store_true", help=say(lang, "cli.help.json"))


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.number is not None and not 1 <= args.number <= COUNT:
        parser.error(say(args.lang, "cli.starts.bad_number", count=COUNT, got=args.number))


def drawing_rolls(number: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The two rolls that draw start ``number``, as the terminal game announces them (higher die first)."""
    (a1, b1), (a2, b2) = start_rolls(number)
    return say(lang, "cli.starts.rolls", first=f"{b1}-{a1}", second=f"{b2}-{a2}")


def start_data(number: int, turn: Color) -> dict[str, Any]:
    """Start ``number`` as data: its drawing rolls, absolute ``{point: count}`` per colour, Position ID."""
    first, second = start_rolls(number)
    points = start_points(number)
    return {
        "number": number,
        "rolls": [list(first), list(second)],
        "points": {colour: {str(p): n for p, n in sorted(placed.items())} for colour, placed in points.items()},
        "turn": turn.value,
        "position_id": start_position(number, turn).gnubg_id(),
    }


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    turn = Color(args.turn)
    numbers = [args.number] if args.number is not None else list(range(1, COUNT + 1))
    if args.json:
        data = [start_data(n, turn) for n in numbers]
        stdout.write(json.dumps(data[0] if args.number is not None else data, indent=2) + "\n")
        return 0
    if args.number is None:
        for n in numbers:
            stdout.write(f"{n:>3}  {drawing_rolls(n, args.lang):<12} {start_position(n, turn).gnubg_id()}\n")
        return 0
    position = start_position(args.number, turn)
    stdout.write(say(args.lang, "cli.starts.drawn", number=args.number, rolls=drawing_rolls(args.number, args.lang)))
    on_roll = say(args.lang, "board.on_roll", who=colour_word(turn, args.lang))
    stdout.write("\n" + board_text(position, [on_roll], lang=args.lang))
    stdout.write("\n" + say(args.lang, "cli.starts.position_id", id=position.gnubg_id()) + "\n")
    return 0
