"""The ``toutes-tables`` command (also ``python -m toutes_tables``): subcommands, one ``--help`` each.

::

    toutes-tables [play] [options]      # the terminal game (the default: toutes-tables --rules backgammon plays)
    toutes-tables starts [N] [--json]   # the 225 starts, or one of them
    toutes-tables ids CODE [--json]     # a gnubg Position ID / Match ID or an XGID, decoded and converted
    toutes-tables --version

Each subcommand is a module of this package with ``add_arguments(parser, lang)``, ``check(parser,
args)`` (usage errors) and ``run(args, stdin, stdout)`` (the exit status), listed once in
:data:`SUBCOMMANDS`. Every subcommand takes ``--lang`` (default: the locale's language, else
English): its output and its errors are in that language, from the engine's message catalogues
(:mod:`toutes_tables.messages`); ``args.lang`` is set before ``check`` and ``run`` are called.
The ``--help`` texts are in that language too (the catalogues' ``cli.help.*`` and
``cli.description.*``: the descriptions, the options' help, the headings and "usage:"), the
language read from ``--lang`` before the parser is built; argparse's own messages in a usage error
are said again from ``cli.argparse.*`` (:func:`argparse_said`). Exit statuses: 0 done, 1 an error
(bad input to a subcommand, or the input ended before the game did), 2 a usage error (an unknown or
out-of-range option: one line on stderr), 130 interrupted.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, TextIO

from .. import __version__
from ..messages import DEFAULT_LANGUAGE, languages, locale_language, reworded, say
from . import analyse, ids, play, starts

PROG = "toutes-tables"
EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130



def exit_statuses(lang: str = DEFAULT_LANGUAGE) -> str:
    """The exit statuses, as each ``--help`` ends: 0 done, 1 an error, 2 a usage error, 130 interrupted."""
    return say(lang, "cli.help.exit_statuses")


def _formatter(lang: str) -> type[argparse.HelpFormatter]:
    """argparse's raw-description formatter, its "usage:" and its headings' colon in ``lang`` ("options :")."""

    class Formatter(argparse.RawDescriptionHelpFormatter):
        def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, say(lang, "cli.help.usage") if prefix is None else prefix)

        def start_section(self, heading: str | None) -> None:
            # argparse puts the colon after a heading itself: the heading is given without the catalogue's colon
            if heading:
                heading = say(lang, "cli.help.heading", title=heading).removesuffix(":")
            super().start_section(heading)

    return Formatter


# argparse's own messages in a usage error, as it writes them in English (its %-templates), each said again
# from the catalogues (cli.argparse.*); a message none of them reads stays as argparse wrote it
_ARGPARSE_MESSAGES = (
    ("argument", r"argument (?P<argument>[^:]+): (?P<message>.*)"),
    ("required", r"the following arguments are required: (?P<names>.*)"),
    ("unrecognized", r"unrecognized arguments: (?P<names>.*)"),
    ("invalid_choice", r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)"),
    ("invalid_value", r"invalid (?P<type>\w+) value: (?P<value>.*)"),
    ("expected_one", r"expected one argument"),
    ("expected_at_least_one", r"expected at least one argument"),
    ("expected_at_most_one", r"expected at most one argument"),
    ("ambiguous", r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)"),
    ("not_allowed_with", r"not allowed with argument (?P<other>.*)"),
    ("one_required", r"one of the arguments (?P<names>.*) is required"),
    ("ignored_explicit", r"ignored explicit argument (?P<value>.*)"),
    ("expected_count", r"expected (?P<count>\d+) arguments?"),
    ("unknown_parser", r"unknown parser (?P<name>.*) \(choices: (?P<choices>.*)\)"),
)


def argparse_said(lang: str, message: str) -> str:
    """argparse's English ``message`` (a usage error) in ``lang``, from the catalogues' ``cli.argparse.*``.

    >>> argparse_said("fr", "argument --level: invalid choice: 'x' (choose from 'easy', 'expert')")
    "argument --level\xa0: choix impossible 'x' (choisir parmi 'easy', 'expert')"
    """
    for name, pattern in _ARGPARSE_MESSAGES:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = argparse_said(lang, values["message"])
            return say(lang, f"cli.argparse.{name}", **values)
    return message


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line on stderr (exit status 2), pointing to ``--help``.

    ``lang`` is the language of that line and of the help: its headings, "usage:" and ``-h``'s own line,
    and argparse's own messages in a usage error (:func:`argparse_said`).
    """

    def __init__(self, *args: Any, lang: str = DEFAULT_LANGUAGE, **kwargs: Any) -> None:
        kwargs.update(add_help=False, formatter_class=_formatter(lang))  # -h is added below, its help in lang
        super().__init__(*args, **kwargs)
        self.lang = lang
        self._positionals.title = say(lang, "cli.help.positionals")
        self._optionals.title = say(lang, "cli.help.options")
        self.add_argument("-h", "--help", action="help", help=say(lang, "cli.help.help"))

    def error(self, message: str) -> NoReturn:
        said = argparse_said(self.lang, message)
        self.exit(EXIT_USAGE, say(self.lang, "cli.usage_error", prog=self.prog, message=said) + "\n")


