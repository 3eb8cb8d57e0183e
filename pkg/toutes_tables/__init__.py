"""Toutes Tables: rules of Toutes Tables 225, Toutes tables (1698), Backgammon 225 and Backgammon.

>>> import toutes_tables as tt
>>> pos = tt.start_position(64)
>>> plays = tt.legal_plays(pos, (6, 5), rules="backgammon")
>>> str(tt.parse_play(pos, "24/13", (6, 5), rules="backgammon"))
'24/13'
"""

from __future__ import annotations

from collections.abc import Sequence

from .chouette import Answer, Chouette, ChouetteAction, Join, NextGame, Settlement, order_from_rolls, roll_for_order
from .errors import (
    IllegalMoveError, InvalidArgumentError, InvalidNotationError, InvalidPositionError, InvalidRecordError,
)
from .game import (
    Action, Double, Drop, Game, GameOptions, GameResult, OpeningRoll, Played, Resign, Roll, Take, announce,
)
from .match import Match
from .matchid import MatchState, gnubg_id, match_state
from .matfile import MatExportError, games_to_mat, match_to_mat
from .movegen import check_dice, legal_plays
from .notation import format_play
from . import notebook  # noqa: F401  (importing it registers the notebook pictures: toutes_tables.display)
from .play import Move, Play
from .player import ComputerPlayer, MatchScore, choose_play, cube_decision, estimate, match_score
from .position import BAR, BLACK, CHECKERS, OFF, WHITE, Color, Position
from .rules import DEFAULT_RULES, RULE_SETS, Outcome, RuleSet, get_rules
from .starts import CLASSIC_START, DrawnStart, draw_start, start_number, start_points, start_position, start_rolls
from .textboard import board_text
from .turn import TurnInProgress

__version__ = "0.1.0"


def parse_play(position: Position, text: str, dice: Sequence[int], rules: str | RuleSet = DEFAULT_RULES) -> Play:
    """The legal play that ``text`` (standard notation) describes; raises a ``ValueError`` subclass.

    :class:`InvalidNotationError` for text that is not notation, :class:`IllegalMoveError`
    for a play the position and dice do not allow.
    """
    from .notation import parse_play as _parse

    return _parse(position, text, legal_plays(position, dice, rules), dice)


__all__ = [
    # positions, starts, rules
    "BAR", "BLACK", "CHECKERS", "CLASSIC_START", "DEFAULT_RULES", "OFF", "RULE_SETS", "WHITE",
    "Color", "DrawnStart", "Outcome", "Position", "RuleSet",
    "draw_start", "get_rules", "start_number", "start_points", "start_position", "start_rolls",
    # plays
    "Move", "Play", "TurnInProgress", "check_dice", "format_play", "legal_plays", "parse_play",
    # games, matches, records, gnubg interchange
    "Action", "Double", "Drop", "Game", "GameOptions", "GameResult", "Match", "OpeningRoll", "Played", "Resign",
    "Roll", "Take", "announce", "MatchState", "gnubg_id", "match_state", "MatExportError", "games_to_mat",
    "match_to_mat",
    # chouette: three or more players at one board
    "Answer", "Chouette", "ChouetteAction", "Join", "NextGame", "Settlement", "order_from_rolls", "roll_for_order",
    # the computer player and text board
    "ComputerPlayer", "MatchScore", "choose_play", "cube_decision", "estimate", "match_score", "board_text",
    # errors
    "IllegalMoveError", "InvalidArgumentError", "InvalidNotationError", "InvalidPositionError", "InvalidRecordError",
]
