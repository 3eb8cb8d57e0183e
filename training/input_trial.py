"""Would inputs like gnubg's help the network? The same network trained with and without them, in one run.

Step 3 of the plan in training/README.md. The engine's inputs (``toutes_tables.ai.features``) are the board alone:
four per slot and one for contact. gnubg's networks add hand-made ones (pip count, escapes, primes, shots...).
This trains two networks alike (one hidden layer, the five gnubg outputs, the settings of ``train.py``)
on the same positions, one with the engine's inputs and one with ten more a side (:func:`gnubg_like_inputs`), and
prints their held-out equity error against the labels after each epoch. ``--judge DECISIONS`` then plays both
at 0 ply (the legal play whose result the network values most) on the decisions of ``benchmarks/strength.py
--gnubg-positions`` (gnubg 0-ply self-play with 15 % random plays), judged as there by gnubg 2-ply, beside gnubg
0-ply itself, for each of ``--judge-seeds``, with the paired difference between the two networks and its 95 %
interval. It only measures, and writes nothing: ``train.py --crafted`` trains a network with the same inputs for the
engine (``toutes_tables.ai.features.crafted_counts``), and ``benchmarks/strength.py --evaluator`` judges it::

    nice -n 10 python training/input_trial.py training/data/positions-1.npz
    nice -n 10 python training/input_trial.py training/data/positions-{1,2,3}.npz --judge 1500 --judge-seeds 1,2,3,4

About 3 minutes a network on one core for ``reproduce.sh``'s first file (931,626 positions, 12 epochs), 8 for its
three; the judge about 3 minutes a seed of 1,500 decisions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import torch

from label_gap import money_equity
from train import CRAFTED_SCALE, crafted_inputs, dense_inputs, equity_error, load

from toutes_tables.position import CHECKERS  # noqa: E402  (train.py has put pkg/ on the path)


def gnubg_like_inputs(board: np.ndarray) -> np.ndarray:
    """train.py's crafted counts (ten a side, mover first), each divided by its scale to about 0 to 1."""
    return crafted_inputs(board) / CRAFTED_SCALE


def trial(name: str, inputs: np.ndarray, targets: torch.Tensor, args: argparse.Namespace) -> torch.nn.Module:
    """Train one network on ``inputs`` as train.py would, printing its held-out equity error each epoch."""
    torch.manual_seed(args.seed)
    x = torch.from_numpy(inputs)
    cut = int(len(x) * (1 - args.holdout))
    validation = torch.arange(cut, len(x))
    model = torch.nn.Sequential(
        torch.nn.Linear(x.shape[1], args.hidden), torch.nn.ReLU(), torch.nn.Linear(args.hidden, 5)
    )
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, T_max=args.epochs)
    bce = torch.nn.functional.binary_cross_entropy_with_logits
    began = time.time()
    for epoch in range(args.epochs):
        order = torch.randperm(cut)
        for start in range(0, cut, args.batch):
            idx = order[start : start + args.batch]
            loss = bce(model(x[idx]), targets[idx])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        schedule.step()
        with torch.no_grad():
            error = equity_error(torch.sigmoid(model(x[validation])), targets[validation])
        print(
            f"{name} ({x.shape[1]} inputs): epoch {epoch + 1}, held-out equity MAE {error:.4f},"
            f" {time.time() - began:.0f} s",
            flush=True,
        )
    return model.eval()


def judge(networks: dict[str, tuple[torch.nn.Module, bool]], count: int, seeds: list[int]) -> None:
    """Each network at 0 ply and gnubg 0-ply on strength.py's gnubg decisions, judged by gnubg 2-ply.

    ``networks``: name -> (model, whether it takes the gnubg-like inputs). The first two are compared, paired.
    """
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import gnubg  # noqa: PLC0415 - only the judge needs gnubg and strength.py
    import strength  # noqa: PLC0415

    from toutes_tables import legal_plays  # noqa: PLC0415

    zero_ply, two_ply = gnubg.eval_context(0, 0, 1, 0, 0.0), gnubg.eval_context(0, 2, 1, 1, 0.0)
    names = [*networks, "gnubg 0-ply"]
    every: dict[str, list[float]] = {name: [] for name in names}
    print(f"judged by gnubg 2-ply, error in mp/decision, {count} decisions a seed")
    print(f"{'seed':>6}" + "".join(f"{name:>26}" for name in names))
    for seed in seeds:
        errors: dict[str, list[float]] = {name: [] for name in names}
        for position, dice in strength.gnubg_decisions(count, seed, 0.15, zero_ply):
            results = list({play.result: play for play in legal_plays(position, dice, "backgammon")})
            shallow = {result: strength.judge_equity(result, "backgammon", zero_ply) for result in results}
            chosen = {"gnubg 0-ply": max(results, key=shallow.__getitem__)}
            boards = np.array([result.mine + result.theirs for result in results], dtype=np.int8)
            plain = dense_inputs(boards)
            richer = np.concatenate([plain, gnubg_like_inputs(boards)], axis=1)
            for name, (model, gnubg_like) in networks.items():
                with torch.no_grad():
                    chances = torch.sigmoid(model(torch.from_numpy(richer if gnubg_like else plain))).numpy()
                # each result is the opponent's to roll: its equity for the mover is minus the network's, and a
                # game the mover has just won is worth what it scores
                mover = (-money_equity(chances)).tolist()
                values = [shallow[r] if r.theirs[0] == CHECKERS else v for r, v in zip(results, mover, strict=True)]
                chosen[name] = results[int(np.argmax(values))]
            for name, error in strength.judged_errors(shallow, chosen, two_ply).items():
                errors[name].append(error)
        for name in names:
            every[name] += errors[name]
        print(f"{seed:>6}" + "".join(f"{statistics.fmean(errors[name]):>26.2f}" for name in names), flush=True)
    print(f"{'all':>6}" + "".join(f"{statistics.fmean(every[name]):>26.2f}" for name in names))
    first, second = list(networks)[:2]
    gaps = [b - a for a, b in zip(every[first], every[second], strict=True)]
    print(f"{second} minus {first}, mp/decision and its 95 % interval: {strength.mean_interval(gaps)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path, nargs="+", help="generate.py's files")
    parser.add_argument("--hidden", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--holdout", type=float, default=0.05, help="share of positions (the last ones) held out")
    parser.add_argument("--judge", type=int, default=0, metavar="DECISIONS", help="judge both networks (needs gnubg)")
    parser.add_argument("--judge-seeds", default="1,2", help="the seeds of strength.py's decisions, comma-separated")
    args = parser.parse_args()
    torch.set_num_threads(1)  # a shared machine
    data = load(args.data)
    targets = torch.from_numpy(data["gnubg"]).clamp(0, 1)
    board_inputs = dense_inputs(data["board"])
    print(f"{len(board_inputs)} positions; {args.hidden} hidden units, {args.epochs} epochs, seed {args.seed}")
    plain = trial("the engine's inputs", board_inputs, targets, args)
    richer = trial(
        "with gnubg-like inputs",
        np.concatenate([board_inputs, gnubg_like_inputs(data["board"])], axis=1),
        targets,
        args,
    )
    if args.judge:
        networks = {"the engine's inputs": (plain, False), "with gnubg-like inputs": (richer, True)}
        judge(networks, args.judge, [int(seed) for seed in args.judge_seeds.split(",")])


if __name__ == "__main__":
    main()
