"""What a run ran on: the machine, its load and the versions of everything timed."""

from __future__ import annotations

import datetime
import os
import platform
from importlib import metadata
from pathlib import Path

__all__ = ["cpu_model", "describe", "load_average"]


def cpu_model() -> str:
    """The CPU's model name from ``/proc/cpuinfo``, or what :mod:`platform` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and value.strip():
                return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                kibibytes = int(line.split()[1])
                return f"{kibibytes / 2**20:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return "unknown"


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def load_average() -> str:
    """The 1-minute load average (runnable processes), or ``unknown``."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def describe() -> dict[str, str]:
    """Platform, CPU, cores, memory, versions and the date, as label → text."""
    import numpy

    import lodestar

    return {
        "Date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "Platform": platform.platform(),
        "CPU": cpu_model(),
        "Cores": str(os.cpu_count()),
        "Memory": _memory(),
        "Python": platform.python_version(),
        "NumPy": numpy.__version__,
        "scikit-learn": _version("scikit-learn"),
        "lodestar": lodestar.__version__,
    }
