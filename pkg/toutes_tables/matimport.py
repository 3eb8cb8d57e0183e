"""Import of Jellyfish ``.mat`` match files (as gnubg, XG and most sites write them) into a backgammon Match.

What is read (the layout :mod:`toutes_tables.matfile` writes, and gnubg's ``export match mat``)::

    ; [Site "..."]                         comment lines (";") and blank lines are skipped
     5 point match                         the match length (1-99)
     Game 1                                games numbered from 1
     Black : 0                      White : 0        the left player, the right one, their scores
      1)                             52: 13/8 13/11  numbered lines, the left player's cell then the right's
      2) 31: 8/5 6/5                 Doubles => 2
      3)  Takes                      64: 24/18 13/9
          Wins 1 point                   "and the match" may follow; the column says who won

* The **left** player is Black, the right one White (gnubg's players 0 and 1, as the export).
* A move cell is ``DD: steps``: the dice, then each checker step ``from/to`` in the mover's own
  numbering (25 the bar, 0 off; ``*`` a hit, ``(2)`` a repeated step). The steps must make a
  legal play of those dice; a cell with the dice alone is a turn with no legal play. Who made
  each move is not read from the columns but from the game (whoever is on roll), except for the
  opening: the first cell's column says who opened (the higher die is his).
* ``Doubles => N``, ``Takes``, ``Drops`` are cube actions; a ``Wins`` line before the game is
  over is a resignation of the other player, for the points it names.
* The scores of each game's player line are checked against the games before it; game 1's need not
  be 0-0 (a file cut from a longer match, or a match taken up at a score): the match counts from them,
  each below the length, its first game the Crawford game when one side is at the length less 1.

Everything is replayed through :class:`~toutes_tables.Match`, so a file that breaks a rule is
refused with :class:`MatImportError` naming the line; so is a file longer than
``MAX_MAT_CHARS`` or with a line longer than ``MAX_LINE_CHARS``.

>>> text = " 1 point match\\n\\n Game 1\\n Black : 0     White : 0\\n  1) 31: 8/5 6/5\\n      Wins 1 point\\n"
>>> match = match_from_mat(text)
>>> match.games[0].result.winner, match.is_over
(BLACK, True)
"""

from __future__ import annotations

import dataclasses
import random
import re

from .errors import IllegalMoveError, InvalidRecordError
from .game import Game
from .match import Match
from .messages import Words, colour_word, reason, worded
from .movegen import legal_plays
from .play import Move, apply_moves
from .position import BLACK, WHITE, Color
from .rules import Outcome

MAX_MAT_CHARS = 2_000_000  # a long match file is ~100 kB
MAX_LINE_CHARS = 400
MAX_LENGTH = 99  # match lengths the service accepts

_LENGTH_RE = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_RE = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_PLAYERS_RE = re.compile(r"^\s*(.+?)\s*:\s*(\d+)\s+(.+?)\s*:\s*(\d+)\s*$")
_ROW_RE = re.compile(r"^\s*(\d+)\)(.*)$")
# One cell: a move (dice, then steps), a cube action, or the end of a game.
_CELL_RE = re.compile(
    r"(?P<move>(?P<dice>[1-6][1-6]):(?P<steps>(?:\s+\d{1,2}/\d{1,2}\*?(?:\(\d\))?)*))"
    r"|(?P<double>Doubles\s*=>\s*(?P<value>\d+))"
    r"|(?P<take>Takes|Accepts)"
    r"|(?P<drop>Drops|Passes|Rejects)"
    r"|(?P<wins>Wins\s+(?P<points>\d+)\s+points?(?:\s+and\s+the\s+match)?)",
    re.IGNORECASE,
)
_STEP_RE = re.compile(r"(\d{1,2})/(\d{1,2})\*?(?:\((\d)\))?")
RIGHT_COLUMN = 20  # a cell starting at or after this column of its line (0-based) is the right player's


class MatImportError(InvalidRecordError):
    """A ``.mat`` file that cannot be read or replayed; the message names the line."""


@dataclasses.dataclass(frozen=True)
class MatFile:
    """An imported ``.mat`` file: the match replayed, and the players' names (left / Black, right / White)."""

    match: Match
    names: tuple[str, str]


