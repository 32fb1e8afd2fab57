"""``Completeness``: homogeneity with the two labellings exchanged."""

from __future__ import annotations

from typing import Any

from lodestar.metrics.clustering.homogeneity import homogeneity_completeness

__all__ = ["Completeness"]


class Completeness:
    """The mirror of ``Lodestar.Metrics.Completeness`` and of
    ``sklearn.metrics.completeness_score``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """Whether all samples of each class share one cluster, in ``[0, 1]``: the mutual
        information over the entropy of the clustering. ``1.0`` for a clustering of one
        cluster, a single sample and no sample. See
        ``docs/reference/metrics/clustering/completeness-score.md``.

        Raises:
            ArgumentError: as :meth:`Homogeneity.score` does.
        """
        return homogeneity_completeness(labels_true, labels_pred)[1]
