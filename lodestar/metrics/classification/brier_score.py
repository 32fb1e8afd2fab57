"""``BrierScore``: the mean squared distance of a probabilistic prediction from the truth."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray
from lodestar.metrics.classification.log_loss import binary_inputs, positive_label

__all__ = ["BrierScore"]

_BLOCK_ELEMENTS = 1 << 16


class BrierScore:
    """The mirror of ``Lodestar.Metrics.BrierScore`` and ``sklearn.metrics.brier_score_loss``."""

    @staticmethod
    def score(
        y_true: Any,
        y_proba: Any,
        pos_label: int = 1,
        scale_by_half: bool = True,
        sample_weight: Any = None,
    ) -> float:
        """The binary Brier score of one probability per sample, the probability that
        the sample's label is ``pos_label``.

        Each sample costs its squared distance from the truth over both classes,
        ``((1 - t) - (1 - p)) ** 2 + (t - p) ** 2`` with ``t`` 1 for ``pos_label`` and 0
        otherwise, as scikit-learn 1.7 and later compute it; the result is the weighted
        mean, halved by default (the single-column form). See
        ``docs/reference/metrics/classification/brierscore-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_proba`` differ in length or are empty; a
                probability is outside ``[0, 1]``; ``pos_label`` or a label is not an
                integer; ``sample_weight`` is neither empty nor one value per sample, is
                zero throughout, or sums to zero; any value is NaN or infinite.
        """
        positive = positive_label(pos_label)
        scale_by_half = _inputs.flag(scale_by_half, "scale_by_half")
        truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "less than")
        hit = (truth == positive).astype(np.float64)
        distances = np.square((1.0 - hit) - (1.0 - proba))
        distances += np.square(hit - proba)
        score = _inputs.weighted_mean(distances, weight)
        return score * 0.5 if scale_by_half else score

    @staticmethod
    def multi_class(
        y_true: Any,
        y_proba: Any,
        class_count: int,
        scale_by_half: bool = False,
        sample_weight: Any = None,
    ) -> float:
        """The Brier score of a probability matrix: the mean over samples of the squared
        distance between the row and the one-hot truth, over every column.

        See ``docs/reference/metrics/classification/brierscore-multiclass.md``.

        Raises:
            ArgumentOutOfRangeError: ``class_count`` is below 2.
            ArgumentError: ``y_proba`` is not ``len(y_true)`` rows of ``class_count``; a
                label is outside ``[0, class_count)``; a probability is outside
                ``[0, 1]``; ``y_true`` is empty; ``sample_weight`` is neither empty nor
                one value per sample, or sums to zero; any value is NaN or infinite.
        """
        class_count = _inputs.count(class_count, "class_count", 2)
        scale_by_half = _inputs.flag(scale_by_half, "scale_by_half")
        truth = _inputs.labels(y_true, "y_true")
        rows = _inputs.probability_rows(y_proba, len(truth), class_count, "y_proba", "lower than")
        _inputs.class_indices(truth, class_count, "y_true")
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.nonempty(truth, "y_true")

        score = _inputs.weighted_mean(_squared_distances(truth, rows), weight)
        return score * 0.5 if scale_by_half else score


def _squared_distances(truth: IntArray, rows: FloatArray) -> FloatArray:
    """Each row's squared distance from its one-hot truth, summed over the columns.

    Computed a block of rows at a time, with NumPy's own row reduction, so each sum is
    the one ``np.sum((one_hot - rows) ** 2, axis=1)`` gives.
    """
    samples, classes = rows.shape
    distances = np.empty(samples, dtype=np.float64)
    step = max(1, _BLOCK_ELEMENTS // classes)
    for start in range(0, samples, step):
        block = rows[start : start + step]
        one_hot = np.zeros(block.shape, dtype=np.float64)
        one_hot[np.arange(len(block)), truth[start : start + step]] = 1.0
        one_hot -= block
        np.square(one_hot, out=one_hot)
        distances[start : start + step] = one_hot.sum(axis=1)
    return distances
