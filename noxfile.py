"""Sessions: tests, conformance across Python × scikit-learn × NumPy, matrix, docs, lint.

``nox -l`` lists them. A conformance cell is selected by its name, for example
``nox -s "conformance(python='3.11', sklearn='1.5', numpy='2')"``, or every cell of a
scikit-learn minor with ``nox -k "sklearn='1.5'"`` (of a Python with ``nox -k
"python='3.10'"``). Each cell writes its JSON report under ``reports/matrix/``; ``nox -s
matrix`` renders ``docs/conformance.md`` from them.

Cells can run side by side: ``nox -l --json -k conformance | python .ci/cells.py`` lists
them one a line, for ``xargs -P`` (see README); ``.github/workflows/conformance.yml`` runs
each on its own runner.

A cell runs on an interpreter this machine already has (:func:`interpreter`): nothing
downloads one, neither nox nor uv.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["tests", "lint", "docs"]
# A cell whose Python this machine lacks fails rather than being skipped, and no interpreter
# is ever fetched (by nox, or by uv when it creates an environment).
nox.options.error_on_missing_interpreters = True
nox.options.download_python = "never"
os.environ.setdefault("UV_PYTHON_DOWNLOADS", "never")

PYTHON = "3.11"
REPORTS = "reports/matrix"

# A cell is (Python, scikit-learn minor, NumPy line). Every scikit-learn minor from 1.3 to the
# newest on the index, on Python 3.11, each with NumPy 1.26 and with NumPy 2 where that minor
# supports it (scikit-learn 1.3 predates NumPy 2); then the ends of the Python range, each
# with the newest scikit-learn and NumPy 2 it reaches (Python 3.10: scikit-learn 1.7, NumPy
# 2.2; Python 3.13: scikit-learn 1.9, NumPy 2.5), and the low end of NumPy 2, 2.0, on
# Python 3.12. "2" is the newest NumPy 2 the cell's Python reaches, "2.0" is NumPy 2.0.
# Ordered by scikit-learn, then NumPy, then Python, as docs/conformance.md orders them.
NUMPY_PINS = {"1.26": "numpy==1.26.*", "2.0": "numpy==2.0.*", "2": "numpy>=2"}
CELLS = [
    ("3.11", "1.3", "1.26"),
    ("3.11", "1.4", "1.26"),
    ("3.11", "1.4", "2"),
    ("3.11", "1.5", "1.26"),
    ("3.11", "1.5", "2"),
    ("3.11", "1.6", "1.26"),
    ("3.11", "1.6", "2"),
    ("3.11", "1.7", "1.26"),
    ("3.10", "1.7", "2"),
    ("3.11", "1.7", "2"),
    ("3.11", "1.8", "1.26"),
    ("3.11", "1.8", "2"),
    ("3.11", "1.9", "1.26"),
    ("3.12", "1.9", "2.0"),
    ("3.11", "1.9", "2"),
    ("3.13", "1.9", "2"),
]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def cell_key(
    cell: tuple[str, str, str],
) -> tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...]]:
    """Orders cells by scikit-learn, then NumPy (the "2" pin, the newest 2.x, after every
    other NumPy 2 line), then Python."""
    python, sklearn, numpy = cell
    line: tuple[float, ...] = (2, float("inf")) if numpy == "2" else _version(numpy)
    return _version(sklearn), line, _version(python)


OLDEST, NEWEST = min(CELLS, key=cell_key), max(CELLS, key=cell_key)
OLDEST_PYTHON = min(CELLS, key=lambda cell: (_version(cell[0]), cell_key(cell)))


def cell_id(python: str, sklearn: str, numpy: str) -> str:
    return f"python='{python}', sklearn='{sklearn}', numpy='{numpy}'"


def report_path(python: str, sklearn: str, numpy: str) -> str:
    """Where one cell writes its report (each cell its own file, so cells run side by side)."""
    return f"{REPORTS}/python-{python}-sklearn-{sklearn}-numpy-{numpy}.json"


def _is_python(executable: str, version: str) -> bool:
    """Whether ``executable`` starts and is Python ``version``: a pyenv shim of a version
    that pyenv has not activated is on PATH but only prints an error."""
    try:
        answer = subprocess.run(
            [executable, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return answer.returncode == 0 and answer.stdout.strip() == version


def interpreter(version: str) -> str:
    """The interpreter of Python ``version`` (``3.10``) the cells of that Python run on.

    ``python3.10`` on PATH when it runs and is 3.10; else the newest 3.10.x release in
    pyenv's versions folder (``$PYENV_ROOT/versions``, ``~/.pyenv/versions`` by default),
    which serves pyenv's shims only for the versions it has activated. When neither
    exists the version itself is returned, and nox reports the interpreter missing; it
    never downloads one (``download_python`` is ``never``)."""
    candidates: list[str | None] = [shutil.which(f"python{version}")]
    versions = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    release = re.compile(rf"{re.escape(version)}\.(\d+)")
    patches: dict[int, Path] = {}
    if versions.is_dir():
        for path in versions.iterdir():
            if found := release.fullmatch(path.name):
                patches[int(found[1])] = path / "bin" / f"python{version}"
    candidates += [str(patches[patch]) for patch in sorted(patches, reverse=True)]
    for candidate in candidates:
        if candidate and _is_python(candidate, version):
            return candidate
    return version


# Each Python's interpreter, looked up side by side (a pyenv shim takes a fifth of a second
# to start, even to say that it cannot).
with ThreadPoolExecutor() as _pool:
    _PYTHONS = sorted({cell[0] for cell in CELLS}, key=_version)
    _INTERPRETERS = dict(zip(_PYTHONS, _pool.map(interpreter, _PYTHONS), strict=True))


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """The README's test command, in a fresh environment."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
@nox.parametrize(
    ("python", "python_version", "sklearn", "numpy"),
    [
        nox.param(_INTERPRETERS[python], python, sklearn, numpy, id=cell_id(python, sklearn, numpy))
        for python, sklearn, numpy in CELLS
    ],
)
def conformance(session: nox.Session, python_version: str, sklearn: str, numpy: str) -> None:
    """One cell of the matrix: the harness on one Python, scikit-learn minor and NumPy line."""
    # The interpreter nox was handed (``python``, from :func:`interpreter`) must be the
    # cell's Python: the report is named after it.
    session.run(
        "python",
        "-c",
        f"import sys; assert '%d.%d' % sys.version_info[:2] == {python_version!r}, sys.version",
        silent=True,
    )
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
        report_path(python_version, sklearn, numpy),
        *session.posargs,
        env={
            "HYPOTHESIS_PROFILE": session.env.get("HYPOTHESIS_PROFILE", "ci"),
            "HYPOTHESIS_STORAGE_DIRECTORY": session.create_tmp(),
        },
    )


#: For each scikit-learn minor of the matrix, the cell its vectors are exported in: the
#: newest NumPy and then the newest Python that minor has a cell with.
VECTOR_CELLS = {
    sklearn: max((cell for cell in CELLS if cell[1] == sklearn), key=cell_key)
    for sklearn in sorted({cell[1] for cell in CELLS}, key=_version)
}


@nox.session
@nox.parametrize(
    ("python", "sklearn", "numpy"),
    [
        nox.param(_INTERPRETERS[python], sklearn, numpy, id=f"sklearn='{sklearn}'")
        for sklearn, (python, _, numpy) in VECTOR_CELLS.items()
    ],
)
def vectors(session: nox.Session, sklearn: str, numpy: str) -> None:
    """The vectors as one scikit-learn minor answers them, exported inside its cell's
    environment, to vectors/sklearn-<minor>/ (arguments after -- go to the command)."""
    session.install("-e", ".[test]", f"scikit-learn~={sklearn}.0", NUMPY_PINS[numpy])
    session.run(
        "python",
        "-m",
        "equivalence",
        "vectors",
        "--sklearn",
        sklearn,
        "--output",
        f"vectors/sklearn-{sklearn}",
        *session.posargs,
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
