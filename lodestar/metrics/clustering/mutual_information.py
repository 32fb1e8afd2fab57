"""``MutualInformation``: the information two labellings share, in nats."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from lodestar.metrics.clustering._counting import Contingency, contingency, labellings

__all__ = ["MutualInformation", "mutual_information"]

_EPSILON = float(np.finfo(np.float64).eps)


def mutual_information(table: Contingency) -> float:
    """The mutual information of a counted table: scikit-learn's steps in its order.

    ``0.0`` when either side has at most one label (no sample, one class or one
    cluster). Otherwise, over the non-empty cells ``nᵢⱼ`` in row-major order, with
    ``aᵢ`` and ``bⱼ`` the row and column totals and ``n`` the samples:
    ``(nᵢⱼ/n)·(log nᵢⱼ - log n) + (nᵢⱼ/n)·((-log(aᵢ·bⱼ) + log n) + log n)``, each term
    below the double's epsilon in magnitude set to ``0``, the terms added by NumPy's
    pairwise sum, and a negative total raised to ``0``.
    """
    if table.row_sums.size <= 1 or table.column_sums.size <= 1:
        return 0.0
    log_total = math.log(table.samples)
    share = table.cells / np.int64(table.samples)
    outer = table.row_sums[table.rows] * table.column_sums[table.columns]
    log_outer = -np.log(outer) + log_total + log_total
    terms = share * (np.log(table.cells) - log_total) + share * log_outer
    terms = np.where(np.abs(terms) < _EPSILON, 0.0, terms)
    return max(float(terms.sum()), 0.0)


class MutualInformation:
    """The mirror of ``Lodestar.Metrics.MutualInformation`` and of
    ``sklearn.metrics.mutual_info_score``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """The information the two labellings share, in nats: never negative, not
        bounded above. ``0.0`` for empty input (scikit-learn raises there), a single
        sample, and one class or one cluster. See
        ``docs/reference/metrics/clustering/mutualinformation-score.md``.

        Raises:
            ArgumentError: the two labellings differ in length; a label is not an
                integer (a fraction, NaN, a boolean, a string).
        """
        return mutual_information(contingency(*labellings(labels_true, labels_pred)))
