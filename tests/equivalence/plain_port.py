"""A port of two members in plain Python, as a port to another language writes them:
loops, left-to-right sums, ``math.log``. It borrows lodestar's refusals (it calls the
member first and discards the answer) and computes the number itself. A copy that
accumulates in float32 is the port a faithful check must reject."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from lodestar.metrics import BrierScore, LogLoss

EPSILON = 2.0**-52


def _rows(y_proba: Any, class_count: int) -> list[list[float]]:
    flat = [float(v) for v in np.asarray(y_proba, dtype=np.float64).ravel()]
    return [flat[i : i + class_count] for i in range(0, len(flat), class_count)]


def _mean(costs: list[float], sample_weight: Any, normalize: bool, single: type) -> float:
    weights = None if sample_weight is None or len(sample_weight) == 0 else sample_weight
    numerator, denominator = single(0.0), single(0.0)
    for index, cost in enumerate(costs):
        weight = single(1.0) if weights is None else single(float(weights[index]))
        numerator = single(numerator + single(cost) * weight)
        denominator = single(denominator + weight)
    return float(numerator / denominator) if normalize else float(numerator)


def brier_multi_class(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
    single: type = float,
) -> float:
    BrierScore.multi_class(y_true, y_proba, class_count, scale_by_half, sample_weight)
    costs = []
    for label, row in zip(y_true, _rows(y_proba, class_count), strict=True):
        cost = single(0.0)
        for column, probability in enumerate(row):
            gap = single((1.0 if column == int(label) else 0.0) - probability)
            cost = single(cost + gap * gap)
        costs.append(cost)
    score = _mean(costs, sample_weight, True, single)
    return score * 0.5 if scale_by_half else score


def log_loss_multi_class(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
    single: type = float,
) -> float:
    LogLoss.multi_class(y_true, y_proba, class_count, normalize, sample_weight)
    costs = []
    for label, row in zip(y_true, _rows(y_proba, class_count), strict=True):
        probability = min(max(row[int(label)], EPSILON), 1.0 - EPSILON)
        costs.append(single(-math.log(probability)))
    return _mean(costs, sample_weight, normalize, single)


def brier_multi_class_float32(*args: Any, **kwargs: Any) -> float:
    return brier_multi_class(*args, **kwargs, single=np.float32)


def log_loss_multi_class_float32(*args: Any, **kwargs: Any) -> float:
    return log_loss_multi_class(*args, **kwargs, single=np.float32)
