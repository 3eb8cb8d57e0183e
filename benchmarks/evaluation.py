"""How long one evaluation of the network takes, for several weights files and code versions, in one run.

The positions are those of seeded self-play at the advanced level (``backgammon`` and
``toutes-tables-225`` alternately), every position with the outputs a backgammon set scores (five of
seven, as the search asks). Each contestant evaluates all of them in turn, pass after pass, so a
change of the machine's load falls on every contestant alike; the figure is the best pass's mean,
and the ratios are against the first contestant.

A contestant is a weights file read by this tree's ``toutes_tables/ai/network.py`` or, with
``--baseline DIR`` (another checkout's ``pkg``), by that tree's ``network.py`` too: the way to
measure a change of the evaluation code on the same weights in the same run::

    python benchmarks/evaluation.py
    python benchmarks/evaluation.py --evaluator w512.bin --baseline /tmp/old/pkg

The last contestant is the engine's own evaluation: ``evaluator.bin`` and, in crashed positions, ``crashed.bin``
(``network.PhasedNetwork``), so its ratio to the first is what picking the network costs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selfplay import turns  # noqa: E402

from toutes_tables.ai import choose_play  # noqa: E402
from toutes_tables.ai.network import WEIGHTS_FILE, default_network  # noqa: E402

HERE = Path(__file__).resolve().parent.parent / "pkg"
UNITS = (0, 1, 2, 3, 4)


def network_module(pkg: Path, name: str) -> ModuleType:
    """``pkg``'s ``toutes_tables/ai/network.py`` loaded on its own (its features and phases from this tree)."""
    path = pkg / "toutes_tables" / "ai" / "network.py"
    source = path.read_text(encoding="utf-8").replace("from .", "from toutes_tables.ai.")
    module = ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    exec(compile(source, str(path), "exec"), module.__dict__)  # noqa: S102 - a file of a checkout, timed
    return module


def sides(count: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    rng = random.Random(seed)
    found = []
    for turn in turns(lambda p, d, r: choose_play(p, d, r, level="advanced"), ["backgammon", "toutes-tables-225"], rng):
        found.append((turn.position.mine, turn.position.theirs))
        if len(found) == count:
            return found
    raise AssertionError("unreachable: self-play is endless")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evaluator", action="append", default=[], help="a weights file (repeatable)")
    parser.add_argument("--baseline", type=Path, help="another checkout's pkg: its network.py reads each file too")
    parser.add_argument("--positions", type=int, default=800)
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.positions <= 100_000 or not 1 <= args.passes <= 100:
        parser.error("--positions is 1-100000 and --passes 1-100")
    files = [HERE / "toutes_tables" / "data" / WEIGHTS_FILE, *map(Path, args.evaluator)]
    codes = [("this tree", network_module(HERE, "network_here"))]
    if args.baseline:
        codes.insert(0, (f"{args.baseline}", network_module(args.baseline, "network_baseline")))
    positions = sides(args.positions, args.seed)
    contestants = []
    for file in files:
        blob = file.read_bytes()
        reference = None
        for label, module in codes:
            network = module.Network(blob)
            contestants.append((f"{file.name} by {label}", network))
            outputs = [network.outputs(m, t, UNITS) for m, t in positions]
            if reference is None:
                reference = outputs
            else:  # the same weights give the same outputs, whatever the code
                pairs = zip(reference, outputs, strict=True)
                worst = max(abs(a - b) for r, o in pairs for a, b in zip(r, o, strict=True))
                print(f"{file.name}: largest difference between the codes' outputs {worst:.3g}")
    # What the engine evaluates with: the crashed positions' network there, the main one elsewhere.
    contestants.append(("the shipped pair (crashed.bin in crashed positions)", default_network()))
    best = {name: float("inf") for name, _ in contestants}
    for _ in range(args.passes):
        for name, network in contestants:
            outputs = network.outputs
            start = time.perf_counter()
            for mine, theirs in positions:
                outputs(mine, theirs, UNITS)
            best[name] = min(best[name], (time.perf_counter() - start) / len(positions))
    first = best[contestants[0][0]]
    print(f"{len(positions)} positions, best of {args.passes} interleaved passes, Python {sys.version.split()[0]}")
    print(f"{'contestant':60s} {'µs':>8s} {'ratio':>7s}")
    for name, _ in contestants:
        print(f"{name:60s} {best[name] * 1e6:8.1f} {best[name] / first:7.2f}")


if __name__ == "__main__":
    main()
