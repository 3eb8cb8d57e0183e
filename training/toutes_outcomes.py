"""Toutes tables positions from the engine's own self-play, for the network's double-game outputs.

generate.py's games are played by gnubg, which knows nothing of the Toutes tables double game (the
loser has borne off none *and* is not all home) nor of the maximum-pips bear-off: its players neither
play for the double game nor fear it, so the outcomes its Toutes tables games end in are those of a
backgammon player. The double-game outputs estimate the chances of the players who will use them, so
here both sides are the engine itself at a glance (its 0-ply ranking under the game's own rules, the
advanced level's play, with a little Gaussian noise so that close plays vary), with the network being
trained or ``--evaluator``.

Each game is Toutes Tables 225 from the drawn starts in turn (every fifth game the 1698 game's classic
start). Every position with the player on roll before the dice is stored in generate.py's format, so
train.py reads both alike: ``board``, ``gnubg`` (gnubg's 0-ply labels, for the other outputs), ``toutes``
(1), ``outcome`` (won, won a double game, lost a double game) for the mover; and ``game`` (the game's
number), ``double_chances`` (the network's own (win double, lose double) for the mover, at 0-ply), for
targets that look at the rest of the game rather than only its end (train.py ``--outcome-lambda``).

Run (about 0.2 s a game on one core, 60 positions a game)::

    nice -n 10 python training/toutes_outcomes.py --games 6000 --seed 1 --out training/data/toutes-1.npz
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from generate import gnubg_probabilities, self_play  # noqa: E402  (training/, this script's folder)
from toutes_tables import get_rules  # noqa: E402
from toutes_tables.ai.evaluate import chances  # noqa: E402
from toutes_tables.ai.network import Network, default_network  # noqa: E402
from toutes_tables.ai.search import rank_plays  # noqa: E402
from toutes_tables.position import Color, Position  # noqa: E402

CLASSIC_EVERY = 5  # every fifth game: the 1698 game from the classic start


def play_game(
    rules_name: str, start: int, noise: float, rng: random.Random, network: Network
) -> tuple[list[tuple[Position, tuple[float, float]]], tuple[Color, bool]]:
    """One self-play game: the positions met (mover on roll) with the network's double chances, and how it ended."""
    rules = get_rules(rules_name)

    def glance(position: Position, dice: tuple[int, int]) -> Position | None:
        scored = rank_plays(position, dice, rules, network)
        if not scored:
            return None
        best = max(scored, key=lambda s: s.equity + rng.gauss(0.0, noise)) if noise else scored[0]
        return best.play.result

    def double_chances(position: Position) -> tuple[float, float]:
        seen = chances(position, network, rules)
        return seen.win_double, seen.lose_double

    positions, winner, double = self_play(rules, start, rng, glance)
    return [(position, double_chances(position)) for position in positions], (winner, double)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.01, help="sd of the Gaussian noise on each play's equity")
    parser.add_argument("--evaluator", type=Path, help="the weights file that plays (default: the shipped one)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    network = Network(args.evaluator.read_bytes()) if args.evaluator else default_network()
    boards, gnubg_labels, outcomes, games, double_chances = [], [], [], [], []
    began = time.time()
    for g in range(args.games):
        classic = g % CLASSIC_EVERY == CLASSIC_EVERY - 1
        rules_name, start = ("toutes-tables", 64) if classic else ("toutes-tables-225", g % 225 + 1)
        records, (winner, double) = play_game(rules_name, start, args.noise, rng, network)
        for position, seen in records:
            won = position.turn is winner
            boards.append(position.mine + position.theirs)
            gnubg_labels.append(gnubg_probabilities(position))
            outcomes.append((won, won and double, (not won) and double))
            games.append(g)
            double_chances.append(seen)
        if (g + 1) % 500 == 0:
            print(f"{g + 1} games, {len(boards)} positions, {time.time() - began:.0f} s", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        board=np.array(boards, dtype=np.int8),
        gnubg=np.array(gnubg_labels, dtype=np.float32),
        toutes=np.ones(len(boards), dtype=np.int8),
        outcome=np.array(outcomes, dtype=np.int8),
        game=np.array(games, dtype=np.int32),
        double_chances=np.array(double_chances, dtype=np.float32),
    )
    elapsed = time.time() - began
    print(f"wrote {len(boards)} positions from {args.games} games to {args.out}; {elapsed:.0f} s")


if __name__ == "__main__":
    main()
