"""The rollout's bounds, apart from the rollout: the web worker's services check a request against them.

:mod:`toutes_tables.rollout` imports the AI, which the worker loads only when a rollout starts;
the services read the bounds here, so they check a request without loading it.
"""

from __future__ import annotations

MAX_CANDIDATES = 8
MAX_PLIES = 400  # a game longer than this is scored where it stands (no real game comes near it)
MAX_RUN_WORK = 2000  # rankings of a roll's plays one run may do (about 6 s in CPython)

__all__ = ["MAX_CANDIDATES", "MAX_PLIES", "MAX_RUN_WORK"]
