"""``Accuracy``: the share of samples whose predicted label is the true one."""

from __future__ import annotations

from typing import Any

from lodestar.metrics import _inputs

__all__ = ["Accuracy"]


class Accuracy:
    """The mirror of ``Lodestar.Metrics.Accuracy`` and ``sklearn.metrics.accuracy_score``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        normalize: bool = True,
        sample_weight: Any = None,
    ) -> float:
        """The fraction of correct samples, or with ``normalize=False`` their weight.

        See ``docs/reference/metrics/classification/accuracy-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty;
                ``sample_weight`` is neither empty nor one value per sample, is zero
                throughout, or sums to zero while ``normalize`` is true; a label is not
                an integer; a weight is NaN or infinite.
        """
        normalize = _inputs.flag(normalize, "normalize")
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
