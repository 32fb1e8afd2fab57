"""Running the cases: one :class:`Row` per case and size."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from bench.cases import Case, Cell, Inputs
from bench.timing import Timing, measure, peak_memory

__all__ = ["Row", "input_bytes", "run_case", "run_cell"]

SIDES = ("lodestar", "scikit-learn", "floor")


@dataclass(frozen=True)
class Row:
    """What one case measured at one size. ``error`` is set when a side failed."""

    case: Case
    cell: Cell
    timings: dict[str, Timing]
    memory: int | None
    input_bytes: int
    error: str | None = None

    @property
    def lodestar(self) -> float | None:
        return self._median("lodestar")

    @property
    def sklearn(self) -> float | None:
        return self._median("scikit-learn")

    @property
    def floor(self) -> float | None:
        return self._median("floor")

    @property
    def speedup(self) -> float | None:
        """scikit-learn's time over lodestar's: above 1, lodestar is faster."""
        if self.lodestar is None or self.sklearn is None or self.lodestar <= 0:
            return None
        return self.sklearn / self.lodestar

    @property
    def over_floor(self) -> float | None:
        """lodestar's time over the floor's: 1 is one pass over the input."""
        if self.lodestar is None or self.floor is None or self.floor <= 0:
            return None
        return self.lodestar / self.floor

    @property
    def memory_share(self) -> float | None:
        """The bytes lodestar allocated at its peak, over the input's bytes."""
        if self.memory is None or self.input_bytes <= 0:
            return None
        return self.memory / self.input_bytes

    def _median(self, side: str) -> float | None:
        timing = self.timings.get(side)
        return None if timing is None else timing.median


def input_bytes(inputs: Inputs) -> int:
    """The bytes of the arrays a call reads (scalars and the ``labels`` helper aside)."""
    return sum(
        value.nbytes
        for key, value in inputs.items()
        if isinstance(value, np.ndarray) and key != "labels"
    )


def _bind(case: Case, inputs: Inputs) -> dict[str, Callable[[], Any]]:
    """The calls to time; a member without a scikit-learn counterpart has no such side."""
    binders = {"lodestar": case.lodestar, "scikit-learn": case.sklearn, "floor": case.floor}
    return {side: bind(inputs) for side, bind in binders.items() if bind is not None}


def run_cell(
    case: Case,
    cell: Cell,
    repeats: int = 5,
    seed: int = 0,
    memory: bool = True,
    sample_seconds: float = 0.05,
) -> Row:
    """Times ``case`` at ``cell`` on inputs drawn from ``seed``; a failure is kept in the
    row rather than raised, so one broken member does not stop the run."""
    rng = np.random.default_rng(seed)
    inputs = case.build(rng, cell.n, cell.classes)
    size = input_bytes(inputs)
    try:
        calls = _bind(case, inputs)
        with warnings.catch_warnings():
            # scikit-learn warns on some of these inputs (rows that do not sum to one to
            # the last bit, classes never predicted); the timing does not change.
            warnings.simplefilter("ignore")
            timings = measure(calls, repeats=repeats, sample_seconds=sample_seconds)
            peak = peak_memory(calls["lodestar"]) if memory else None
    except Exception as error:  # kept in the row: the run goes on
        return Row(case, cell, {}, None, size, f"{type(error).__name__}: {error}")
    return Row(case, cell, timings, peak, size)


def run_case(case: Case, sizes: Iterable[Cell], repeats: int = 5, seed: int = 0) -> Iterator[Row]:
    """:func:`run_cell` at each size in turn."""
    for cell in sizes:
        yield run_cell(case, cell, repeats=repeats, seed=seed)
