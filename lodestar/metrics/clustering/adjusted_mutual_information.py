"""``AdjustedMutualInformation``: the mutual information corrected for chance."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from lodestar.metrics.clustering._counting import Contingency, contingency, entropy, labellings
from lodestar.metrics.clustering.mutual_information import mutual_information

__all__ = ["AdjustedMutualInformation", "expected_mutual_information"]

_EPSILON = float(np.finfo(np.float64).eps)
# The terms of the expected mutual information are formed this many at a time.
_BLOCK_TERMS = 1 << 18


def _log_factorials(samples: int) -> np.ndarray[Any, np.dtype[np.float64]]:
    """``log(k!)`` for every ``k`` up to ``samples``: ``math.lgamma(k + 1)`` each, so that
    no error accumulates as it would in a running sum of logarithms."""
    return np.fromiter(map(math.lgamma, range(1, samples + 2)), np.float64, samples + 1)


def expected_mutual_information(table: Contingency) -> float:
    """The mutual information the two sides' cluster sizes share by chance alone.

    ``0.0`` when a side has at most one label. Otherwise, with ``aᵢ`` and ``bⱼ`` the row
    and column totals and ``n`` the samples, the sum over every pair ``(i, j)`` (empty
    cells included) and every count ``nᵢⱼ`` from ``max(1, aᵢ + bⱼ - n)`` to
    ``min(aᵢ, bⱼ)`` of ``(nᵢⱼ/n) · ((log n + log nᵢⱼ) - log aᵢ - log bⱼ) · exp(g)``,
    ``g`` the logarithm of the hypergeometric probability of ``nᵢⱼ``, its eight
    log-factorials added and subtracted in scikit-learn's order. The terms are added by
    NumPy's pairwise sum, block by block.
    """
    rows, columns, n = table.row_sums, table.column_sums, table.samples
    if rows.size <= 1 or columns.size <= 1:
        return 0.0
    factorial = _log_factorials(n)
    log_n = math.log(n)
    log_total = log_n + np.log(np.maximum(np.arange(max(rows.max(), columns.max()) + 1), 1))
    a, b = np.repeat(rows, columns.size), np.tile(columns, rows.size)
    base = factorial[a] + factorial[b] + factorial[n - a] + factorial[n - b]
    log_a, log_b = np.log(a), np.log(b)
    start = np.maximum(1, a + b - n)
    lengths = np.maximum(np.minimum(a, b) - start + 1, 0)
    # Whole pairs per block, a block cut where the running term count passes a multiple
    # of _BLOCK_TERMS.
    ends = np.cumsum(lengths)
    cuts = np.searchsorted(ends, np.arange(_BLOCK_TERMS, int(ends[-1]), _BLOCK_TERMS))
    emi = 0.0
    for first, last in itertools.pairwise([0, *np.unique(cuts + 1).tolist(), a.size]):
        part = slice(first, last)
        count = lengths[part]
        pair = np.repeat(np.arange(count.size), count)
        offset = np.arange(pair.size) - np.repeat(np.cumsum(count) - count, count)
        nij = start[part][pair] + offset
        ai, bj = a[part][pair], b[part][pair]
        term2 = log_total[nij] - log_a[part][pair] - log_b[part][pair]
        gln = (
            base[part][pair]
            - (factorial[nij] + factorial[n])
            - factorial[ai - nij]
            - factorial[bj - nij]
            - factorial[n - ai - bj + nij]
        )
        emi += float(np.sum(nij / n * term2 * np.exp(gln)))
    return emi


def _away_from_zero(value: float) -> float:
    """``value`` pushed to at least the double's epsilon in magnitude, its sign kept."""
    return min(value, -_EPSILON) if value < 0 else max(value, _EPSILON)


class AdjustedMutualInformation:
    """The mirror of ``Lodestar.Metrics.AdjustedMutualInformation`` and of
    ``sklearn.metrics.adjusted_mutual_info_score`` with its default
    ``average_method="arithmetic"``."""

    @staticmethod
    def score(labels_true: Any, labels_pred: Any) -> float:
        """The mutual information less its expected value, over the arithmetic mean of
        the two entropies less the same expected value: ``1.0`` when each labelling
        determines the other, about ``0`` for independent ones, negative below chance.
        ``1.0`` when both sides hold one label each, or no sample; ``0.0`` when one side
        holds one label and the other several. The numerator and the denominator are
        each pushed to at least the double's epsilon in magnitude, their signs kept. See
        ``docs/reference/metrics/clustering/adjustedmutualinformation-score.md``.

        Raises:
            ArgumentError: the two labellings differ in length; a label is not an
                integer (a fraction, NaN, a boolean, a string).
        """
        table = contingency(*labellings(labels_true, labels_pred))
        classes, clusters = table.row_sums.size, table.column_sums.size
        if classes == clusters and classes <= 1:
            return 1.0
        if classes == 1 or clusters == 1:
            return 0.0
        information = mutual_information(table)
        expected = expected_mutual_information(table)
        normalizer = (entropy(table.row_sums) + entropy(table.column_sums)) / 2.0
        return _away_from_zero(information - expected) / _away_from_zero(normalizer - expected)
