"""The composite action a port's own CI uses (.github/actions/check-port): valid against
GitHub's action schema, and its check step, run here, passes a conforming port, fails a
buggy one, and writes the job summary either way."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
ACTION = ROOT / ".github" / "actions" / "check-port"
HERE = Path(__file__).resolve().parent


def test_the_action_meets_githubs_schema_and_takes_the_documented_inputs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-actions",
            str(ACTION / "action.yml"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    action = YAML(typ="safe").load((ACTION / "action.yml").read_text())
    assert {"command", "members", "profile", "scikit-learn", "expect"} <= set(action["inputs"])
    assert action["runs"]["using"] == "composite"


#: The example Node.js port: CI installs Node.js before the tests and sets
#: LODESTAR_PORTS_REQUIRED=1, so that there a missing ``node`` fails instead of skipping.
NODE = pytest.mark.skipif(
    shutil.which("node") is None and os.environ.get("LODESTAR_PORTS_REQUIRED") != "1",
    reason="node is not installed",
)


@pytest.mark.parametrize(
    ("command", "members", "status", "says"),
    [
        (
            f"{shlex.quote(sys.executable)} {ROOT / 'docs/_static/example_port.py'}",
            "Accuracy.score",
            0,
            "| `Accuracy.score` | conforms",
        ),
        (
            f"{shlex.quote(sys.executable)} {HERE / 'port_topk.py'} --bug ascending-ties",
            "TopKAccuracy.score",
            1,
            "Reproduce:",
        ),
        pytest.param(
            f"node {ROOT / 'ports/node/port.js'}",
            "Accuracy.score MaxError.score",
            0,
            "| `MaxError.score` | conforms",
            marks=NODE,
        ),
        pytest.param(
            f"node {ROOT / 'ports/node/port.js'} --bug",
            "ZeroOneLoss.score",
            1,
            "Reproduce:",
            marks=NODE,
        ),
    ],
)
def test_the_check_step_runs_here_and_writes_the_summary(
    tmp_path: Path, command: str, members: str, status: int, says: str
) -> None:
    summary = tmp_path / "summary.md"
    env = {
        **os.environ,
        "PORT_COMMAND": command,
        "PORT_MEMBERS": members,
        "PORT_PROFILE": "dev",
        "PORT_EXPECT": "",
        "PORT_PROTOCOL": "1",
        "REPORT": str(tmp_path / "report.json"),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    done = subprocess.run(
        ["bash", str(ACTION / "check.sh")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == status, done.stdout + done.stderr
    assert says in summary.read_text()
    assert (tmp_path / "output").read_text().startswith("report=")