def _fail(n: int, message: str | ValueError, line: str | None = None, /, **values: object) -> MatImportError:
    """The error for line ``n``, quoting ``line`` if given: ``message`` is a message key (``mat.*``) with
    ``values``, or the error the game gave (said in its own words)."""
    said = reason(message) if isinstance(message, ValueError) else Words(message, values)
    if line is None:
        return worded(MatImportError, "mat.line", n=n, reason=said)
    return worded(MatImportError, "mat.line_quoted", n=n, reason=said, line=line.strip()[:80])


def _steps(text: str, n: int, line: str) -> list[Move]:
    moves: list[Move] = []
    for match in _STEP_RE.finditer(text):
        src, dst, times = int(match.group(1)), int(match.group(2)), int(match.group(3) or 1)
        if not (1 <= src <= 25 and 0 <= dst <= 24 and dst < src):
            raise _fail(n, "mat.step", line, step=repr(match.group(0)))
        moves += [(src, dst)] * times
    if len(moves) > 4:
        raise _fail(n, "mat.four_checkers", line, count=len(moves))
    return moves


def _play(game: Game, dice: tuple[int, int], steps: list[Move], n: int, line: str) -> None:
    """Roll ``dice`` (unless the opening did) and play the legal play whose result the steps give."""
    if game.phase == "roll":
        game.roll(dice)
    elif game.phase != "move" or game.dice is None or sorted(game.dice) != sorted(dice):
        raise _fail(n, "mat.roll_now", line, dice=f"{dice[0]}-{dice[1]}", phase=repr(game.phase))
    plays = legal_plays(game.position, dice, game.rules)
    if not steps:
        if plays:
            raise _fail(n, "mat.plays_exist", line, dice=f"{dice[0]}-{dice[1]}")
        game.pass_turn()
        return
    try:
        game.play(steps)  # the steps as written, when they are a legal route of the dice
        return
    except IllegalMoveError:
        pass
    try:  # written in another order (one step per die, but not die by die): the play with their result
        result = apply_moves(game.position, steps)[0]
    except ValueError as exc:
        raise _fail(n, "mat.steps_unplayable", line, reason=reason(exc)) from None
    play = next((p for p in plays if p.result == result), None)
    if play is None:
        raise _fail(n, "mat.steps_illegal", line, dice=f"{dice[0]}-{dice[1]}")
    game.play(play)


def _resign(game: Game, winner: Color, points: int, n: int, line: str) -> None:
    loser = winner.other
    multiplier = points // game.cube_value if game.cube_value and points % game.cube_value == 0 else 0
    outcome = {1: Outcome.SINGLE, 2: Outcome.GAMMON, 3: Outcome.BACKGAMMON}.get(multiplier)
    if outcome is None:
        raise _fail(n, "mat.points", line, points=points, cube=game.cube_value)
    try:
        game.resign(outcome, loser)
    except ValueError as exc:
        raise _fail(n, exc, line) from None


def _apply_cell(game: Game, cell: re.Match[str], column: int, n: int, line: str) -> None:
    if game.is_over and not cell.group("wins"):
        raise _fail(n, "mat.game_over", line)
    if cell.group("move"):
        dice_text = cell.group("dice")
        dice = (int(dice_text[0]), int(dice_text[1]))
        if game.phase == "opening":
            if dice[0] == dice[1]:
                raise _fail(n, "mat.opening_double", line)
            opener = WHITE if column >= RIGHT_COLUMN else BLACK
            high, low = max(dice), min(dice)
            game.roll_opening((high, low) if opener is BLACK else (low, high))
        _play(game, dice, _steps(cell.group("steps"), n, line), n, line)
    elif cell.group("double"):
        value = int(cell.group("value"))
        if value != 2 * game.cube_value:
            raise _fail(n, "mat.double_value", line, value=2 * game.cube_value, written=value)
        game.offer_double()
    elif cell.group("take"):
        game.take()
    elif cell.group("drop"):
        game.drop()
    else:
        winner = WHITE if column >= RIGHT_COLUMN else BLACK
        points = int(cell.group("points"))
        if not game.is_over:
            _resign(game, winner, points, n, line)
        assert game.result is not None
        if (game.result.winner, game.result.points) != (winner, points):
            raise _fail(n, "mat.won_by", line, winner=colour_word(game.result.winner),
                        points=game.result.points, written=colour_word(winner), written_points=points)


