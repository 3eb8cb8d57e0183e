"""The engine's whole JSON service, as the web worker loads it: every service module, one table.

Importing a service module registers its methods in :mod:`toutes_tables.service_calls`;
this module imports them all, so ``services.dispatch`` answers every method: the game's
(:mod:`toutes_tables.service`), the chouette's (:mod:`toutes_tables.chouette_service`),
the analysis board's (:mod:`toutes_tables.study_service`), the review's
(:mod:`toutes_tables.review_service`) and the language the service speaks (:mod:`toutes_tables.service_language`).
A new service module is added to the imports below. It is the top layer: no engine module
imports it.

Its ``dispatch`` also says in the service's language the errors the engine's own modules word for
players (:func:`toutes_tables.messages.worded`: a chouette's rule, a play typed, a Position ID),
which those modules say in English for Python callers.
"""

from __future__ import annotations

from typing import Any

from . import chouette_service, review_service, service, service_language, study_service
from .messages import reworded
from .service_calls import ServiceError, method_names
from .service_calls import dispatch as _dispatch


def dispatch(name: Any, params: Any = None) -> Any:
    """Run the service method ``name`` with ``params``; an error worded for players is said in the service's tongue."""
    try:
        return _dispatch(name, params)
    except ValueError as exc:
        again = reworded(exc, service_language.spoken(), to_player=True)
        if again is exc:
            raise
        raise again from None


__all__ = [
    "ServiceError", "chouette_service", "dispatch", "method_names", "review_service", "service", "service_language",
    "study_service",
]
