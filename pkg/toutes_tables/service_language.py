"""The language the JSON service speaks to players, the page's (``set_language``), for every service module.

The page passes its language once (its ``<html lang>``, see ``site/engine/PROTOCOL.md``); from then on
the words the service composes for players are in it: the dice announcements (``dice_call``), the move
list, the result's description and the errors a player can meet (a move, an undo, a confirmation out of
turn). The data beside them (colours, points, phases, kinds) stay language-neutral for the page to
decide from. The words are the engine's catalogues' (:mod:`toutes_tables.messages`).
"""

from __future__ import annotations

from typing import Any

from .messages import DEFAULT_LANGUAGE, languages, say, worded
from .service_calls import ServiceError, method, shown

_language = DEFAULT_LANGUAGE


@method
def set_language(lang: Any) -> dict[str, Any]:
    """Speak ``lang`` (one of the engine's languages) from now on; the answer lists them all."""
    global _language
    if not isinstance(lang, str) or lang not in languages():
        spoken_ones = ", ".join(repr(name) for name in languages())
        raise worded(ServiceError, "service.lang", languages=spoken_ones, lang=shown(lang))
    _language = lang
    return {"language": _language, "languages": list(languages())}


def spoken() -> str:
    """The language the service speaks now (English until the page sets another)."""
    return _language


def said(key: str, **values: object) -> str:
    """The message ``key`` in the service's language, its values filled in."""
    return say(_language, key, **values)
