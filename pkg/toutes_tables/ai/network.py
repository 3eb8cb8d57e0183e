"""Pure-Python inference of the evaluation networks shipped as ``toutes_tables/data/evaluator.bin`` and
``crashed.bin`` (the second one for crashed positions only: :class:`PhasedNetwork`).

The network is a small multilayer perceptron: the inputs of :mod:`.features`, one or more ReLU
hidden layers and sigmoid outputs (chances for the player on roll, see ``OUTPUTS``).

File layout (little-endian), written by ``training/train.py``:

* 4 bytes magic ``b"TTE1"``;
* a 4-byte unsigned length ``L``, then ``L`` bytes of UTF-8 JSON: ``inputs`` (the board's
  :data:`~.features.INPUT_COUNT`, or as many more as :data:`~.features.CRAFTED_INPUTS`, whose
  weights are per count: the network then reads :func:`~.features.crafted_counts` too), ``layers`` (the
  width of each layer after the inputs, the outputs last), ``outputs`` (their names) and
  ``training`` (the settings that made the file, for the record);
* then, as IEEE half floats (``struct`` format ``e``), for each layer in turn: its weights
  stored *input-major* (for each input, the weights to every unit of the layer), then its biases.

At load time the first layer is folded into a table of one row per (side, slot, count)
(:mod:`.features` explains why that is exact), each row one integer packing the hidden units in
fixed point (see ``LANE_BITS``), so an evaluation is: add the rows of the occupied slots, ReLU
by masks, then the small dense layers on the active hidden units only. With one hidden layer (the
shipped network) the output layer is packed the same way, one lane per output, so each active
unit is one integer product for all the outputs (see ``Network._packed_logits``).
"""

from __future__ import annotations

import itertools
from itertools import compress
import json
import math
import struct
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from importlib import resources
from operator import mul

from .features import (
    CRAFTED_INPUTS,
    CRAFTED_MAX,
    INPUT_COUNT,
    INPUTS_PER_SLOT,
    MAX_COUNT,
    SLOTS,
    crafted_counts,
    slot_code,
)
from .phases import crashed

MAGIC = b"TTE1"
OUTPUTS = (
    "win",
    "win_gammon",
    "win_backgammon",
    "lose_gammon",
    "lose_backgammon",
    "win_double_toutes",
    "lose_double_toutes",
)
WEIGHTS_FILE = "evaluator.bin"
CRASHED_WEIGHTS_FILE = "crashed.bin"


# The first layer runs in fixed point, every hidden unit a 64-bit lane of one big integer, so a
# position's hidden layer is a handful of integer additions instead of a loop over the units. The
# weights are half floats: times FIXED_ONE (2**25: a half float's smallest step 2**-24, halved by
# the slot code's (n - 3) / 2) each is an exact integer, and so is every sum, so the fixed-point
# layer gives exactly the doubles the float computation gives (those sums are exact too: far
# fewer than 53 significant bits).
LANE_BITS = 64
FIXED_ONE = 1 << 25
# Half the bits when the weights allow it exactly: every first-layer weight a multiple of
# NARROW_STEP (training/train.py rounds them so; only weights under 2**-11 move) and every hidden
# unit's largest sum within the 32-bit lane at NARROW_ONE. Half the bits to add and to unpack.
NARROW_LANE_BITS = 32
NARROW_ONE = 1 << 22
NARROW_STEP = 2.0**-21


# The output layer's fixed point (one hidden layer): a half float's smallest step is 2**-24, so a
# weight times _WEIGHT_ONE is an integer; a product of it and a fixed-point hidden unit is at
# _WEIGHT_ONE times the hidden layer's scale, which the network's output scale (a power of two)
# takes back out.
_WEIGHT_ONE = 1 << 24
# The largest value each input of .features takes: a slot's fourth input is (15 - 3) / 2.
# The crafted counts (when the network takes them) follow, each up to its CRAFTED_MAX.
_MAX_INPUT = [6.0 if i % INPUTS_PER_SLOT == INPUTS_PER_SLOT - 1 else 1.0 for i in range(INPUT_COUNT - 1)] + [1.0]
_MAX_INPUT += [float(bound) for bound in CRAFTED_MAX * 2]


def _pack(lanes: Sequence[int], code: str = "Q") -> int:
    """``sum(lane << bits j)``: signed lanes packed linearly, so packed rows add lane by lane.

    ``code`` is the lanes' ``struct`` code: ``Q`` for 64 bits, ``I`` for 32.
    """
    positive = struct.pack(f"<{len(lanes)}{code}", *(v if v > 0 else 0 for v in lanes))
    negative = struct.pack(f"<{len(lanes)}{code}", *(-v if v < 0 else 0 for v in lanes))
    return int.from_bytes(positive, "little") - int.from_bytes(negative, "little")


