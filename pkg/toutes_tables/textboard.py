"""The board as plain text, in absolute numbering, for terminals and logs.

Points 13-24 run left to right along the top, 12-1 right to left along the bottom, as on
a real board seen from White's side: White (``O``) travels 24 -> 1 and bears off from the
bottom right quarter (1-6), Black (``X``) travels 1 -> 24 and bears off from the top right
quarter (19-24). A stack taller than the five rows shows its count in the fifth row. The
bar column shows the checkers on the bar, Black's at the top, White's at the bottom, and
the lines at the sides count the borne-off checkers. The labels (the colours, "off", "BAR", the
numbering's name) are the message catalogues' (:mod:`toutes_tables.messages`), in ``lang``.

>>> from toutes_tables import start_position
>>> print(board_text(start_position(64)))
 13 14 15 16 17 18       19 20 21 22 23 24
+------------------+---+------------------+  X Black  off 0
| O           X    |   | X              O |
| O           X    |   | X              O |
| O           X    |   | X                |
| O                |   | X                |
| O                |   | X                |
|                  |BAR|                  |
| X                |   | O                |
| X                |   | O                |
| X           O    |   | O                |
| X           O    |   | O              X |
| X           O    |   | O              X |
+------------------+---+------------------+  O White  off 0
 12 11 10  9  8  7        6  5  4  3  2  1
"""

from __future__ import annotations

from collections.abc import Sequence

from .checks import A_POSITION, check_instance
from .messages import DEFAULT_LANGUAGE, say
from .position import BLACK, WHITE, Color, Position

ROWS = 5
SYMBOLS = {BLACK: "X", WHITE: "O"}
NAMES = {BLACK: "Black", WHITE: "White"}


def _cell(color: Color | None, count: int, row: int) -> str:
    """Row ``row`` (0 = at the edge) of a point holding ``count`` of ``color``: 3 characters."""
    if color is None or count <= row:
        return "   "
    if row == ROWS - 1 and count > ROWS:
        return f"{count:>2} "
    return f" {SYMBOLS[color]} "


def _bar_cell(position: Position, color: Color, row: int) -> str:
    n = position.bar(color)
    if n == 0 or row > 0:
        return "   "
    return f"{SYMBOLS[color]}{n:<2}" if n > 1 else f" {SYMBOLS[color]} "


def board_text(
    position: Position, notes: Sequence[str] = (), *, black_numbering: bool = False, lang: str = DEFAULT_LANGUAGE
) -> str:
    """The board drawn in text, its labels in ``lang``; ``notes`` are printed to the right of the middle rows.

    ``black_numbering`` adds rows of Black's own point numbers (25 - absolute) outside the
    absolute ones, for a Black player who writes moves in his numbering.

    >>> from toutes_tables import start_position
    >>> print(board_text(start_position(64), lang="fr").splitlines()[1])
    +------------------+---+------------------+  X Noir  sorties 0
    """
    check_instance(position, Position, "position", A_POSITION)
    bar = say(lang, "board.bar").center(3)  # the bar column is three characters wide: a test checks the label fits
    top_points = (range(13, 19), range(19, 25))
    bottom_points = (range(12, 6, -1), range(6, 0, -1))

    def row_text(points: tuple[range, range], row: int, bar_color: Color) -> str:
        left = "".join(_cell(*position.at(p), row) for p in points[0])
        right = "".join(_cell(*position.at(p), row) for p in points[1])
        return f"|{left}|{_bar_cell(position, bar_color, row)}|{right}|"

    lines = [" 13 14 15 16 17 18       19 20 21 22 23 24"]
    lines.append(f"+------------------+---+------------------+  {_off_label(BLACK, position, lang)}")
    lines += [row_text(top_points, r, BLACK) for r in range(ROWS)]
    lines.append(f"|                  |{bar}|                  |")
    lines += [row_text(bottom_points, r, WHITE) for r in reversed(range(ROWS))]
    lines.append(f"+------------------+---+------------------+  {_off_label(WHITE, position, lang)}")
    lines.append(" 12 11 10  9  8  7        6  5  4  3  2  1")
    if black_numbering:
        numbering = say(lang, "board.black_numbering")
        lines.insert(0, f" 12 11 10  9  8  7        6  5  4  3  2  1   ({numbering})")
        lines.append(f" 13 14 15 16 17 18       19 20 21 22 23 24   ({numbering})")
    if notes:
        bar_row = ROWS + 2 + (1 if black_numbering else 0)
        first = bar_row - len(notes) // 2  # centre the notes on the BAR row
        first = max(1, min(first, len(lines) - len(notes)))
        for i, note in enumerate(notes):
            lines[first + i] += "  " + note
    return "\n".join(lines)


def _off_label(color: Color, position: Position, lang: str) -> str:
    """The label beside a side's edge: ``"X Black  off 0"``."""
    name = say(lang, f"colour.{color.value}")
    return say(lang, "board.off", symbol=SYMBOLS[color], name=name, count=position.borne_off(color))


def pip_line(position: Position, lang: str = DEFAULT_LANGUAGE) -> str:
    """``"Pips: Black 167, White 167"`` (in ``lang``: ``"Points à courir : Noir 167, Blanc 167"``)."""
    return say(lang, "board.pips", black=position.pips(BLACK), white=position.pips(WHITE))


__all__ = ["NAMES", "SYMBOLS", "board_text", "pip_line"]
