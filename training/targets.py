"""Targets for the double-game outputs that look at the rest of a game, not only at its end (TD(lambda)).

One game's 0/1 outcome is a noisy target for a position's chance of a double game. Along a game of
toutes_outcomes.py, each position also carries the chances the network saw there; a position's target
mixes the next position's seen chances (weight 1 - lambda) with the next position's own target (weight
lambda), back from the game's last position, whose target is what happened. lambda = 1 gives the outcome
alone; smaller values trade the outcome's noise for the network's own bias. Plain Python (no numpy), so
that the tests check it without the training's dependencies.
"""

from __future__ import annotations

from collections.abc import Sequence


def lambda_targets(
    outcomes: Sequence[Sequence[float]], games: Sequence[int], seen: Sequence[Sequence[float]], lam: float
) -> list[tuple[float, float]]:
    """(win double, lose double) targets, each for the mover of its position, the games one after another.

    ``outcomes``: what happened, for each position's mover (won, won double, lost double); ``games``: each
    position's game number (a game's positions consecutive, in the order played); ``seen``: the network's
    (win double, lose double) there. The next position's mover is the opponent: its (win, lose) is this
    mover's (lose, win).
    """
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"lambda {lam!r} is not between 0 and 1")
    targets: list[tuple[float, float]] = [(0.0, 0.0)] * len(games)
    for i in range(len(games) - 1, -1, -1):
        if i + 1 < len(games) and games[i + 1] == games[i]:
            next_win, next_lose = targets[i + 1]
            seen_win, seen_lose = seen[i + 1]
            targets[i] = ((1 - lam) * seen_lose + lam * next_lose, (1 - lam) * seen_win + lam * next_win)
        else:
            targets[i] = (float(outcomes[i][1]), float(outcomes[i][2]))
    return targets
