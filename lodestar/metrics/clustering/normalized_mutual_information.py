"""``NormalizedMutualInformation``: the mutual information over the mean entropy."""

from __future__ import annotations

from typing import Any

from lodestar.metrics.clustering._counting import contingency, entropy, labellings
from lodestar.metrics.clustering.mutual_information import mutual_information

__all__ = ["NormalizedMutualInformation"]


class NormalizedMutualInformation:
    """The mirror of ``Lodestar.Metrics.NormalizedMutualInformation`` and of
    ``sklearn.metrics.normalized_mutual_info_score`` with its default
    ``average_method="arithmetic"``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """The mutual information over the arithmetic mean of the two entropies, in
        ``[0, 1]``. ``1.0`` when both sides hold one label each, or no sample; ``0.0`` when
        the mutual information is ``0`` (one side of one label against several on the
        other, or independent labellings). See
        ``docs/reference/metrics/clustering/normalizedmutualinformation-score.md``.

        Raises:
            ArgumentError: the two labellings differ in length; a label is not an
                integer (a fraction, NaN, a boolean, a string).
        """
        table = contingency(*labellings(labels_true, labels_pred))
        classes, clusters = table.row_sums.size, table.column_sums.size
        if classes == clusters and classes <= 1:
            return 1.0
        information = mutual_information(table)
        if information == 0.0:
            return 0.0
        normalizer = (entropy(table.row_sums) + entropy(table.column_sums)) / 2.0
        return information / normalizer
