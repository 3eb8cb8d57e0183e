"""Rich display in notebooks, without an import circle: what Jupyter calls, and who answers.

Jupyter shows an object by calling its ``_repr_svg_`` and ``_repr_html_`` methods, as it draws
python-chess's boards. :class:`~toutes_tables.Position`, :class:`~toutes_tables.Play`,
:class:`~toutes_tables.Game` and :class:`~toutes_tables.Match` get them from :class:`Pictured`, but
the pictures are drawn by :mod:`toutes_tables.svg`, which reads positions: the modules of those
classes cannot import it. (python-chess's ``Board._repr_svg_`` imports ``chess.svg`` inside the
method; this package counts that as a circle too, tests/test_layers.py.) So this module, which
imports nothing of the package, keeps a table of pictures by class, and :mod:`toutes_tables.notebook`,
a layer above the classes and the SVG writer, fills it in when the package is imported.

A class nobody registered has no picture: its methods return ``None``, and Jupyter shows the repr.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

T = TypeVar("T")

Picture = tuple[str, str]
"""An SVG document and its caption (plain text, for the HTML figure)."""

_PICTURES: dict[type, Callable[[Any], Picture]] = {}


def register(cls: type[T], draw: Callable[[T], Picture]) -> None:
    """Draw instances of ``cls`` (and of its subclasses) with ``draw`` in notebooks."""
    _PICTURES[cls] = draw


def picture(obj: object) -> Picture | None:
    """The picture of ``obj`` by the drawer registered for its class or the nearest base, or ``None``."""
    for cls in type(obj).__mro__:
        draw = _PICTURES.get(cls)
        if draw is not None:
            return draw(obj)
    return None


class Pictured:
    """Jupyter's rich display methods, answered by the picture registered for the class."""

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        drawn = picture(self)
        return None if drawn is None else drawn[0]

    def _repr_html_(self) -> str | None:
        """The SVG in a figure with its caption (notebooks show the HTML when they can)."""
        drawn = picture(self)
        if drawn is None:
            return None
        svg, caption = drawn
        return f'<figure class="tt-notebook">{svg}<figcaption>{escape(caption)}</figcaption></figure>'


__all__ = ["Picture", "Pictured", "picture", "register"]
