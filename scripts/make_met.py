"""Write pkg/toutes_tables/data/met.json: the match equity table built by toutes_tables.ai.met.

    python scripts/make_met.py          # rewrite the file, and compare it with gnubg's table if gnubg is installed

The table is built from three parameters (toutes_tables/ai/met.py explains the construction);
tests/test_ai_cube.py checks that the shipped file is what the module builds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

from toutes_tables.ai.met import DATA_FILE, MatchEquityTable  # noqa: E402

OUT = ROOT / "pkg" / "toutes_tables" / "data" / DATA_FILE


def compare_with_gnubg(table: MatchEquityTable) -> None:
    try:
        import gnubg
    except ImportError:
        print("gnubg is not installed: no comparison")
        return
    pre, post_crawford, _ = gnubg.met(table.max_away)
    n = table.max_away
    diffs = [abs(table.mwc(a, b) - pre[a - 1][b - 1]) for a in range(1, n + 1) for b in range(1, n + 1)]
    post = [abs(table.mwc(k, 1, post_crawford=True) - post_crawford[k - 1]) for k in range(1, n + 1)]
    print(
        f"against gnubg's default table: largest difference {100 * max(diffs):.2f} percentage points of MWC, "
        f"mean {100 * sum(diffs) / len(diffs):.2f}; post-Crawford largest {100 * max(post):.2f}"
    )


def main() -> None:
    table = MatchEquityTable()
    data = table.to_data()
    # One table row a line: readable, and a diff shows which scores changed.
    lines = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items() if key != "pre_crawford"]
    rows = ",\n  ".join(json.dumps(row[1:]) for row in table.pre[1:])
    lines.append(f' "pre_crawford": [\n  {rows}\n ]')
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    assert json.loads(text) == data
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size} bytes)")
    compare_with_gnubg(table)


if __name__ == "__main__":
    main()
