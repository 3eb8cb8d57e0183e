"""The computer's answer to a resignation (docs/rules/scoring.md, "Resigning").

A resignation is an offer: the player who must act concedes an outcome, and his opponent accepts it (the
game ends, scored as won that way) or refuses it (the game goes on as it was). The computer answers as a
player would: it accepts when what the resignation gives it is at least what it expects from playing on,
its cubeless equity in the position times the cube (gammons counted as the game would score them), and
refuses when playing on is worth more. In the point game the resignation gives the count as it stands,
which a win later rarely beats (the loser's checkers only come home): the computer's expectation of
playing on is that count won as often as it wins and lost as often as it loses. The answer's reason is
said in a language (:meth:`ResignationAnswer.reason_in`, the message catalogues' ``resign.*`` keys).
"""

from __future__ import annotations

import dataclasses

from .errors import IllegalMoveError
from .game import Game
from .messages import DEFAULT_LANGUAGE, say, worded
from .position import Color
from .rules import Outcome
from .words import colour_word, outcome_words, points_words


@dataclasses.dataclass(frozen=True)
class ResignationAnswer:
    """The receiver's answer: ``offered`` is what the resignation scores for it, ``playing_on`` its expectation."""

    receiver: Color
    outcome: Outcome
    accepts: bool
    offered: float
    playing_on: float

    @property
    def reason(self) -> str:
        """The reason in English (White accepts: a single game gives 1 point, and playing on is worth -0.42.)"""
        return self.reason_in(DEFAULT_LANGUAGE)

    def reason_in(self, lang: str) -> str:
        """The reason in ``lang`` (Blanc accepte : une partie simple rapporte 1 point, et continuer vaut -0.42.)"""
        gives = say(lang, "resign.gives", outcome=outcome_words(self.outcome, lang),
                    points=points_words(self.offered, lang))
        who = colour_word(self.receiver, lang)
        key = "resign.accepts" if self.accepts else "resign.refuses"
        return say(lang, key, who=who, gives=gives, worth=f"{self.playing_on:+.2f}")


def resigner(game: Game) -> Color:
    """Who resigns now: the player who must act (IllegalMoveError before the opening roll or once it is over)."""
    if game.phase in ("opening", "over"):
        raise worded(IllegalMoveError, "resign.phase", phase=repr(game.phase))
    return game.to_act or game.position.turn


def judge_resignation(game: Game, outcome: Outcome) -> ResignationAnswer:
    """The answer of the opponent of the player who must act to his resignation of ``outcome``."""
    from .ai.cube import position_chances

    if outcome not in game.resign_outcomes:
        raise worded(IllegalMoveError, "resign.outcome", rules=game.rules.title, outcome=repr(outcome),
                     outcomes=repr(game.resign_outcomes))
    receiver = resigner(game).other
    offered = float(game.score(receiver, outcome))
    # the chances are the player on roll's, before he rolls (a roll already made is not counted)
    c = position_chances(game.position, game.rules)
    sign = 1.0 if game.position.turn is receiver else -1.0
    win = c.win if sign > 0 else 1.0 - c.win
    if game.rules.cube and game.options.point_game:
        playing_on = offered * (2.0 * win - 1.0)
    elif game.options.jacoby and not game.cube_turned:
        playing_on = (2.0 * win - 1.0) * game.cube_value  # gammons do not count before the cube is turned
    else:
        playing_on = sign * c.equity(game.rules) * game.cube_value
    playing_on = round(playing_on, 3)
    return ResignationAnswer(receiver, outcome, playing_on <= offered, offered, playing_on)
