"""The web game's view on a long match: the record kept between actions against rewriting it every time.

Plays a seeded backgammon match of many games (each side making its first legal play, which is
fast; no one doubles), then times, on the same match in the service, one view with the record the session keeps
(finished games written once, the game in play when its history changes) against the full
rewrite of the record from the whole match (``Match.to_text``, what every view did before), and
prints their ratio. Also the time ``load`` takes to read the match back.

    python benchmarks/service_view.py [--games 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pkg"))

from toutes_tables import Match  # noqa: E402
from toutes_tables import service  # noqa: E402
from toutes_tables.record import match_to_text  # noqa: E402
from toutes_tables.services import dispatch  # noqa: E402


def long_match(games: int, seed: int) -> Match:
    """A 99-point backgammon match played to ``games`` games by first legal plays (no one doubles)."""
    match = Match("backgammon", 99, rng=random.Random(seed))
    while True:
        game = match.game
        if game.is_over:
            if len(match.games) == games:
                return match
            match.next_game()
        elif game.phase == "opening":
            game.roll_opening()
        elif game.phase == "roll":
            game.roll()
        else:
            plays = game.legal_plays()
            game.play(plays[0] if plays else ())


def per_call(fn: Callable[[], object], repeat: int) -> float:
    began = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - began) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    match = long_match(args.games, args.seed)
    match.next_game()
    record = match_to_text(match)
    print(f"match: {len(match.games)} games, {len(record.splitlines())} record lines, {len(record):,} characters")
    began = time.perf_counter()
    dispatch("load", {"record": record, "steps": []})
    print(f"load: {time.perf_counter() - began:.2f} s")
    session = service._current()
    assert session.match is not None
    kept = per_call(lambda: dispatch("state"), 50)
    rewritten = per_call(session.match.to_text, 3)
    print(f"view with the kept record: {kept * 1000:.2f} ms")
    print(f"rewriting the whole record (before): {rewritten * 1000:.1f} ms")
    print(f"ratio: {rewritten / kept:.0f}x")


if __name__ == "__main__":
    main()
