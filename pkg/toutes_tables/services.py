"""The engine's whole JSON service, as the web worker loads it: every service module, one table.

Importing a service module registers its methods in :mod:`toutes_tables.service_calls`;
this module imports them all, so ``services.dispatch`` answers every method: the game's
(:mod:`toutes_tables.service`), the chouette's (:mod:`toutes_tables.chouette_service`),
the analysis board's (:mod:`toutes_tables.study_service`), the review's
(:mod:`toutes_tables.review_service`) and the language the service speaks (:mod:`toutes_tables.service_language`).
A new service module is added to the imports below. It is the top layer: no engine module
imports it.
"""

from __future__ import annotations

from . import chouette_service, review_service, service, service_language, study_service
from .service_calls import ServiceError, dispatch, method_names

__all__ = [
    "ServiceError", "chouette_service", "dispatch", "method_names", "review_service", "service", "service_language",
    "study_service",
]
