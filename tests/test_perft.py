"""Perft-style counts: tests/data/perft.txt lists (position ID, roll, rule set) -> number of legal plays.

The file is written by ``scripts/make_perft.py`` (backgammon counts checked against gnubg when it
was generated); this test replays every line against the engine.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from toutes_tables import RULE_SETS, Position, legal_plays

PERFT = Path(__file__).parent / "data" / "perft.txt"


def perft_entries() -> list[tuple[str, tuple[int, int], str, int]]:
    entries = []
    for number, line in enumerate(PERFT.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        pid, roll, rules, count = line.split()
        assert len(roll) == 2 and rules in RULE_SETS, f"perft.txt line {number}: {line!r}"
        entries.append((pid, (int(roll[0]), int(roll[1])), rules, int(count)))
    return entries


def test_every_perft_count_matches() -> None:
    wrong = []
    for pid, dice, rules, count in perft_entries():
        got = len(legal_plays(Position.from_gnubg_id(pid), dice, rules))
        if got != count:
            wrong.append(f"{pid} {dice} {rules}: expected {count}, got {got}")
    assert not wrong, "\n".join(wrong[:20])


def test_perft_file_covers_every_rule_set_and_the_corners() -> None:
    entries = perft_entries()
    assert len(entries) > 2000
    assert {rules for _, _, rules, _ in entries} == set(RULE_SETS)
    positions = {pid: Position.from_gnubg_id(pid) for pid, _, _, _ in entries}
    assert sum(1 for p in positions.values() if p.mine[25]) >= 30  # checkers on the bar
    assert sum(1 for p in positions.values() if not any(p.mine[7:26])) >= 50  # bearing off
    assert any(count == 0 for _, _, _, count in entries)  # no legal play at all
    by_pair: dict[tuple[str, tuple[int, int]], dict[str, int]] = defaultdict(dict)
    for pid, dice, rules, count in entries:
        by_pair[pid, dice][rules] = count
    # Pairs where the maximum-pips bear-off of the Toutes tables sets changes the count.
    changed = [c for c in by_pair.values() if len(c) == 4 and c["toutes-tables"] != c["backgammon"]]
    assert len(changed) > 50
    assert all(c["toutes-tables"] < c["backgammon"] for c in changed)
    assert all(c["toutes-tables"] == c["toutes-tables-225"] and c["backgammon"] == c["backgammon-225"] for c in changed)
