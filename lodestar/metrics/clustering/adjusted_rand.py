"""``AdjustedRand``: the pair agreement of two labellings, corrected for chance."""

from __future__ import annotations

from typing import Any

from lodestar.metrics.clustering.pair_confusion_matrix import PairConfusionMatrix

__all__ = ["AdjustedRand"]


class AdjustedRand:
    """The mirror of ``Lodestar.Metrics.AdjustedRand`` and of
    ``sklearn.metrics.adjusted_rand_score``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """``1.0`` for the same partition however it is named (empty input and a single
        sample included), about ``0`` for a chance labelling, negative below chance.

        From the pair counts (``tn``, ``fp``, ``fn``, ``tp`` for
        ``different_in_both``, ``same_in_predicted_only``, ``same_in_true_only``,
        ``same_in_both``), in exact integers: ``2·(tp·tn - fn·fp)`` over
        ``(tp + fn)·(fn + tn) + (tp + fp)·(fp + tn)``, each rounded to a double once
        and divided. See ``docs/reference/metrics/clustering/adjustedrand-score.md``.

        Raises:
            ArgumentError: as :meth:`PairConfusionMatrix.compute` does.
        """
        tn, fp, fn, tp = PairConfusionMatrix.compute(labels_true, labels_pred)
        if fn == 0 and fp == 0:
            return 1.0
        return 2.0 * (tp * tn - fn * fp) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn))
