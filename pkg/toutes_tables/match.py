"""A match to N points: a sequence of games, the score, and the rules between games.

* The first player to reach ``length`` points wins the match (points past it are kept in
  the score as won).
* **Crawford rule** (backgammon sets with the cube, ``crawford=True`` by default): in the
  game right after a player first reaches ``length - 1``, nobody may double (automatic
  doubles do not apply either). There is at most one Crawford game; a 1-point match has none.
* **A match to 1 point is played without the cube** (docs/rules/cube.md, "A match to 1 point"):
  whoever wins the game wins the match, whatever it is worth, so a double could gain nothing. In
  the backgammon sets its :attr:`options` have the cube and automatic doubles off, whatever was asked.
* **225 sets**: a new start is drawn for games 1, 3, 5, ... and the same start (its drawing
  dice and number kept) is played again in games 2, 4, 6, ...
* **Winner opens** (the 1698 Toutes tables option): from game 2 on, the winner of the last
  game opens the next one with a roll of his own, without an opening roll.
* The Jacoby rule is for money play and is refused in a match.
* **A match taken up at a score** (``score``, the analysis board's "Play from here"): each
  side's score is below the length. The first game is the Crawford game when one side is at
  ``length - 1`` and the other is not, unless ``post_crawford`` says the Crawford game has
  been played (the score was reached before it); with both sides at ``length - 1`` the
  Crawford game is over. That first game may be set up from a ``position`` with the cube
  turned (``cube_value``, ``cube_owner``, as :class:`~toutes_tables.Game` takes them); the
  later games begin at their start as usual.

>>> import random, toutes_tables as tt
>>> match = tt.Match("toutes-tables", 3, rng=random.Random(7))
>>> match.game.start_number, match.score, match.is_over
(64, {BLACK: 0, WHITE: 0}, False)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

from .display import Pictured
from .errors import IllegalMoveError, InvalidArgumentError, shown
from .game import Game, GameOptions, agreed_options
from .messages import colour_word, worded
from .position import BLACK, WHITE, Color, Position
from .rules import MAX_MATCH_LENGTH, RuleSet
from .starts import DiceSource, DrawnStart


class Match(Pictured):
    """A match of ``length`` points in one rule set, its games played one after another.

    ``start`` chooses the start of the first pair of games in a 225 set (a number or a
    :class:`~toutes_tables.DrawnStart`); later pairs are drawn from ``rng``. Call
    :meth:`next_game` when the current :attr:`game` is over to begin the next one. In a notebook a
    match shows its current game and the score.
    """

    def __init__(
        self,
        rules: str | RuleSet | None = None,
        length: int = 5,
        options: GameOptions | None = None,
        rng: DiceSource | None = None,
        *,
        crawford: bool = True,
        start: int | DrawnStart | None = None,
        score: Mapping[Color, int] | None = None,
        post_crawford: bool = False,
        position: Position | None = None,
        cube_value: int = 1,
        cube_owner: Color | None = None,
    ) -> None:
        options = agreed_options(options, rules)
        self.rules: RuleSet = options.validate()
        if options.jacoby:
            raise worded(ValueError, "match.jacoby")
        if type(length) is not int or not 1 <= length <= MAX_MATCH_LENGTH:
            raise worded(InvalidArgumentError, "match.length", most=MAX_MATCH_LENGTH, length=shown(length))
        if length == 1 and self.rules.cube:
            options = dataclasses.replace(options, cube=False, auto_doubles=0)  # the cube is dead
        self.options: GameOptions = options
        self.length: int = length
        self.crawford: bool = bool(crawford)
        self.initial_score: dict[Color, int] = _initial_score(score, length)
        if type(post_crawford) is not bool:
            raise worded(InvalidArgumentError, "game.option_boolean", name="post_crawford", value=shown(post_crawford))
        if post_crawford and length - 1 not in self.initial_score.values():
            raise worded(InvalidArgumentError, "match.post_crawford", at=length - 1,
                         black=self.initial_score[BLACK], white=self.initial_score[WHITE])
        self.post_crawford: bool = post_crawford
        self.rng: DiceSource = rng if rng is not None else random.SystemRandom()
        self.games: list[Game] = []
        self._begin(start, position=position, cube_value=cube_value, cube_owner=cube_owner)

    def __repr__(self) -> str:
        s = self.score
        return (
            f"<Match {self.rules.name} to {self.length}: black {s[BLACK]} white {s[WHITE]}, "
            f"game {len(self.games)} {self.game.phase}>"
        )

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self.games[-1]

    def _score_after(self, games: list[Game]) -> dict[Color, int]:
        score = dict(self.initial_score)
        for game in games:
            if game.result is not None:
                score[game.result.winner] += game.result.points
        return score

    @property
    def score(self) -> dict[Color, int]:
        """Points won so far by each colour (finished games only), from :attr:`initial_score`."""
        return self._score_after(self.games)

    @property
    def winner(self) -> Color | None:
        score = self.score
        for color in (BLACK, WHITE):
            if score[color] >= self.length:
                return color
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _next_is_crawford(self) -> bool:
        if not (self.crawford and self.rules.cube and self.options.cube):
            return False
        if not self.games:  # taken up at a score: the Crawford game is now unless it has been played
            at = [v == self.length - 1 for v in self.initial_score.values()]
            return any(at) and not all(at) and not self.post_crawford
        before = self._score_after(self.games[:-1])
        now = self.score
        return any(v == self.length - 1 for v in now.values()) and all(v < self.length - 1 for v in before.values())

    def _next_start(self, start: int | DrawnStart | None) -> int | DrawnStart | None:
        if not self.rules.drawn_starts or len(self.games) % 2 == 0:
            return start  # a new start (or the classic one): Game checks and draws it
        previous = self.games[-1]
        same: int | DrawnStart = previous.drawn_start or previous.start_number
        if start is not None:
            number = start.number if isinstance(start, DrawnStart) else start
            if number != previous.start_number:
                raise worded(ValueError, "match.replayed_start", number=len(self.games) + 1,
                             start=previous.start_number, previous=len(self.games), given=number)
        return same

    def _begin(
        self,
        start: int | DrawnStart | None,
        *,
        position: Position | None = None,
        cube_value: int = 1,
        cube_owner: Color | None = None,
    ) -> Game:
        opener = None
        if self.options.winner_opens and self.games:
            result = self.games[-1].result
            opener = result.winner if result is not None else None
        game = Game(
            None,
            self._next_start(start),
            self.options,
            rng=self.rng,
            is_crawford=self._next_is_crawford(),
            opener=opener,
            position=position,
            cube_value=cube_value,
            cube_owner=cube_owner,
        )
        self.games.append(game)
        return game

    def next_game(self, start: int | DrawnStart | None = None) -> Game:
        """Begin the next game once the current one is over; ``start`` only for a game that draws a new one."""
        if not self.game.is_over:
            raise worded(IllegalMoveError, "match.game_not_over", number=len(self.games), phase=repr(self.game.phase))
        if self.is_over:
            raise worded(IllegalMoveError, "match.over", winner=colour_word(self.winner) if self.winner else "")
        return self._begin(start)

    @property
    def crawford_game(self) -> int | None:
        """The number (1-based) of the Crawford game, once it has begun."""
        for i, game in enumerate(self.games, 1):
            if game.is_crawford:
                return i
        return None


def _initial_score(score: object, length: int) -> dict[Color, int]:
    """The score a match is taken up at: 0-0 by default, each side's below ``length``."""
    if score is None:
        return {BLACK: 0, WHITE: 0}
    if not isinstance(score, Mapping) or set(score) - {BLACK, WHITE}:
        raise worded(InvalidArgumentError, "match.score_form", value=shown(score))
    taken = {BLACK: score.get(BLACK, 0), WHITE: score.get(WHITE, 0)}
    for points in taken.values():
        if type(points) is not int or not 0 <= points < length:
            raise worded(InvalidArgumentError, "match.score", most=length - 1, length=length, value=shown(score))
    return taken


__all__ = ["Match"]
