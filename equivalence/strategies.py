"""Shared Hypothesis building blocks: labels, score rows, probabilities, weights.

Every strategy here leans toward the inputs that break ports: values from a coarse
grid so that ties are common, weights that are negative or sum to exactly zero, and
malformed values (NaN, infinity, fractional labels, wrong sizes) on purpose.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence.model import Call

__all__ = [
    "GRID",
    "NON_FINITE",
    "all_zero",
    "as_floats",
    "as_labels",
    "class_counts",
    "label_lists",
    "negative",
    "non_finite",
    "probability_matrix",
    "score_matrix",
    "some_index",
    "valid_weights",
    "weights",
    "with_defaults",
    "zero_sum",
]

#: A coarse grid: drawing scores from it makes ties the rule rather than the exception.
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
NON_FINITE = (math.nan, math.inf, -math.inf)

Draw = Callable[[st.SearchStrategy[Any]], Any]


def class_counts(low: int = 2, high: int = 6) -> st.SearchStrategy[int]:
    return st.integers(low, high)


def label_lists(size: int, low: int, high: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(low, high), min_size=size, max_size=size)


def _score_values(kind: str) -> st.SearchStrategy[float]:
    if kind == "grid":
        return st.sampled_from(GRID)
    if kind == "wide":
        return st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
    return st.floats(0.0, 1.0, allow_nan=False, allow_infinity=False)


def score_matrix(draw: Draw, samples: int, classes: int) -> list[list[float]]:
    """A ``samples × classes`` score block: grid values (ties), unit floats, or wide floats."""
    kind = draw(st.sampled_from(["grid", "unit", "wide"]))
    values = _score_values(kind)
    return [draw(st.lists(values, min_size=classes, max_size=classes)) for _ in range(samples)]


def probability_matrix(draw: Draw, samples: int, classes: int) -> list[list[float]]:
    """Rows in ``[0, 1]``: normalised to sum to 1, or left as drawn (not summing to 1)."""
    normalised = draw(st.booleans())
    rows: list[list[float]] = []
    for _ in range(samples):
        row = draw(
            st.lists(
                st.one_of(st.sampled_from(GRID), st.floats(0.0, 1.0)),
                min_size=classes,
                max_size=classes,
            )
        )
        total = sum(row)
        if normalised and total > 0:
            row = [min(1.0, value / total) for value in row]
        rows.append(row)
    return rows


def valid_weights(samples: int) -> st.SearchStrategy[list[float] | None]:
    """Unweighted, empty, positive, signed, or summing to exactly zero."""
    positive = st.lists(st.floats(0.0, 10.0), min_size=samples, max_size=samples)
    signed = st.lists(st.floats(-10.0, 10.0), min_size=samples, max_size=samples)
    integral = st.lists(st.integers(-5, 5).map(float), min_size=samples, max_size=samples)
    options: list[st.SearchStrategy[Any]] = [st.none(), st.just([]), positive, signed, integral]
    if samples >= 2:
        options.append(zero_sum_weights(samples))
    return st.one_of(*options)


def zero_sum_weights(samples: int) -> st.SearchStrategy[list[float]]:
    """Whole-number weights whose sum is exactly zero, at least one of them not zero."""

    @st.composite
    def build(draw: Draw) -> list[float]:
        head = draw(st.lists(st.integers(-4, 4), min_size=samples - 1, max_size=samples - 1))
        if not any(head):
            head[0] = 1
        return [float(value) for value in head] + [float(-sum(head))]

    return build()


def weights(samples: int) -> st.SearchStrategy[list[float] | None]:
    """:func:`valid_weights`, plus the wrong length and non-finite values."""
    wrong_length = st.integers(1, samples + 3).filter(lambda n: n != samples)
    return st.one_of(
        valid_weights(samples),
        wrong_length.flatmap(lambda n: st.lists(st.floats(0.0, 2.0), min_size=n, max_size=n)),
        st.sampled_from(NON_FINITE).map(lambda bad: [1.0] * max(samples - 1, 0) + [bad])
        if samples
        else st.just([math.nan]),
    )


def with_defaults(draw: Draw, kwargs: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """Leaves out each optional argument (other than those in ``keep``) one time in three,
    so that the member's defaults are exercised and not only the values passed."""
    return {
        key: value for key, value in kwargs.items() if key in keep or draw(st.integers(0, 2)) != 0
    }


def some_index(draw: Draw, size: int) -> int:
    return int(draw(st.integers(0, max(size - 1, 0))))


# -- reading a call back ---------------------------------------------------------


def as_labels(value: Any) -> np.ndarray[Any, Any] | None:
    """The labels of a call as ``int64``, or ``None`` when they are not whole numbers."""
    try:
        array = np.asarray(value)
        if array.ndim != 1 or array.dtype.kind == "b":
            return None
        if array.size == 0:
            return np.zeros(0, dtype=np.int64)
        if array.dtype.kind in "iu":
            return array.astype(np.int64)
        floats = array.astype(np.float64)
        if not np.isfinite(floats).all() or (floats != np.floor(floats)).any():
            return None
        return floats.astype(np.int64)
    except (TypeError, ValueError, OverflowError):
        return None


def as_floats(value: Any) -> np.ndarray[Any, Any] | None:
    """A numeric argument as ``float64``, or ``None`` when it is not one."""
    if value is None:
        return None
    try:
        return np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        return None


def negative(weight: np.ndarray[Any, Any] | None) -> bool:
    """Some weight is below zero."""
    return weight is not None and bool((weight < 0).any())


def zero_sum(weight: np.ndarray[Any, Any] | None) -> bool:
    """Finite weights, not all zero, whose sum is exactly zero."""
    return (
        weight is not None
        and bool(np.isfinite(weight).all())
        and bool(weight.any())
        and float(weight.sum()) == 0.0
    )


def all_zero(weight: np.ndarray[Any, Any] | None) -> bool:
    """At least one weight, every one of them zero."""
    return weight is not None and weight.size > 0 and not bool(weight.any())


def non_finite(weight: np.ndarray[Any, Any] | None) -> bool:
    """Some weight is NaN or infinite."""
    return weight is not None and not bool(np.isfinite(weight).all())


def weight_vector(call: Call, position: int) -> np.ndarray[Any, Any] | None:
    """The call's ``sample_weight`` as an array, ``None`` when unweighted or empty."""
    weight = as_floats(call.argument(position, "sample_weight"))
    if weight is None or weight.size == 0:
        return None
    return weight
