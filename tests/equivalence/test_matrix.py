"""The version matrix: its cells, and the page rendered from their reports."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from equivalence.__main__ import main
from equivalence.render.digest import member_digests, registry_digest
from equivalence.render.matrix import REGENERATE, load, render, stale
from equivalence.versions import minor, sklearn_version, version_key
from tests.equivalence._nox import noxfile

ROOT = Path(__file__).resolve().parents[2]
REPORTS = "reports/matrix"


def _cells() -> list[tuple[str, str, str]]:
    """The noxfile's cells, (Python, scikit-learn minor, NumPy line), read without nox."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "CELLS":
            return [tuple(item) for item in ast.literal_eval(node.value)]
    raise AssertionError("noxfile.py defines no CELLS")


def _noxfile() -> ModuleType:
    return noxfile()


def test_every_minor_from_1_3_to_the_installed_one_has_a_cell() -> None:
    major, minor = version_key(sklearn_version())[:2]
    minors = {sk for _, sk, _ in _cells()}
    assert {f"{major}.{m}" for m in range(3, minor + 1)} <= minors


def test_numpy_2_is_paired_with_every_minor_that_supports_it() -> None:
    cells = set(_cells())
    for _, sk, _ in cells:
        assert ("3.11", sk, "1.26") in cells
        if sk != "1.3":
            assert ("3.11", sk, "2") in cells


def test_the_cells_span_the_pythons_and_both_ends_of_numpy_2() -> None:
    cells = _cells()
    assert len(set(cells)) == len(cells)
    # The ends of the supported Pythons, each with the newest scikit-learn it reaches, and
    # the low end of NumPy 2.
    assert ("3.10", "1.7", "2") in cells
    assert ("3.13", "1.9", "2") in cells
    assert any(numpy == "2.0" for _, _, numpy in cells)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for python in {python for python, _, _ in cells}:
        assert f"Programming Language :: Python :: {python}" in pyproject


def test_every_cell_id_and_report_name_carries_its_python() -> None:
    noxfile = _noxfile()
    assert _cells() == noxfile.CELLS
    assert sorted(noxfile.CELLS, key=noxfile.cell_key) == noxfile.CELLS
    assert set(noxfile.NUMPY_PINS) == {numpy for _, _, numpy in noxfile.CELLS}
    names = set()
    for python, sklearn, numpy in noxfile.CELLS:
        assert noxfile.cell_id(python, sklearn, numpy) == (
            f"python='{python}', sklearn='{sklearn}', numpy='{numpy}'"
        )
        path = noxfile.report_path(python, sklearn, numpy)
        assert path == f"reports/matrix/python-{python}-sklearn-{sklearn}-numpy-{numpy}.json"
        names.add(path)
    assert len(names) == len(noxfile.CELLS)
    assert noxfile.OLDEST == ("3.11", "1.3", "1.26")
    assert noxfile.OLDEST_PYTHON == ("3.10", "1.7", "2")
    assert noxfile.NEWEST == ("3.13", "1.9", "2")


def test_the_interpreter_is_found_on_path_else_in_pyenv(tmp_path: Path, monkeypatch: Any) -> None:
    noxfile = _noxfile()
    broken, pyenv = tmp_path / "shims", tmp_path / "pyenv"
    broken.mkdir()
    shim = broken / "python3.10"
    shim.write_text("#!/bin/sh\necho 'pyenv: python3.10: command not found' >&2\nexit 127\n")
    shim.chmod(0o755)
    installed = {}
    for release in ("3.10.9", "3.10.13", "3.10.13t", "3.1.4"):
        binary = pyenv / "versions" / release / "bin" / "python3.10"
        binary.parent.mkdir(parents=True)
        binary.write_text(f"#!/bin/sh\necho 3.10  # {release}\n")
        binary.chmod(0o755)
        installed[release] = str(binary)
    monkeypatch.setenv("PATH", str(broken))
    monkeypatch.setenv("PYENV_ROOT", str(pyenv))
    # The shim on PATH only errors: the newest 3.10 release under pyenv's versions.
    assert noxfile.interpreter("3.10") == installed["3.10.13"]
    # One on PATH that runs and is 3.10 comes first.
    shim.write_text("#!/bin/sh\necho 3.10\n")
    assert noxfile.interpreter("3.10") == str(shim)
    # Nothing anywhere: the version itself, which nox then reports missing.
    monkeypatch.setenv("PYENV_ROOT", str(tmp_path / "nowhere"))
    shim.unlink()
    assert noxfile.interpreter("3.10") == "3.10"
    assert noxfile.nox.options.download_python == "never"


