"""Export of backgammon-set matches as Jellyfish ``.mat`` match files, the format gnubg imports.

The layout follows what gnubg itself writes with ``export match mat``::

     5 point match

     Game 1
     Black : 0                      White : 0
      1)                             52: 13/8 13/11
      2) 31: 8/5 6/5                 Doubles => 2
      3)  Takes                      64: 24/18 13/9
      ...
          Wins 1 point

* Black is the left column (gnubg's player 0, as in :mod:`toutes_tables.matchid`), White the
  right one; each line is one turn of each, numbered. When White opens, the first left cell
  is empty.
* A move is ``DD: moves``, the dice higher first, each checker step in the **mover's own
  numbering**, one step per die as Jellyfish writes them (``25/20`` enters from the bar,
  ``3/0`` bears off, ``*`` marks a hit). A turn with no legal play is the dice alone.
* Cube actions are ``Doubles => N``, ``Takes``, ``Drops``; every game ends with ``Wins N
  point(s)`` in the winner's column (gnubg does not write Jellyfish's ``and the match``).

The format has no way to give the starting position, so only games from the classic start
(No. 64) can be exported; a backgammon-225 match qualifies only if every game was played
from start No. 64. A game set up from a position (the analysis board's "Play from here") or
begun with the cube turned is refused for the same reason. A match taken up at a score (from
the classic start) is written with that score in its first game's score line, as a file cut
from a longer one would be. Options the format cannot express are refused as well: the point game,
automatic doubles that raised the stake, the Jacoby rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .errors import shown
from .checks import A_MATCH, GAMES, SCORE_PAIR, check_instance, check_int, check_sequence
from .messages import worded
from .play import apply_moves
from .position import BLACK, OFF, WHITE, Color, Position
from .rules import MAX_MATCH_LENGTH
from .starts import CLASSIC_START, start_position

if TYPE_CHECKING:
    from .game import Game
    from .match import Match

LEFT_CELL = 28  # gnubg: "%3d) %-27s "
NAME_CELL = 31  # gnubg: " %-31s%s : %d"


class MatExportError(ValueError):
    """A game or match that a ``.mat`` file cannot represent (worded: ``messages.reworded`` says it in French)."""


def _check_names(names: object) -> None:
    """Two player names a ``.mat`` file can hold."""
    if not isinstance(names, (tuple, list)) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise worded(MatExportError, "mat.export.names", names=shown(names))
    for name in names:
        if not name.strip() or ":" in name or "\n" in name or name != name.strip():
            raise worded(MatExportError, "mat.export.name", name=repr(name))


def _step_text(src: int, dst: int, hit: bool) -> str:
    return f"{src}/{dst}{'*' if hit else ''}"


def format_mat_moves(position: Position, moves: Sequence[tuple[int, int]]) -> str:
    """Moves as Jellyfish writes them: one ``from/to`` per die, bar = 25, off = 0, ``*`` for a hit.

    >>> from toutes_tables import start_position
    >>> format_mat_moves(start_position(64), [(13, 7), (8, 7)])
    '13/7 8/7'
    """
    theirs = list(position.theirs)
    steps = []
    for src, dst in moves:
        hit = dst != OFF and theirs[25 - dst] == 1
        if hit:
            theirs[25 - dst] = 0
        steps.append(_step_text(src, dst, hit))
    return " ".join(steps)


def _check_exportable(game: Game, number: int) -> None:
    from .game import OpeningRoll

    if not game.rules.cube:
        raise worded(MatExportError, "mat.export.no_cube", number=number, rules=game.rules.title)
    if game.start_number != CLASSIC_START:
        raise worded(MatExportError, "mat.export.start", number=number, start=game.start_number, classic=CLASSIC_START)
    if game.initial_position is not None:
        raise worded(MatExportError, "mat.export.position", number=number)
    if game.initial_cube != (1, None):
        raise worded(MatExportError, "mat.export.cube", number=number, value=game.initial_cube[0])
    if game.options.point_game:
        raise worded(MatExportError, "mat.export.point_game", number=number)
    if game.options.jacoby:
        raise worded(MatExportError, "mat.export.jacoby", number=number)
    if game.options.auto_doubles and any(
        isinstance(a, OpeningRoll) and a.black == a.white for a in game.history
    ):
        raise worded(MatExportError, "mat.export.auto_doubles", number=number)
    if game.result is None:
        raise worded(MatExportError, "mat.export.unfinished", number=number)


def _game_cells(game: Game) -> Iterator[tuple[Color, str]]:
    """``(player, cell text)`` for each turn and cube action of ``game``, in order."""
    from .game import Double, Drop, OpeningRoll, Played, Roll, Take

    position = start_position(CLASSIC_START)
    dice = (0, 0)
    cube = 1
    for action in game.history:
        if isinstance(action, OpeningRoll):
            if action.black != action.white:  # ties are rolled again and leave no trace in the file
                dice = (max(action.black, action.white), min(action.black, action.white))
                position = position.with_turn(BLACK if action.black > action.white else WHITE)
        elif isinstance(action, Roll):
            dice = (max(action.dice), min(action.dice))
        elif isinstance(action, Played):
            yield action.player, f"{dice[0]}{dice[1]}: {format_mat_moves(position, action.moves)}".rstrip()
            position = apply_moves(position, action.moves)[0] if action.moves else position.swapped()
        elif isinstance(action, Double):
            cube *= 2
            yield action.player, f" Doubles => {cube}"
        elif isinstance(action, Take):
            yield action.player, " Takes"
        elif isinstance(action, Drop):
            yield action.player, " Drops"
        # A resignation has no cell: the "Wins" line that ends the game says it all.


def _wins(points: int) -> str:
    return f"Wins {points} point{'s' if points > 1 else ''}"


def game_to_mat(
    game: Game,
    number: int = 1,
    score: tuple[int, int] = (0, 0),
    names: tuple[str, str] = ("Black", "White"),
) -> str:
    """One finished game as a ``.mat`` game section (ending in a blank line); ``score`` is (Black, White) before it.

    Lines are laid out in gnubg's columns: ``"%3d) "``, the left cell padded to 28, the right cell.
    """
    _check_exportable(game, number)
    _check_names(names)
    assert game.result is not None
    lines = [f" Game {number}", f" {f'{names[0]} : {score[0]}':<{NAME_CELL}}{names[1]} : {score[1]}"]
    rows: list[list[str | None]] = []  # [left cell, right cell]; cells alternate Black, White
    for player, cell in _game_cells(game):
        if player is BLACK or not rows or rows[-1][1] is not None:
            rows.append([None, None])
        rows[-1][0 if player is BLACK else 1] = cell
    wins = _wins(game.result.points)
    left_wins = game.result.winner is BLACK
    last_is_open = bool(rows) and rows[-1][1] is None  # the left cell is the last one written
    if not left_wins and last_is_open:
        rows[-1][1] = " " + wins  # the right column's "Wins" shares the line, as after a left " Drops"
    for n, (left, right) in enumerate(rows, 1):
        lines.append(f"{n:>3}) {left or '':<{LEFT_CELL - 1}} {right or ''}".rstrip())
    if left_wins:
        lines.append(f"      {wins}")
    elif not last_is_open:
        lines.append(f"{'':<{LEFT_CELL + 6}}{wins}")
    return "\n".join(lines) + "\n\n"


def match_to_mat(match: Match, names: tuple[str, str] = ("Black", "White")) -> str:
    """A match's finished games as a ``.mat`` file."""
    from .match import Match

    check_instance(match, Match, "match", A_MATCH)
    if not match.crawford and match.length > 1:
        raise worded(MatExportError, "mat.export.crawford")
    return games_to_mat(match.games, match.length, names, (match.initial_score[BLACK], match.initial_score[WHITE]))


def games_to_mat(
    games: Iterable[Game],
    length: int,
    names: tuple[str, str] = ("Black", "White"),
    score: tuple[int, int] = (0, 0),
) -> str:
    """The finished ``games`` of a match to ``length`` points as a ``.mat`` file (unfinished ones are left out);
    ``score`` (Black, White) is the score before the first of them."""
    from .game import Game

    check_int(length, "length", 1, MAX_MATCH_LENGTH)
    games = list(check_sequence(games, "games", GAMES))
    for game in games:
        check_instance(game, Game, "games", GAMES)
    _check_names(names)
    text = f" {length} point match\n\n"
    taken = check_sequence(score, "score", SCORE_PAIR)
    if len(taken) != 2:
        raise worded(MatExportError, "mat.export.score", score=shown(score))
    points = {BLACK: check_int(taken[0], "score", 0, length - 1), WHITE: check_int(taken[1], "score", 0, length - 1)}
    for number, game in enumerate(games, 1):
        if game.result is None:
            break
        text += game_to_mat(game, number, (points[BLACK], points[WHITE]), names)
        points[game.result.winner] += game.result.points
    return text


__all__ = ["MatExportError", "format_mat_moves", "game_to_mat", "games_to_mat", "match_to_mat"]
