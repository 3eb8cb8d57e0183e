"""Legal-play generation speed: this engine beside gnubg and gym-backgammon, in one run.

    python benchmarks/movegen.py                  # 300 positions x 21 rolls, best of 3
    python benchmarks/movegen.py --positions 500 --repeat 5

The positions are a fixed, seeded set from random self-play games of ``backgammon`` (classic
start), every third position of each game, so contact, bar and bear-off positions all appear.
Each engine gets every position with all 21 rolls; the figure is calls per second (one call =
one position and one roll), best of ``--repeat`` interleaved passes. Timed:

* ``ours``: ``legal_plays(position, dice, "backgammon")`` (the plays, results not built);
* ``ours+results``: the same, and every ``play.result`` built;
* ``gnubg``: ``gnubg.find_best_moves(board, cube_info, eval_context(0, 0, 1, 0, 0.0), dice)``,
  which also scores every play with its 0-ply neural net (it has no generate-only call);
* ``gym``: gym-backgammon's ``Backgammon.get_valid_plays(WHITE, (-d1, -d2))``.

Before timing, the counts are compared: ours must equal gnubg's on every call (the run fails
otherwise); gym-backgammon's disagreements are reported, in counts of distinct resulting
positions and in the sets of resulting positions themselves.

gym-backgammon's package ``__init__`` imports ``gym`` and its env imports ``pyglet``; the move
generator itself (``gym_backgammon/envs/backgammon.py``) needs neither, so it is loaded by file
path (a shim local to this script; nothing is vendored). Install it with
``pip install --no-deps gym-backgammon``.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

from toutes_tables import Play, Position, legal_plays, start_position  # noqa: E402

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
RULES = "backgammon"


def benchmark_positions(count: int, seed: int) -> list[Position]:
    """Every third position of seeded random self-play games from the classic start."""
    rng = random.Random(seed)
    positions: list[Position] = []
    while len(positions) < count:
        position, ply = start_position(64), 0
        while position.winner() is None and len(positions) < count:
            if ply % 3 == 0:
                positions.append(position)
            ply += 1
            plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)), RULES)
            position = rng.choice(plays).result if plays else position.swapped()
    return positions


# -- gym-backgammon ----------------------------------------------------------------------------


def load_gym_backgammon() -> ModuleType | None:
    """gym-backgammon's rules module, loaded by path so that neither gym nor pyglet is needed."""
    spec = importlib.util.find_spec("gym_backgammon")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "envs" / "backgammon.py"
    module_spec = importlib.util.spec_from_file_location("gym_backgammon_rules", path)
    if module_spec is None or module_spec.loader is None:
        return None
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def gym_state(gym: ModuleType, position: Position) -> tuple[list, list[int], list[int]]:
    """(board, bar, off) for gym-backgammon with the player on roll as its WHITE (moving to index 0)."""
    board: list[tuple[int, object]] = [(0, None)] * 24
    for point in range(1, 25):
        if position.mine[point]:
            board[point - 1] = (position.mine[point], gym.WHITE)
        if position.theirs[point]:
            board[24 - point] = (position.theirs[point], gym.BLACK)
    bar, off = [0, 0], [0, 0]
    bar[gym.WHITE], bar[gym.BLACK] = position.mine[25], position.theirs[25]
    off[gym.WHITE], off[gym.BLACK] = position.mine[0], position.theirs[0]
    return board, bar, off


def set_gym_state(game, board, bar, off) -> None:
    game.board, game.bar, game.off = board[:], bar[:], off[:]
    game.players_positions = game.get_players_positions()


def gym_result(gym: ModuleType, position: Position, play: tuple) -> Position:
    moves = [(25 if s == gym.BAR else s + 1, 0 if t < 0 else t + 1) for s, t in play]
    return Play(position, moves).result


# -- timing --------------------------------------------------------------------------------------


def best_times(runs: dict[str, Callable[[], None]], repeat: int) -> dict[str, float]:
    """Best wall time of each run over ``repeat`` rounds; rounds interleave the runs so that a
    busy machine slows them all alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    import gnubg

    positions = benchmark_positions(args.positions, args.seed)
    boards = [p.to_gnubg_board() for p in positions]
    cube, context = gnubg.cube_info(), gnubg.eval_context(0, 0, 1, 0, 0.0)
    gym = load_gym_backgammon()
    calls = len(positions) * len(ROLLS)
    print(f"{len(positions)} positions x {len(ROLLS)} rolls = {calls} calls per pass, best of {args.repeat}")
    gym_note = "loaded" if gym else "MISSING (pip install --no-deps gym-backgammon)"
    print(f"Python {sys.version.split()[0]}, gnubg {gnubg.__version__}, gym-backgammon {gym_note}")

    # Same answers first.
    ours_vs_gnubg = gym_vs_gnubg = gym_vs_ours = 0
    game = gym.Backgammon() if gym else None
    for position, board in zip(positions, boards, strict=True):
        state = gym_state(gym, position) if gym else None
        for dice in ROLLS:
            expected = len(gnubg.find_best_moves(board, cube, context, dice))
            our_plays = legal_plays(position, dice, RULES)
            ours_vs_gnubg += len(our_plays) != expected
            if gym and game is not None and state is not None:
                set_gym_state(game, *state)
                plays = game.get_valid_plays(gym.WHITE, (-dice[0], -dice[1]))
                gym_results = {gym_result(gym, position, p) for p in plays}
                gym_vs_gnubg += len(gym_results) != expected
                gym_vs_ours += gym_results != {p.result for p in our_plays}
    print(f"count differences: ours vs gnubg {ours_vs_gnubg}" + (f", gym vs gnubg {gym_vs_gnubg}" if gym else ""))
    if gym:
        print(f"result-set differences: gym vs ours {gym_vs_ours}")

    def ours() -> None:
        for position in positions:
            for dice in ROLLS:
                legal_plays(position, dice, RULES)

    def ours_with_results() -> None:
        for position in positions:
            for dice in ROLLS:
                for play in legal_plays(position, dice, RULES):
                    play.result  # noqa: B018 (building the result is what is timed)

    def gnubg_moves() -> None:
        for board in boards:
            for dice in ROLLS:
                gnubg.find_best_moves(board, cube, context, dice)

    timed = {"ours": ours, "ours+results": ours_with_results, "gnubg": gnubg_moves}
    if gym and game is not None:
        states = [gym_state(gym, p) for p in positions]
        gym_rolls = [(-a, -b) for a, b in ROLLS]

        def gym_moves() -> None:
            for state in states:
                set_gym_state(game, *state)
                for roll in gym_rolls:
                    game.get_valid_plays(gym.WHITE, roll)

        timed["gym"] = gym_moves

    rates = {name: calls / seconds for name, seconds in best_times(timed, args.repeat).items()}
    for name, rate in rates.items():
        print(f"{name:>14}: {rate:10,.0f} calls/s")
    print(
        f"{'ours/gnubg':>14}: {rates['ours'] / rates['gnubg']:.2f}   (ours+results/gnubg "
        f"{rates['ours+results'] / rates['gnubg']:.2f})"
    )
    if "gym" in rates:
        print(
            f"{'ours/gym':>14}: {rates['ours'] / rates['gym']:.2f}   (ours+results/gym "
            f"{rates['ours+results'] / rates['gym']:.2f}; gym/gnubg {rates['gym'] / rates['gnubg']:.2f})"
        )
    return 1 if ours_vs_gnubg else 0


if __name__ == "__main__":
    sys.exit(main())
