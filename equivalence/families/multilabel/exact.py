"""Exact Hamming loss, zero-one loss and multilabel confusion matrices: all rational.

The Hamming loss over a label matrix is ``Σ cᵢ·wᵢ / (n·L·(Σ w / n))``, ``cᵢ`` the wrong
labels of row ``i``; over labels, or one label, the weighted mean of the wrong samples.
The zero-one loss is ``1 - accuracy``, or unnormalised ``Σ w - Σ w·[right]``. An entry of
a multilabel confusion matrix takes the true-positive, predicted and true totals (sums of
weights), then ``fp = predicted - tp``, ``fn = true - tp`` and
``tn = total - tp - fp - fn``: the bound carries those subtractions, which weights that
cancel can make far larger than the cells. Where the weights of a matrix's Hamming loss
sum to zero, the answer is an infinity or NaN whose sign a signed zero decides: any value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import ANY, Approx, exact, nonzero, total
from equivalence.families.probability.exact import weighted_mean, weighted_total
from lodestar.metrics import _inputs
from lodestar.metrics._label_matrix import label_matrix_pair
from lodestar.metrics.classification.multilabel_confusion_matrix import (
    MultilabelConfusionMatrix,
)

__all__ = ["EVALUATORS"]


def _weights(weight: Any, rows: int) -> list[float]:
    return [1.0] * rows if weight is None else [float(w) for w in weight]


def _flags(values: Any) -> list[Approx]:
    return [exact(1.0 if value else 0.0) for value in np.asarray(values).tolist()]


def hamming(y_true: Any, y_pred: Any, sample_weight: Any = None, *, label_count: Any = None) -> Any:
    truth: Any  # integer labels, or a boolean block
    predicted: Any
    if label_count is None:
        truth, predicted, weight = _inputs.label_pair(y_true, y_pred, sample_weight)
        return weighted_mean(_flags(truth != predicted), weight)
    truth, predicted, weight = label_matrix_pair(y_true, y_pred, label_count, sample_weight)
    rows, count = truth.shape
    wrong = truth != predicted
    if count == 1:
        return weighted_mean(_flags(wrong.reshape(-1)), weight)
    weights = [exact(w) for w in _weights(weight, rows)]
    per_row = [exact(int(c)) for c in wrong.sum(axis=1).tolist()]
    mass = total(weights)
    if not nonzero(mass):
        return ANY
    return total(c * w for c, w in zip(per_row, weights, strict=True)) / (
        exact(rows * count) * (mass / exact(rows))
    )


def hamming_of_matrix(y_true: Any, y_pred: Any, label_count: Any, sample_weight: Any = None) -> Any:
    return hamming(y_true, y_pred, sample_weight, label_count=label_count)


def zero_one(
    y_true: Any,
    y_pred: Any,
    normalize: bool = True,
    sample_weight: Any = None,
    *,
    label_count: Any = None,
) -> Approx:
    normalize = _inputs.flag(normalize, "normalize")
    truth: Any  # integer labels, or a boolean block
    predicted: Any
    if label_count is None:
        truth, predicted, weight = _inputs.label_pair(y_true, y_pred, sample_weight)
        right = _flags(truth == predicted)
    else:
        truth, predicted, weight = label_matrix_pair(y_true, y_pred, label_count, sample_weight)
        right = _flags(~(truth != predicted).any(axis=1))
    if normalize:
        return exact(1) - weighted_mean(right, weight)
    mass = total(exact(w) for w in _weights(weight, len(right)))
    return mass - weighted_total(right, weight)


def zero_one_of_matrix(
    y_true: Any, y_pred: Any, label_count: Any, normalize: Any = True, sample_weight: Any = None
) -> Approx:
    return zero_one(y_true, y_pred, normalize, sample_weight, label_count=label_count)


def _entry(truth: list[bool], predicted: list[bool], weights: list[float]) -> list[list[Any]]:
    """One 2x2 entry, ``truth`` and ``predicted`` whether each sample is the class."""

    def weight_where(flags: Any) -> Approx:
        return total(exact(w) for w, flag in zip(weights, flags, strict=True) if flag)

    tp = weight_where(t and p for t, p in zip(truth, predicted, strict=True))
    fp = weight_where(predicted) - tp
    fn = weight_where(truth) - tp
    tn = total(exact(w) for w in weights) - tp - fp - fn
    return [[tn, fp], [fn, tp]]


def stack(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    *,
    label_count: Any = None,
    samplewise: bool = False,
) -> list[Any]:
    # lodestar's own checks, and the classes it reports, decide what is counted
    MultilabelConfusionMatrix.compute(
        y_true, y_pred, labels, sample_weight, label_count=label_count, samplewise=samplewise
    )
    truth: Any  # integer labels, or a boolean block
    predicted: Any
    if label_count is None:
        truth, predicted, weight = _inputs.label_pair(y_true, y_pred, sample_weight)
        given = None if labels is None else _inputs.labels(labels, "labels")
        classes = (
            given.tolist()
            if given is not None and given.size
            else sorted({*truth.tolist(), *predicted.tolist()})
        )
        weights = _weights(weight, len(truth))
        return [_entry((truth == c).tolist(), (predicted == c).tolist(), weights) for c in classes]
    true_block, pred_block, weight = label_matrix_pair(y_true, y_pred, label_count, sample_weight)
    rows, count = true_block.shape
    weights = _weights(weight, rows)
    if samplewise:
        return [
            _entry(true_block[i].tolist(), pred_block[i].tolist(), [weights[i]] * count)
            for i in range(rows)
        ]
    return [
        _entry(true_block[:, j].tolist(), pred_block[:, j].tolist(), weights) for j in range(count)
    ]


def stack_of_matrix(
    y_true: Any, y_pred: Any, label_count: Any, samplewise: Any = False, sample_weight: Any = None
) -> list[Any]:
    return stack(
        y_true, y_pred, sample_weight=sample_weight, label_count=label_count, samplewise=samplewise
    )


EVALUATORS: dict[str, Callable[..., Any]] = {
    "HammingLoss.score": hamming,
    "HammingLoss.score[matrix]": hamming_of_matrix,
    "ZeroOneLoss.score": zero_one,
    "ZeroOneLoss.score[matrix]": zero_one_of_matrix,
    "MultilabelConfusionMatrix.compute": stack,
    "MultilabelConfusionMatrix.compute[matrix]": stack_of_matrix,
}
