"""The version matrix: its cells, and the page rendered from their reports."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from equivalence.__main__ import main
from equivalence.digest import member_digests, registry_digest
from equivalence.matrix import REGENERATE, load, render, stale
from equivalence.versions import sklearn_version, version_key

ROOT = Path(__file__).resolve().parents[2]


def _cells() -> list[tuple[str, str]]:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "CELLS":
            return [tuple(item) for item in ast.literal_eval(node.value)]  # type: ignore[misc]
    raise AssertionError("noxfile.py defines no CELLS")


def test_every_minor_from_1_3_to_the_installed_one_has_a_cell() -> None:
    major, minor = version_key(sklearn_version())[:2]
    minors = {sk for sk, _ in _cells()}
    assert {f"{major}.{m}" for m in range(3, minor + 1)} <= minors


def test_numpy_2_is_paired_with_every_minor_that_supports_it() -> None:
    cells = set(_cells())
    for sk, _ in cells:
        assert (sk, "1.26") in cells
        if sk != "1.3":
            assert (sk, "2") in cells


def _report(sk: str, status: str) -> dict:  # type: ignore[type-arg]
    return {
        "generated": "2026-11-30T00:00:00+00:00",
        "profile": "ci",
        "environment": {"sklearn": sk, "numpy": "2.4.6", "python": "3.11.7"},
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
    assert row == (
        "| `TopKAccuracy.score` | · | ✓\\* | [✗](#fail-topkaccuracy-score-1-10-0-2-4-6) |"
    )
    # The divergences that fired are listed once, by member, with the cells they fired in.
    assert "- `binary_threshold`: scikit-learn 1.9" in page
    assert "(fail-topkaccuracy-score-1-10-0-2-4-6)=" in page
    assert "TopKAccuracy.score([0], [0.5, 0.5], 2)" in page


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
    reports = load(ROOT / "reports" / "matrix")
    assert len(reports) == len(_cells()), "one report a cell: " + REGENERATE
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
    assert line.startswith("scikit-learn 1.9.1 with NumPy 2.4.6: registry 0000000000000000")
    assert "TopKAccuracy.score" in line
    unrecorded = _report("1.3.2", "conforms")
    assert stale([unrecorded]) == [
        "scikit-learn 1.3.2 with NumPy 2.4.6: the report records no registry digest"
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
        "| 1.9.1 | 2.4.6 | x86_64 | X86_V2 to AVX512_ICL (disabled: X86_V4 AVX512_ICL) "
        "| numpy: openblas 0.3.31, Haswell | `abcdef0123456789` |"
    ) in page
    assert "| 1.3.2 | 2.4.6 | not recorded | not recorded | not recorded | not recorded |" in page
