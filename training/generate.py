"""Training positions for the evaluation network: noisy gnubg self-play from all 225 starts, labelled by gnubg.

Each game picks a rule set (the four in turn) and a start (the 225 drawn starts in turn for the
``-225`` sets, the classic start otherwise). Both sides choose their play among *our* legal plays
(so the maximum-pips rule of Toutes tables is respected) by gnubg's 0-ply cubeless equity of the
resulting position, plus Gaussian noise (``--noise``) so that the games also visit the positions
that imperfect players, and our own weaker levels, reach.

Every position with the player on roll before the dice is stored with:

* ``board``: 52 counts, the mover's 26 (off, points 1-24, bar) then the opponent's 26;
* ``gnubg``: gnubg's (win, win gammon, win backgammon, lose gammon, lose backgammon) at ``--label-plies``
  (0 by default, as the shipped network was trained; 1 costs about 7 ms a position on an idle core, the
  plays of the games are still chosen at 0-ply);
* ``toutes``: 1 for a Toutes tables game (either set), else 0;
* ``outcome``: the game's final result for that mover under the game's own scoring, as
  (won, won double, lost double), where "double" is the Toutes tables partie double (the loser has
  borne off none and is not all home) in Toutes tables games and the gammon otherwise.
  The Toutes tables outputs of the network are trained on these outcomes (see train.py).

Run (about 25 ms a game on one core at 0-ply labels, about 58 positions a game)::

    nice -n 10 python training/generate.py --games 20000 --seed 1 --out training/data/positions-1.npz
    nice -n 10 python training/generate.py --games 1700 --seed 11 --label-plies 1 --out training/data/ply1-11.npz
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import gnubg
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pkg"))

from toutes_tables import Position, get_rules, legal_plays, start_position  # noqa: E402
from toutes_tables.position import CHECKERS, OFF, WHITE, Color  # noqa: E402
from toutes_tables.rules import RuleSet  # noqa: E402

RULE_CYCLE = ("toutes-tables-225", "backgammon-225", "toutes-tables", "backgammon")
CUBE = gnubg.cube_info()
ZERO_PLY = gnubg.eval_context(0, 0, 1, 0, 0.0)


def gnubg_probabilities(position: Position, context: object = ZERO_PLY) -> tuple[float, ...]:
    """gnubg's (win, wg, wbg, lg, lbg) for the player on roll, at 0-ply unless ``context`` says otherwise."""
    return tuple(gnubg.evaluate(position.to_gnubg_board(), CUBE, context)[:5])


def money_equity(p: tuple[float, ...]) -> float:
    return 2.0 * p[0] - 1.0 + p[1] + p[2] - p[3] - p[4]


def opening(start: int, rng: random.Random) -> tuple[Position, tuple[int, int]]:
    """Start ``start`` with its opening roll: two different dice, the higher die's owner (either side) on roll."""
    position = start_position(start, WHITE)
    while True:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        if d1 != d2:
            break
    if rng.random() < 0.5:
        position = position.swapped()
    return position, (d1, d2)


def self_play(
    rules: RuleSet, start: int, rng: random.Random, choose: Callable[[Position, tuple[int, int]], Position | None]
) -> tuple[list[Position], Color, bool]:
    """One game from start ``start``: the positions met (mover on roll, before the dice), the winner, and whether
    the game counted double (a gammon or a Toutes tables double game). ``choose`` gives the position a play
    leaves, or None when no play is possible; the dice come from ``rng``."""
    position, dice = opening(start, rng)
    positions = []
    while True:
        positions.append(position)
        after = choose(position, dice)
        position = after if after is not None else position.swapped()
        if position.theirs[OFF] == CHECKERS:
            winner = position.turn.other
            return positions, winner, rules.outcome(position, winner).multiplier > 1
        dice = (rng.randint(1, 6), rng.randint(1, 6))


def play_game(
    rules_name: str, start: int, noise: float, rng: random.Random, label: object = ZERO_PLY
) -> tuple[list, list]:
    """One self-play game: the positions met (mover on roll), each with gnubg's evaluation by ``label``, and the
    winner with whether the game was doubled (the plays are chosen at 0-ply whatever ``label``)."""
    rules = get_rules(rules_name)

    def gnubg_choice(position: Position, dice: tuple[int, int]) -> Position | None:
        best, best_score = None, -9.0
        for play in legal_plays(position, dice, rules):
            after = play.result
            if after.theirs[OFF] == CHECKERS:  # the mover has just borne off the last checker
                score = 9.0
            else:
                score = -money_equity(gnubg_probabilities(after)) + rng.gauss(0.0, noise)
            if score > best_score:
                best, best_score = after, score
        return best

    positions, winner, double = self_play(rules, start, rng, gnubg_choice)
    return [(position, gnubg_probabilities(position, label)) for position in positions], [winner, double]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.04, help="sd of the Gaussian noise on each play's equity")
    parser.add_argument(
        "--label-plies", type=int, default=0, help="gnubg's depth for the stored labels (the plays stay 0-ply)"
    )
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    # gnubg's eval_context(cubeful, plies, reduced, prune, noise): cubeless, pruned as gnubg's own analysis is.
    label = ZERO_PLY if args.label_plies == 0 else gnubg.eval_context(0, args.label_plies, 1, 1, 0.0)
    boards, gnubg_labels, toutes, outcomes = [], [], [], []
    began = time.time()
    for g in range(args.games):
        rules_name = RULE_CYCLE[g % 4]
        start = (g // 4) % 225 + 1 if rules_name.endswith("-225") else 64
        records, (winner, double) = play_game(rules_name, start, args.noise, rng, label)
        is_toutes = not get_rules(rules_name).backgammon_scoring
        for position, probs in records:
            won = position.turn is winner
            boards.append(position.mine + position.theirs)
            gnubg_labels.append(probs)
            toutes.append(is_toutes)
            outcomes.append((won, won and double, (not won) and double))
        if (g + 1) % (500 if args.label_plies == 0 else 50) == 0:
            print(f"{g + 1} games, {len(boards)} positions, {time.time() - began:.0f} s", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        board=np.array(boards, dtype=np.int8),
        gnubg=np.array(gnubg_labels, dtype=np.float32),
        toutes=np.array(toutes, dtype=np.int8),
        outcome=np.array(outcomes, dtype=np.int8),
    )
    elapsed = time.time() - began
    print(
        f"wrote {len(boards)} positions from {args.games} games to {args.out}, labels at {args.label_plies}-ply;"
        f" {elapsed:.0f} s, {1000 * elapsed / max(1, len(boards)):.2f} ms a position"
    )


if __name__ == "__main__":
    main()
