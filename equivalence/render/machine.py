"""What a report records about the machine that produced it: SIMD paths and BLAS.

NumPy picks its ``log``/``exp`` kernels by the CPU's SIMD features, and OpenBLAS picks
its kernels by the core type it detects; either can move the last bits of an answer.
A report therefore records, next to the versions, what NumPy's dispatcher found and
which BLAS (library, version, core type) NumPy and SciPy loaded.
"""

from __future__ import annotations

import contextlib
import os
import platform
from pathlib import PurePath
from typing import Any

__all__ = ["blas", "describe", "simd", "simd_summary"]

# Settings that change which kernels run; recorded when the environment sets them.
_OVERRIDES = ("NPY_DISABLE_CPU_FEATURES", "NPY_ENABLE_CPU_FEATURES", "OPENBLAS_CORETYPE")


def _umath() -> Any:
    import importlib

    try:
        return importlib.import_module("numpy._core._multiarray_umath")  # NumPy 2
    except ImportError:
        return importlib.import_module("numpy.core._multiarray_umath")  # NumPy 1.26


def simd() -> dict[str, list[str]]:
    """NumPy's SIMD view of this CPU: the baseline it was built for, the targets it can
    dispatch to, and the features it found (after any ``NPY_DISABLE_CPU_FEATURES``)."""
    umath = _umath()
    return {
        "baseline": list(getattr(umath, "__cpu_baseline__", [])),
        "dispatch": list(getattr(umath, "__cpu_dispatch__", [])),
        "features": [name for name, on in getattr(umath, "__cpu_features__", {}).items() if on],
    }


def simd_summary(cpu: dict[str, Any]) -> str:
    """The highest dispatch target the CPU offers, else the highest baseline feature."""
    found = set(cpu.get("features", []))
    offered = [name for name in cpu.get("dispatch", []) if name in found]
    if offered:
        return str(offered[-1])
    baseline = cpu.get("baseline", [])
    return str(baseline[-1]) if baseline else "unknown"


def _owner(path: str) -> str:
    """The package a shared library ships with (``numpy.libs`` gives ``numpy``)."""
    parts = PurePath(path).parts
    for index, part in enumerate(parts):
        if part in ("site-packages", "dist-packages") and index + 1 < len(parts):
            return parts[index + 1].removesuffix(".libs")
    return PurePath(path).name


def blas() -> list[dict[str, Any]]:
    """Every BLAS loaded in this process: who loaded it, which, which version, which core.

    threadpoolctl reads the core type OpenBLAS chose; without it, NumPy's build
    configuration names the library and version, and the core type is unknown.
    """
    import numpy

    with contextlib.suppress(ImportError):  # it loads SciPy, and SciPy loads its own BLAS
        import sklearn.metrics  # noqa: F401
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        config = getattr(numpy, "__config__", None)
        dependencies = getattr(config, "CONFIG", {}).get("Build Dependencies", {})
        found = dependencies.get("blas", {})
        return [
            {
                "loaded_by": "numpy",
                "library": found.get("name", "unknown"),
                "version": found.get("version"),
                "core": None,
            }
        ]
    found = [
        {
            "loaded_by": _owner(str(entry.get("filepath", ""))),
            "library": entry.get("internal_api"),
            "version": entry.get("version"),
            "core": entry.get("architecture"),
        }
        for entry in threadpool_info()
        if entry.get("user_api") == "blas"
    ]
    return sorted(found, key=lambda entry: str(entry["loaded_by"]))


def describe() -> dict[str, Any]:
    """The machine section of a report."""
    return {
        "arch": platform.machine(),
        "simd": simd(),
        "blas": blas(),
        "overrides": {name: os.environ[name] for name in _OVERRIDES if name in os.environ},
    }
