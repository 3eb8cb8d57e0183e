"""The examples of docs/python.md ("Use the engine from Python") run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "python.md"


def test_python_page_examples_run() -> None:
    result = doctest.testfile(
        str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.attempted > 20, f"only {result.attempted} examples found in {PAGE}"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {PAGE} failed (see the output above)"
