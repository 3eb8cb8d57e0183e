"""``toutes-tables analyse RECORD``: the review of a game or match, printed as a report or as JSON.

RECORD is a file holding a game or match record of this project (text or JSON, finished or
not, any rule set) or a Jellyfish ``.mat`` file of a backgammon match; ``-`` reads standard
input. The report gives each player's summary (decisions, error rates in millipoints, rating,
luck and the luck-adjusted result) and every marked decision and lucky or unlucky roll;
``--json`` prints :meth:`toutes_tables.analysis.Review.to_json` instead. What the numbers mean:
the rules book's page on reading the review (``docs/review.md``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from ..analysis import MAX_RECORD_CHARS, MARK_SIGNS, Review, analyse_match
from ..matimport import read_mat
from ..position import BLACK, WHITE

DESCRIPTION = """Review a game or match: every decision's error against the strongest level's search, gnubg's
marks (?! doubtful, ? bad, ?? very bad), every roll's luck, each player's error rates, rating and
luck-adjusted result. RECORD is a saved game or match (text or JSON) or a .mat match file; - reads
standard input. --json writes the review as JSON."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD",
                        help="a game or match record (text or JSON), or a .mat match file; - for standard input")
    parser.add_argument("--json", action="store_true", help="write the review as JSON instead of the report")


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Nothing to check before reading the record (its errors are the engine's, exit status 1)."""


def read_record(path: str, stdin: TextIO) -> str:
    """The text of RECORD, at most the review's bound in characters (a ValueError beyond it)."""
    if path == "-":
        text = stdin.read(MAX_RECORD_CHARS + 1)
    else:
        with Path(path).open(encoding="utf-8") as file:
            text = file.read(MAX_RECORD_CHARS + 1)
    if len(text) > MAX_RECORD_CHARS:
        raise ValueError(f"{path!r} is longer than {MAX_RECORD_CHARS} characters: not a record")
    return text


def review_text(text: str) -> Review:
    """The review of a record's text: a ``.mat`` file (its first line says "N point match") or a record."""
    first = next((line for line in text.splitlines() if line.strip() and not line.lstrip().startswith(";")), "")
    if first.strip().lower().endswith("point match"):
        return analyse_match(read_mat(text).match)
    return analyse_match(text)


def _signed(x: float, digits: int = 3) -> str:
    return f"{x:+.{digits}f}"


def report(review: Review) -> str:
    """The printed report: the players' summary side by side, then the marked decisions and the lucky rolls."""
    black, white = review.players[BLACK], review.players[WHITE]
    rows = [
        ("Moves (unforced)", f"{black.moves} ({black.unforced_moves})", f"{white.moves} ({white.unforced_moves})"),
        ("Checker error rate", f"{black.checker_error_mp:.1f} mp", f"{white.checker_error_mp:.1f} mp"),
        ("Cube decisions", str(black.cube_decisions), str(white.cube_decisions)),
        ("Cube error rate", f"{black.cube_error_mp:.1f} mp", f"{white.cube_error_mp:.1f} mp"),
        ("Overall error rate", f"{black.error_mp:.1f} mp", f"{white.error_mp:.1f} mp"),
        ("Total error", f"{black.total_error:.3f}", f"{white.total_error:.3f}"),
        ("Rating", black.rating, white.rating),
        ("Marks ?! / ? / ??", *(
            " / ".join(str(p.marks[m]) for m in ("doubtful", "bad", "very bad")) for p in (black, white))),
        ("Luck", _signed(black.luck), _signed(white.luck)),
        ("Luck rating", black.luck_rating, white.luck_rating),
        ("Result (points)", f"{black.result:+g}", f"{white.result:+g}"),
        ("Luck-adjusted result", _signed(black.luck_adjusted_result), _signed(white.luck_adjusted_result)),
    ]
    lines = [f"Review ({review.rules}): {len(review.decisions)} decisions", "",
             f"{'':<22}{'Black':<20}White"]
    lines += [f"{label:<22}{b:<20}{w}" for label, b, w in rows]
    marked = [d for d in review.decisions if d.mark]
    lines += ["", f"Marked decisions ({len(marked)}):" if marked else "No marked decisions."]
    for d in marked:
        what = f"{d.dice[0]}-{d.dice[1]}" if d.dice else {"cube": "cube", "take": "answer"}[d.kind]
        lines.append(
            f"  game {d.game} turn {d.turn:>3} {d.colour.value:<5} {what:<6} played {d.played:<22} "
            f"best {d.best:<22} error {d.error:.3f} {MARK_SIGNS[d.mark]} {d.mark}"
        )
    lucky = [d for d in review.decisions if d.luck_mark]
    lines += ["", f"Lucky and unlucky rolls ({len(lucky)}):" if lucky else "No lucky or unlucky rolls."]
    for d in lucky:
        assert d.dice is not None and d.luck is not None
        lines.append(f"  game {d.game} turn {d.turn:>3} {d.colour.value:<5} {d.dice[0]}-{d.dice[1]}  "
                     f"{_signed(d.luck)} {d.luck_mark}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """Review RECORD and write the report (or JSON); a record that cannot be read raises a ValueError."""
    try:
        text = read_record(args.record, stdin)
    except OSError as exc:
        raise ValueError(f"cannot read {args.record!r}: {exc.strerror or exc}") from None
    review = review_text(text)
    if args.json:
        stdout.write(json.dumps(review.to_json(), indent=1) + "\n")
    else:
        stdout.write(report(review))
    return 0
