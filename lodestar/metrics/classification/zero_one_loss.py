"""``ZeroOneLoss``: the share of samples with any label predicted wrongly."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._label_matrix import label_matrix_pair

__all__ = ["ZeroOneLoss"]


class ZeroOneLoss:
    """The mirror of ``Lodestar.Metrics.ZeroOneLoss`` and ``sklearn.metrics.zero_one_loss``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        normalize: bool = True,
        sample_weight: Any = None,
        *,
        label_count: Any = None,
    ) -> float:
        """The weighted share of wrong samples, or with ``normalize=False`` their weight.

        Two forms, the two C# overloads: one integer label per sample; or, with
        ``label_count``, a boolean label matrix (flat and row-major, or 2-D) whose row is
        wrong when any of its labels is. The arithmetic is scikit-learn's: one minus the
        accuracy, and with ``normalize=False`` the total weight minus the weight right.
        See ``docs/reference/metrics/classification/zerooneloss-score.md``.

        Raises:
            ArgumentError: the inputs differ in length or shape, or are empty; a label is
                not an integer, or a matrix not boolean; ``label_count`` is below 1;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                all zero, or sums to zero while ``normalize`` is true.
        """
        normalize = _inputs.flag(normalize, "normalize")
        truth: Any  # integer labels, or a boolean block
        predicted: Any
        if label_count is None:
            truth, predicted, weight = _inputs.label_pair(y_true, y_pred, sample_weight)
            right = truth == predicted
        else:
            truth, predicted, weight = label_matrix_pair(y_true, y_pred, label_count, sample_weight)
            right = ~(truth != predicted).any(axis=1)
        if normalize:
            return float(1 - _inputs.weighted_mean(right, weight))
        if weight is None:
            return float(len(right) - int(np.count_nonzero(right)))
        return float(weight.sum() - _inputs.weighted_total(right, weight))
