"""``Homogeneity``, and the computation ``Completeness`` and ``VMeasure`` share with it."""

from __future__ import annotations

from typing import Any

from lodestar.metrics.clustering._counting import contingency, entropy, labellings
from lodestar.metrics.clustering.mutual_information import mutual_information

__all__ = ["Homogeneity", "homogeneity_completeness"]


def homogeneity_completeness(labels_true: Any, labels_pred: Any) -> tuple[float, float]:
    """Homogeneity and completeness, as ``homogeneity_completeness_v_measure`` computes
    them: the mutual information over the entropy of the truth, and over that of the
    clustering; ``1.0`` where that entropy is zero (one label), and both ``1.0`` for no
    sample."""
    truth, predicted = labellings(labels_true, labels_pred)
    if truth.size == 0:
        return 1.0, 1.0
    table = contingency(truth, predicted)
    information = mutual_information(table)
    of_truth, of_clusters = entropy(table.row_sums), entropy(table.column_sums)
    return (
        information / of_truth if of_truth else 1.0,
        information / of_clusters if of_clusters else 1.0,
    )


class Homogeneity:
    """The mirror of ``Lodestar.Metrics.Homogeneity`` and of
    ``sklearn.metrics.homogeneity_score``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """Whether each cluster holds samples of one class only, in ``[0, 1]``: the
        mutual information over the entropy of the truth. ``1.0`` for a truth of one class,
        a single sample and no sample. See
        ``docs/reference/metrics/clustering/homogeneity-score.md``.

        Raises:
            ArgumentError: the two labellings differ in length; a label is not an
                integer (a fraction, NaN, a boolean, a string).
        """
        return homogeneity_completeness(labels_true, labels_pred)[0]
