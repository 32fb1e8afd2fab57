"""``TopKAccuracy``: is the true class among the ``k`` highest scores?"""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import BoolArray, FloatArray, IntArray

__all__ = ["TopKAccuracy"]

# Rows are compared a block at a time so that the boolean temporaries stay small
# whatever the input's size: at most this many elements per comparison.
_BLOCK_ELEMENTS = 1 << 16


class TopKAccuracy:
    """How often the true class is among the ``k`` highest-scoring classes.

    The mirror of ``Lodestar.Metrics.TopKAccuracy`` and of
    ``sklearn.metrics.top_k_accuracy_score``.
    """

    @staticmethod
    def score(
        y_true: Any,
        y_score: Any,
        class_count: int,
        k: int = 2,
        normalize: bool = True,
        sample_weight: Any = None,
    ) -> float:
        """The fraction (or, with ``normalize=False``, the weight) of samples whose true
        class ranks among the ``k`` highest scores of its row.

        Equal scores rank in descending index order, the order scikit-learn's stable
        sort gives. See ``docs/reference/metrics/ranking/topkaccuracy-score.md``.

        Raises:
            ArgumentOutOfRangeError: ``k`` is below 1.
            ArgumentError: ``class_count`` is below 2; ``y_true`` is empty; ``y_score``
                is not ``len(y_true)`` rows of ``class_count``; a label is outside
                ``[0, class_count)``; ``sample_weight`` is neither empty nor one value
                per sample, or sums to zero while ``normalize`` is true; any value is
                NaN, infinite or not a number of the expected kind.
        """
        k = _inputs.count(k, "k", 1)
        class_count = _inputs.count(class_count, "class_count", 2, _inputs.ArgumentError)
        normalize = _inputs.flag(normalize, "normalize")
        truth = _inputs.labels(y_true, "y_true")
        _inputs.nonempty(truth, "y_true")
        rows = _inputs.score_rows(y_score, len(truth), class_count, "y_score")
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.class_indices(truth, class_count, "y_true")

        hits = _hits(truth, rows, k)
        if normalize:
            return _inputs.weighted_mean(hits, weight)
        return _inputs.weighted_total(hits, weight)


def _hits(truth: IntArray, rows: FloatArray, k: int) -> BoolArray:
    """Whether each row ranks its true class among its ``k`` highest scores.

    The rank of the true class ``t`` is ``#{j: s_j > s_t} + #{j > t: s_j = s_t}``: every
    strictly higher score, plus every equal score at a higher index (descending index
    order on ties). No row is sorted, and the tie count is taken only on the rows whose
    strict count leaves the answer open.
    """
    samples, classes = rows.shape
    if k >= classes:
        return np.ones(samples, dtype=np.bool_)
    hits = np.empty(samples, dtype=np.bool_)
    columns = np.arange(classes)
    step = max(1, _BLOCK_ELEMENTS // classes)
    for start in range(0, samples, step):
        block = rows[start : start + step]
        true_class = truth[start : start + step]
        own = block[np.arange(len(block)), true_class][:, None]
        rank = np.count_nonzero(block > own, axis=1)
        open_rows = np.flatnonzero(rank < k)
        if open_rows.size:
            tied = block[open_rows] == own[open_rows]
            tied &= columns > true_class[open_rows, None]
            rank[open_rows] += np.count_nonzero(tied, axis=1)
        hits[start : start + step] = rank < k
    return hits