def _report(sk: str, status: str, numpy: str = "2.4.6", python: str = "3.11.7") -> dict:  # type: ignore[type-arg]
    return {
        "generated": "2026-11-30T00:00:00+00:00",
        "profile": "ci",
        "environment": {"sklearn": sk, "numpy": numpy, "python": python},
        "members": [
            {
                "member": "TopKAccuracy.score",
                "status": status,
                "examples": 10,
                "divergences": {"binary_threshold": 2} if status == "conforms-declared" else {},
                "failure": "undeclared value\n  call: TopKAccuracy.score([0], [0.5, 0.5], 2)",
            }
        ],
    }


def test_render_shows_each_status_and_links_failures(tmp_path: Path) -> None:
    for index, (sk, status) in enumerate(
        [("1.10.0", "fails"), ("1.9.1", "conforms-declared"), ("1.3.2", "no-oracle")]
    ):
        (tmp_path / f"{index}.json").write_text(json.dumps(_report(sk, status)))
    reports = load(tmp_path)
    assert [r["environment"]["sklearn"] for r in reports] == ["1.3.2", "1.9.1", "1.10.0"]
    page = render(reports)
    row = next(line for line in page.splitlines() if line.startswith("| `TopKAccuracy.score`"))
    anchor = "fail-topkaccuracy-score-sklearn-1-10-0-numpy-2-4-6-python-3-11-7"
    assert row == f"| `TopKAccuracy.score` | · | ✓\\* | [✗](#{anchor}) |"
    # Each column names its scikit-learn, NumPy and Python minors.
    assert "| Member | 1.3<br>2.4<br>3.11 | 1.9<br>2.4<br>3.11 | 1.10<br>2.4<br>3.11 |" in page
    # The divergences that fired are listed once, by member, with the cells they fired in.
    assert "- `binary_threshold`: scikit-learn 1.9" in page
    assert f"({anchor})=" in page
    assert "### TopKAccuracy.score on scikit-learn 1.10.0, NumPy 2.4.6, Python 3.11.7" in page
    assert "TopKAccuracy.score([0], [0.5, 0.5], 2)" in page


def test_cells_are_ordered_by_scikit_learn_then_numpy_then_python(tmp_path: Path) -> None:
    for index, (sk, numpy, python) in enumerate(
        [
            ("1.9.1", "2.5.5", "3.13.0"),
            ("1.9.1", "2.5.5", "3.12.1"),
            ("1.9.1", "1.26.4", "3.11.7"),
            ("1.7.2", "2.4.6", "3.11.7"),
            ("1.9.1", "2.0.2", "3.12.1"),
            ("1.7.2", "2.2.6", "3.10.13"),
        ]
    ):
        report = _report(sk, "conforms", numpy, python)
        (tmp_path / f"{index}.json").write_text(json.dumps(report))
    reports = load(tmp_path)
    assert [
        tuple(r["environment"][key] for key in ("sklearn", "numpy", "python")) for r in reports
    ] == [
        ("1.7.2", "2.2.6", "3.10.13"),
        ("1.7.2", "2.4.6", "3.11.7"),
        ("1.9.1", "1.26.4", "3.11.7"),
        ("1.9.1", "2.0.2", "3.12.1"),
        ("1.9.1", "2.5.5", "3.12.1"),
        ("1.9.1", "2.5.5", "3.13.0"),
    ]
    page = render(reports)
    assert "| 1.7.2 | 2.2.6 | 3.10.13 | ci | 10 | 2026-11-30 |" in page
    assert "| 1.9.1 | 2.5.5 | 3.13.0 | not recorded |" in page


def _fired_in(cells: list[tuple[str, str, str]], fired: set[int]) -> str:
    """The page's line for a divergence that fired in the cells at ``fired``."""
    reports = []
    for index, (sk, numpy, python) in enumerate(cells):
        report = _report(sk, "conforms-declared" if index in fired else "conforms", numpy, python)
        reports.append(report)
    page = render(reports)
    [line] = [line for line in page.splitlines() if line.startswith("- `binary_threshold`")]
    return line.removeprefix("- `binary_threshold`: ")


