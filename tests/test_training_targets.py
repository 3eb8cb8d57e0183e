"""training/targets.py: double-game targets that look at the rest of a game (docs/benchmarks.md, *The double-game
outputs on the engine's own games*)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

TARGETS = Path(__file__).resolve().parents[1] / "training" / "targets.py"


@pytest.fixture(scope="module")
def targets(load_hook: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_hook("training_targets", TARGETS)  # training/ is not a package


# Two games, each position's mover alternating: game 0 (3 positions) ends in a double game won by the mover of
# its last position; game 1 (2 positions) in a single game.
GAMES = [0, 0, 0, 1, 1]
OUTCOMES = [(1, 1, 0), (0, 0, 1), (1, 1, 0), (0, 0, 0), (1, 0, 0)]
SEEN = [(0.1, 0.2), (0.3, 0.05), (0.4, 0.1), (0.2, 0.2), (0.25, 0.15)]


def test_lambda_one_is_the_outcome_of_each_mover(targets: ModuleType) -> None:
    result = targets.lambda_targets(OUTCOMES, GAMES, SEEN, 1.0)
    assert result == [(float(o[1]), float(o[2])) for o in OUTCOMES]


def test_lambda_zero_is_the_next_position_seen_from_the_other_side(targets: ModuleType) -> None:
    result = targets.lambda_targets(OUTCOMES, GAMES, SEEN, 0.0)
    # The next mover's (win, lose) is this mover's (lose, win); a game's last position keeps its outcome.
    assert result == [(0.05, 0.3), (0.1, 0.4), (1.0, 0.0), (0.15, 0.25), (0.0, 0.0)]


def test_lambda_mixes_back_from_the_end(targets: ModuleType) -> None:
    result = targets.lambda_targets(OUTCOMES, GAMES, SEEN, 0.5)
    last = (1.0, 0.0)
    middle = (0.5 * 0.1 + 0.5 * last[1], 0.5 * 0.4 + 0.5 * last[0])
    first = (0.5 * 0.05 + 0.5 * middle[1], 0.5 * 0.3 + 0.5 * middle[0])
    assert result[:3] == pytest.approx([first, middle, last])


@pytest.mark.parametrize("lam", [-0.1, 1.5])
def test_a_lambda_outside_zero_to_one_is_refused(targets: ModuleType, lam: float) -> None:
    with pytest.raises(ValueError, match="lambda"):
        targets.lambda_targets(OUTCOMES, GAMES, SEEN, lam)