def _check_move_read(body: str, start: int, end: int, n: int, line: str) -> None:
    """A move cell read up to ``end`` must be followed by nothing or by another cell: else some of its
    steps could not be read (``25\\23* 8/4``), and the cell is refused as written, not played short."""
    after = end
    while after < len(body) and body[after].isspace():
        after += 1
    if after == len(body) or after - end >= 3 or _CELL_RE.match(body, after):
        return  # the end, the next column (its own cell, read by itself) or the next cell
    cell = re.split(r"\s{3,}", body[start:].strip(), maxsplit=1)[0][:40]
    raise _fail(n, "mat.move_unreadable", line, cell=cell)


def _row(game: Game, n: int, line: str) -> None:
    """One numbered line (or a ``Wins`` line): its cells applied in order."""
    row = _ROW_RE.match(line)
    body_start = row.start(2) if row else 0
    body = line[body_start:]
    position = 0
    while position < len(body):
        if body[position].isspace():
            position += 1
            continue
        cell = _CELL_RE.match(body, position)
        if cell is None:
            raise _fail(n, "mat.unreadable", line, text=body[position:position + 30].strip())
        if cell.group("move"):
            _check_move_read(body, position, cell.end(), n, line)
        column = body_start + position
        try:
            _apply_cell(game, cell, column, n, line)
        except MatImportError:
            raise
        except ValueError as exc:
            raise _fail(n, exc, line) from None
        position = cell.end()


def read_mat(text: str) -> MatFile:
    """Read a ``.mat`` file's text into its replayed match and players' names."""
    if not isinstance(text, str):
        raise worded(MatImportError, "mat.not_text", text=f"{text!r:.60}")
    if len(text) > MAX_MAT_CHARS:
        raise worded(MatImportError, "mat.too_long", count=len(text), most=MAX_MAT_CHARS)
    lines = [(n, line.rstrip()) for n, line in enumerate(text.splitlines(), 1)]
    for n, line in lines:
        if len(line) > MAX_LINE_CHARS:
            raise _fail(n, "mat.line_too_long", count=len(line), most=MAX_LINE_CHARS)
    items = [(n, line) for n, line in lines if line.strip() and not line.lstrip().startswith(";")]
    if not items:
        raise worded(MatImportError, "mat.empty")
    n, line = items[0]
    found = _LENGTH_RE.match(line)
    if not found:
        raise _fail(n, "mat.length_form", line)
    length = int(found.group(1))
    if not 1 <= length <= MAX_LENGTH:
        raise _fail(n, "mat.length", line, most=MAX_LENGTH)
    match = Match("backgammon", length, rng=random.Random(0))
    names: tuple[str, str] | None = None
    number = 0
    game: Game | None = None
    for n, line in items[1:]:
        header = _GAME_RE.match(line)
        if header:
            if int(header.group(1)) != number + 1:
                raise _fail(n, "mat.game_expected", line, number=number + 1)
            if number:
                if not match.game.is_over:
                    raise _fail(n, "record.game_not_over", line, before=number, number=number + 1)
                if match.is_over:
                    raise _fail(n, "record.match_over", line)
                match.next_game()
            number += 1
            game = None
            continue
        if number == 0:
            raise _fail(n, "record.game_expected", line, number=1)
        if game is None:
            players = _PLAYERS_RE.match(line)
            if not players:
                raise _fail(n, "mat.players_form", line)
            these = (players.group(1), players.group(3))
            if names is not None and these != names:
                raise _fail(n, "mat.players", line, left=repr(names[0]), right=repr(names[1]))
            names = these
            score = (int(players.group(2)), int(players.group(4)))
            if number == 1 and score != (0, 0):
                # a file cut from a longer match, or one taken up at a score: the match counts from game 1's score
                # (its game the Crawford game when one side is at the length less 1, as Match has it)
                try:
                    match = Match("backgammon", length, rng=random.Random(0), score={BLACK: score[0], WHITE: score[1]})
                except ValueError:
                    raise _fail(n, "mat.score", line, number=number, score="0-0") from None
            if score != (match.score[BLACK], match.score[WHITE]):
                raise _fail(n, "mat.score", line, number=number, score=f"{match.score[BLACK]}-{match.score[WHITE]}")
            game = match.game
            continue
        _row(game, n, line)
    if number == 0:
        raise worded(MatImportError, "mat.no_game")
    assert names is not None
    return MatFile(match, names)


def match_from_mat(text: str) -> Match:
    """The match of a ``.mat`` file, replayed (see :func:`read_mat`)."""
    return read_mat(text).match


__all__ = ["MAX_MAT_CHARS", "MatFile", "MatImportError", "match_from_mat", "read_mat"]
