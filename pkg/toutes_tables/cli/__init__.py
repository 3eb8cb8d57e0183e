"""The ``toutes-tables`` command (also ``python -m toutes_tables``): subcommands, one ``--help`` each.

::

    toutes-tables [play] [options]      # the terminal game (the default: toutes-tables --rules backgammon plays)
    toutes-tables starts [N] [--json]   # the 225 starts, or one of them
    toutes-tables ids CODE [--json]     # a gnubg Position ID / Match ID or an XGID, decoded and converted
    toutes-tables --version

Each subcommand is a module of this package with ``add_arguments(parser)``, ``check(parser,
args)`` (usage errors) and ``run(args, stdin, stdout)`` (the exit status), listed once in
:data:`SUBCOMMANDS`. Every subcommand takes ``--lang`` (default: the locale's language, else
English): its output and its errors are in that language, from the engine's message catalogues
(:mod:`toutes_tables.messages`); ``args.lang`` is set before ``check`` and ``run`` are called.
The ``--help`` texts are English. Exit statuses: 0 done, 1 an error (bad input to a subcommand, or the
input ended before the game did), 2 a usage error (an unknown or out-of-range option: one
line on stderr), 130 interrupted.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from .. import __version__
from ..messages import DEFAULT_LANGUAGE, languages, locale_language, say
from . import analyse, ids, play, starts

PROG = "toutes-tables"
EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

EXIT_STATUSES = """exit status:
  0    done (a game over or quit, data written)
  1    an error: bad input to a subcommand (a malformed ID...), or the input ended before the game did
  2    a usage error: an unknown subcommand or option, or an option out of range (one line on stderr)
  130  interrupted (Ctrl-C)"""


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line on stderr (exit status 2), pointing to ``--help``.

    ``lang`` is the language of that line, set once ``--lang`` is known (argparse's own words stay English).
    """

    lang = DEFAULT_LANGUAGE

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, say(self.lang, "cli.usage_error", prog=self.prog, message=message) + "\n")


@dataclasses.dataclass(frozen=True)
class Subcommand:
    """One subcommand: its name, one line of help, and its module's three functions."""

    name: str
    help: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    check: Callable[[argparse.ArgumentParser, argparse.Namespace], None]
    run: Callable[[argparse.Namespace, TextIO, TextIO], int]


# The registration point: a new subcommand (``analyse``, for one) is a module of this package
# with the same three functions, added here.
SUBCOMMANDS = [
    Subcommand("play", "play a game or a match in the terminal (the default)", play.DESCRIPTION,
               play.add_arguments, play.check, play.run),
    Subcommand("starts", "list the 225 starts, or show one", starts.DESCRIPTION,
               starts.add_arguments, starts.check, starts.run),
    Subcommand("ids", "decode and convert a gnubg Position ID / Match ID or an XGID", ids.DESCRIPTION,
               ids.add_arguments, ids.check, ids.run),
    Subcommand("analyse", "review a game or match: errors, marks, luck, ratings", analyse.DESCRIPTION,
               analyse.add_arguments, analyse.check, analyse.run),
]
DEFAULT_SUBCOMMAND = "play"


def build_parser() -> argparse.ArgumentParser:
    """The command's parser: one subparser per entry of :data:`SUBCOMMANDS`."""
    parser = Parser(
        prog=PROG,
        description="Toutes Tables 225, Toutes tables (1698), Backgammon 225 and Backgammon in the terminal. "
        f"Without a subcommand, {PROG} plays ('{PROG} --rules backgammon' is '{PROG} play --rules backgammon').",
        epilog=EXIT_STATUSES + f"\n\n'{PROG} SUBCOMMAND --help' describes each subcommand.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="subcommand", metavar="SUBCOMMAND", title="subcommands")
    for command in SUBCOMMANDS:
        sub = subparsers.add_parser(
            command.name, help=command.help, description=command.description, epilog=EXIT_STATUSES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.add_arguments(sub)
        sub.add_argument("--lang", choices=languages(), default=None,
                         help="the language of the output and the errors (default: the locale's, "
                         "LC_ALL/LC_MESSAGES/LANG, else en)")
        sub.set_defaults(command=command, parser=sub)
    return parser


def _with_subcommand(argv: Sequence[str]) -> list[str]:
    """``argv`` with the default subcommand put first when none is named (``--rules X`` plays)."""
    if argv and (not argv[0].startswith("-") or argv[0] in ("-h", "--help", "--version")):
        return list(argv)  # a subcommand (or a word that is none: argparse names the subcommands)
    return [DEFAULT_SUBCOMMAND, *argv]


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command; returns the exit status (see :data:`EXIT_STATUSES`)."""
    parser = build_parser()
    args = parser.parse_args(_with_subcommand(sys.argv[1:] if argv is None else argv))
    command: Subcommand = args.command
    args.lang = args.lang or locale_language(os.environ)
    args.parser.lang = args.lang
    command.check(args.parser, args)
    out = stdout or sys.stdout
    try:
        return command.run(args, stdin or sys.stdin, out)
    except ValueError as exc:  # the engine's errors on bad input: one line, not a traceback
        print(say(args.lang, "cli.error", prog=PROG, command=command.name, message=exc), file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        sys.stdout = open(os.devnull, "w")  # keep the interpreter's final flush quiet
        return EXIT_ERROR
