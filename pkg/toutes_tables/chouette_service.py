"""The chouette as JSON service methods, for the web chouette (``site/chouette/``).

The methods register themselves in :mod:`toutes_tables.service`'s table with its
``@method`` decorator, so the engine worker reaches them through the same
``dispatch(name, params)``; :mod:`toutes_tables.service` imports this module last.
"""

from __future__ import annotations
