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
    assert {"command", "members", "profile", "scikit-learn", "expect", "protocol", "strict"} <= set(
        action["inputs"]
    )
    # every input reaches the check step
    step = next(s for s in action["runs"]["steps"] if s.get("id") == "check")
    assert {
        f"${{{{ inputs.{name} }}}}"
        for name in ("command", "members", "profile", "expect", "protocol", "strict")
    } <= set(step["env"].values())
    assert action["runs"]["using"] == "composite"


#: The example Node.js port: CI installs Node.js before the tests and sets
#: LODESTAR_PORTS_REQUIRED=1, so that there a missing ``node`` fails instead of skipping.
NODE = pytest.mark.skipif(
    shutil.which("node") is None and os.environ.get("LODESTAR_PORTS_REQUIRED") != "1",
    reason="node is not installed",
)


PYTHON = shlex.quote(sys.executable)
EXAMPLE = f"{PYTHON} {ROOT / 'docs/_static/example_port.py'}"
PROTO = f"{PYTHON} {HERE / 'proto_port.py'}"
TOPK = f"{PYTHON} {HERE / 'port_topk.py'} --bug ascending-ties"


def _check_step(tmp_path: Path, command: str, members: str, **inputs: str) -> tuple[int, str]:
    """The action's check step run here, as GitHub runs it: its status and the summary."""
    summary = tmp_path / "summary.md"
    env = {
        **os.environ,
        "PORT_COMMAND": command,
        "PORT_MEMBERS": members,
        "PORT_PROFILE": "dev",
        "PORT_EXPECT": inputs.get("expect", ""),
        "PORT_PROTOCOL": inputs.get("protocol", "1"),
        "PORT_STRICT": inputs.get("strict", "false"),
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
    said = summary.read_text() if summary.exists() else ""
    return done.returncode, said + done.stdout + done.stderr


@pytest.mark.parametrize(
    ("command", "members", "status", "says"),
    [
        (EXAMPLE, "Accuracy.score", 0, "| `Accuracy.score` | conforms"),
        (TOPK, "TopKAccuracy.score", 1, "Reproduce:"),
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
    returned, summary = _check_step(tmp_path, command, members)
    assert returned == status, summary
    assert says in summary
    assert (tmp_path / "output").read_text().startswith("report=")


def test_the_check_step_speaks_protocol_2_and_pastes_its_counterexample_so(
    tmp_path: Path,
) -> None:
    returned, summary = _check_step(tmp_path, f"{PROTO} good", "Accuracy.score", protocol="2")
    assert returned == 0, summary
    assert "Port: proto 0 (Python), protocol 2." in summary
    returned, summary = _check_step(
        tmp_path, f"{PROTO} drop-weights", "Accuracy.score", protocol="2"
    )
    assert returned == 1, summary
    assert "Reproduce:\n\n```sh\nprintf '%s\\n' '{\"start\": {\"protocol\": 2}}'" in summary


def test_the_check_step_reads_the_expect_file_and_under_strict_fails_on_an_entry_unseen(
    tmp_path: Path,
) -> None:
    expect = tmp_path / "expect.txt"
    expect.write_text("TopKAccuracy.score value ties rank by ascending index until #41\n")
    returned, summary = _check_step(tmp_path, TOPK, "TopKAccuracy.score", expect=str(expect))
    assert returned == 0, summary
    assert "| `TopKAccuracy.score` | conforms" in summary
    assert "expected: value (" in summary
    unseen = tmp_path / "unseen.txt"
    unseen.write_text("Accuracy.score value never happens\n")
    returned, summary = _check_step(
        tmp_path, EXAMPLE, "Accuracy.score", expect=str(unseen), strict="true"
    )
    assert returned == 1, summary
    assert "--expect entries never seen: Accuracy.score value (a failure under --strict)" in summary


def test_the_check_step_fails_on_skipped_calls_only_when_strict(tmp_path: Path) -> None:
    skipping = (tmp_path, f"{PROTO} skip-weighted", "Accuracy.score")
    returned, summary = _check_step(*skipping, protocol="2")
    assert returned == 0, summary
    assert "(calls skipped)" in summary and "weights are not ported yet" in summary
    returned, summary = _check_step(*skipping, protocol="2", strict="true")
    assert returned == 1, summary
    assert "calls skipped by the port (a failure under --strict)" in summary


def test_the_check_step_refuses_a_strict_that_is_neither_true_nor_false(tmp_path: Path) -> None:
    returned, said = _check_step(tmp_path, EXAMPLE, "Accuracy.score", strict="yes")
    assert returned == 2
    assert "the input strict is 'yes'; give true or false" in said
