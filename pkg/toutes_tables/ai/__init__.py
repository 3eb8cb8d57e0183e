"""The strong computer opponent: a trained neural-network evaluation, evaluated in pure Python.

>>> from toutes_tables import start_position
>>> from toutes_tables.ai import choose_play, LEVELS
>>> list(LEVELS)
['beginner', 'intermediate', 'advanced', 'expert', 'world-class']
>>> choose_play(start_position(64), (6, 5), "backgammon", "advanced").result == choose_play(
...     start_position(64), (6, 5), "backgammon", "expert").result
True
"""

from __future__ import annotations

from .advice import Hint, PlayAdvice, hint, play_cost
from .cube import CubeAdvice, CubeState, cube_advice, should_double, should_take
from .evaluate import Chances, chances, equity, equity_after
from .levels import DEFAULT_LEVEL, LEVELS, Level, choose_play, get_level
from .met import MatchEquityTable, match_winning_chance
from .search import ScoredPlay, rank_plays, rank_plays_deeper

__all__ = [
    "Chances",
    "chances",
    "equity",
    "equity_after",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Level",
    "choose_play",
    "get_level",
    "ScoredPlay",
    "rank_plays",
    "rank_plays_deeper",
    "CubeAdvice",
    "CubeState",
    "cube_advice",
    "should_double",
    "should_take",
    "Hint",
    "PlayAdvice",
    "hint",
    "play_cost",
    "MatchEquityTable",
    "match_winning_chance",
]
