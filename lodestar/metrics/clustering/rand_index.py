"""``RandIndex``: the share of pairs of samples two labellings agree about."""

from __future__ import annotations

from typing import Any

from lodestar.metrics.clustering.pair_confusion_matrix import PairConfusionMatrix

__all__ = ["RandIndex"]


class RandIndex:
    """The mirror of ``Lodestar.Metrics.RandIndex`` and of ``sklearn.metrics.rand_score``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """The pairs both labellings put together or both put apart, over all ordered
        pairs of distinct samples, in ``[0, 1]``; ``1.0`` when they disagree about no
        pair, which includes empty input and a single sample (no pair at all). See
        ``docs/reference/metrics/clustering/randindex-score.md``.

        Raises:
            ArgumentError: as :meth:`PairConfusionMatrix.compute` does.
        """
        pairs = PairConfusionMatrix.compute(labels_true, labels_pred)
        agreed = pairs.different_in_both + pairs.same_in_both
        total = agreed + pairs.same_in_predicted_only + pairs.same_in_true_only
        if agreed == total:  # no disagreement, or no pair at all
            return 1.0
        return float(agreed) / float(total)  # each count rounded once, then the quotient
