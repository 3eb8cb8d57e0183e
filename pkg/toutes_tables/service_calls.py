"""A call to the engine's JSON service: the table of methods, and the checks every call goes through.

The service modules (:mod:`toutes_tables.service` for the game, :mod:`toutes_tables.chouette_service`
for the chouette) register their methods here with :func:`method`; :mod:`toutes_tables.services`
imports them all. :func:`dispatch` checks a call's shape against the method's signature before
calling it: the name is a registered method, the parameters an object whose names the method
takes, none missing. Each method then reads its parameters with the typed readers below
(:func:`boolean`, :func:`integer`, :func:`text`, ...), so a string ``"false"`` is never read as
true and a number is never taken for a list: every bad call raises :class:`ServiceError` (a
``ValueError``) naming the parameter and what it accepts, before anything changes.

This module is the bottom layer of the service: it imports nothing of the engine.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection
from typing import Any

# re-exported for the services: a bad value quoted short and never failing (a hostile megabyte, 5,000 digits)
from .errors import shown as shown
from .messages import Words, worded

Method = Callable[..., Any]
Name = str | Words  # a parameter's name, or where in one (a chouette player's 'kind')


class ServiceError(ValueError):
    """A request the service cannot answer: unknown method or bad parameters."""


class Counted(Words):
    """What a list parameter is, when the words already say how many items it has ("two dice 1-6"): a list
    too long is then said by its count ("dice is two dice 1-6, got 3 values"), not "two dice of at most 2 items"."""


# what a parameter is, in the error's language: the readers' own, and those several service modules name
TEXT, A_LIST, AN_OBJECT = Words("call.what.text"), Words("call.what.list"), Words("call.what.object")
TWO_DICE = Counted("call.what.dice")
POSITION_ID, AN_XGID = Words("call.what.position_id"), Words("call.what.xgid")

_METHODS: dict[str, Method] = {}
_SIGNATURES: dict[str, inspect.Signature] = {}

def method(fn: Method) -> Method:
    """Register ``fn`` as a service method under its own name."""
    _METHODS[fn.__name__] = fn
    _SIGNATURES[fn.__name__] = inspect.signature(fn)
    return fn


def method_names() -> list[str]:
    """The names of the registered methods, sorted."""
    return sorted(_METHODS)


def _check_parameters(name: str, signature: inspect.Signature, params: dict[Any, Any]) -> None:
    """ServiceError unless ``params`` names only parameters of ``name`` and every one it needs."""
    for key in params:
        if not isinstance(key, str):
            raise worded(ServiceError, "call.parameter_name", name=name, key=shown(key))
    accepted = signature.parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values()):
        return  # a method taking any names (move: "from" is a Python keyword) checks its own
    takes = ", ".join(repr(p) for p in accepted)
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        # a method with no parameters is said in a sentence of its own ("it takes none" / "il n'en prend aucun")
        key = "call.unknown_parameter" if accepted else "call.unknown_parameter.takes_none"
        raise worded(ServiceError, key, name=name, parameter=repr(unknown[0]), takes=takes)
    missing = [p for p, spec in accepted.items() if spec.default is inspect.Parameter.empty and p not in params]
    if missing:
        raise worded(ServiceError, "call.missing_parameter", name=name, parameter=repr(missing[0]), takes=takes)


def dispatch(name: Any, params: Any = None) -> Any:
    """Run the service method ``name`` with keyword ``params`` (an object, or None for none); return JSON-able data."""
    if not isinstance(name, str):
        raise worded(ServiceError, "call.method_name", name=shown(name))
    try:
        fn = _METHODS[name]
    except KeyError:
        raise worded(ServiceError, "call.unknown_method", name=shown(name)) from None
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise worded(ServiceError, "call.parameters", name=name, params=shown(params))
    _check_parameters(name, _SIGNATURES[name], params)
    return fn(**params)


# -- the typed readers: one parameter each, its type checked exactly ---------------------------


def boolean(name: Name, value: Any) -> bool:
    """``value`` if it is true or false; ServiceError for anything else (``"false"``, ``0``, None)."""
    if type(value) is not bool:
        raise worded(ServiceError, "call.boolean", name=name, value=shown(value))
    return value


def integer(name: Name, value: Any, low: int, high: int) -> int:
    """``value`` if it is an integer (not a boolean) from ``low`` to ``high``; else ServiceError."""
    if type(value) is not int or not low <= value <= high:
        raise worded(ServiceError, "call.integer", name=name, low=low, high=high, value=shown(value))
    return value


def optional_integer(name: Name, value: Any, low: int, high: int) -> int | None:
    """None, or an integer from ``low`` to ``high`` (see :func:`integer`)."""
    return None if value is None else integer(name, value, low, high)


def text(name: Name, value: Any, max_length: int, what: Words = TEXT) -> str:
    """``value`` if it is a string of at most ``max_length`` characters; ``what`` words the error."""
    if not isinstance(value, str):
        raise worded(ServiceError, "call.is", name=name, what=what, value=shown(value))
    if len(value) > max_length:
        raise worded(ServiceError, "call.text_length", name=name, what=what, most=f"{max_length:,}",
                     count=f"{len(value):,}")
    return value


def optional_text(name: Name, value: Any, max_length: int, what: Words = TEXT) -> str | None:
    """None, or a string (see :func:`text`)."""
    return None if value is None else text(name, value, max_length, what)


def choice(name: Name, value: Any, choices: Collection[str]) -> str:
    """``value`` if it is one of the strings ``choices``; else ServiceError listing them."""
    if not isinstance(value, str) or value not in choices:
        raise worded(ServiceError, "call.choice", name=name, choices=", ".join(repr(c) for c in choices),
                     value=shown(value))
    return value


def listed(name: Name, value: Any, max_length: int, what: Words = A_LIST) -> list[Any]:
    """``value`` if it is a list of at most ``max_length`` items; ``what`` words the error."""
    if not isinstance(value, list):
        raise worded(ServiceError, "call.is", name=name, what=what, value=shown(value))
    if len(value) > max_length:
        key = "call.list_count" if isinstance(what, Counted) else "call.list_length"
        raise worded(ServiceError, key, name=name, what=what, most=max_length, count=len(value))
    return value


def mapping(name: Name, value: Any, what: Words = AN_OBJECT) -> dict[str, Any]:
    """``value`` if it is an object (a dict); ``what`` words the error."""
    if not isinstance(value, dict):
        raise worded(ServiceError, "call.is", name=name, what=what, value=shown(value))
    return value
