"""Bear-off databases: exact one-sided distributions of the rolls each side needs, for the race's last phase.

Where they apply, **every checker of both sides in its home quarter** (so no contact is
possible: ``applies``), the evaluation takes its chances from here instead of the network.

For each of the 54,264 ways to place at most 15 checkers on the six home points, a table gives
the probability ``P(n)`` that the side bears off its last checker on exactly its ``n``-th roll,
playing each roll to **minimise the expected number of rolls** (as gnubg's one-sided database
does). There are two such tables, because the rules differ: ``standard`` (backgammon) and
``max-pips`` (Toutes tables, where only the plays travelling the most pips are legal, see
docs/rules/bearing-off.md). A third, ``first-off``, gives for the 15-checker positions of the
standard bear-off the distribution of the rolls needed to bear off the *first* checker (playing
to minimise that number), which is what a gammon needs.

From two one-sided distributions, the player on roll ``A`` against ``B``:

* wins if he finishes on his ``n``-th roll while ``B`` needs ``n`` or more:
  ``win = sum P_A(n) P(B >= n)``;
* in backgammon, wins a gammon if ``B`` (all 15 still on the board) has not borne off a checker
  in his ``n - 1`` rolls, and loses one the other way round. A backgammon is impossible (the
  loser's checkers are all in his own home quarter);
* in Toutes tables no double game is possible: a loser all home loses a single game
  (docs/rules/scoring.md), so the winning chance is the whole answer.

What "exact" means. Each table is exact for its goal (computed over every roll, no sampling) and
stored in 12-bit fixed point (the cumulative chances rounded to 1/4,095, so each distribution sums
to exactly one). The chances are exact for a race in which each side plays to minimise its expected
rolls; the best play in a position is the one that maximises the winning chance against the
opponent's actual distribution under that model. A two-sided database (optimal play against this
opponent) would sometimes choose differently, by far more than the rounding changes anything; the
tests count how often on small positions (tests/test_bearoff.py), and docs/computer.md gives the
figures, with what 12 bits cost against 16.

File layout (``data/bearoff.bin``, written by ``training/make_bearoff.py``): magic ``b"TTB2"``,
a 4-byte little-endian length ``L``, ``L`` bytes of UTF-8 JSON (the fixed-point unit, the table
names and sizes, and for a table stored against another its ``base``), then one xz stream holding,
for each table in turn: for every position (by :func:`rank`) the first roll ``lo`` with a non-zero
chance (one byte), the number ``k`` of rolls from there to the last non-zero one (one byte), then
all the positions' stored values as unsigned 16-bit words: first every word's high byte, then
every low byte (the high bytes, mostly alike, then compress far better). Each position stores
``k - 1`` values, the last being what makes the sum one. A table with a ``base`` (the maximum-pips
table, against the standard one: most distributions differ a little) stores each value as its
difference from the base's chance of the same number of rolls, zigzag-coded (0, -1, 1, -2... as
0, 1, 2, 3...), which takes a third of the bytes.
"""

from __future__ import annotations

import array
import itertools
import importlib.util
import json
import struct
import sys
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

from ..position import CHECKERS

MAGIC = b"TTB2"
DATA_FILE = "bearoff.bin"
POINTS = 6
ONE = 4095  # the fixed-point unit of a stored probability (12 bits)
TABLES = ("standard", "max-pips", "first-off")

# _COUNT[k][n]: how many ways to put at most n checkers on k points, C(n + k, k).
_COUNT = [[1] * (CHECKERS + 1)]
for _k in range(1, POINTS + 1):
    _COUNT.append([sum(_COUNT[_k - 1][: n + 1]) for n in range(CHECKERS + 1)])
POSITIONS = _COUNT[POINTS][CHECKERS]  # 54,264

# _SKIP[i][budget][c]: positions ranked before those with c checkers on home point i + 1 (and the
# same checkers on the points below), when ``budget`` checkers are left for points i + 1 to 6.
_SKIP = [
    [[sum(_COUNT[POINTS - 1 - i][budget - v] for v in range(c)) for c in range(budget + 1)] for budget in range(16)]
    for i in range(POINTS)
]


def rank(home: Sequence[int]) -> int:
    """The index (0 to 54,263) of the six counts on home points 1-6 (at most 15 in all).

    >>> rank([0] * 6), rank([0, 0, 0, 0, 0, 15]), rank([15, 0, 0, 0, 0, 0])
    (0, 15, 54263)
    """
    budget = CHECKERS
    index = 0
    for i in range(POINTS):
        c = home[i]
        index += _SKIP[i][budget][c]
        budget -= c
    return index


