"""Exact accuracy: rational.

Accuracy is ``Σ w·[t = p] / Σ w`` (``Σ [t = p]`` unnormalised), each term exact, with the
bound of :func:`equivalence.families.probability.exact.weighted_mean`. Accuracy from a
confusion matrix is the confusion family's (:mod:`equivalence.families.confusion.exact`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, exact
from equivalence.families.probability.exact import weighted_mean, weighted_total
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


EVALUATORS: dict[str, Callable[..., Any]] = {
    "Accuracy.score": accuracy,
}
