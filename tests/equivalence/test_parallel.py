"""``run --jobs N``: the same report as a serial run, and each side's time per member."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from equivalence.parallel import default_jobs
from equivalence.render.digest import registry_digest

ROOT = Path(__file__).resolve().parents[2]
MEMBERS = ["Accuracy.score", "TopKAccuracy.score"]
TIMINGS = {"seconds", "seconds_lodestar", "seconds_oracle", "implementation_share"}


def _run(tmp_path: Path, jobs: int, *extra: str, profile: str = "ci") -> tuple[dict[str, Any], str]:
    report = tmp_path / f"jobs-{jobs}-{len(list(tmp_path.iterdir()))}.json"
    environment = {**os.environ, "HYPOTHESIS_PROFILE": profile}
    arguments = ["--max-examples", "40", "--jobs", str(jobs), "--report", str(report), *extra]
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
    return written, completed.stdout


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    members = [
        {key: value for key, value in entry.items() if key not in TIMINGS | {"examples_per_second"}}
        for entry in report["members"]
    ]
    rest = {key: value for key, value in report.items() if key not in ("generated", "run")}
    return {**rest, "members": members}


def test_a_parallel_run_reports_what_a_serial_run_does(tmp_path: Path) -> None:
    (serial, _), (parallel, _) = _run(tmp_path, 1), _run(tmp_path, 2)
    assert serial["run"]["jobs"] == 1 and parallel["run"]["jobs"] == 2
    assert [entry["member"] for entry in parallel["members"]] == MEMBERS
    for entry in serial["members"]:
        # the comparison below means something only if the runs drew calls and hit edges
        assert entry["examples"] >= 40 and sum(entry["edges"].values()) > 0
    assert _without_timings(parallel) == _without_timings(serial)
    # worked out in another process, the digest is this process's
    assert serial["registry"] == parallel["registry"] == registry_digest()


def test_each_member_reports_the_time_inside_each_side(tmp_path: Path) -> None:
    report, _ = _run(tmp_path, 1)
    for entry in report["members"]:
        # lodestar answers 40 calls in about two milliseconds: rounded, a fast machine's
        # figure may read 0.0; scikit-learn's is ten times larger
        assert entry["seconds_lodestar"] >= 0 and entry["seconds_oracle"] > 0
        # every figure is rounded to the millisecond: the share, taken before rounding,
        # lies between the ratios the rounded figures allow (a short member's 0.066 s
        # moves its share by more than a hundredth)
        inside = entry["seconds_lodestar"] + entry["seconds_oracle"]
        assert inside <= entry["seconds"] + 0.002
        low = max(inside - 0.001, 0.0) / (entry["seconds"] + 0.0005)
        high = (inside + 0.001) / max(entry["seconds"] - 0.0005, 1e-9)
        assert low - 0.0005 <= entry["implementation_share"] <= high + 0.0005, entry
    assert sum(e["seconds_lodestar"] for e in report["members"]) > 0
    slack = 0.0005 * (len(report["members"]) + 1)
    assert report["run"]["seconds"] + slack >= sum(e["seconds"] for e in report["members"])


def test_the_default_is_one_job_a_core() -> None:
    assert 1 <= default_jobs() <= (os.cpu_count() or 1)


def test_an_exploring_run_prints_its_seed_and_the_seed_draws_it_again(tmp_path: Path) -> None:
    # dev draws afresh each run: the seed it printed, given back, draws the same calls
    # (counted by outcome and edge), in one process or two
    first, printed = _run(tmp_path, 2, profile="dev")
    seed = first["run"]["seed"]
    assert isinstance(seed, int) and f"profile dev, seed {seed})" in printed
    assert f"run {' '.join(MEMBERS)} --profile dev --seed {seed}" in printed
    again, _ = _run(tmp_path, 1, "--seed", str(seed), profile="dev")
    assert again["run"]["seed"] == seed
    assert _without_timings(again) == _without_timings(first)
    # another seed draws other calls: compared by every count, edges included (of six
    # seeds measured, two gave Accuracy.score the same outcome counts)
    other, _ = _run(tmp_path, 1, "--seed", str(seed + 1), profile="dev")
    counts = [[(e["outcomes"], e["edges"]) for e in report["members"]] for report in (first, other)]
    assert counts[0] != counts[1]


def test_profile_and_seed_given_on_the_command_line(tmp_path: Path) -> None:
    # --profile overrides HYPOTHESIS_PROFILE; the ci profile's draws are fixed (no seed),
    # and a seed given to it draws other calls than its fixed ones
    fixed, printed = _run(tmp_path, 1, "--profile", "ci", profile="dev")
    assert fixed["profile"] == "ci" and fixed["run"]["seed"] is None
    assert "profile ci, derandomised" in printed
    seeded, _ = _run(tmp_path, 1, "--profile", "ci", "--seed", "11", profile="dev")
    assert seeded["run"]["seed"] == 11
    assert [e["outcomes"] for e in seeded["members"]] != [e["outcomes"] for e in fixed["members"]]


_TWICE = """
import sys
from equivalence.conformance import run_member
from equivalence.members import REGISTRY

def drawn():
    member = REGISTRY["TopKAccuracy.score"]
    runs = [run_member(member, max_examples=60, seed=seed) for seed in (3, 4, 5)]
    return [(r.examples, dict(r.outcomes), dict(r.edges)) for r in runs]

before = drawn()
sys.path.insert(0, sys.argv[1])
import a_port_with_constants
print(drawn() == before)
"""


def test_a_seed_draws_the_same_calls_whatever_local_modules_are_loaded(tmp_path: Path) -> None:
    # Hypothesis mixes into its draws constants read from every local module loaded: a
    # port's module (runs of bytes, an array's draw, and numbers) loaded between two runs
    # of one process, outside the test session's own setup, changes no call drawn
    constants = ", ".join(f"{bytes(range(i, 2 * i))!r}, {i}, {i / 401!r}" for i in range(1, 120))
    (tmp_path / "a_port_with_constants.py").write_text(f"VALUES = [{constants}]\n")
    completed = subprocess.run(
        [sys.executable, "-c", _TWICE, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "True"
