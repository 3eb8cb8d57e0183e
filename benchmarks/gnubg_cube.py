"""gnubg's own cube analysis of a position before the roll, read from its command line.

The judge of ``strength.py --cube-decisions`` and of the cube cross-checks in ``tests/test_ai_cube.py``.
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile

import gnubg

from toutes_tables import Position

MATCH_LENGTH = 7  # the match of the match scores asked about


class GnubgCube:
    """gnubg's cube analysis of a position before the roll, through its command line (the binding has none).

    The binding's ``evaluate`` answers cubeless equities only and its ``hint`` refuses cube decisions,
    so the position is set with ``set gnubgid`` and gnubg's own ``hint`` is read from its standard
    output (one thread: with more, gnubg's command-line evaluation never returns in the library build).
    """

    _CUBEFUL = ("No double", "Double, pass", "Double, take")

    def __init__(self) -> None:
        self._libc = ctypes.CDLL(None)
        for command in (
            "set threads 1",
            "set sound enable off",
            "set player 0 human",
            "set player 1 human",
            "set automatic roll off",
            "set jacoby off",
            "set output digits 5",
        ):
            self._captured(command)

    def _captured(self, command: str) -> str:
        """What gnubg prints for ``command`` (C's standard output, not Python's)."""
        sys.stdout.flush()
        with tempfile.TemporaryFile() as out:
            self._libc.fflush(None)
            saved = os.dup(1)
            os.dup2(out.fileno(), 1)
            try:
                gnubg.command(command)
            finally:
                self._libc.fflush(None)
                os.dup2(saved, 1)
                os.close(saved)
            out.seek(0)
            return out.read().decode()

    def equities(
        self, position: Position, away: tuple[int, int] | None, plies: int, jacoby: bool = False
    ) -> tuple[float, float, float]:
        """(ND, DT, DP) for the player on roll, cube centred at 1: money if ``away`` is None, else that match score.

        ``jacoby``: a money game with the Jacoby rule. The binding's ``cube_info`` turns the rule on by
        default, and the session takes it from the ID, so it is set here either way (``set jacoby off``
        only speaks of new sessions).
        """
        length, score = (
            (0, (0, 0)) if away is None else (MATCH_LENGTH, (MATCH_LENGTH - away[1], MATCH_LENGTH - away[0]))
        )
        # Player 1 on roll, the board as (opponent, player on roll); the score is (player 0's, player 1's).
        cube = gnubg.cube_info(1, -1, 1, length, score, 0, 0)
        cube["jacoby"] = int(jacoby and away is None)
        state = gnubg.pos_info(1, 0, 0, 1, (0, 0))
        self._captured(f"set evaluation cubedecision evaluation plies {plies}")
        self._captured("set gnubgid " + gnubg.gnubg_id(position.to_gnubg_board(), cube, state))
        text = self._captured("hint")
        found: dict[str, float] = {}
        for line in text.splitlines():
            for label in self._CUBEFUL:
                head = line.split(". ", 1)[-1]
                if head.startswith(label):
                    found[label] = float(head[len(label) :].split()[0])
        if len(found) != 3:
            raise RuntimeError(f"gnubg's cube analysis of {position!r} could not be read: {text!r}")
        nd, dp, dt = (found[label] for label in self._CUBEFUL)
        return nd, dt, dp
