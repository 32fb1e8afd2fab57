"""Exact accuracy and multi-class Brier score: rational.

Accuracy is ``Σ w·[t = p] / Σ w`` (``Σ [t = p]`` unnormalised), each term exact, with the
bound of :func:`equivalence.families.probability.exact.weighted_mean`. Accuracy from a
confusion matrix is the confusion family's (:mod:`equivalence.families.confusion.exact`).
The multi-class Brier score is the weighted mean of each row's ``Σ (onehot - p)²``, halved
where ``scale_by_half`` says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, exact, total
from equivalence.families.probability.exact import (
    halved,
    multi_class_inputs,
    weighted_mean,
    weighted_total,
)
from lodestar.metrics import _inputs

__all__ = ["EVALUATORS"]


def accuracy(y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None) -> Approx:
    normalize = _inputs.flag(normalize, "normalize")
    truth = _inputs.labels(y_true, "y_true")
    predicted = _inputs.labels(y_pred, "y_pred")
    _inputs.same_length(truth, "y_true", predicted, "y_pred")
    _inputs.nonempty(truth, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonzero_weights(weight)
    correct = [exact(1.0 if t == p else 0.0) for t, p in zip(truth, predicted, strict=True)]
    return weighted_mean(correct, weight) if normalize else weighted_total(correct, weight)


def brier_multi_class(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> Approx:
    class_count = _inputs.count(class_count, "class_count", 2)
    scale_by_half = _inputs.flag(scale_by_half, "scale_by_half")
    truth, rows, weight = multi_class_inputs(y_true, y_proba, class_count, sample_weight)
    costs = []
    for label, row in zip(truth.tolist(), rows.tolist(), strict=True):
        gaps = [exact(1.0 if j == label else 0.0) - exact(p) for j, p in enumerate(row)]
        costs.append(total(gap * gap for gap in gaps))
    return halved(weighted_mean(costs, weight), scale_by_half)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "Accuracy.score": accuracy,
    "BrierScore.multi_class": brier_multi_class,
}
