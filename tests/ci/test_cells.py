"""The conformance cells ``.ci/run`` runs: the oldest, the oldest Python's, and the newest
unless the test environment is that cell (``.ci/newest.py``)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


# nox registers its sessions when the noxfile is imported: once a process, under the name
# that .ci/newest.py imports it by.
noxfile = _load("noxfile", ROOT / "noxfile.py")
newest = _load("ci_newest", ROOT / ".ci" / "newest.py")


def test_ci_runs_the_oldest_cell_and_the_oldest_pythons() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    named = re.findall(r'"(conformance\([^)]*\))"', script)
    assert named == [
        f"conformance({noxfile.cell_id(*noxfile.OLDEST)})",
        f"conformance({noxfile.cell_id(*noxfile.OLDEST_PYTHON)})",
    ]
    assert "python .ci/newest.py" in script


@pytest.mark.parametrize(
    ("python", "sklearn", "numpy", "installed"),
    [
        ("3.13", "1.9.1", "2.5.5", True),
        ("3.13", "1.9.0rc1", "2.6.0", True),
        # .ci/run's environment is Python 3.11: the newest cell runs.
        ("3.11", "1.9.1", "2.4.6", False),
        ("3.13", "1.8.0", "2.5.5", False),
        ("3.13", "1.9.1", "1.26.4", False),
    ],
)
def test_the_newest_cell_is_skipped_only_on_its_own_versions(
    python: str, sklearn: str, numpy: str, installed: bool
) -> None:
    assert noxfile.NEWEST == ("3.13", "1.9", "2")
    assert newest.is_installed(noxfile.NEWEST, python, sklearn, numpy) is installed


def test_a_numpy_line_below_the_newest_is_matched_by_its_minor() -> None:
    cell = ("3.12", "1.9", "2.0")
    assert newest.is_installed(cell, "3.12", "1.9.1", "2.0.2")
    assert not newest.is_installed(cell, "3.12", "1.9.1", "2.1.0")
    assert newest.is_installed(("3.11", "1.3", "1.26"), "3.11", "1.3.2", "1.26.4")
    assert not newest.is_installed(("3.11", "1.3", "1.26"), "3.11", "1.3.2", "1.25.2")
