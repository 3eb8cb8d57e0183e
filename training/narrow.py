"""Round a weights file's first layer so the engine can run it in 32-bit lanes.

``toutes_tables.ai.network`` runs the first layer in fixed point, exactly. With every first-layer
weight and bias a multiple of ``NARROW_STEP`` (2**-21), it packs the hidden units in 32-bit lanes
instead of 64, half the bits to add and to unpack at every evaluation. A half float at or above
2**-11 in size is already such a multiple; only the smaller ones move, each by at most 2**-22, far
below what training can tell apart. ``training/train.py`` writes its files so; this rewrites an
older file the same way::

    python training/narrow.py OLD.bin --out NEW.bin

Standard library only (the file layout and the step are ``network.py``'s).
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from toutes_tables.ai.network import MAGIC, NARROW_STEP  # noqa: E402


def narrow_first_layer(blob: bytes) -> bytes:
    """``blob`` with its first layer's weights and biases rounded to the nearest multiple of ``NARROW_STEP``."""
    if blob[:4] != MAGIC:
        raise ValueError("not an evaluator weights file (bad magic)")
    (length,) = struct.unpack_from("<I", blob, 4)
    header = json.loads(blob[8 : 8 + length].decode("utf-8"))
    offset = 8 + length
    count = header["inputs"] * header["layers"][0] + header["layers"][0]  # the weights, then the biases
    values = struct.unpack_from(f"<{count}e", blob, offset)
    rounded = [round(v / NARROW_STEP) * NARROW_STEP for v in values]
    return blob[:offset] + struct.pack(f"<{count}e", *rounded) + blob[offset + 2 * count :]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    blob = args.weights.read_bytes()
    narrowed = narrow_first_layer(blob)
    moved = sum(a != b for a, b in zip(blob, narrowed, strict=True))
    args.out.write_bytes(narrowed)
    print(f"wrote {args.out}: {moved} bytes of the first layer changed")


if __name__ == "__main__":
    main()