def _dot_reference(values: Iterable[float], weights: Iterable[float]) -> float:
    total: float = sum(map(mul, values, weights))
    return total


# math.sumprod (Python 3.12+: Pyodide's 3.14) is one C loop with no intermediate floats; it sums
# in extended precision, so its last bit may differ from the plain sum's.
_dot: Callable[[Iterable[float], Iterable[float]], float] = getattr(math, "sumprod", _dot_reference)


def _int_dot_reference(values: Iterable[int], weights: Iterable[int]) -> int:
    return sum(map(mul, values, weights))


# On integers math.sumprod is exact, as the plain sum is.
_int_dot: Callable[[Iterable[int], Iterable[int]], int] = getattr(math, "sumprod", _int_dot_reference)


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    if x > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class Network:
    """A loaded network; :meth:`outputs` gives the sigmoid outputs for a position's two sides."""

    def __init__(self, blob: bytes) -> None:
        if blob[:4] != MAGIC:
            raise ValueError("not an evaluator weights file (bad magic)")
        (length,) = struct.unpack_from("<I", blob, 4)
        header = json.loads(blob[8 : 8 + length].decode("utf-8"))
        self.header = header
        if header["inputs"] not in (INPUT_COUNT, INPUT_COUNT + CRAFTED_INPUTS):
            raise ValueError(
                f"weights expect {header['inputs']} inputs, the features give {INPUT_COUNT}"
                f" or {INPUT_COUNT + CRAFTED_INPUTS} with the crafted counts"
            )
        self.crafted = header["inputs"] > INPUT_COUNT
        if tuple(header["outputs"]) != OUTPUTS:
            raise ValueError(f"weights give outputs {header['outputs']}, expected {OUTPUTS}")
        offset = 8 + length
        widths = [header["inputs"], *header["layers"]]
        layers: list[tuple[list[list[float]], list[float]]] = []
        for n_in, n_out in itertools.pairwise(widths):
            count = n_in * n_out
            flat = struct.unpack_from(f"<{count}e", blob, offset)
            offset += 2 * count
            biases = list(struct.unpack_from(f"<{n_out}e", blob, offset))
            offset += 2 * n_out
            weights = [list(flat[i * n_out : (i + 1) * n_out]) for i in range(n_in)]
            layers.append((weights, biases))
        if offset != len(blob):
            raise ValueError(f"weights file has {len(blob) - offset} bytes past its layers")
        self.layers = layers  # the weights as read (input-major), for reference computations
        first_weights, first_bias = layers[0]
        width = len(first_bias)
        # How large each hidden unit's sum can be: every input at its largest value.
        self._hidden_bound = [
            abs(bias) + sum(abs(row[j]) * _MAX_INPUT[i] for i, row in enumerate(first_weights))
            for j, bias in enumerate(first_bias)
        ]
        narrow = max(self._hidden_bound) * NARROW_ONE < 1 << (NARROW_LANE_BITS - 2) and all(
            (w / NARROW_STEP).is_integer() for row in (*first_weights, first_bias) for w in row
        )
        self.lane_bits = lane_bits = NARROW_LANE_BITS if narrow else LANE_BITS
        self.fixed_one = fixed_one = NARROW_ONE if narrow else FIXED_ONE
        code = "I" if narrow else "Q"
        self._lanes = f"<{width}{code}"
        self._lane_bytes = lane_bits // 8 * width
        self._ones = sum(1 << (lane_bits * j) for j in range(width))
        self._offset = self._ones << (lane_bits - 1)
        self._base = self._offset + _pack([int(w * fixed_one) for w in first_bias], code)
        inputs = [_pack([int(w * fixed_one) for w in row], code) for row in first_weights]
        self._contact_row = inputs[INPUT_COUNT - 1]
        # One table per crafted count, its row times every value the count can take: an addition at
        # evaluation instead of a multiplication (half the time on these wide integers).
        self._crafted_tables = (
            [
                [count * row for count in range(bound + 1)]
                for row, bound in zip(inputs[INPUT_COUNT:], CRAFTED_MAX * 2, strict=True)
            ]
            if self.crafted
            else []
        )
        self._tables = (self._fold(inputs, 0), self._fold(inputs, 1))
        # The first dense layer reads the fixed-point hidden units: its weights take the scale back
        # out (a power of two, so every product is the same double as without it).
        dense = [([list(col) for col in zip(*weights, strict=True)], list(biases)) for weights, biases in layers[1:]]
        dense[0] = ([[w / fixed_one for w in unit] for unit in dense[0][0]], dense[0][1])
        # Kept output-major, so each unit is one dot product.
        self._dense = dense
        self._last_units: dict[tuple[int, ...], tuple[list[list[float]], list[float]]] = {}
        # With one hidden layer, the output layer runs in fixed point too (see _packed_logits).
        self._packed: dict[tuple[int, ...], tuple[int, list[int], int]] = {}
        self._packed_output = len(layers) == 2
        self._output_scale = 1.0 / (_WEIGHT_ONE * fixed_one)

    @staticmethod
    def _fold(inputs: list[int], side: int) -> list[list[int]]:
        """``table[slot][count]``: the first layer's packed input from ``count`` checkers on ``slot`` of ``side``."""
        table: list[list[int]] = []
        for slot in range(SLOTS):
            rows = inputs[(side * SLOTS + slot) * INPUTS_PER_SLOT :][:INPUTS_PER_SLOT]
            # Twice the slot code is whole ((n - 3) / 2 is not) and every fixed-point weight is even.
            table.append(
                [
                    sum(int(2 * value) * row for value, row in zip(slot_code(count), rows, strict=True)) // 2
                    for count in range(MAX_COUNT + 1)
                ]
            )
        return table

    def outputs(self, mine: Sequence[int], theirs: Sequence[int], units: Sequence[int] | None = None) -> list[float]:
        """The sigmoid outputs for the player on roll with ``mine`` against ``theirs``.

        All of them in ``OUTPUTS`` order, or only those numbered in ``units`` (a rule set needs
        five or three of the seven; in the browser every output saved counts).
        """
        return [_sigmoid(x) for x in self.logits(mine, theirs, units)]

    def logits(self, mine: Sequence[int], theirs: Sequence[int], units: Sequence[int] | None = None) -> list[float]:
        """:meth:`outputs` before the sigmoid: each output unit's weighted sum."""
        my_table, their_table = self._tables
        total = self._base
        my_back = their_back = 0
        for slot in range(SLOTS):
            n = mine[slot]
            if n:
                total += my_table[slot][n]
                my_back = slot
            n = theirs[slot]
            if n:
                total += their_table[slot][n]
                their_back = slot
        if my_back + their_back > 25:  # still in contact (see features.in_contact)
            total += self._contact_row
        if self.crafted:
            for count, table in zip(crafted_counts(mine, theirs), self._crafted_tables, strict=True):
                if count:
                    total += table[count]
        # ReLU on all lanes at once: a lane is >= 0 when its offset bit is still set; those lanes
        # keep their value less the offset, the others become 0.
        bits = self.lane_bits
        positive = (total >> (bits - 1)) & self._ones
        keep = (positive << bits) - positive
        hidden = struct.unpack(
            self._lanes, ((total & keep) - (self._offset & keep)).to_bytes(self._lane_bytes, "little")
        )
        if self._packed_output:
            return self._packed_logits(hidden, tuple(range(len(OUTPUTS))) if units is None else tuple(units))
        # About three units in four are 0 after the ReLU: only the active ones are multiplied.
        active = list(map(float, compress(hidden, hidden)))
        dense = self._dense
        last = len(dense) - 1
        weights, biases = self._output_layer(units) if last == 0 else dense[0]
        sums = [b + _dot(active, compress(w, hidden)) for w, b in zip(weights, biases, strict=True)]
        for i in range(1, last + 1):
            values = [x if x > 0.0 else 0.0 for x in sums]
            weights, biases = self._output_layer(units) if i == last else dense[i]
            sums = [b + _dot(values, w) for w, b in zip(weights, biases, strict=True)]
        return sums

    def _packed_logits(self, hidden: Sequence[int], units: tuple[int, ...]) -> list[float]:
        """The output layer of a one-hidden-layer network, in fixed point: one lane per output.

        Each hidden unit's weights to the outputs are packed like a first-layer row; the active
        units' rows, each times the unit's fixed-point value, add up to every output's sum at
        once, exactly (integers), rounded to a double only at the end. A loop over the active
        units instead of one over the active units per output: the wider the network, the more
        that saves.
        """
        layer = self._packed.get(units)
        if layer is None:
            layer = self._packed[units] = self._pack_output_layer(units)
        base, rows, lane = layer
        total = base + _int_dot(compress(hidden, hidden), compress(rows, hidden))
        mask = (1 << lane) - 1
        half = 1 << (lane - 1)
        scale = self._output_scale
        return [(((total >> (lane * k)) & mask) - half) * scale for k in range(len(units))]

    def _pack_output_layer(self, units: tuple[int, ...]) -> tuple[int, list[int], int]:
        """``(base, rows, lane)``: the biases (plus each lane's offset) and one packed row per hidden unit.

        A weight (half float) times ``2**24`` is an integer, a hidden unit's value is one at
        ``fixed_one``, so every product and sum is an integer at ``2**24 * fixed_one``. The lane
        is as wide as the largest sum the weights allow (each hidden unit at its bound), so no
        lane ever carries into the next.
        """
        weights, biases = self.layers[1]  # input-major: weights[j][o] from hidden unit j to output o
        bound = sum(b * max(abs(weights[j][o]) for o in units) for j, b in enumerate(self._hidden_bound))
        bound += max(abs(biases[o]) for o in units)
        lane = int(bound / self._output_scale).bit_length() + 2
        shifts = [lane * k for k in range(len(units))]

        def packed(values: Iterable[int]) -> int:
            return sum(v << shift for v, shift in zip(values, shifts, strict=True))

        half = 1 << (lane - 1)
        base = packed(half + int(biases[o] * _WEIGHT_ONE) * self.fixed_one for o in units)
        rows = [packed(int(row[o] * _WEIGHT_ONE) for o in units) for row in weights]
        return base, rows, lane

    def _output_layer(self, units: Sequence[int] | None) -> tuple[list[list[float]], list[float]]:
        """The last layer's weights and biases, only for the outputs numbered in ``units`` (all when ``None``)."""
        weights, biases = self._dense[-1]
        if units is None:
            return weights, biases
        key = tuple(units)
        layer = self._last_units.get(key)
        if layer is None:
            layer = self._last_units[key] = ([weights[u] for u in key], [biases[u] for u in key])
        return layer


