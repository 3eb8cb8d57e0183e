"""``toutes-tables analyse RECORD``: the review of a game or match, printed as a report or as JSON.

RECORD is a file holding a game or match record of this project (text or JSON, finished or
not, any rule set) or a Jellyfish ``.mat`` file of a backgammon match; ``-`` reads standard
input. The report gives each player's summary (decisions, error rates in millipoints, rating,
luck and the luck-adjusted result) and every marked decision and lucky or unlucky roll;
``--level`` is the level whose search reviews (``world-class``, the strongest, by default, or
``expert``); ``--json`` prints :meth:`toutes_tables.analysis.Review.to_json` instead (language-neutral: gnubg's
English names of marks and ratings, as data). The report's words are in ``--lang``'s language
(:mod:`toutes_tables.review_words`). What the numbers mean:
the rules book's page on reading the review (``docs/review.md``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from ..analysis import MARK_SIGNS, REVIEW_LEVEL, REVIEW_LEVELS, Review, analyse_match
from ..matimport import read_mat
from ..messages import DEFAULT_LANGUAGE, decimal, say
from ..position import BLACK, WHITE, Color
from ..record import MAX_RECORD_CHARS
from ..review_words import action_word, luck_rating_word, luck_word, mark_word, rating_word
from ..words import colour_word

def add_arguments(parser: argparse.ArgumentParser, lang: str = DEFAULT_LANGUAGE) -> None:
    parser.add_argument("record", metavar=say(lang, "cli.metavar.record"), help=say(lang, "cli.help.analyse.record"))
    parser.add_argument("--json", action="store_true", help=say(lang, "cli.help.analyse.json"))
    parser.add_argument(
        "--level", default=REVIEW_LEVEL, choices=REVIEW_LEVELS, help=say(lang, "cli.help.analyse.level")
    )


# Why a record could not be opened, said in the asked language (any other OSError: "unreadable").
_UNREADABLE = {
    FileNotFoundError: "cli.analyse.not_found",
    IsADirectoryError: "cli.analyse.a_directory",
    PermissionError: "cli.analyse.not_allowed",
}


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Nothing to check before reading the record (its errors are the engine's, exit status 1)."""


def read_record(path: str, stdin: TextIO, lang: str = DEFAULT_LANGUAGE) -> str:
    """The text of RECORD, at most the review's bound in characters (a ValueError beyond it)."""
    if path == "-":
        text = stdin.read(MAX_RECORD_CHARS + 1)
    else:
        with Path(path).open(encoding="utf-8") as file:
            text = file.read(MAX_RECORD_CHARS + 1)
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError(say(lang, "cli.analyse.too_long", path=repr(path), most=MAX_RECORD_CHARS))
    return text


def review_text(text: str, lang: str = DEFAULT_LANGUAGE, level: str = REVIEW_LEVEL) -> Review:
    """The review, in ``lang``, at ``level``'s search, of a record's text: a ``.mat`` file (first line "N point
    match") or a record."""
    first = next((line for line in text.splitlines() if line.strip() and not line.lstrip().startswith(";")), "")
    if first.strip().lower().endswith("point match"):
        return analyse_match(read_mat(text).match, lang=lang, level=level)
    return analyse_match(text, lang=lang, level=level)


