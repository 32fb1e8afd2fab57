"""``run --jobs N``: the same report as a serial run, and each side's time per member."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from equivalence.digest import registry_digest
from equivalence.parallel import default_jobs

ROOT = Path(__file__).resolve().parents[2]
MEMBERS = ["Accuracy.score", "TopKAccuracy.score"]
TIMINGS = {"seconds", "seconds_lodestar", "seconds_oracle", "implementation_share"}


def _run(tmp_path: Path, jobs: int) -> dict[str, Any]:
    report = tmp_path / f"jobs-{jobs}.json"
    environment = {**os.environ, "HYPOTHESIS_PROFILE": "ci"}
    arguments = ["--max-examples", "40", "--jobs", str(jobs), "--report", str(report)]
    completed = subprocess.run(
        [sys.executable, "-m", "equivalence", "run", *MEMBERS, *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    # so small a budget may leave an edge unreached (exit status 1); the report is written
    assert completed.returncode in (0, 1), completed.stdout + completed.stderr
    assert "inside the implementations" in completed.stdout
    written: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    assert written["ok"] == (completed.returncode == 0)
    return written


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    members = [
        {key: value for key, value in entry.items() if key not in TIMINGS | {"examples_per_second"}}
        for entry in report["members"]
    ]
    rest = {key: value for key, value in report.items() if key not in ("generated", "run")}
    return {**rest, "members": members}


def test_a_parallel_run_reports_what_a_serial_run_does(tmp_path: Path) -> None:
    serial, parallel = _run(tmp_path, 1), _run(tmp_path, 2)
    assert serial["run"]["jobs"] == 1 and parallel["run"]["jobs"] == 2
    assert [entry["member"] for entry in parallel["members"]] == MEMBERS
    for entry in serial["members"]:
        # the comparison below means something only if the runs drew calls and hit edges
        assert entry["examples"] >= 40 and sum(entry["edges"].values()) > 0
    assert _without_timings(parallel) == _without_timings(serial)
    # worked out in another process, the digest is this process's
    assert serial["registry"] == parallel["registry"] == registry_digest()


def test_each_member_reports_the_time_inside_each_side(tmp_path: Path) -> None:
    report = _run(tmp_path, 1)
    for entry in report["members"]:
        assert entry["seconds_lodestar"] > 0 and entry["seconds_oracle"] > 0
        inside = entry["seconds_lodestar"] + entry["seconds_oracle"]
        assert inside <= entry["seconds"] + 0.002
        assert abs(entry["implementation_share"] - inside / entry["seconds"]) < 0.01
    assert report["run"]["seconds"] >= sum(entry["seconds"] for entry in report["members"])


def test_the_default_is_one_job_a_core() -> None:
    assert 1 <= default_jobs() <= (os.cpu_count() or 1)
