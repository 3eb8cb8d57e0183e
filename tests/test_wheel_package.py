"""The engine wheel as a user installs it: built from pkg/, checked by twine, installed into a fresh
virtual environment, where the README's examples run against it (not against the source tree)."""

from __future__ import annotations

import email.parser
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import toutes_tables

ROOT = Path(__file__).resolve().parent.parent

# Run in the fresh environment: the README's examples, as doctests, with the installed package.
README_DOCTESTS = """
import doctest, sys, toutes_tables
assert "site-packages" in toutes_tables.__file__, toutes_tables.__file__
result = doctest.testfile(sys.argv[1], module_relative=False,
                          optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
print(result.attempted, result.failed)
sys.exit(1 if result.failed or not result.attempted else 0)
"""


@pytest.fixture(scope="module")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    outdir = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--quiet", "--wheel", "--sdist", "--no-isolation", "--outdir", str(outdir)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    wheels = sorted(outdir.glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(archive.read(name).decode())


def test_wheel_version_comes_from_the_package(built_wheel: Path) -> None:
    assert wheel_metadata(built_wheel)["Version"] == toutes_tables.__version__
    assert built_wheel.name.startswith(f"toutes_tables-{toutes_tables.__version__}-py3-none-any")


def test_wheel_metadata_is_ready_to_publish(built_wheel: Path) -> None:
    metadata = wheel_metadata(built_wheel)
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata.get_payload().startswith("# Toutes Tables"), "the README is the long description"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["License-Expression"] == "MIT"
    classifiers = metadata.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.14" in classifiers  # Pyodide's Python
    assert not metadata.get_all("Requires-Dist"), "the engine has no dependencies"
    with zipfile.ZipFile(built_wheel) as archive:
        names = set(archive.namelist())
    assert "toutes_tables/py.typed" in names
    data = {"toutes_tables/data/evaluator.bin", "toutes_tables/data/met.json", "toutes_tables/data/bearoff.bin"}
    assert data <= names


def test_twine_check_passes(built_wheel: Path) -> None:
    dist = sorted(built_wheel.parent.iterdir())
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, dist)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == len(dist), checked.stdout


def test_readme_examples_run_against_the_installed_wheel(built_wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", str(built_wheel)],
        check=True, capture_output=True, text=True,
    )
    # Run from an empty folder, so that the source tree cannot be imported by accident.
    ran = subprocess.run(
        [str(python), "-c", README_DOCTESTS, str(ROOT / "README.md")], cwd=tmp_path, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    attempted, failed = map(int, ran.stdout.split()[-2:])
    assert attempted >= 3 and failed == 0
    cli = subprocess.run([str(env_dir / "bin" / "toutes-tables"), "--help"], capture_output=True, text=True)
    assert cli.returncode == 0 and "usage" in cli.stdout.lower(), cli.stdout + cli.stderr