def test_a_divergence_names_the_numpy_or_the_python_of_the_cells_it_fired_in() -> None:
    cells = [
        ("1.7.2", "1.26.4", "3.11.7"),
        ("1.7.2", "2.2.6", "3.10.13"),
        ("1.7.2", "2.4.6", "3.11.7"),
        ("1.9.1", "1.26.4", "3.11.7"),
        ("1.9.1", "2.0.2", "3.12.1"),
        ("1.9.1", "2.4.6", "3.11.7"),
        ("1.9.1", "2.5.5", "3.13.0"),
    ]
    assert _fired_in(cells, {0, 1, 2, 3}) == "scikit-learn 1.7, 1.9 (NumPy 1.26 only)"
    # A cell alone on its Python and its NumPy: both are named.
    assert _fired_in(cells, {1}) == "scikit-learn 1.7 (NumPy 2.2 on Python 3.10 only)"
    assert _fired_in(cells, {6}) == "scikit-learn 1.9 (NumPy 2.5 on Python 3.13 only)"
    # The NumPy minors alone pick the cells out.
    assert _fired_in(cells, {4, 5, 6}) == "scikit-learn 1.9 (NumPy 2.0, 2.4 and 2.5 only)"
    # Picked out by the Python and by the NumPy minors alike: each Python with its minors.
    assert _fired_in(cells, {3, 5}) == "scikit-learn 1.9 (NumPy 1.26 and 2.4 on Python 3.11 only)"
    # Picked out by the Python alone: the same NumPy minor on two Pythons, one of them in.
    both = [("1.9.1", "2.5.5", "3.12.1"), ("1.9.1", "2.5.5", "3.13.0")]
    assert _fired_in(both, {1}) == "scikit-learn 1.9 (Python 3.13 only)"
    assert _fired_in(cells, {0, 1, 2, 3, 4, 5, 6}) == "every cell"


def test_matrix_command_writes_the_page(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(_report("1.9.1", "conforms")))
    output = tmp_path / "conformance.md"
    assert main(["matrix", str(tmp_path), "--output", str(output)]) == 0
    assert "| `TopKAccuracy.score` | ✓ |" in output.read_text()


def test_the_committed_page_renders_from_the_committed_reports() -> None:
    reports = load(ROOT / "reports" / "matrix")
    assert reports, "reports/matrix/ holds no report: run the nox matrix"
    committed = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    assert committed == render(reports), "run: nox -s matrix"


def test_every_committed_report_was_produced_by_the_current_registry() -> None:
    noxfile = _noxfile()
    committed = {path.relative_to(ROOT).as_posix() for path in (ROOT / REPORTS).glob("*.json")}
    expected = {noxfile.report_path(*cell) for cell in noxfile.CELLS}
    assert committed == expected, (
        f"one report a cell, named after it: missing {sorted(expected - committed)}, "
        f"left over {sorted(committed - expected)}; " + REGENERATE
    )
    for python, sklearn, numpy in noxfile.CELLS:
        path = ROOT / noxfile.report_path(python, sklearn, numpy)
        env = json.loads(path.read_text(encoding="utf-8"))["environment"]
        line = env["numpy"].split(".")[0] if numpy == "2" else minor(env["numpy"])
        assert (minor(env["python"]), minor(env["sklearn"]), line) == (python, sklearn, numpy), (
            f"{path.name} holds the report of Python {env['python']}, scikit-learn "
            f"{env['sklearn']}, NumPy {env['numpy']}"
        )
    reports = load(ROOT / REPORTS)
    outdated = stale(reports)
    assert not outdated, (
        "reports/matrix/ is older than the registry: "
        + REGENERATE
        + ".\n  "
        + "\n  ".join(outdated)
    )


def test_stale_names_the_cell_and_the_members_that_changed() -> None:
    current = _report("1.9.1", "conforms")
    current["registry"] = registry_digest()
    current["members"][0]["declaration"] = member_digests()["TopKAccuracy.score"]
    assert stale([current]) == []
    older = json.loads(json.dumps(current))
    older["registry"] = "0" * 16
    older["members"][0]["declaration"] = "1" * 16
    [line] = stale([older])
    assert line.startswith(
        "scikit-learn 1.9.1 with NumPy 2.4.6 on Python 3.11.7: registry 0000000000000000"
    )
    assert "TopKAccuracy.score" in line
    unrecorded = _report("1.3.2", "conforms")
    assert stale([unrecorded]) == [
        "scikit-learn 1.3.2 with NumPy 2.4.6 on Python 3.11.7: the report records no registry "
        "digest"
    ]


def test_the_page_gives_each_cell_its_machine() -> None:
    described = _report("1.9.1", "conforms")
    described["registry"] = "abcdef0123456789"
    described["machine"] = {
        "arch": "x86_64",
        "simd": {
            "baseline": ["SSE3", "X86_V2"],
            "dispatch": ["X86_V3", "X86_V4", "AVX512_ICL", "AVX512_SPR"],
            "features": ["X86_V2", "X86_V3", "X86_V4", "AVX512_ICL"],
        },
        "blas": [
            {"loaded_by": "numpy", "library": "openblas", "version": "0.3.31", "core": "Haswell"}
        ],
        "overrides": {"NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL"},
    }
    page = render([_report("1.3.2", "conforms"), described])
    assert (
        "| 1.9.1 | 2.4.6 | 3.11.7 | x86_64 | X86_V2 to AVX512_ICL (disabled: X86_V4 AVX512_ICL) "
        "| numpy: openblas 0.3.31, Haswell | `abcdef0123456789` |"
    ) in page
    assert (
        "| 1.3.2 | 2.4.6 | 3.11.7 | not recorded | not recorded | not recorded | not recorded |"
    ) in page
