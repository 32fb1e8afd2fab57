"""What every port shares: lodestar's refusals, plain-Python inputs, plain sums.

Nothing here computes with NumPy: arrays are read with ``tolist()`` (exact: every
element becomes the Python number it holds) and everything after is Python ``int`` and
``float``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from lodestar.errors import ArgumentError

__all__ = [
    "ZERO_SUM",
    "divide",
    "flat",
    "numbers",
    "read_labels",
    "refuse_as_lodestar",
    "running_sum",
    "weighted_mean",
    "weighted_total",
    "weights",
]

#: lodestar's (and scikit-learn's) sentence for weights that sum to zero.
ZERO_SUM = "Weights sum to zero, can't be normalized"


def _materialised(value: Any) -> Any:
    """A one-shot iterator read into a list, so that two readers see the same values."""
    if isinstance(value, Iterator):
        return list(value)
    return value


def refuse_as_lodestar(
    member: Callable[..., Any], *args: Any, **kwargs: Any
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Calls the lodestar ``member`` with the arguments and lets its refusal through.

    Returns the arguments, any one-shot iterator among them read into a list, for the
    port to compute from. lodestar's answer itself is thrown away.
    """
    args = tuple(_materialised(arg) for arg in args)
    kwargs = {key: _materialised(value) for key, value in kwargs.items()}
    member(*args, **kwargs)
    return args, kwargs


def flat(value: Any) -> list[Any]:
    """The scalars of an array-like, row-major, as Python numbers."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        out: list[Any] = []
        for item in value:
            out.extend(flat(item))
        return out
    if isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
        return flat(list(value))
    return [value]


def read_labels(value: Any) -> list[int]:
    """Integer labels (lodestar has already refused anything else)."""
    return [int(item) for item in flat(value)]


def numbers(value: Any) -> list[float]:
    """Real numbers as Python floats, row-major."""
    return [float(item) for item in flat(value)]


def weights(value: Any, samples: int) -> list[float] | None:
    """One weight per sample, or ``None`` for "every sample weighs 1" (``None`` or empty)."""
    if value is None:
        return None
    values = numbers(value)
    if not values:
        return None
    assert len(values) == samples
    return values


def running_sum(values: Iterable[float]) -> float:
    """The left-to-right sum, from ``0.0``."""
    total = 0.0
    for value in values:
        total += value
    return total


def divide(numerator: float, denominator: float) -> float:
    """IEEE 754 division, which Python's ``/`` is except when the divisor is zero."""
    if denominator != 0.0:
        return numerator / denominator
    if numerator == 0.0 or math.isnan(numerator):
        return math.nan
    negative = (numerator < 0.0) != (math.copysign(1.0, denominator) < 0.0)
    return -math.inf if negative else math.inf


def weighted_mean(values: Sequence[float], sample_weight: list[float] | None) -> float:
    """``Σ wᵢ·vᵢ / Σ wᵢ``, both sums left to right; ``Σ vᵢ / n`` without weights.

    Refuses, in lodestar's sentence, weights whose left-to-right sum is zero.
    """
    if sample_weight is None:
        return running_sum(values) / len(values)
    total = running_sum(sample_weight)
    if total == 0.0:
        raise ArgumentError(ZERO_SUM, "sample_weight")
    return running_sum(w * v for w, v in zip(sample_weight, values, strict=True)) / total


def weighted_total(values: Sequence[float], sample_weight: list[float] | None) -> float:
    """``Σ wᵢ·vᵢ`` left to right; ``Σ vᵢ`` without weights."""
    if sample_weight is None:
        return running_sum(values)
    return running_sum(w * v for w, v in zip(sample_weight, values, strict=True))
