"""training/relabel.py: deeper gnubg labels for the crashed positions of the training files (training/README.md,
the crashed network's next step; docs/benchmarks.md, *Crashed positions*)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from toutes_tables import InvalidPositionError, get_rules, legal_plays, start_position
from toutes_tables.ai.phases import crashed

RELABEL = Path(__file__).resolve().parents[1] / "training" / "relabel.py"
SEED = 20261207


@pytest.fixture(scope="module")
def relabel(load_hook: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_hook("training_relabel", RELABEL)  # training/ is not a package


def board(mine: list[int], theirs: list[int]) -> list[int]:
    return mine + theirs


# The mover's last checker on his ace point, the opponent's 14 on his six point and one on the bar: in contact
# (the bar checker must still pass the ace) and crashed (one checker in play). Any roll bears it off at once,
# with the bar checker still in the winner's home: a backgammon won for certain.
LAST_CHECKER = board([14, 1] + [0] * 24, [0] * 6 + [14] + [0] * 18 + [1])


def game_boards(count: int) -> list[list[int]]:
    """Boards of a seeded random game of backgammon from the classic start, the mover's counts first."""
    rng = random.Random(SEED)
    rules = get_rules("backgammon")
    position, boards = start_position(64), []
    while len(boards) < count:
        boards.append(list(position.mine + position.theirs))
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)), rules)
        position = rng.choice(plays).result if plays else position.swapped()
        if position.theirs[0] == 15:
            position = start_position(64)
    return boards


def test_a_stored_board_is_read_as_the_position_it_was(relabel: ModuleType) -> None:
    for stored in game_boards(40):
        position = relabel.position_of(stored)
        assert list(position.mine + position.theirs) == stored, f"seed {SEED}"


def test_a_bad_board_is_refused_naming_it(relabel: ModuleType) -> None:
    with pytest.raises(ValueError, match="52 counts, this one 51"):
        relabel.position_of(LAST_CHECKER[:-1])
    overfull = list(LAST_CHECKER)
    overfull[1] = 2  # 16 checkers
    with pytest.raises(InvalidPositionError):
        relabel.position_of(overfull)


def test_the_crashed_rows_are_those_the_engine_classes_crashed(relabel: ModuleType) -> None:
    boards = game_boards(300) + [LAST_CHECKER]
    expected = [i for i, b in enumerate(boards) if crashed(b[:26], b[26:])]
    assert relabel.selected_rows(boards, only_crashed=True) == expected
    assert expected and expected[-1] == len(boards) - 1  # the hand-made one is crashed
    assert relabel.selected_rows(boards, only_crashed=False) == list(range(len(boards)))


def test_shards_split_the_rows_in_order_without_loss_or_overlap(relabel: ModuleType) -> None:
    boards = game_boards(101)
    whole = relabel.selected_rows(boards, only_crashed=False)
    for n in (1, 2, 3, 7):
        shares = [relabel.selected_rows(boards, False, (k, n)) for k in range(1, n + 1)]
        assert [row for share in shares for row in share] == whole
        assert max(map(len, shares)) - min(map(len, shares)) <= n  # near equal


@pytest.mark.parametrize("text", ["1", "0/2", "3/2", "a/b", "1/2/3", "1/65"])
def test_a_bad_shard_is_refused_naming_it(relabel: ModuleType, text: str) -> None:
    with pytest.raises(ValueError, match=f"shard '{text}'"):
        relabel.parse_shard(text)


@pytest.mark.parametrize("plies", [-1, 4])
def test_plies_are_bounded(relabel: ModuleType, plies: int) -> None:
    with pytest.raises(ValueError, match=f"plies {plies}"):
        relabel.gnubg_labeller(plies)


def test_one_ply_reads_a_certain_backgammon_exactly_where_zero_ply_estimates(relabel: ModuleType) -> None:
    position = relabel.position_of(LAST_CHECKER)
    assert relabel.gnubg_labeller(1)(position) == (1.0, 1.0, 1.0, 0.0, 0.0)
    zero = relabel.gnubg_labeller(0)(position)
    assert zero != (1.0, 1.0, 1.0, 0.0, 0.0) and zero[0] > 0.99  # the network's estimate, not the game's end
    # The same board from the other side: the player on roll is the one losing.
    loser = relabel.gnubg_labeller(1)(position.swapped())
    assert loser[0] < 0.05 and loser[3] > 0.5


def test_relabel_keeps_the_rows_order_and_reports_progress(relabel: ModuleType) -> None:
    boards = game_boards(2500)
    rows = list(range(len(boards) - 1, -1, -1))  # backwards, to see the order kept
    seen: list[int] = []
    labels = relabel.relabel(boards, rows, lambda p: (float(p.pip_count()[0]), 0.0, 0.0, 0.0, 0.0), seen.append)
    assert [label[0] for label in labels] == [relabel.position_of(boards[r]).pip_count()[0] for r in rows]
    assert seen == [1000, 2000]
