"""The fast evaluation and search give what the straightforward code gives.

The network's first layer runs in fixed point (64-bit lanes of one integer), the equity skips the
:class:`Chances` object, and the 1-ply search remembers the reply positions its candidates share.
Each is checked here against a plain computation written the obvious way: float rows summed per
occupied slot, :func:`chances` then :meth:`Chances.equity`, every reply evaluated afresh.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from fractions import Fraction
from operator import mul

import pytest

from toutes_tables import Position, get_rules, legal_plays, start_position
from toutes_tables.ai import LEVELS, chances, choose_play, equity, rank_plays, rank_plays_deeper
from toutes_tables.ai.features import (
    CRAFTED_INPUTS,
    INPUT_COUNT,
    INPUTS_PER_SLOT,
    SLOTS,
    crafted_counts,
    dense_inputs,
    in_contact,
    slot_code,
)
from toutes_tables.ai.network import MAGIC, OUTPUTS, Network, default_network
from toutes_tables.ai.search import ROLLS, one_ply_equity, two_ply_equity
from toutes_tables.position import CHECKERS, OFF
from toutes_tables.rules import RuleSet

SelfPlay = Callable[..., Iterator[tuple[Position, tuple[int, int]]]]


def float_outputs(network: Network, mine: Sequence[int], theirs: Sequence[int]) -> list[float]:
    """The network in floats from the weights as read: the first layer summed over the slots' codes."""
    import math

    (first_weights, first_bias), *dense = network.layers
    hidden = list(first_bias)
    for side_index, side in enumerate((mine, theirs)):
        for slot in range(SLOTS):
            base = (side_index * SLOTS + slot) * INPUTS_PER_SLOT
            for k, value in enumerate(slot_code(side[slot])):
                if value:
                    hidden = [h + value * w for h, w in zip(hidden, first_weights[base + k], strict=True)]
    if in_contact(mine, theirs):
        hidden = [h + w for h, w in zip(hidden, first_weights[INPUT_COUNT - 1], strict=True)]
    if network.crafted:
        for count, row in zip(crafted_counts(mine, theirs), first_weights[INPUT_COUNT:], strict=True):
            hidden = [h + count * w for h, w in zip(hidden, row, strict=True)]
    values = [max(h, 0.0) for h in hidden]
    for i, (weights, biases) in enumerate(dense):
        sums = [b + sum(map(mul, values, column)) for b, column in zip(biases, zip(*weights, strict=True), strict=True)]
        last = i == len(dense) - 1
        values = [1 / (1 + math.exp(-s)) for s in sums] if last else [max(s, 0.0) for s in sums]
    return values


def plain_equity(position: Position, rules: RuleSet) -> float:
    if position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS:
        return equity(position, rules)
    return chances(position, rules=rules).equity(rules)


def plain_search(result: Position, rules: RuleSet, depth: int) -> float:
    """1-ply (``depth`` 1) or 2-ply written the obvious way: every reply of every roll evaluated, nothing remembered.

    The opponent answers each roll with his best play by the plain 0-ply equity; the position
    reached is worth that equity (1-ply) or, at 2-ply, the same search one level down from his side.
    """
    if result.theirs[OFF] == CHECKERS:
        return -equity(result, rules)
    total = 0.0
    for dice, weight in ROLLS:
        plays = legal_plays(result, dice, rules)
        reached = min(plays, key=lambda p: plain_equity(p.result, rules)).result if plays else result.swapped()
        total += weight * (plain_equity(reached, rules) if depth == 1 else -plain_search(reached, rules, depth - 1))
    return total / 36.0


def plain_one_ply(result: Position, rules: RuleSet) -> float:
    return plain_search(result, rules, 1)


