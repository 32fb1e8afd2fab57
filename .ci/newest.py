"""Prints the newest conformance cell unless it is the scikit-learn and NumPy installed here.

``.ci/run`` has run every member against the installed versions in the test command; the
newest cell of the nox matrix installs the newest scikit-learn minor and NumPy 2, which are
the installed versions whenever this environment resolved to the newest releases. Printing
nothing then saves repeating that run.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy
import sklearn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import noxfile


def _minor(version: str) -> tuple[int, int]:
    major, minor = version.split(".")[:2]
    return int(major), int(minor)


def main() -> None:
    sklearn_minor, numpy_pin = max(
        noxfile.CELLS, key=lambda cell: (_minor(cell[0]), cell[1] != "1.26")
    )
    installed = _minor(sklearn.__version__) == _minor(sklearn_minor) and (numpy_pin == "2") == (
        int(numpy.__version__.split(".")[0]) >= 2
    )
    if not installed:
        print(f"conformance(sklearn='{sklearn_minor}', numpy='{numpy_pin}')")


if __name__ == "__main__":
    main()
