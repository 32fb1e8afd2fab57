"""What a report records about the machine: NumPy's SIMD view and the BLAS loaded."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from equivalence.render.machine import describe, simd_summary

ROOT = Path(__file__).resolve().parents[2]


def test_the_summary_is_the_highest_dispatch_target_found() -> None:
    cpu = {
        "baseline": ["SSE3", "X86_V2"],
        "dispatch": ["X86_V3", "X86_V4", "AVX512_ICL"],
        "features": ["X86_V2", "X86_V3"],
    }
    assert simd_summary(cpu) == "X86_V3"
    assert simd_summary({**cpu, "features": ["X86_V2"]}) == "X86_V2"
    assert simd_summary({"baseline": [], "dispatch": [], "features": []}) == "unknown"


def test_this_machine_is_described() -> None:
    machine = describe()
    assert machine["arch"] == platform.machine()
    simd = machine["simd"]
    assert simd["features"], "NumPy found no SIMD feature at all"
    assert set(simd["baseline"]) <= set(simd["features"])
    loaded = {entry["loaded_by"] for entry in machine["blas"]}
    assert "numpy" in loaded, machine["blas"]
    json.dumps(machine)  # goes into the JSON report as it is


def test_a_disabled_dispatch_target_shows_in_the_description() -> None:
    highest = simd_summary(describe()["simd"])
    if highest not in describe()["simd"]["dispatch"]:
        pytest.skip(f"this CPU offers no dispatch target beyond the baseline ({highest})")
    code = (
        "import json; from equivalence.render.machine import describe; "
        "print(json.dumps(describe()))"
    )
    disabled = " ".join([*os.environ.get("NPY_DISABLE_CPU_FEATURES", "").split(), highest])
    completed = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "NPY_DISABLE_CPU_FEATURES": disabled},
        capture_output=True,
        text=True,
        check=True,
    )
    there = json.loads(completed.stdout)
    assert simd_summary(there["simd"]) != highest
    assert there["overrides"]["NPY_DISABLE_CPU_FEATURES"] == disabled
