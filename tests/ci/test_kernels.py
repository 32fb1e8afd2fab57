"""The choice of NumPy dispatch settings that ``.ci/run`` runs the tests under."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ci_kernels", ROOT / ".ci" / "kernels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


kernels = _load()


SSE4 = "SSSE3 SSE41 POPCNT SSE42"
AVX2 = "AVX F16C FMA3 AVX2"
AVX512 = "AVX512F AVX512CD AVX512_SKX"


@pytest.mark.parametrize(
    ("enabled", "expected"),
    [
        # NumPy 2 on x86-64 with AVX-512: the AVX2 path, then the baseline.
        ("X86_V3 X86_V4 AVX512_ICL", ["X86_V4 AVX512_ICL", "X86_V3 X86_V4 AVX512_ICL"]),
        # NumPy 1.26 on the same machine names single instruction sets.
        (f"{SSE4} {AVX2} {AVX512}", [AVX512, f"{SSE4} {AVX2} {AVX512}"]),
        # NumPy 1.26 on an AVX2 machine: SSE4, then the baseline.
        (f"{SSE4} {AVX2}", [AVX2, f"{SSE4} {AVX2}"]),
        # ARM with SVE, and without: a single tier of several features loses its top one.
        ("ASIMDHP ASIMDDP ASIMDFHM SVE", ["SVE", "ASIMDHP ASIMDDP ASIMDFHM SVE"]),
        ("ASIMDHP ASIMDDP", ["ASIMDDP", "ASIMDHP ASIMDDP"]),
        # NumPy 2 on an AVX2 machine has one other path; past nothing but the baseline, none.
        ("X86_V3", ["X86_V3"]),
        ("", []),
    ],
)
def test_candidates_turn_off_the_top_tier_then_everything(
    enabled: str, expected: list[str]
) -> None:
    assert kernels.candidates(enabled.split()) == [setting.split() for setting in expected]


def test_a_feature_numpy_will_not_turn_off_is_read_from_its_error() -> None:
    message = (
        "RuntimeError: You cannot disable CPU feature 'X86_V2', since it is part of the "
        "baseline optimizations:"
    )
    assert kernels.refused(message, ["X86_V2", "X86_V3"]) == ["X86_V2"]
    assert kernels.refused("something else", ["X86_V3"]) == []


def test_the_chosen_settings_import_and_each_changes_the_dispatch() -> None:
    chosen = kernels.choose()
    default, _ = kernels.probe([])
    assert default is not None
    states = [tuple(default["enabled"])]
    for setting in chosen:
        info, error = kernels.probe(setting.split())
        assert info is not None, error
        assert tuple(info["enabled"]) not in states, setting
        states.append(tuple(info["enabled"]))
    dispatched = [f for f in default["dispatch"] if f in default["enabled"]]
    assert len(chosen) == len(kernels.candidates(dispatched))
