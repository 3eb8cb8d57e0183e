"""docs/notebook.md's build-time cells (docs/hooks/notebook_cells.py): code in, what a notebook shows out."""

from __future__ import annotations

import runpy
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

HOOK = Path(__file__).resolve().parent.parent / "docs" / "hooks" / "notebook_cells.py"

Hook = dict[str, Any]  # the hook file's globals: its two events and what they use
PAGE = SimpleNamespace(file=SimpleNamespace(src_uri="test.md"), url="test/")


@pytest.fixture(scope="module")
def hook() -> Hook:
    return runpy.run_path(str(HOOK))


def render_page(hook: Hook, source: str) -> str:
    """The page's HTML: the hook's Markdown event, a real Markdown conversion, then its content event."""
    import markdown

    html = markdown.markdown(hook["on_page_markdown"](source, PAGE, None, None), extensions=["fenced_code"])
    return str(hook["on_page_content"](html, PAGE, None, None))


SESSION = """# A session

```notebook
import toutes_tables as tt
start = tt.start_position(64)
start
```

Text between the cells.

```notebook
print("pips:", start.pip_count())
len(tt.legal_plays(start, (6, 5), "backgammon"))
```

```notebook
no_value = None
```
"""


def outputs(html: str) -> list[ET.Element]:
    root = ET.fromstring(f"<page>{html}</page>")
    return [div for div in root.iter("div") if div.get("class") == "tt-cell-output"]


def test_cells_share_a_namespace_and_show_code_then_their_output(hook: Hook) -> None:
    html = render_page(hook, SESSION)
    assert "start = tt.start_position(64)" in html  # the code stays, as a highlighted block
    first, second = outputs(html)  # the last cell shows nothing: its last line is not an expression
    [figure] = first.findall("figure")
    [svg] = figure.findall("{http://www.w3.org/2000/svg}svg")
    title = svg.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text is not None and title.text.startswith("White to play.")
    printed, value = second.findall("pre")
    assert printed.get("class") == "tt-cell-printed" and "".join(printed.itertext()) == "pips: (167, 167)"
    assert value.get("class") == "tt-cell-value" and "".join(value.itertext()) == "7"
    assert html.index("start = tt.start_position(64)") < html.index("<figure") < html.index("Text between")


def test_a_cell_that_raises_fails_the_build_naming_its_line(hook: Hook) -> None:
    page = "# Broken\n\n```notebook\nimport toutes_tables as tt\ntt.start_position(999)\n```\n"
    with pytest.raises(PluginError, match=r"test.md: the notebook cell at line 3 raised .*999"):
        render_page(hook, page)


def test_a_page_without_cells_is_left_alone(hook: Hook) -> None:
    assert hook["on_page_markdown"]("# Plain\n\n```python\n1 + 1\n```\n", PAGE, None, None).endswith("1 + 1\n```\n")