def unrank(index: int) -> tuple[int, ...]:
    """The six home counts of ``index`` (the inverse of :func:`rank`).

    >>> unrank(rank([1, 0, 2, 0, 0, 3]))
    (1, 0, 2, 0, 0, 3)
    """
    if not 0 <= index < POSITIONS:
        raise ValueError(f"bear-off index {index!r} out of range 0-{POSITIONS - 1}")
    budget = CHECKERS
    counts: list[int] = []
    for i in range(POINTS):
        row = _SKIP[i][budget]
        c = max(v for v in range(budget + 1) if row[v] <= index)
        index -= row[c]
        counts.append(c)
        budget -= c
    return tuple(counts)


def applies(mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """The databases are installed and both sides have every checker left home (none outside, none on the bar)."""
    return not any(mine[7:26]) and not any(theirs[7:26]) and available()


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether ``data/bearoff.bin`` is installed and this Python can read it (xz needs the ``lzma`` module).

    Without it the network judges the bear-off, as before the databases existed.
    """
    return (
        importlib.util.find_spec("lzma") is not None
        and (resources.files("toutes_tables") / "data" / DATA_FILE).is_file()
    )


class Table:
    """One decoded table: for each position its distribution of rolls, as ``(lo, probabilities)``."""

    __slots__ = ("name", "_lo", "_length", "_start", "_values", "_base")

    def __init__(self, name: str, lo: bytes, length: bytes, values: Sequence[int], base: Table | None = None) -> None:
        self.name = name
        self._lo = lo
        self._length = length
        self._start = [0, *itertools.accumulate(max(k - 1, 0) for k in length)]
        self._values = values
        self._base = base

    def counts(self, index: int) -> tuple[int, list[int]]:
        """``(lo, c)``: ``c[j]`` is the chance of needing exactly ``lo + j`` rolls, in units of :data:`ONE`.

        The counts sum to :data:`ONE`; a position the table does not cover (the first-off table's
        positions of fewer than 15 checkers) has none.
        """
        k = self._length[index]
        if not k:
            return 0, []
        lo = self._lo[index]
        start = self._start[index]
        stored = list(self._values[start : start + k - 1])
        if self._base is not None:
            base_lo, base = self._base.counts(index)
            for j, coded in enumerate(stored):
                n = lo + j - base_lo
                stored[j] = _unzigzag(coded) + (base[n] if 0 <= n < len(base) else 0)
        stored.append(ONE - sum(stored))
        return lo, stored

    @lru_cache(maxsize=4096)  # noqa: B019 - the tables live as long as the process
    def distribution(self, index: int) -> tuple[int, tuple[float, ...]]:
        """``(lo, p)``: ``p[j]`` is the chance of needing exactly ``lo + j`` rolls (summing to 1)."""
        lo, counts = self.counts(index)
        if not counts:
            return 0, (1.0,)  # not covered (or nothing left to bear off): done in 0 rolls
        return lo, tuple(c / ONE for c in counts)

    def mean(self, index: int) -> float:
        """The expected number of rolls."""
        lo, p = self.distribution(index)
        return sum((lo + j) * q for j, q in enumerate(p))


def _zigzag(v: int) -> int:
    """0, -1, 1, -2, 2... as 0, 1, 2, 3, 4... (small differences of either sign as small words).

    >>> [_zigzag(v) for v in (0, -1, 1, -2, 2)], [_unzigzag(_zigzag(v)) for v in (-7, 7)]
    ([0, 1, 2, 3, 4], [-7, 7])
    """
    return v << 1 if v >= 0 else ((-v) << 1) - 1


def _unzigzag(v: int) -> int:
    return v >> 1 if not v & 1 else -((v + 1) >> 1)


def decode(blob: bytes) -> dict[str, Table]:
    """The tables of a ``bearoff.bin`` blob, by name."""
    if blob[:4] != MAGIC:
        raise ValueError(f"not a bear-off database of this engine: magic {blob[:4]!r}, expected {MAGIC!r}")
    (length,) = struct.unpack_from("<I", blob, 4)
    header = json.loads(blob[8 : 8 + length].decode("utf-8"))
    if header.get("one") != ONE:
        raise ValueError(f"bear-off database in units of {header.get('one')!r}, expected {ONE!r}")
    import lzma  # noqa: PLC0415 - optional in CPython builds (see available)

    body = lzma.decompress(blob[8 + length :], format=lzma.FORMAT_XZ)
    tables: dict[str, Table] = {}
    offset = 0
    for entry in header["tables"]:
        n = int(entry["positions"])
        lo = body[offset : offset + n]
        k = body[offset + n : offset + 2 * n]
        offset += 2 * n
        count = sum(max(v - 1, 0) for v in k)
        # Interleave the two planes back into little-endian 16-bit words, at C speed (slice assignment).
        words = bytearray(2 * count)
        words[1::2] = body[offset : offset + count]
        words[0::2] = body[offset + count : offset + 2 * count]
        values = array.array("H", words)
        if sys.byteorder == "big":
            values.byteswap()
        offset += 2 * count
        base = tables[entry["base"]] if "base" in entry else None
        tables[str(entry["name"])] = Table(str(entry["name"]), lo, k, values, base)
    return tables


def encode(tables: dict[str, list[tuple[int, list[int]]]], bases: dict[str, str], meta: dict[str, object]) -> bytes:
    """The blob of ``tables`` (name -> per position ``(lo, counts)``, counts summing to :data:`ONE` or empty).

    ``bases`` names, for a table stored as differences, the (earlier) table it is stored against;
    ``meta`` goes into the header.
    """
    header = {
        "one": ONE,
        "tables": [
            {"name": name, "positions": len(rows), **({"base": bases[name]} if name in bases else {})}
            for name, rows in tables.items()
        ],
        **meta,
    }
    body = bytearray()
    for name, rows in tables.items():
        base = tables[bases[name]] if name in bases else None
        words: list[int] = []
        for index, (lo, counts) in enumerate(rows):
            if counts and sum(counts) != ONE:
                raise ValueError(f"table {name!r}, position {index!r}: counts {counts!r} do not sum to {ONE}")
            stored = counts[:-1]
            if base is not None:
                base_lo, base_counts = base[index]
                by_rolls = dict(enumerate(base_counts, base_lo))
                stored = [_zigzag(c - by_rolls.get(lo + j, 0)) for j, c in enumerate(stored)]
            words += stored
        body += bytes(lo for lo, _ in rows)
        body += bytes(len(counts) for _, counts in rows)
        body += bytes(v >> 8 for v in words) + bytes(v & 0xFF for v in words)
    text = json.dumps(header, sort_keys=True).encode("utf-8")
    import lzma  # noqa: PLC0415 - optional in CPython builds (see available)

    packed = lzma.compress(bytes(body), format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME)
    return MAGIC + struct.pack("<I", len(text)) + text + packed


@lru_cache(maxsize=1)
def default_tables() -> dict[str, Table]:
    """The tables in the package's data directory, read and decompressed on first use (see :func:`available`)."""
    return decode((resources.files("toutes_tables") / "data" / DATA_FILE).read_bytes())


def _tail(lo: int, p: tuple[float, ...]) -> list[float]:
    """``t[j]``: the chance of needing ``lo + j`` rolls or more, for the distribution ``(lo, p)``."""
    tail = [0.0] * (len(p) + 1)
    for j in range(len(p) - 1, -1, -1):
        tail[j] = tail[j + 1] + p[j]
    return tail


def _before(mine: tuple[int, tuple[float, ...]], theirs: tuple[int, tuple[float, ...]], lag: int) -> float:
    """The chance that ``mine`` ends on some roll ``n`` while ``theirs`` needs ``n + lag`` rolls or more."""
    lo, p = mine
    their_lo, q = theirs
    tail = _tail(their_lo, q)
    total = 0.0
    for j, pn in enumerate(p):
        k = lo + j + lag - their_lo
        if k <= 0:
            total += pn
        elif k < len(tail):
            total += pn * tail[k]
    return total


def win_chance(mine: tuple[int, tuple[float, ...]], theirs: tuple[int, tuple[float, ...]]) -> float:
    """The chance that the side on roll, needing ``mine`` rolls, finishes before the other, needing ``theirs``.

    >>> win_chance((1, (1.0,)), (1, (1.0,))), win_chance((2, (0.5, 0.5)), (2, (1.0,)))
    (1.0, 0.5)
    """
    return _before(mine, theirs, 0)


def race_chances(
    mine: Sequence[int], theirs: Sequence[int], max_pips: bool, gammons: bool
) -> tuple[float, float, float]:
    """``(win, win gammon, lose gammon)`` for the player on roll; both sides must be all home (:func:`applies`).

    ``max_pips`` picks the Toutes tables table; ``gammons`` (backgammon scoring) asks for the
    gammon chances, else they are 0.

    >>> race_chances([14, 1] + [0] * 24, [13, 0, 2] + [0] * 23, False, True)  # my ace checker is off at once
    (1.0, 0.0, 0.0)
    """
    tables = default_tables()
    finish = tables["max-pips" if max_pips else "standard"]
    me = finish.distribution(rank(mine[1:7]))
    them = finish.distribution(rank(theirs[1:7]))
    win = win_chance(me, them)
    win_gammon = lose_gammon = 0.0
    if gammons:
        first = tables["first-off"]
        if not theirs[0]:
            # B has had n - 1 rolls when I finish on my n-th: a gammon if he needs n or more for a first checker.
            win_gammon = win_chance(me, first.distribution(rank(theirs[1:7])))
        if not mine[0]:
            # He finishes on his m-th roll after my m rolls: I am gammoned if I need m + 1 or more.
            lose_gammon = _before(them, first.distribution(rank(mine[1:7])), 1)
    return win, win_gammon, lose_gammon
