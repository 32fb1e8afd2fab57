"""Copies of two ports that accumulate in float32, as a port that kept ``float`` (C#),
``f32`` (Rust) or ``float32`` (Go) for its running sums would. A faithful check must
reject them: a float32 sum is off by about ``2**-24`` of its value, some ten million
times the error a float64 sum makes on the inputs the checks draw.

Each term is computed in float64 as in the faithful port; every running sum (the sum
over a row, the weighted sum, the total weight) is a ``numpy.float32`` scalar, so each
addition rounds to float32.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import BrierScore, LogLoss
from tests.ports._common import (
    ZERO_SUM,
    numbers,
    read_labels,
    refuse_as_lodestar,
    weights,
)
from tests.ports.probability import EPSILON

__all__ = ["brier_multi_class_float32", "log_loss_multi_class_float32"]


def _mean32(values: list[float], weight: list[float] | None, normalize: bool = True) -> float:
    """The weighted mean (or total) with both running sums kept in float32."""
    total = np.float32(0.0)
    weight_total = np.float32(0.0)
    for index, value in enumerate(values):
        w = 1.0 if weight is None else weight[index]
        total = np.float32(total + np.float32(w * value))
        weight_total = np.float32(weight_total + np.float32(w))
    if not normalize:
        return float(total)
    if weight_total == 0.0:
        raise ArgumentError(ZERO_SUM, "sample_weight")
    return float(total) / float(weight_total)


def brier_multi_class_float32(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """:func:`tests.ports.seed.brier_multi_class`, its sums in float32."""
    args, _ = refuse_as_lodestar(
        BrierScore.multi_class, y_true, y_proba, class_count, scale_by_half, sample_weight
    )
    y_true, y_proba, class_count, scale_by_half, sample_weight = args
    truth = read_labels(y_true)
    proba = numbers(y_proba)
    weight = weights(sample_weight, len(truth))
    distances: list[float] = []
    for sample, true_class in enumerate(truth):
        distance = np.float32(0.0)
        for column in range(class_count):
            target = 1.0 if column == true_class else 0.0
            gap = target - proba[sample * class_count + column]
            distance = np.float32(distance + np.float32(gap * gap))
        distances.append(float(distance))
    score = _mean32(distances, weight)
    return score * 0.5 if scale_by_half else score


def log_loss_multi_class_float32(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """:func:`tests.ports.probability.log_loss_multi_class`, its sums in float32."""
    args, _ = refuse_as_lodestar(
        LogLoss.multi_class, y_true, y_proba, class_count, normalize, sample_weight
    )
    y_true, y_proba, class_count, normalize, sample_weight = args
    truth = read_labels(y_true)
    proba = numbers(y_proba)
    weight = weights(sample_weight, len(truth))
    costs = []
    for sample, true_class in enumerate(truth):
        p = min(max(proba[sample * class_count + true_class], EPSILON), 1.0 - EPSILON)
        costs.append(-math.log(p))
    return _mean32(costs, weight, normalize)
