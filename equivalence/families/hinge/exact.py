"""Exact hinge losses.

Each cost is ``max(0, 1 - m)``: in the binary form the margin ``m`` is ``±d``, exact, so
``1 - m`` rounds once; in the multiclass form ``m`` is the own decision less the best
rival's, one more rounding (the greatest of the rivals is exact). The clip at zero is
1-Lipschitz and carries the bound unchanged, and the weighted mean adds what
:func:`~equivalence.families.probability.exact.weighted_mean` says: about ``(n + 2)·u`` relative,
grown by the cancellation of the weights, ``Σ|w| / |Σw|``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import Approx, exact
from equivalence.families.probability.exact import weighted_mean
from lodestar.metrics.classification.hinge_loss import decision_rows
from lodestar.metrics.classification.log_loss import binary_inputs, positive_label

__all__ = ["EVALUATORS"]


def _cost(margin: Approx) -> Approx:
    return (1 - margin).clip(0.0, math.inf)


def hinge_score(
    y_true: Any, pred_decision: Any, pos_label: int = 1, sample_weight: Any = None
) -> Approx:
    positive = positive_label(pos_label)
    truth, decision, weight = binary_inputs(
        y_true, pred_decision, sample_weight, None, "pred_decision"
    )
    costs = [
        _cost(exact(d) if t == positive else -exact(d))
        for t, d in zip(truth.tolist(), decision.tolist(), strict=True)
    ]
    return weighted_mean(costs, weight)


def hinge_multi_class(
    y_true: Any, pred_decision: Any, class_count: int, sample_weight: Any = None
) -> Approx:
    truth, rows, weight = decision_rows(y_true, pred_decision, class_count, sample_weight)
    costs = []
    for label, row in zip(truth.tolist(), np.asarray(rows).tolist(), strict=True):
        best = max(value for j, value in enumerate(row) if j != label)
        costs.append(_cost(exact(row[label]) - exact(best)))
    return weighted_mean(costs, weight)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "HingeLoss.score": hinge_score,
    "HingeLoss.multi_class": hinge_multi_class,
}
