"""``Accuracy``: the share of samples whose predicted label is the true one."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics.classification.confusion_matrix import (
    OMITTED,
    matrix_cells,
    matrix_form,
)

__all__ = ["Accuracy"]


class Accuracy:
    """The mirror of ``Lodestar.Metrics.Accuracy`` and ``sklearn.metrics.accuracy_score``."""

    @staticmethod
    def score(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        normalize: bool = True,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> float:
        """The fraction of correct samples, or with ``normalize=False`` their weight.

        Two forms, the two C# overloads: ``score(y_true, y_pred, normalize,
        sample_weight)`` scores the labels; ``score(cm=matrix, normalize=...)`` reads a
        :class:`~lodestar.metrics.ConfusionMatrix`, its diagonal over its total weight,
        and so scores only the samples the matrix kept. See
        ``docs/reference/metrics/classification/accuracy-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty;
                ``sample_weight`` is neither empty nor one value per sample, is zero
                throughout, or sums to zero while ``normalize`` is true; a label is not
                an integer; a weight is NaN or infinite. In the matrix form: ``cm`` is
                given with ``y_true``, ``y_pred`` or ``sample_weight``, or is not a
                ``ConfusionMatrix``; its total weight is zero while ``normalize`` is
                true.
            ArgumentNullError: ``cm`` is ``None``.
            TypeError: neither ``cm`` nor both label arrays were given.
        """
        normalize = _inputs.flag(normalize, "normalize")
        matrix = matrix_form("Accuracy.score", cm, y_true, y_pred, sample_weight=sample_weight)
        if matrix is not None:
            diagonal = float(np.trace(matrix_cells(matrix)))
            if not normalize:
                return diagonal
            if matrix.total_weight == 0.0:
                raise ArgumentError("Weights sum to zero, can't be normalized", "cm")
            return diagonal / matrix.total_weight

        truth = _inputs.labels(y_true, "y_true")
        predicted = _inputs.labels(y_pred, "y_pred")
        _inputs.same_length(truth, "y_true", predicted, "y_pred")
        _inputs.nonempty(truth, "y_true")
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.nonzero_weights(weight)

        correct = truth == predicted
        if normalize:
            return _inputs.weighted_mean(correct, weight)
        return _inputs.weighted_total(correct, weight)