@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables"])
def test_two_ply_equity_is_the_plain_two_ply_search(rules: str) -> None:
    # A late position (few checkers, few plays) keeps the plain search's 21 x 21 rolls quick.
    position = Position.from_text("white 2:2 3:2 5:1 21:1 / 1:2 3:1 6:2 18:1")
    rule_set = get_rules(rules)
    for scored in rank_plays(position, (4, 1), rule_set)[:2]:
        assert two_ply_equity(scored.play.result, rule_set, default_network()) == pytest.approx(
            plain_search(scored.play.result, rule_set, 2), abs=1e-9
        )


def game_positions(count: int, rules: str, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions and rolls from the advanced level's games, the 225 starts in turn."""
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    start = 0
    while len(found) < count:
        start += 1
        position = start_position(start % 225 + 1)
        while position.winner() is None and len(found) < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            found.append((position, dice))
            play = choose_play(position, dice, rules, "advanced")
            position = play.result if play is not None else position.swapped()
    return found


@pytest.mark.parametrize("part", ["main", "crashed_network"])
@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables-225"])
def test_fixed_point_network_gives_the_float_outputs(rules: str, part: str) -> None:
    network = getattr(default_network(), part)  # each shipped network, on every position
    for position, _ in game_positions(300, rules, seed=11):
        fast = network.outputs(position.mine, position.theirs)
        assert fast == pytest.approx(float_outputs(network, position.mine, position.theirs), abs=1e-12)
        # Only the outputs a rule set scores: the same numbers as those of the full set.
        for units in ((0, 1, 2, 3, 4), (0, 5, 6)):
            assert network.outputs(position.mine, position.theirs, units) == pytest.approx(
                [fast[u] for u in units], abs=1e-15
            )


@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables", "backgammon-225", "toutes-tables-225"])
def test_equity_is_the_equity_of_the_chances(rules: str) -> None:
    rule_set = get_rules(rules)
    for position, dice in game_positions(150, rules, seed=12):
        for play in legal_plays(position, dice, rule_set):
            assert equity(play.result, rule_set) == plain_equity(play.result, rule_set)


@pytest.mark.parametrize("rules", ["backgammon", "toutes-tables-225"])
def test_one_ply_search_gives_the_plain_search_equities(rules: str) -> None:
    rule_set = get_rules(rules)
    for position, dice in game_positions(40, rules, seed=13)[::4]:
        deeper = rank_plays_deeper(position, dice, rule_set)
        for scored in deeper:
            if scored.ply == 1:
                assert scored.equity == pytest.approx(plain_one_ply(scored.play.result, rule_set), abs=1e-9)
                assert one_ply_equity(scored.play.result, rule_set, default_network()) == scored.equity
        shallow = {s.play.result: s.equity for s in rank_plays(position, dice, rule_set)}
        for scored in deeper:
            if scored.ply == 0:
                assert scored.equity == shallow[scored.play.result]


def test_every_level_plays_the_same_game_twice() -> None:
    """Without a time budget the levels are deterministic given their noise source: same seed, same plays."""
    positions = game_positions(30, "backgammon-225", seed=14)
    for level in (dataclasses.replace(level, time_budget=None) for level in LEVELS.values()):
        some = positions[:: 10 if level.ply >= 2 else 1]  # a 2-ply look costs 21 looks at 1-ply
        first = [choose_play(p, d, "backgammon-225", level, random.Random(i)) for i, (p, d) in enumerate(some)]
        again = [choose_play(p, d, "backgammon-225", level, random.Random(i)) for i, (p, d) in enumerate(some)]
        assert first == again


def test_a_spent_time_budget_searches_only_the_best_candidate_deeper() -> None:
    position, dice = start_position(64), (2, 1)  # four candidates within the margin at 0-ply
    full = rank_plays_deeper(position, dice, "backgammon")
    assert [s.ply for s in full[:4]] == [1, 1, 1, 1]
    assert rank_plays_deeper(position, dice, "backgammon", time_budget=60.0) == full
    cut = rank_plays_deeper(position, dice, "backgammon", time_budget=0.0)
    shallow = rank_plays(position, dice, "backgammon")
    # The 0-ply best is searched, the others keep their 0-ply equity, in 0-ply order.
    assert cut[0].play == shallow[0].play and cut[0].ply == 1
    assert cut[1:] == shallow[1:]


def _synthetic_blob(widths: Sequence[int], seed: int, scale: float, crafted: bool = False) -> bytes:
    """A network file of random half-float weights (``scale`` their size) with the given hidden layers.

    With ``crafted``, it takes the crafted counts too (their weights a hundredth as large, as training
    writes them: per count, not per scaled input).
    """
    import json
    import struct

    rng = random.Random(seed)
    layers = [*widths, len(OUTPUTS)]
    inputs = INPUT_COUNT + (CRAFTED_INPUTS if crafted else 0)
    header = json.dumps({"inputs": inputs, "layers": layers, "outputs": list(OUTPUTS), "training": {}}).encode()
    blob = bytearray(MAGIC) + struct.pack("<I", len(header)) + header
    for depth, (n_in, n_out) in enumerate(itertools.pairwise([inputs, *layers])):
        if depth == 0 and crafted:
            board = [rng.gauss(0.0, scale) for _ in range(INPUT_COUNT * n_out)]
            counts = [rng.gauss(0.0, scale / 100) for _ in range(CRAFTED_INPUTS * n_out)]
            weights = [*board, *counts, *(rng.gauss(0.0, scale) for _ in range(n_out))]
        else:
            weights = [rng.gauss(0.0, scale) for _ in range(n_in * n_out + n_out)]
        # Some weights under 2**-11, as training leaves: they keep the first layer in 64-bit lanes.
        weights[::97] = [w * 1e-4 for w in weights[::97]]
        blob += struct.pack(f"<{len(weights)}e", *weights)
    return bytes(blob)


@functools.cache
def _narrow_module() -> Any:
    """training/narrow.py, loaded by its path (training/ is not a package)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "training" / "narrow.py"
    spec = importlib.util.spec_from_file_location("training_narrow", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _synthetic_network(
    widths: Sequence[int], seed: int, scale: float, narrow: bool = False, crafted: bool = False
) -> Network:
    blob = _synthetic_blob(widths, seed, scale, crafted)
    return Network(_narrow_module().narrow_first_layer(blob) if narrow else blob)


def _exact_logits(network: Network, mine: Sequence[int], theirs: Sequence[int]) -> list[Fraction]:
    """Every output's sum before the sigmoid, in exact rationals from the weights as read."""
    (first_weights, first_bias), *dense = network.layers
    inputs = [Fraction(x) for x in dense_inputs(mine, theirs, crafted=network.crafted)]
    zero = Fraction(0)
    values = inputs
    for i, (weights, biases) in enumerate([(first_weights, first_bias), *dense]):
        sums = [
            Fraction(b) + sum((v * Fraction(weights[k][o]) for k, v in enumerate(values) if v), zero)
            for o, b in enumerate(biases)
        ]
        values = sums if i == len(dense) else [max(s, zero) for s in sums]
    return values


_EXTREME_SIDES = [
    [15] + [0] * 25,  # all borne off
    [0] * 25 + [15],  # all on the bar
    [0] * 24 + [15, 0],  # all on the far point
    [0, 2, 2, 2, 2, 2, 2, 3] + [0] * 18,
    [0] * 6 + [5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2, 0],
]


@pytest.mark.parametrize(
    ("scale", "narrow", "lane_bits"),
    [(0.05, False, 64), (0.05, True, 32), (0.3, True, 32), (1.0, False, 64), (1.0, True, 64), (3000.0, True, 64)],
)
def test_packed_output_layer_gives_the_exact_sums_rounded_once(scale: float, narrow: bool, lane_bits: int) -> None:
    # One hidden layer: the output layer runs in fixed point, one lane per output. Its sums are the
    # exact sums rounded once to a double, whatever the weights' size (at 3000 they are in the
    # thousands, the lanes far wider), for every choice of outputs. The first layer takes 32-bit
    # lanes when its weights are multiples of 2**-21 (training/narrow.py) and its sums fit them:
    # from a scale of 1 they may not, and it keeps 64 bits.
    network = _synthetic_network([24], seed=int(scale * 100), scale=scale, narrow=narrow)
    assert network.lane_bits == lane_bits
    for mine in _EXTREME_SIDES:
        for theirs in _EXTREME_SIDES:
            exact = [float(x) for x in _exact_logits(network, mine, theirs)]
            assert network.logits(mine, theirs) == exact, (mine, theirs)
            for units in ((0, 1, 2, 3, 4), (0, 5, 6), (6,)):
                assert network.logits(mine, theirs, units) == [exact[u] for u in units]


@pytest.mark.parametrize(("scale", "narrow", "lane_bits"), [(0.05, False, 64), (0.05, True, 32), (1.0, True, 64)])
def test_a_network_with_the_crafted_counts_gives_the_exact_sums(scale: float, narrow: bool, lane_bits: int) -> None:
    # The crafted counts add their rows times the count, in the same fixed point: still the exact
    # sums rounded once, the same lanes, and the float reference (every input a weight times a value).
    network = _synthetic_network([24], seed=int(scale * 100) + 1, scale=scale, narrow=narrow, crafted=True)
    assert network.crafted and network.lane_bits == lane_bits
    for mine in _EXTREME_SIDES:
        for theirs in _EXTREME_SIDES:
            exact = [float(x) for x in _exact_logits(network, mine, theirs)]
            assert network.logits(mine, theirs) == exact, (mine, theirs)
            assert network.logits(mine, theirs, (0, 5, 6)) == [exact[0], exact[5], exact[6]]
            assert network.outputs(mine, theirs) == pytest.approx(float_outputs(network, mine, theirs), abs=1e-12)


def test_a_weights_file_with_another_input_count_is_refused() -> None:
    import json
    import struct

    header = json.dumps({"inputs": INPUT_COUNT + 3, "layers": [2, len(OUTPUTS)], "outputs": list(OUTPUTS)}).encode()
    with pytest.raises(ValueError, match=f"weights expect {INPUT_COUNT + 3} inputs"):
        Network(MAGIC + struct.pack("<I", len(header)) + header)


def test_a_network_of_two_hidden_layers_gives_the_exact_sums() -> None:
    # Two hidden layers keep the float dense path: the same sums to rounding.
    network = _synthetic_network([24, 8], seed=5, scale=0.3)
    for mine in _EXTREME_SIDES:
        for theirs in _EXTREME_SIDES:
            exact = [float(x) for x in _exact_logits(network, mine, theirs)]
            assert network.logits(mine, theirs) == pytest.approx(exact, rel=1e-12, abs=1e-12)
            assert network.logits(mine, theirs, (0, 5, 6)) == pytest.approx([exact[0], exact[5], exact[6]], abs=1e-12)


def test_narrowing_moves_only_the_smallest_first_layer_weights_and_gives_32_bit_lanes() -> None:
    blob = _synthetic_blob([24], seed=7, scale=0.05)  # with weights under 2**-11, as training leaves
    narrowed = _narrow_module().narrow_first_layer(blob)
    before, after = Network(blob), Network(narrowed)
    assert (before.lane_bits, after.lane_bits) == (64, 32)
    for (weights, biases), (new_weights, new_biases) in zip(before.layers, after.layers, strict=True):
        for row, new_row in zip([*weights, biases], [*new_weights, new_biases], strict=True):
            for w, v in zip(row, new_row, strict=True):
                assert w == v or (abs(w) < 2.0**-11 and abs(w - v) <= 2.0**-22), (w, v)
    assert narrowed != blob
    for mine in _EXTREME_SIDES:
        for theirs in _EXTREME_SIDES:
            assert after.outputs(mine, theirs) == pytest.approx(before.outputs(mine, theirs), abs=1e-4)