def report(review: Review, lang: str = DEFAULT_LANGUAGE) -> str:
    """The printed report in ``lang``: the players' summary side by side, then the marked decisions and lucky rolls.
    Its figures are written as ``lang`` writes numbers ("0.442" in English, "0,442" in French)."""
    black, white = review.players[BLACK], review.players[WHITE]

    def signed(x: float) -> str:
        return decimal(lang, x, 3, signed=True)

    def mp(x: float) -> str:
        return say(lang, "review.mp", value=decimal(lang, x, 1))

    def result(x: float) -> str:  # points: whole, unless a game was settled for a fraction
        return f"{x:+g}".replace(".", say(lang, "number.decimal_mark"))

    rows = [
        ("moves", f"{black.moves} ({black.unforced_moves})", f"{white.moves} ({white.unforced_moves})"),
        ("checker_error", mp(black.checker_error_mp), mp(white.checker_error_mp)),
        ("cube_decisions", str(black.cube_decisions), str(white.cube_decisions)),
        ("cube_error", mp(black.cube_error_mp), mp(white.cube_error_mp)),
        ("error", mp(black.error_mp), mp(white.error_mp)),
        ("total_error", decimal(lang, black.total_error, 3), decimal(lang, white.total_error, 3)),
        ("rating", rating_word(black.rating, lang), rating_word(white.rating, lang)),
        ("marks", *(" / ".join(str(p.marks[m]) for m in ("doubtful", "bad", "very bad")) for p in (black, white))),
        ("luck", signed(black.luck), signed(white.luck)),
        ("luck_rating", luck_rating_word(black.luck_rating, lang), luck_rating_word(white.luck_rating, lang)),
        ("result", result(black.result), result(white.result)),
        ("luck_adjusted", signed(black.luck_adjusted_result), signed(white.luck_adjusted_result)),
    ]
    labels = [say(lang, f"review.row.{row}") for row, _, _ in rows]
    width = max(22, max(map(len, labels)) + 2)  # the label column: 22 wide in English, wider for longer words
    lines = [say(lang, "review.title", rules=review.rules, count=len(review.decisions)), "",
             f"{'':<{width}}{colour_word(BLACK, lang):<20}{colour_word(WHITE, lang)}"]
    lines += [f"{label:<{width}}{b:<20}{w}" for label, (_, b, w) in zip(labels, rows, strict=True)]
    marked = [d for d in review.decisions if d.mark]
    lines += ["", say(lang, "review.marked", count=len(marked)) if marked else say(lang, "review.no_marked")]
    for d in marked:
        what = f"{d.dice[0]}-{d.dice[1]}" if d.dice else say(lang, f"review.what.{d.kind}")
        played, best = (d.played, d.best) if d.kind == "move" else (action_word(d.played, lang),
                                                                    action_word(d.best, lang))
        lines.append("  " + say(
            lang, "review.decision", game=d.game, turn=f"{d.turn:>3}", colour=f"{_colour(d.colour, lang):<5}",
            what=f"{what:<6}", played=f"{played:<22}", best=f"{best:<22}", error=decimal(lang, d.error, 3),
            sign=MARK_SIGNS[d.mark], mark=mark_word(d.mark, lang),
        ))
    lucky = [d for d in review.decisions if d.luck_mark]
    lines += ["", say(lang, "review.lucky", count=len(lucky)) if lucky else say(lang, "review.no_lucky")]
    for d in lucky:
        assert d.dice is not None and d.luck is not None
        lines.append("  " + say(
            lang, "review.roll", game=d.game, turn=f"{d.turn:>3}", colour=f"{_colour(d.colour, lang):<5}",
            dice=f"{d.dice[0]}-{d.dice[1]}", luck=signed(d.luck), mark=luck_word(d.luck_mark, lang),
        ))
    return "\n".join(lines) + "\n"


def _colour(color: Color, lang: str) -> str:
    """A colour in a report's line, lower case ("black", "noir")."""
    return colour_word(color, lang).lower()


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Review RECORD and write the report (or JSON); a record that cannot be read raises a ValueError."""
    try:
        text = read_record(args.record, stdin, args.lang)
    except OSError as exc:  # the reason from the catalogue, not the system's English strerror
        reason = say(args.lang, _UNREADABLE.get(type(exc), "cli.analyse.unreadable"))
        raise ValueError(say(args.lang, "cli.analyse.cannot_read", path=repr(args.record), reason=reason)) from None
    review = review_text(text, args.lang, args.level)
    if args.json:
        stdout.write(json.dumps(review.to_json(), indent=1) + "\n")
    else:
        stdout.write(report(review, args.lang))
    return 0
