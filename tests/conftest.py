"""Shared helpers for the engine tests: a compact position literal and seeded random positions.

``pos("white 3:1 2:2 / 24:1")`` builds a position from :meth:`Position.from_text`'s literal:
the player on roll's checkers, a slash, the opponent's, each as ``point:count`` in its owner's
player numbering (``bar:n`` for the bar); checkers not listed are borne off.
"""

from __future__ import annotations

import importlib.util
import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import pytest
from hypothesis import settings

from toutes_tables import CHECKERS, CLASSIC_START, WHITE, Game, Position, legal_plays, start_position

T = TypeVar("T")

# Property tests are reproducible: the same examples on every run (derandomize), no example
# database carried between runs, and no deadline (a slow machine must not fail a test).
settings.register_profile("toutes-tables", derandomize=True, database=None, deadline=None, print_blob=True)
settings.load_profile("toutes-tables")

ALL_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct rolls, doubles included."""


def _load_hook(name: str, path: Path) -> ModuleType:
    """A file outside the packages (a build hook of hooks/ or docs/hooks/, a training script) loaded as ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def load_hook() -> Callable[[str, Path], ModuleType]:
    return _load_hook


def position_literal(text: str) -> Position:
    return Position.from_text(text)


@pytest.fixture
def pos() -> Callable[[str], Position]:
    """The position literal helper: ``pos("white 3:1 2:2 / 24:1")``."""
    return position_literal


def selfplay_pairs(seed: int, count: int, rules: str = "backgammon") -> Iterator[tuple[Position, tuple[int, int]]]:
    """``count`` reachable ``(position, roll)`` pairs from seeded random self-play.

    Games start from the classic start (``backgammon``, ``toutes-tables``) or a random one of the
    225 (the ``-225`` sets) and play a uniformly random legal play each turn, which hits and
    bears off far more than real players do: a good spread of bar, contact and race positions.
    """
    rng = random.Random(seed)
    produced = 0
    while True:
        position = start_position(rng.randint(1, 225) if rules.endswith("225") else 64)
        while position.winner() is None:
            if produced == count:
                return
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            yield position, dice
            produced += 1
            plays = legal_plays(position, dice, rules)
            position = rng.choice(plays).result if plays else position.swapped()


def scattered_position(rng: random.Random) -> Position:
    """A random legal position, not necessarily reachable: checkers thrown anywhere, bars and trays too.

    It reaches corners self-play rarely does (several checkers on the bar, crowded home boards).
    """
    mine = [0] * 26
    theirs = [0] * 26
    for side, other in ((mine, theirs), (theirs, mine)):
        for _ in range(CHECKERS):
            while True:
                where = rng.choice((0, 25, *range(1, 25), *range(1, 7), *range(1, 7)))
                if where in (0, 25) or not other[25 - where]:
                    side[where] += 1
                    break
    return Position(mine, theirs)


@pytest.fixture
def selfplay() -> Callable[..., Iterator[tuple[Position, tuple[int, int]]]]:
    """``selfplay(seed, count, rules)``: reachable (position, roll) pairs from seeded random games."""
    return selfplay_pairs


@pytest.fixture
def scattered() -> Callable[[random.Random], Position]:
    """``scattered(rng)``: a random legal position with checkers anywhere (bars and trays too)."""
    return scattered_position


OPENING_ROLLS = [(high, low) for high in range(2, 7) for low in range(1, high)]


def first_opening_where(
    found: Callable[[Position, tuple[int, int]], T | None],
) -> tuple[Position, tuple[int, int], T] | None:
    """The first opening roll for which ``found`` gives something: ``(start, roll, what it gave)``, or None.

    The classic start first, then the 225 starts in turn (White on roll); each start's 15 opening
    rolls in order. Tests that need "a case the shipped network produces" search with it, since
    which opening shows the case changes with each training.
    """
    for number in (CLASSIC_START, *range(1, 226)):
        start = start_position(number, WHITE)
        for roll in OPENING_ROLLS:
            if (value := found(start, roll)) is not None:
                return start, roll, value
    return None


@pytest.fixture
def first_opening() -> Callable[..., tuple[Position, tuple[int, int], object] | None]:
    """``first_opening(found)``: the first opening roll where ``found`` gives something (see first_opening_where)."""
    return first_opening_where


def random_plays_game(rules: str, seed: int, turns: int) -> Game:
    """The first ``turns`` turns of a game from a start (a drawn one in the 225 sets), each side playing at random."""
    rng = random.Random(seed)
    game = Game(rules, rng=rng)
    game.roll_opening()
    for _ in range(turns):
        if game.phase == "roll":
            game.roll()
        plays = game.legal_plays()
        game.play(rng.choice(plays)) if plays else game.pass_turn()
    return game


@pytest.fixture
def random_game() -> Callable[[str, int, int], Game]:
    """``random_game(rules, seed, turns)``: a game's first turns played at random (seeded)."""
    return random_plays_game


@pytest.fixture
def random_record(tmp_path: Path) -> Callable[[int], Path]:
    """A file holding a backgammon game of ``turns`` random plays (seeded): a record the review finds errors in."""

    def write(turns: int) -> Path:
        from toutes_tables.record import game_to_text

        path = tmp_path / "game.txt"
        path.write_text(game_to_text(random_plays_game("backgammon", 6, turns)))
        return path

    return write


class RankingCounter:
    """How many rankings of a roll's plays the rollouts have done: the unit of their work bound."""

    def __init__(self) -> None:
        self.count = 0


@pytest.fixture
def rollout_rankings(monkeypatch: pytest.MonkeyPatch) -> RankingCounter:
    """Counts :mod:`toutes_tables.rollout`'s calls of ``rank_plays`` from now on (``.count``, 0 to restart)."""
    from toutes_tables import rollout

    counter = RankingCounter()
    real = rollout.rank_plays

    def counted(*args: object) -> object:
        counter.count += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(rollout, "rank_plays", counted)
    return counter


@pytest.fixture
def french() -> Iterator[None]:
    """The JSON service speaks French for the test (as on a /fr/ page), and English again after it."""
    from toutes_tables import services

    services.dispatch("set_language", {"lang": "fr"})
    try:
        yield
    finally:
        services.dispatch("set_language", {"lang": "en"})


@pytest.fixture(autouse=True)
def _no_language_preference() -> Iterator[None]:
    """The command line's language comes from what a test sets (LANG, LC_ALL, --lang), not from the machine's
    LANGUAGE, which messages.locale_language reads first, as gettext does. (Not through ``monkeypatch``: an
    autouse fixture would set it up first, so undo a test's own patches only after the test's other fixtures
    have been torn down.)"""
    saved = os.environ.pop("LANGUAGE", None)
    yield
    if saved is not None:
        os.environ["LANGUAGE"] = saved
