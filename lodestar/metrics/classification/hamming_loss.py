"""``HammingLoss``: the share of labels predicted wrongly."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._label_matrix import label_matrix_pair

__all__ = ["HammingLoss"]


class HammingLoss:
    """The mirror of ``Lodestar.Metrics.HammingLoss`` and ``sklearn.metrics.hamming_loss``."""

    @staticmethod
    def score(
        y_true: Any, y_pred: Any, sample_weight: Any = None, *, label_count: Any = None
    ) -> float:
        """The weighted share of wrong labels.

        Two forms, the two C# overloads: one integer label per sample; or, with
        ``label_count``, a boolean label matrix (flat and row-major, or 2-D) with one
        weight per row. See ``docs/reference/metrics/classification/hammingloss-score.md``.

        Over a matrix of two or more labels the loss is scikit-learn's: the weight of the
        wrong entries (each row's count of wrong labels times its weight, summed as one dot
        product) over ``rows x label_count x mean(weight)``, so weights summing to zero
        give an infinity or NaN. One label is a single-label problem, as it is to
        scikit-learn: the weighted mean of the wrong rows.

        Raises:
            ArgumentError: the inputs differ in length or shape, or are empty; a label is
                not an integer, or a matrix not boolean; ``label_count`` is below 1;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                all zero, or (over labels, or a single-label matrix) sums to zero.
        """
        truth: Any  # integer labels, or a boolean block
        predicted: Any
        if label_count is None:
            truth, predicted, weight = _inputs.label_pair(y_true, y_pred, sample_weight)
            return _inputs.weighted_mean(truth != predicted, weight)
        truth, predicted, weight = label_matrix_pair(y_true, y_pred, label_count, sample_weight)
        rows, count = truth.shape
        wrong = truth != predicted
        if count == 1:
            return _inputs.weighted_mean(wrong.reshape(-1), weight)
        per_row = np.count_nonzero(wrong, axis=1)
        if weight is None:
            return float(int(per_row.sum()) / (rows * count * 1.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(float(np.dot(per_row, weight)) / (rows * count * np.mean(weight)))
