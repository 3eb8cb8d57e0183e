"""Invariants of the computer's evaluation, advice and cube across the four rule sets, on many positions.

* A finished game is worth its payoff, whichever way it is asked (equity, the cube's chances).
* A position and its mirror (the same checkers, the other colour on roll) get the same advice.
* Every level returns a legal play in every rule set, and a hint lists legal plays only.
* The cube never recommends a double the rules (or a dead cube) do not allow.
"""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Callable, Iterator

import pytest

from toutes_tables import RULE_SETS, Position, get_rules, legal_plays
from toutes_tables.ai import LEVELS, CubeState, choose_play, cube_advice, equity, hint, play_cost, should_double
from toutes_tables.ai.cube import position_chances
from toutes_tables.position import BLACK, WHITE

SelfPlay = Callable[..., Iterator[tuple[Position, tuple[int, int]]]]
BACKGAMMON_SETS = [r for r in RULE_SETS if get_rules(r).cube]

# The loser's checkers once the winner has borne off all 15: (literal, backgammon payoff, Toutes tables payoff).
FINISHED = [("1:3 2:2", 1, 1), ("6:15", 2, 1), ("7:1 6:14", 2, 2), ("19:1 6:14", 3, 2), ("bar:1 6:14", 3, 2)]


@pytest.mark.parametrize(("loser", "backgammon", "toutes"), FINISHED)
@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_finished_game_is_worth_its_payoff_to_the_cube_too(
    loser: str, backgammon: int, toutes: int, rules: str
) -> None:
    payoff = backgammon if get_rules(rules).backgammon_scoring else toutes
    lost = Position.from_text(f"white {loser} / -")
    assert equity(lost, rules) == -payoff
    assert position_chances(lost, rules).equity(get_rules(rules)) == -payoff
    won = lost.swapped()
    assert equity(won, rules) == payoff
    assert position_chances(won, rules, ply=1).equity(get_rules(rules)) == payoff


def _mirror(position: Position) -> Position:
    """The same checkers for the player on roll and his opponent, with the colours exchanged."""
    return Position(position.mine, position.theirs, position.turn.other)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_position_and_its_mirror_get_the_same_advice(rules: str, selfplay: SelfPlay) -> None:
    for position, dice in itertools.islice(selfplay(11, 40, rules), 0, 40, 4):
        mirror = _mirror(position)
        assert mirror.turn is not position.turn
        assert equity(mirror, rules) == equity(position, rules)
        ours = hint(position, dice, rules, level="advanced", count=3)
        theirs = hint(mirror, dice, rules, level="advanced", count=3)
        assert [(a.notation, a.equity, a.reason) for a in ours.plays] == [
            (a.notation, a.equity, a.reason) for a in theirs.plays
        ]
        if get_rules(rules).cube:
            cube, mirrored_cube = CubeState(2, position.turn), CubeState(2, mirror.turn)
            assert cube_advice(position, rules, cube, "advanced") == cube_advice(
                mirror, rules, mirrored_cube, "advanced"
            )


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_level_returns_a_legal_play_and_hints_list_legal_plays(rules: str, selfplay: SelfPlay) -> None:
    rng = random.Random(5)
    for position, dice in itertools.islice(selfplay(3, 60, rules), 0, 60, 6):
        legal = legal_plays(position, dice, rules)
        for level in LEVELS:
            if rng.random() < {"expert": 0.7, "world-class": 0.9}.get(level, 0.0):
                continue  # the levels that look ahead on a few positions only: the test stays fast
            chosen = choose_play(position, dice, rules, level, rng)
            assert (chosen is None) == (not legal)
            assert chosen is None or chosen in legal
        advice = hint(position, dice, rules, level="advanced", count=len(legal) + 1)
        assert len(advice.plays) == len(legal) and {a.play for a in advice.plays} == set(legal)
        assert all(a.equity >= b.equity for a, b in itertools.pairwise(advice.plays))
        costs = [play_cost(position, dice, a.play, rules, "advanced") for a in advice.plays]
        assert all(c >= 0.0 for c in costs) and (not costs or costs[0] == 0.0)
        assert costs == sorted(costs)


@pytest.mark.parametrize("rules", BACKGAMMON_SETS)
def test_the_cube_never_offers_a_double_the_rules_forbid(rules: str, selfplay: SelfPlay) -> None:
    rng = random.Random(8)
    for position, _ in itertools.islice(selfplay(21, 120, rules), 0, 120, 5):
        me = position.turn
        value = rng.choice((1, 2, 4))
        owner = None if value == 1 else rng.choice((me, me.other))
        length = rng.choice((0, 3, 7))
        away = (rng.randint(1, length), rng.randint(1, length)) if length else (0, 0)
        crawford = bool(length) and 1 in away and rng.random() < 0.5
        cube = CubeState(value, owner, length, away, crawford, jacoby=not length and rng.random() < 0.5)
        advice = cube_advice(position, rules, cube, "advanced")
        forbidden = owner is me.other or crawford or (length and value >= away[0])
        assert advice.may_double == (not forbidden)
        if not advice.may_double:
            assert not advice.double and not should_double(position, rules, cube, "advanced")
        assert advice.double_drop == 1.0
        assert advice.take == (advice.double_take <= 1.0)
        if advice.double and not (length and away[1] == 1):
            # Doubling is recommended only when both answers leave the doubler at least as well off.
            assert min(advice.double_take, advice.double_drop) >= advice.no_double or not advice.take
    for rules_without_cube in (r for r in RULE_SETS if not get_rules(r).cube):
        for position, _ in itertools.islice(selfplay(4, 20, rules_without_cube), 0, 20, 5):
            assert not should_double(position, rules_without_cube, CubeState(), "advanced")
            assert hint(position, None, rules_without_cube).cube is None


def test_colours_in_cube_states_are_the_player_on_roll_s() -> None:
    position = Position.from_text("black 1:2 2:2 3:2 / 6:3 5:3 4:3 3:3 2:3")
    assert cube_advice(position, "backgammon", CubeState(2, BLACK), "advanced").may_double
    assert not cube_advice(position, "backgammon", CubeState(2, WHITE), "advanced").may_double


@pytest.mark.parametrize(
    ("rules", "level", "extra"),
    [
        ("backgammon", "expert", ["--match", "3"]),
        ("toutes-tables-225", "beginner", []),
        ("toutes-tables", "advanced", []),
    ],
)
def test_the_terminal_game_plays_to_the_end_against_a_level(rules: str, level: str, extra: list[str]) -> None:
    from toutes_tables.cli import main

    answers = "\n".join(("1", "roll", "1", "take") * 1500) + "\n"  # the first listed play; roll; take doubles
    out = io.StringIO()
    status = main(["--rules", rules, "--seed", "4", "--level", level, *extra], io.StringIO(answers), out)
    text = out.getvalue()
    assert status == 0, text[-2000:]
    assert ("wins the match" if extra else " wins ") in text