class CachedNetwork(Network):
    """``network``'s outputs, remembered: the same position asked again costs a look-up, not an evaluation.

    The review values one position several times (the luck of the roll that reached it, the cube's
    look at its 21 rolls, the checker play's ranking), each in its own function: they share one of
    these. Bounded: two generations of at most ``size`` positions each; when the newer one is full,
    the older is dropped and the newer becomes the older (what was asked recently stays). The outputs
    are ``network``'s to the last bit (a copy of the list it gave).
    """

    def __init__(self, network: Network, size: int = 8192) -> None:  # the weights are network's: no Network.__init__
        if size < 1:
            raise ValueError(f"size is at least 1, got {size!r}")
        self.network = network
        self.header = network.header
        self.crafted = network.crafted
        self.layers = network.layers
        self.size = size
        self.hits = self.misses = 0
        self._newer: dict[tuple[object, bytes], tuple[float, ...]] = {}
        self._older: dict[tuple[object, bytes], tuple[float, ...]] = {}

    def __len__(self) -> int:
        """How many positions' outputs are remembered (at most twice ``size``)."""
        return len(self._newer) + len(self._older)

    def outputs(self, mine: Sequence[int], theirs: Sequence[int], units: Sequence[int] | None = None) -> list[float]:
        key = (None if units is None else tuple(units), bytes(mine) + bytes(theirs))
        value = self._newer.get(key)
        if value is None:
            value = self._older.get(key)
            if value is None:
                self.misses += 1
                value = tuple(self.network.outputs(mine, theirs, units))
            else:
                self.hits += 1
            if len(self._newer) >= self.size:
                self._older, self._newer = self._newer, {}
            self._newer[key] = value
        else:
            self.hits += 1
        return list(value)


