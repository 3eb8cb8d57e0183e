"""The engine is typed (it ships ``py.typed``) and lint-clean; CI checks both, as for any other test."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_engine_passes_mypy_strict() -> None:
    mypy_api = pytest.importorskip("mypy.api")
    config = str(ROOT / "pyproject.toml")
    out, err, status = mypy_api.run(["--config-file", config, str(ROOT / "pkg" / "toutes_tables")])
    assert status == 0, out + err


def test_end_to_end_tests_pass_mypy_strict() -> None:
    """The e2e tests call the engine and read the pages' data: a wrong call is caught without a browser."""
    mypy_api = pytest.importorskip("mypy.api")
    pytest.importorskip("playwright")
    config = str(ROOT / "pyproject.toml")
    out, err, status = mypy_api.run(["--config-file", config, str(ROOT / "e2e")])
    assert status == 0, out + err


def test_engine_and_tests_pass_ruff() -> None:
    ruff = shutil.which("ruff") or pytest.skip("ruff is not installed")
    result = subprocess.run(
        [ruff, "check", "pkg", "tests", "e2e", "benchmarks", "scripts"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_without_third_party_packages() -> None:
    """The wheel has no dependencies: importing it must pull in nothing outside the standard library."""
    code = (
        "import sys; sys.path.insert(0, 'pkg'); before = set(sys.modules); import toutes_tables; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "extra = new - set(sys.stdlib_module_names) - {'toutes_tables'}; "
        "print(sorted(extra)); raise SystemExit(bool(extra))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
