"""Port of the probability family's ``LogLoss.multi_class``."""

from __future__ import annotations

import math
import sys
from typing import Any

from lodestar.metrics import LogLoss
from tests.ports._common import (
    numbers,
    read_labels,
    refuse_as_lodestar,
    weighted_mean,
    weighted_total,
    weights,
)

__all__ = ["EPSILON", "log_loss_multi_class"]

#: The clip bound, the machine epsilon of a double (``2 ** -52``).
EPSILON = sys.float_info.epsilon


def log_loss_multi_class(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """``LogLoss.multi_class``: each sample costs ``-log`` of the probability its row
    gives the true class, clipped into ``[eps, 1 - eps]``; the (weighted) mean of the
    costs, or their (weighted) sum when ``normalize`` is false."""
    args, _ = refuse_as_lodestar(
        LogLoss.multi_class, y_true, y_proba, class_count, normalize, sample_weight
    )
    y_true, y_proba, class_count, normalize, sample_weight = args
    truth = read_labels(y_true)
    proba = numbers(y_proba)
    weight = weights(sample_weight, len(truth))
    costs: list[float] = []
    for sample, true_class in enumerate(truth):
        p = proba[sample * class_count + true_class]
        p = min(max(p, EPSILON), 1.0 - EPSILON)
        costs.append(-math.log(p))
    if normalize:
        return weighted_mean(costs, weight)
    return weighted_total(costs, weight)
