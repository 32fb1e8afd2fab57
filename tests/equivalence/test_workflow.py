"""``.github/workflows/conformance.yml``: a valid workflow, whose cells are nox's cells."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from ruamel.yaml import YAML

from tests.equivalence._nox import noxfile

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "conformance.yml"


def _noxfile() -> ModuleType:
    return noxfile()


def _schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    schema = ["--builtin-schema", "vendor.github-workflows"]
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", *schema, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )


def _workflow() -> dict[str, Any]:
    loaded: dict[str, Any] = YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))
    return loaded


def _steps(job: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = _workflow()["jobs"][job]["steps"]
    return steps


def test_the_workflow_is_valid_against_the_github_workflow_schema() -> None:
    checked = _schema_check(WORKFLOW)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_schema_check_rejects_a_broken_workflow(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    text = WORKFLOW.read_text(encoding="utf-8").replace("runs-on: ubuntu-latest", "runs_on: x", 1)
    broken.write_text(text, encoding="utf-8")
    assert _schema_check(broken).returncode != 0


@functools.cache
def _listing() -> str:
    """``nox -l --json -k conformance``, run once a process."""
    return subprocess.run(
        [sys.executable, "-m", "nox", "-l", "--json", "-k", "conformance"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _cells_py(*arguments: str) -> str:
    return subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "cells.py"), *arguments],
        input=_listing(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _nox_cells() -> list[dict[str, str]]:
    matrix: dict[str, list[dict[str, str]]] = json.loads(_cells_py("--github"))
    return matrix["include"]


def test_the_job_matrix_is_every_cell_of_the_noxfile_with_its_python_and_report() -> None:
    noxfile = _noxfile()
    cells = _nox_cells()
    assert [cell["session"] for cell in cells] == [
        f"conformance({noxfile.cell_id(*cell)})" for cell in noxfile.CELLS
    ]
    assert [cell["python"] for cell in cells] == [python for python, _, _ in noxfile.CELLS]
    assert [f"reports/matrix/{cell['report']}.json" for cell in cells] == [
        noxfile.report_path(*cell) for cell in noxfile.CELLS
    ]


def test_the_plain_listing_is_one_session_a_line() -> None:
    assert _cells_py().splitlines() == [cell["session"] for cell in _nox_cells()]


def test_the_jobs_list_run_upload_and_render_the_cells() -> None:
    workflow = _workflow()
    listing = " ".join(step.get("run", "") for step in _steps("cells"))
    assert "nox -l --json -k conformance | python .ci/cells.py --github" in listing
    cell = workflow["jobs"]["cell"]
    assert cell["needs"] == "cells"
    # Each cell's job sets up that cell's Python, before nox runs.
    pythons = [
        step["with"]["python-version"]
        for step in cell["steps"]
        if "setup-python" in step.get("uses", "")
    ]
    assert pythons == ["${{ matrix.python }}"]
    assert cell["strategy"]["matrix"] == "${{ fromJSON(needs.cells.outputs.matrix) }}"
    runs = [step for step in cell["steps"] if "run" in step]
    assert any(
        step["run"] == 'nox -s "$SESSION"'
        and step.get("env", {}).get("SESSION") == "${{ matrix.session }}"
        for step in runs
    )
    uploads = [step for step in cell["steps"] if "upload-artifact" in step.get("uses", "")]
    assert [step["with"]["path"] for step in uploads] == [
        "reports/matrix/${{ matrix.report }}.json"
    ]
    page = _steps("page")
    downloads = [step for step in page if "download-artifact" in step.get("uses", "")]
    assert downloads and downloads[0]["with"]["path"] == "reports/matrix"
    assert any(step.get("run") == "nox -s matrix" for step in page)
    assert any("docs/conformance.md" in step.get("with", {}).get("path", "") for step in page)
