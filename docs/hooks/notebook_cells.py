"""MkDocs hook: a page's ```notebook cells run at build time and show what a Jupyter notebook would show.

A fence whose info string is ``notebook`` holds Python. The cells of a page run one after another in
one namespace, as the cells of a notebook do, with the engine of this checkout. The page shows each
cell's code, then its output as Jupyter shows it: what the cell printed, and the value of its last line
when that line is an expression whose value is not ``None``: the value's ``_repr_html_()`` when it has
one (the engine's boards, :mod:`toutes_tables.notebook`), else its ``repr()``. So the pictures of
docs/notebook.md are the engine's own, never drawn by hand, and they change when the engine does.

A cell that raises fails the build (``PluginError`` naming the page, the cell's line and the error), so
a page cannot show a session that no longer runs. The code is kept as a ``python`` fence for Markdown to
highlight; the output is swapped in after Markdown runs (a token in between), so Markdown never
rewrites the SVG.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
import uuid
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

# The page documents the engine of this checkout, not whatever version happens to be installed.
ENGINE_SOURCES = Path(__file__).resolve().parents[2] / "pkg"
if str(ENGINE_SOURCES) not in sys.path:
    sys.path.insert(0, str(ENGINE_SOURCES))

CELL = re.compile(r"^```notebook[ \t]*\n(?P<code>.*?)\n```[ \t]*$", re.MULTILINE | re.DOTALL)
MAX_CELLS = 40  # a page is a short session; a runaway page fails rather than builds for minutes
_TOKEN_PREFIX = "TTNOTEBOOK" + uuid.uuid4().hex[:8].upper()


def run_cell(code: str, namespace: dict[str, Any]) -> tuple[str, object]:
    """Run ``code`` in ``namespace``: what it printed, and its last expression's value (else ``None``)."""
    tree = ast.parse(code, "<cell>")
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(tree, "<cell>", "exec"), namespace)
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None
    return printed.getvalue(), value


def render_output(printed: str, value: object) -> str:
    """The cell's output as HTML: the printed text, then the value as a notebook shows it."""
    parts = []
    if printed:
        parts.append(f'<pre class="tt-cell-printed"><code>{escape(printed.rstrip())}</code></pre>')
    if value is not None:
        html = getattr(value, "_repr_html_", None)
        rich = html() if callable(html) else None
        if isinstance(rich, str):
            parts.append(rich)
        else:
            parts.append(f'<pre class="tt-cell-value"><code>{escape(repr(value))}</code></pre>')
    return f'<div class="tt-cell-output">{"".join(parts)}</div>' if parts else ""


_rendered: dict[str, list[str]] = {}


def on_page_markdown(source: str, page: Any, config: Any, files: Any) -> str:
    path = page.file.src_uri
    cells = list(CELL.finditer(source))
    if not cells:
        return source
    if len(cells) > MAX_CELLS:
        raise PluginError(f"{path}: {len(cells)} notebook cells, at most {MAX_CELLS}")
    namespace: dict[str, Any] = {"__name__": "__notebook__"}
    outputs = []
    for cell in cells:
        line = source.count("\n", 0, cell.start()) + 1
        try:
            outputs.append(render_output(*run_cell(cell.group("code"), namespace)))
        except Exception as exc:
            raise PluginError(f"{path}: the notebook cell at line {line} raised {exc!r}") from None
    _rendered[path] = outputs
    pieces = iter(range(len(cells)))
    return CELL.sub(lambda m: f"```python\n{m.group('code')}\n```\n\n{_TOKEN_PREFIX}N{next(pieces)}\n", source)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    for n, output in enumerate(_rendered.pop(page.file.src_uri, [])):
        html, count = re.subn(rf"<p>{_TOKEN_PREFIX}N{n}</p>", lambda _, out=output: out, html, count=1)
        if count != 1:
            raise PluginError(f"{page.file.src_uri}: the output of notebook cell {n + 1} was lost by Markdown")
    return html