@dataclasses.dataclass(frozen=True)
class Subcommand:
    """One subcommand: its name and its module's three functions; its help is ``cli.help.<name>`` and
    ``cli.description.<name>`` in the catalogues."""

    name: str
    add_arguments: Callable[[argparse.ArgumentParser, str], None]
    check: Callable[[argparse.ArgumentParser, argparse.Namespace], None]
    run: Callable[[argparse.Namespace, TextIO, TextIO], int]


# The registration point: a new subcommand (``analyse``, for one) is a module of this package
# with the same three functions, added here.
SUBCOMMANDS = [
    Subcommand("play", play.add_arguments, play.check, play.run),
    Subcommand("starts", starts.add_arguments, starts.check, starts.run),
    Subcommand("ids", ids.add_arguments, ids.check, ids.run),
    Subcommand("analyse", analyse.add_arguments, analyse.check, analyse.run),
]
DEFAULT_SUBCOMMAND = "play"


def build_parser(lang: str = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """The command's parser, its help in ``lang``: one subparser per entry of :data:`SUBCOMMANDS`."""
    parser = Parser(
        prog=PROG,
        description=say(lang, "cli.help.description", prog=PROG),
        epilog=exit_statuses(lang) + "\n\n" + say(lang, "cli.help.each_subcommand", prog=PROG),
        lang=lang,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=say(lang, "cli.help.version"))
    subparsers = parser.add_subparsers(dest="subcommand", metavar=say(lang, "cli.metavar.subcommand"),
                                       title=say(lang, "cli.help.subcommands"))
    for command in SUBCOMMANDS:
        sub = subparsers.add_parser(
            command.name, help=say(lang, f"cli.help.{command.name}"),
            description=say(lang, f"cli.description.{command.name}"), epilog=exit_statuses(lang), lang=lang,
        )
        command.add_arguments(sub, lang)
        sub.add_argument("--lang", choices=languages(), default=None, help=say(lang, "cli.help.lang"))
        sub.set_defaults(command=command, parser=sub)
    return parser


def _asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` names in ``argv`` (``--lang fr`` or ``--lang=fr``), if the engine speaks it."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        return value if value in languages() else None  # argparse refuses it, in the locale's language
    return None


def _with_subcommand(argv: Sequence[str]) -> list[str]:
    """``argv`` with the default subcommand put first when none is named (``--rules X`` plays); the command's
    own help when it asks only for help in a language (``--lang fr --help``: the subcommands, in French)."""
    if argv and (not argv[0].startswith("-") or argv[0] in ("-h", "--help", "--version")):
        return list(argv)  # a subcommand (or a word that is none: argparse names the subcommands)
    language_only = all(
        arg in ("-h", "--help", "--lang") or arg.startswith("--lang=") or (i > 0 and argv[i - 1] == "--lang")
        for i, arg in enumerate(argv)
    )
    if argv and language_only and ("-h" in argv or "--help" in argv):
        return ["--help"]
    return [DEFAULT_SUBCOMMAND, *argv]


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command; returns the exit status (see :func:`exit_statuses`)."""
    given = sys.argv[1:] if argv is None else argv
    words = _with_subcommand(given)
    lang = _asked_language(given) or locale_language(os.environ)
    args = build_parser(lang).parse_args(words)
    command: Subcommand = args.command
    args.lang = args.lang or lang
    args.parser.lang = args.lang
    command.check(args.parser, args)
    out = stdout or sys.stdout
    try:
        return command.run(args, stdin or sys.stdin, out)
    except ValueError as exc:  # the engine's errors on bad input: one line, not a traceback, in the asked language
        message = reworded(exc, args.lang)
        print(say(args.lang, "cli.error", prog=PROG, command=command.name, message=message), file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): nothing more to say
        sys.stdout = open(os.devnull, "w")  # keep the interpreter's final flush quiet
        return EXIT_ERROR
