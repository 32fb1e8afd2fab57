"""``VMeasure``: the harmonic mean of homogeneity and completeness."""

from __future__ import annotations

from typing import Any

from lodestar.metrics.clustering.homogeneity import homogeneity_completeness

__all__ = ["VMeasure"]


class VMeasure:
    """The mirror of ``Lodestar.Metrics.VMeasure`` and of ``sklearn.metrics.v_measure_score``
    with its default ``beta=1``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """``2·h·c / (h + c)`` for homogeneity ``h`` and completeness ``c``, in ``[0, 1]``;
        ``0.0`` when both are ``0``. See
        ``docs/reference/metrics/clustering/vmeasure-score.md``.

        Raises:
            ArgumentError: as :meth:`Homogeneity.score` does.
        """
        homogeneity, completeness = homogeneity_completeness(labels_true, labels_pred)
        if homogeneity + completeness == 0.0:
            return 0.0
        # scikit-learn's (1 + beta)·h·c / (beta·h + c) at beta = 1, in its order
        return 2.0 * homogeneity * completeness / (1.0 * homogeneity + completeness)
