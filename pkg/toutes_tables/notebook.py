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

The pictures' words (the SVG's title, the line under the board, the caption) are the engine's message
catalogue's, in English until :func:`set_language` names another language:

>>> set_language("fr")
>>> "Blanc lance les dés ou double" in game._repr_svg_()
True
>>> set_language("en")
"""

from __future__ import annotations

from collections.abc import Sequence

from .display import Picture, register
from .game import Game
from .match import Match
from .messages import DEFAULT_LANGUAGE, check_language, say
from .play import Play
from .position import BLACK, WHITE, Color, Position
from .svg import board_svg, dice_text
from .words import colour_word, result_description

_language = DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    """Say the pictures' words in ``lang`` from now on (one of :func:`toutes_tables.messages.languages`).

    A notebook is one reader's: the language is the module's, for every picture drawn after the call.
    """
    global _language
    _language = check_language(lang)


def _say(key: str, **values: object) -> str:
    return say(_language, key, **values)


def _name(color: Color) -> str:
    return colour_word(color, _language)


def position_svg(position: Position) -> str:
    """The board of ``position``, as Jupyter shows it."""
    return board_svg(position, lang=_language)


def play_svg(play: Play) -> str:
    """The board before ``play``, its moves drawn as arrows and its notation under the board."""
    return board_svg(play.position, arrows=play.moves, show_turn=False, notes=[_play_sentence(play)], lang=_language)


def _play_sentence(play: Play) -> str:
    mover = _name(play.position.turn)
    return _say("notebook.plays", who=mover, play=play) if play else _say("notebook.cannot_move", who=mover)


def _game_notes(game: Game) -> list[str]:
    """What the board alone does not say: what is due (or the result) and a Crawford game."""
    notes = []
    if game.phase == "opening":
        notes.append(_say("notebook.opening_due"))
    elif game.phase == "roll":
        key = "notebook.to_roll_or_double" if game.can_double() else "notebook.to_roll"
        notes.append(_say(key, who=_name(game.position.turn)))
    elif game.phase == "double-offered" and game.to_act is not None:
        notes.append(_say("notebook.to_answer", who=_name(game.to_act), value=game.cube_value * 2))
    elif game.result is not None:
        description = result_description(game.result, _language)
        notes.append(_say("notebook.wins", who=_name(game.result.winner), description=description))
    if game.is_crawford:
        notes.append(_say("notebook.crawford"))
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
        lang=_language,
    )


def _match_score(match: Match) -> str:
    score = match.score
    return _say("notebook.match_score", length=match.length, black=score[BLACK], white=score[WHITE])


def match_svg(match: Match) -> str:
    """The current game of ``match`` (:func:`game_svg`) with the match score."""
    won = [_say("notebook.wins_match", who=_name(match.winner))] if match.winner else []
    return game_svg(match.game, [_match_score(match), *won])


def _position_picture(position: Position) -> Picture:
    return position_svg(position), _say("notebook.caption.position", text=position.text(), id=position.gnubg_id())


def _play_picture(play: Play) -> Picture:
    caption = _say("notebook.caption.play", play=_play_sentence(play), pips=play.pips, text=play.position.text())
    return play_svg(play), caption


def _game_caption(game: Game) -> str:
    number = _start_shown(game)
    start = [_say("svg.status.start", number=number)] if number is not None else []
    # The board's line says who plays which dice itself; the caption says it in words.
    dice = game.dice if game.phase == "move" else None
    who = _name(game.position.turn)
    playing = [_say("svg.to_play_dice", colour=who, dice=dice_text(dice, _language))] if dice else []
    return ", ".join([game.rules.title, *start, *playing, *_game_notes(game)])


def _game_picture(game: Game) -> Picture:
    return game_svg(game), _game_caption(game)


def _match_picture(match: Match) -> Picture:
    score, number = _match_score(match), len(match.games)
    caption = _say("notebook.caption.match", score=score, number=number, game=_game_caption(match.game))
    return match_svg(match), caption


register(Position, _position_picture)
register(Play, _play_picture)
register(Game, _game_picture)
register(Match, _match_picture)

__all__ = ["game_svg", "match_svg", "play_svg", "position_svg", "set_language"]
