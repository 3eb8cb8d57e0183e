"""Pure-Python inference of the evaluation network shipped as ``toutes_tables/data/evaluator.bin``.

The network is a small multilayer perceptron: the inputs of :mod:`.features`, one or more ReLU
hidden layers and sigmoid outputs (chances for the player on roll, see ``OUTPUTS``).

File layout (little-endian), written by ``training/train.py``:

* 4 bytes magic ``b"TTE1"``;
* a 4-byte unsigned length ``L``, then ``L`` bytes of UTF-8 JSON: ``inputs``, ``layers`` (the
  width of each layer after the inputs, the outputs last), ``outputs`` (their names) and
  ``training`` (the settings that made the file, for the record);
* then, as IEEE half floats (``struct`` format ``e``), for each layer in turn: its weights
  stored *input-major* (for each input, the weights to every unit of the layer), then its biases.

At load time the first layer is folded into a table of one vector per (side, slot, count)
(:mod:`.features` explains why that is exact), so an evaluation is: add the rows of the
occupied slots, ReLU, then the small dense layers.
"""

from __future__ import annotations

import itertools
import json
import math
import struct
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from operator import mul

from .features import INPUT_COUNT, INPUTS_PER_SLOT, MAX_COUNT, SLOTS, slot_code

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
        if header["inputs"] != INPUT_COUNT:
            raise ValueError(f"weights expect {header['inputs']} inputs, the features give {INPUT_COUNT}")
        if tuple(header["outputs"]) != OUTPUTS:
            raise ValueError(f"weights give outputs {header['outputs']}, expected {OUTPUTS}")
        offset = 8 + length
        widths = [INPUT_COUNT, *header["layers"]]
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
        first_weights, self._first_bias = layers[0]
        self._contact_row = first_weights[INPUT_COUNT - 1]
        self._tables = (self._fold(first_weights, 0), self._fold(first_weights, 1))
        # Later layers are kept output-major, so each unit is one sum(map(mul, ...)).
        self._dense = [([list(col) for col in zip(*weights, strict=True)], biases) for weights, biases in layers[1:]]

    @staticmethod
    def _fold(weights: list[list[float]], side: int) -> list[list[list[float]]]:
        """``table[slot][count]``: the first layer's input from ``count`` checkers on ``slot`` of ``side``."""
        width = len(weights[0])
        table: list[list[list[float]]] = []
        for slot in range(SLOTS):
            base = (side * SLOTS + slot) * INPUTS_PER_SLOT
            rows: list[list[float]] = [[]]  # count 0: an empty slot adds nothing and is never looked up
            for count in range(1, MAX_COUNT + 1):
                row = [0.0] * width
                for k, value in enumerate(slot_code(count)):
                    if value:
                        w = weights[base + k]
                        for j in range(width):
                            row[j] += value * w[j]
                rows.append(row)
            table.append(rows)
        return table

    def outputs(self, mine: Sequence[int], theirs: Sequence[int], units: Sequence[int] | None = None) -> list[float]:
        """The sigmoid outputs for the player on roll with ``mine`` against ``theirs``.

        All of them in ``OUTPUTS`` order, or only those numbered in ``units`` (a rule set needs
        five or three of the seven; in the browser every output saved counts).
        """
        my_table, their_table = self._tables
        rows = [self._first_bias]
        append = rows.append
        my_back = their_back = 0
        for slot in range(SLOTS):
            n = mine[slot]
            if n:
                append(my_table[slot][n])
                my_back = slot
            n = theirs[slot]
            if n:
                append(their_table[slot][n])
                their_back = slot
        if my_back + their_back > 25:  # still in contact (see features.in_contact)
            append(self._contact_row)
        # Every row has the layer's width (built so at load time): the unchecked zip is the fast one.
        values = [x if x > 0.0 else 0.0 for x in map(sum, zip(*rows, strict=False))]
        dense = self._dense
        last = len(dense) - 1
        for i, (weights, biases) in enumerate(dense):
            if i == last and units is not None:
                weights, biases = [weights[u] for u in units], [biases[u] for u in units]
            sums = [b + sum(map(mul, values, w)) for w, b in zip(weights, biases, strict=True)]
            values = [_sigmoid(x) for x in sums] if i == last else [x if x > 0.0 else 0.0 for x in sums]
        return values


@lru_cache(maxsize=1)
def default_network() -> Network:
    """The network shipped in the package (loaded once)."""
    blob = (resources.files("toutes_tables") / "data" / WEIGHTS_FILE).read_bytes()
    return Network(blob)
