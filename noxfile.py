"""Sessions: tests, conformance across scikit-learn × NumPy, matrix, docs, lint.

``nox -l`` lists them. A conformance cell is selected by its name, for example
``nox -s "conformance(sklearn='1.5', numpy='2')"``, or every cell of a scikit-learn minor
with ``nox -k "sklearn='1.5'"``. Each cell writes its JSON report under
``reports/matrix/``; ``nox -s matrix`` renders ``docs/conformance.md`` from them.

Cells can run side by side: ``nox -l --json -k conformance | python .ci/cells.py`` lists
them one a line, for ``xargs -P`` (see README); ``.github/workflows/conformance.yml`` runs
each on its own runner.
"""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["tests", "lint", "docs"]

PYTHON = "3.11"
REPORTS = "reports/matrix"

# Every scikit-learn minor from 1.3 to the newest on the index, each with NumPy 1.26 and with
# NumPy 2 where that minor supports it (scikit-learn 1.3 predates NumPy 2).
NUMPY_PINS = {"1.26": "numpy==1.26.*", "2": "numpy>=2"}
CELLS = [
    ("1.3", "1.26"),
    ("1.4", "1.26"),
    ("1.4", "2"),
    ("1.5", "1.26"),
    ("1.5", "2"),
    ("1.6", "1.26"),
    ("1.6", "2"),
    ("1.7", "1.26"),
    ("1.7", "2"),
    ("1.8", "1.26"),
    ("1.8", "2"),
    ("1.9", "1.26"),
    ("1.9", "2"),
]
OLDEST, NEWEST = CELLS[0], CELLS[-1]


def _cell_id(sklearn: str, numpy: str) -> str:
    return f"sklearn='{sklearn}', numpy='{numpy}'"


def report_path(sklearn: str, numpy: str) -> str:
    """Where one cell writes its report (each cell its own file, so cells run side by side)."""
    return f"{REPORTS}/sklearn-{sklearn}-numpy-{numpy}.json"


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """The README's test command, in a fresh environment."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session(python=PYTHON)
@nox.parametrize(
    ("sklearn", "numpy"),
    [nox.param(sklearn, numpy, id=_cell_id(sklearn, numpy)) for sklearn, numpy in CELLS],
)
def conformance(session: nox.Session, sklearn: str, numpy: str) -> None:
    """One cell of the matrix: the harness against one scikit-learn minor and NumPy line."""
    session.install("-e", ".[test]", f"scikit-learn~={sklearn}.0", NUMPY_PINS[numpy])
    # Cells may run side by side (see README): each has its own virtual environment under
    # .nox/, its own report, and its own Hypothesis storage (used by the dev and thorough
    # profiles; ci keeps no example database).
    session.run(
        "python",
        "-m",
        "equivalence",
        "run",
        "--report",
        report_path(sklearn, numpy),
        *session.posargs,
        env={
            "HYPOTHESIS_PROFILE": session.env.get("HYPOTHESIS_PROFILE", "ci"),
            "HYPOTHESIS_STORAGE_DIRECTORY": session.create_tmp(),
        },
    )


@nox.session(python=PYTHON)
def matrix(session: nox.Session) -> None:
    """Renders docs/conformance.md from the cells' reports."""
    session.install("-e", ".[test]")
    session.run(
        "python",
        "-m",
        "equivalence",
        "matrix",
        REPORTS,
        "--output",
        "docs/conformance.md",
        "--pages",
        "docs",
    )


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Builds the site with warnings as errors."""
    session.install("-e", ".[test,docs]")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Times every member against scikit-learn and one NumPy pass; writes docs/performance.md."""
    session.install("-e", ".[test,bench]")
    session.run("python", "-m", "bench", *session.posargs)


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff and mypy."""
    session.install("-e", ".[test,dev]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")
