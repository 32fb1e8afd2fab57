"""The counting every agreement score of the clustering family shares.

Two labellings of the same samples are read once (:func:`labellings`), and their
contingency table is counted once (:func:`contingency`): how many samples each pair of
(true class, predicted cluster) holds, kept sparse, its non-empty cells in row-major
order, which is the order scikit-learn's CSR table gives them in. A dense table would be
``classes × clusters`` cells, ``n²`` when every sample is a cluster of its own, a case
scikit-learn scores rather than refuses.

Every count is an ``int64``. The largest quantity any member forms from them is ``n²``
(a sum of squared counts, or the square of the sample count), which stays inside
``int64`` below :data:`MAX_SAMPLES` samples; past it the input is refused rather than
let overflow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import IntArray

__all__ = ["MAX_SAMPLES", "Contingency", "contingency", "entropy", "labellings", "squares"]

#: The first sample count whose square is past ``int64``: ``isqrt(2**63 - 1) + 1``.
MAX_SAMPLES = math.isqrt(2**63 - 1) + 1

# A labelling whose values span at most this many integers (and not many more than the
# samples) is ranked off a presence table, in linear time; a wider one is sorted.
_DIRECT_TABLE_LIMIT = 1 << 22
# Up to this many cells (and not many more than the samples) the table is one bincount.
_DENSE_CELLS = 1 << 22


def labellings(labels_true: Any, labels_pred: Any) -> tuple[IntArray, IntArray]:
    """Both labellings as ``int64``, refused when malformed or of different lengths.

    An empty pair is a case, not an error: every member answers it.
    """
    truth = _inputs.labels(labels_true, "labels_true")
    predicted = _inputs.labels(labels_pred, "labels_pred")
    _inputs.same_length(truth, "labels_true", predicted, "labels_pred")
    if len(truth) >= MAX_SAMPLES:
        raise ArgumentError(
            f"labels_true holds {len(truth)} samples; past {MAX_SAMPLES - 1} the pair "
            "counts overflow int64.",
            "labels_true",
        )
    return truth, predicted


def _ranks(values: IntArray) -> tuple[int, IntArray]:
    """How many distinct values ``values`` holds, and each one's rank among them."""
    if values.size == 0:
        return 0, values
    low, high = int(values.min()), int(values.max())
    span = high - low + 1
    if span <= min(_DIRECT_TABLE_LIMIT, 4 * values.size + 1024):
        offset = values - low
        present = np.zeros(span, dtype=np.bool_)
        present[offset] = True
        if present.all():
            return span, offset
        rank = np.cumsum(present, dtype=np.int64) - 1
        return int(rank[-1]) + 1, rank[offset]
    distinct, inverse = np.unique(values, return_inverse=True)
    return distinct.size, inverse.reshape(-1).astype(np.int64, copy=False)


@dataclass(frozen=True)
class Contingency:
    """The sparse contingency table of two labellings.

    ``cells`` holds the non-empty cells' counts, row-major (by class, then by cluster,
    each ascending by label value); ``rows`` and ``columns`` their class and cluster
    ranks; ``row_sums`` and ``column_sums`` the samples of each class and cluster.
    """

    cells: IntArray
    rows: IntArray
    columns: IntArray
    row_sums: IntArray
    column_sums: IntArray
    samples: int


def contingency(truth: IntArray, predicted: IntArray) -> Contingency:
    """Counts the table of two labellings already read by :func:`labellings`."""
    classes, true_rank = _ranks(truth)
    clusters, pred_rank = _ranks(predicted)
    row_sums = np.bincount(true_rank, minlength=classes).astype(np.int64, copy=False)
    column_sums = np.bincount(pred_rank, minlength=clusters).astype(np.int64, copy=False)
    size = classes * clusters
    key = true_rank * clusters + pred_rank
    if size <= min(_DENSE_CELLS, 4 * truth.size + 1024):
        dense = np.bincount(key, minlength=size)
        where = np.flatnonzero(dense)
        cells = dense[where]
    else:
        where, cells = np.unique(key, return_counts=True)
    cells = cells.astype(np.int64, copy=False)
    rows, columns = np.divmod(where, max(clusters, 1))
    return Contingency(cells, rows, columns, row_sums, column_sums, int(truth.size))


def squares(counts: IntArray) -> int:
    """The sum of the squared counts, in ``int64`` (exact below :data:`MAX_SAMPLES`)."""
    return int(np.dot(counts, counts)) if counts.size else 0


def entropy(counts: IntArray) -> float:
    """The entropy in nats of a labelling whose labels hold ``counts`` samples each (in
    ascending label order): scikit-learn's steps. ``1.0`` for no sample, ``0.0`` for one
    label; otherwise ``-Σ (c/n)·(log c - log n)``, NumPy's ``log`` on the counts, Python's
    on their total, the terms added by NumPy's pairwise sum."""
    if counts.size == 0:
        return 1.0
    if counts.size == 1:
        return 0.0
    shares = counts.astype(np.float64)
    total = shares.sum()
    return float(-np.sum((shares / total) * (np.log(shares) - math.log(total))))
