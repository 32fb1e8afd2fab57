"""Prints the newest conformance cell unless it is the Python, scikit-learn and NumPy here.

``.ci/run`` has run every member against the installed versions in the test command; the
newest cell of the nox matrix (``noxfile.NEWEST``: the newest scikit-learn minor with the
newest NumPy 2, on the newest Python) installs the same versions whenever this environment
is that Python and resolved to those releases. Printing nothing then saves repeating that
run. The installed versions match the cell when the Python's ``major.minor`` is the cell's,
scikit-learn's minor is the cell's, and NumPy's ``major.minor`` is the cell's NumPy line:
``1.26`` and ``2.0`` name theirs; ``2`` is the newest 2.x the cell's Python reaches, which
is what an unpinned install on that Python resolves too (the test environment pins NumPy
only from below), so any 2.x installed here is it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy
import sklearn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import noxfile


def _minor(version: str) -> str:
    major, minor = version.split(".")[:2]
    return f"{int(major)}.{int(minor)}"


def _numpy_line(pin: str, installed: str) -> bool:
    """Whether the installed NumPy ``installed`` is on the cell's NumPy line ``pin``."""
    if pin == "2":
        return installed.split(".")[0] == "2"
    return _minor(installed) == pin


def is_installed(cell: tuple[str, str, str], python: str, sklearn_at: str, numpy_at: str) -> bool:
    """Whether ``cell`` (Python, scikit-learn minor, NumPy line) would install the versions
    given: Python ``python`` (``3.13``), scikit-learn ``sklearn_at`` and NumPy ``numpy_at``."""
    cell_python, cell_sklearn, cell_numpy = cell
    return (
        python == cell_python
        and _minor(sklearn_at) == cell_sklearn
        and _numpy_line(cell_numpy, numpy_at)
    )


def main() -> None:
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    if not is_installed(noxfile.NEWEST, python, sklearn.__version__, numpy.__version__):
        print(f"conformance({noxfile.cell_id(*noxfile.NEWEST)})")


if __name__ == "__main__":
    main()