class PhasedNetwork(Network):
    """Two networks as one: ``crashed_network`` in crashed positions (:func:`.phases.crashed`), ``main`` elsewhere.

    gnubg keeps a network for each class of position. Ours is one network except in crashed positions,
    where one network for every class misfitted its teacher most: the second one is the first fine-tuned on
    crashed positions alone (training/reproduce.sh; docs/benchmarks.md, *Crashed positions*). What reads
    the weights themselves (``header``, ``layers``, ``crafted``) sees the main network's.
    """

    def __init__(self, main: Network, crashed_network: Network) -> None:  # the weights are theirs: no Network.__init__
        self.main = main
        self.crashed_network = crashed_network
        self.header = main.header
        self.crafted = main.crafted
        self.layers = main.layers

    def outputs(self, mine: Sequence[int], theirs: Sequence[int], units: Sequence[int] | None = None) -> list[float]:
        return self._network_for(mine, theirs).outputs(mine, theirs, units)

    def logits(self, mine: Sequence[int], theirs: Sequence[int], units: Sequence[int] | None = None) -> list[float]:
        return self._network_for(mine, theirs).logits(mine, theirs, units)

    def _network_for(self, mine: Sequence[int], theirs: Sequence[int]) -> Network:
        return self.crashed_network if crashed(mine, theirs) else self.main


@lru_cache(maxsize=1)
def default_network() -> PhasedNetwork:
    """The networks shipped in the package (loaded once): the main one, and the one for crashed positions."""
    data = resources.files("toutes_tables") / "data"
    main, crashed_network = (Network((data / name).read_bytes()) for name in (WEIGHTS_FILE, CRASHED_WEIGHTS_FILE))
    return PhasedNetwork(main, crashed_network)
