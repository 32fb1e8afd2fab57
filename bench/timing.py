"""Timing several calls in the same run, and the memory one call allocates.

:func:`measure` warms each call up, then times them in turns (lodestar, scikit-learn,
the floor, lodestar again, ...) so that a change in the machine's load falls on all of
them alike. A call too quick to time alone is repeated until a sample lasts
``sample_seconds``; the sample's time per call is what is kept.
"""

from __future__ import annotations

import gc
import math
import statistics
import time
import tracemalloc
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["SLOW_SECONDS", "Timing", "measure", "peak_memory"]

#: A call at least this long is not run again to warm up: its first run is timed as a
#: sample (over a second, what a warm-up removes is lost in the noise), and it gets
#: ``slow_repeats`` samples.
SLOW_SECONDS = 1.0


@dataclass(frozen=True)
class Timing:
    """Seconds per call: the median of the samples, their quartiles, the extremes."""

    samples: tuple[float, ...]
    calls_per_sample: int

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def low(self) -> float:
        return min(self.samples)

    @property
    def high(self) -> float:
        return max(self.samples)

    @property
    def spread(self) -> float:
        """The interquartile range over the median: how far apart the middle half of the
        samples lie (one sample slowed by another process moves it little)."""
        if self.median <= 0 or len(self.samples) < 2:
            return 0.0
        first, _, third = statistics.quantiles(self.samples, n=4, method="inclusive")
        return (third - first) / self.median


def measure(
    calls: Mapping[str, Callable[[], Any]],
    repeats: int = 5,
    slow_repeats: int = 3,
    sample_seconds: float = 0.05,
) -> dict[str, Timing]:
    """Times every call in ``calls``, in turns, ``repeats`` samples each (``slow_repeats``
    for a call of :data:`SLOW_SECONDS` or more).

    The garbage collector is off while a sample runs, as in :mod:`timeit`.
    """
    first: dict[str, float] = {}
    for name, call in calls.items():
        first[name] = _time(call, 1)
    wanted = {name: slow_repeats if t >= SLOW_SECONDS else repeats for name, t in first.items()}
    number = {
        name: max(1, min(100_000, math.ceil(sample_seconds / max(t, 1e-9))))
        for name, t in first.items()
    }
    samples: dict[str, list[float]] = {
        name: [t] if t >= SLOW_SECONDS else [] for name, t in first.items()
    }
    while any(len(samples[name]) < wanted[name] for name in calls):
        for name, call in calls.items():
            if len(samples[name]) < wanted[name]:
                samples[name].append(_time(call, number[name]))
    return {name: Timing(tuple(samples[name]), number[name]) for name in calls}


def _time(call: Callable[[], Any], number: int) -> float:
    """Seconds per call over ``number`` calls, the garbage collector off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(number):
            call()
        return (time.perf_counter() - start) / number
    finally:
        if enabled:
            gc.enable()


def peak_memory(call: Callable[[], Any]) -> int:
    """The most bytes ``call`` held at once beyond what was allocated before it, as
    :mod:`tracemalloc` sees them (NumPy reports its arrays to it)."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        call()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
