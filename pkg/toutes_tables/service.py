"""The engine as a JSON service, for front ends that talk to it through messages.

The web game's worker calls :func:`dispatch` with a method name and JSON-able
parameters and gets JSON-able data back; nothing else crosses the boundary.
The message protocol around it is written down in ``site/engine/PROTOCOL.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import __version__

Method = Callable[..., Any]
_METHODS: dict[str, Method] = {}


class ServiceError(ValueError):
    """A request the service cannot answer: unknown method or bad parameters."""


def method(fn: Method) -> Method:
    """Register ``fn`` as a service method under its own name."""
    _METHODS[fn.__name__] = fn
    return fn


def dispatch(name: str, params: dict[str, Any] | None = None) -> Any:
    """Run the service method ``name`` with keyword ``params``; return JSON-able data."""
    try:
        fn = _METHODS[name]
    except KeyError:
        raise ServiceError(f"unknown service method {name!r}") from None
    return fn(**(params or {}))


@method
def version() -> str:
    """The engine's version, so a front end can check which wheel it loaded."""
    return __version__
