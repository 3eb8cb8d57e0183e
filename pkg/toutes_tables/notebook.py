"""Boards in notebooks: the pictures Jupyter shows of positions, plays, games and matches.

Each is drawn by the engine's SVG writer (:func:`toutes_tables.svg.board_svg`), like python-chess's
boards; ``repr()`` stays the text for the terminal. Importing the package registers them in
:mod:`toutes_tables.display` (which explains why they are registered rather than imported).

- a :class:`~toutes_tables.Position`: its board;
- a :class:`~toutes_tables.Play`: the board before it, with an arrow for each move;
- a :class:`~toutes_tables.Game`: its current position, the dice, the cube (backgammon sets) and what
  is due, or the result;
- a :class:`~toutes_tables.Match`: its current game, with the match score.

>>> import toutes_tables as tt
>>> pos = tt.start_position(64)
>>> pos._repr_svg_() == position_svg(pos)
True
>>> play = tt.parse_play(pos, "13/7 8/7", (6, 1), "backgammon")
>>> svg = play._repr_svg_()
>>> svg.count('class="tt-arrow"'), "White plays 13/7 8/7" in svg
(2, True)
>>> game = tt.Game("backgammon", position=pos)
>>> "White to roll or double" in game._repr_svg_()
True
>>> game._repr_html_().startswith('<figure class="tt-notebook"><svg')
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .display import Picture, register
from .game import Game
from .match import Match
from .play import Play
from .position import BLACK, WHITE, Color, Position
from .svg import board_svg, dice_text


def _name(color: Color) -> str:
    return color.value.capitalize()


def position_svg(position: Position) -> str:
    """The board of ``position``, as Jupyter shows it."""
    return board_svg(position)


def play_svg(play: Play) -> str:
    """The board before ``play``, its moves drawn as arrows and its notation under the board."""
    return board_svg(play.position, arrows=play.moves, show_turn=False, notes=[_play_sentence(play)])


def _play_sentence(play: Play) -> str:
    mover = _name(play.position.turn)
    return f"{mover} plays {play}" if play else f"{mover} cannot move"


def _game_notes(game: Game) -> list[str]:
    """What the board alone does not say: what is due (or the result) and a Crawford game."""
    notes = []
    if game.phase == "opening":
        notes.append("the opening roll is due")
    elif game.phase == "roll":
        notes.append(f"{_name(game.position.turn)} to roll" + (" or double" if game.can_double() else ""))
    elif game.phase == "double-offered" and game.to_act is not None:
        notes.append(f"{_name(game.to_act)} to take or drop a double to {game.cube_value * 2}")
    elif game.result is not None:
        result = str(game.result)
        notes.append(result[0].upper() + result[1:])
    if game.is_crawford:
        notes.append("Crawford game")
    return notes


def _start_shown(game: Game) -> int | None:
    """The start number of a 225 set's game (a game set up from a position has only a nominal one)."""
    return game.start_number if game.rules.drawn_starts and game.initial_position is None else None


def game_svg(game: Game, notes: Sequence[str] = ()) -> str:
    """The current position of ``game`` with its dice, its cube (backgammon sets) and what is due; ``notes`` added."""
    return board_svg(
        game.position,
        dice=game.dice,
        start_number=_start_shown(game),
        show_turn=game.phase == "move",
        cube=game.cube_value if game.cube_enabled else None,
        cube_owner=game.cube_owner if game.cube_enabled else None,
        notes=[*_game_notes(game), *notes],
    )


def _match_score(match: Match) -> str:
    score = match.score
    return f"Match to {match.length}: Black {score[BLACK]}, White {score[WHITE]}"


def match_svg(match: Match) -> str:
    """The current game of ``match`` (:func:`game_svg`) with the match score."""
    won = [f"{_name(match.winner)} wins the match"] if match.winner else []
    return game_svg(match.game, [_match_score(match), *won])


def _position_picture(position: Position) -> Picture:
    return position_svg(position), f"{position.text()} (gnubg Position ID {position.gnubg_id()})"


def _play_picture(play: Play) -> Picture:
    return play_svg(play), f"{_play_sentence(play)} ({play.pips} pips), from {play.position.text()}"


def _game_caption(game: Game) -> str:
    number = _start_shown(game)
    start = [f"start No. {number}"] if number is not None else []
    # The board's line says who plays which dice itself; the caption says it in words.
    dice = game.dice if game.phase == "move" else None
    playing = [f"{_name(game.position.turn)} to play {dice_text(dice)}"] if dice else []
    return ", ".join([game.rules.title, *start, *playing, *_game_notes(game)])


def _game_picture(game: Game) -> Picture:
    return game_svg(game), _game_caption(game)


def _match_picture(match: Match) -> Picture:
    return match_svg(match), f"{_match_score(match)}; game {len(match.games)}: {_game_caption(match.game)}"


register(Position, _position_picture)
register(Play, _play_picture)
register(Game, _game_picture)
register(Match, _match_picture)

__all__ = ["game_svg", "match_svg", "play_svg", "position_svg"]
