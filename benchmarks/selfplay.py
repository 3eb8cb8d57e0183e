"""Games a computer level plays against itself, turn by turn: the positions the benchmarks measure.

Games alternate between the rule sets given; a ``-225`` set starts each game from a start drawn
at random among the 225, any other set from the classic start (No. 64). The opening roll is never
a double, as in a game. ``choose`` picks each play (``None`` when none is possible).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pkg"))

from toutes_tables import Play, Position, legal_plays, start_position  # noqa: E402
from toutes_tables.position import CHECKERS, OFF, WHITE  # noqa: E402

Chooser = Callable[[Position, tuple[int, int], str], Play | None]


@dataclasses.dataclass(frozen=True)
class Turn:
    position: Position
    dice: tuple[int, int]
    rules: str
    plays: list[Play]  # every legal play
    play: Play | None  # the one chosen
    game: int  # 1 for the first game

    @property
    def is_decision(self) -> bool:
        """At least two legal plays that lead to different positions: a real choice."""
        return len({play.result for play in self.plays}) >= 2


def turns(choose: Chooser, rules_list: list[str], rng: random.Random) -> Iterator[Turn]:
    """Every turn of an endless series of self-play games."""
    game = 0
    while True:
        rules = rules_list[game % len(rules_list)]
        game += 1
        position = start_position(rng.randint(1, 225) if rules.endswith("-225") else 64, WHITE)
        dice = opening_roll(rng)
        while True:
            play = choose(position, dice, rules)
            yield Turn(position, dice, rules, legal_plays(position, dice, rules), play, game)
            position = play.result if play is not None else position.swapped()
            if position.theirs[OFF] == CHECKERS:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))


def opening_roll(rng: random.Random) -> tuple[int, int]:
    """The first roll of a game: each player throws one die until they differ."""
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if dice[0] != dice[1]:
            return dice
