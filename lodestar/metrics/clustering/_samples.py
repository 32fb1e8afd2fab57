"""The reading every score of a clustering against its own samples shares.

``CalinskiHarabasz`` and ``DaviesBouldin`` take one label per sample and the samples'
feature matrix (flat and row-major with ``feature_count``, the C# form, or as a 2-D
array). :func:`clusters` reads both once, refuses a label count outside ``[2, n - 1]``
with scikit-learn's own sentence, and hands back each cluster's samples as one
contiguous block, in ascending label order and in input order within a cluster: the
rows, the order and the layout in which scikit-learn's ``X[labels == k]`` holds them,
so that every reduction over a block takes scikit-learn's steps.

The labels are ranked by one count per label value where their range is not far wider
than the sample count (one ``bincount`` and a look-up, no sort), and the rows grouped by
a stable sort of those ranks, which NumPy does by radix when the ranks fit 16 bits. The
features are not checked for NaN and infinity on reading: either one makes every score
built on them NaN or infinite, so a score checks them (with :func:`refuse_non_finite`)
only when its result is not finite, and before any refusal of the labels.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray

__all__ = ["Clusters", "clusters", "refuse_non_finite"]


class Clusters(NamedTuple):
    """The samples read once: ``matrix`` the features as given (read-only, one row per
    sample), ``blocks`` each cluster's rows, contiguous views into one array of their
    own that the caller may overwrite."""

    matrix: FloatArray
    blocks: list[FloatArray]


def _narrow(ranks: npt.NDArray[np.integer[Any]], count: int) -> npt.NDArray[np.integer[Any]]:
    """Ranks below ``count`` in the narrowest type that holds them, so that a stable sort
    of them runs by radix (NumPy's choice for 8 and 16 bits)."""
    kind = np.uint8 if count <= 1 << 8 else np.uint16 if count <= 1 << 16 else np.intp
    return ranks.astype(kind, copy=False)


def _ranks(labels: IntArray) -> tuple[npt.NDArray[np.integer[Any]], IntArray]:
    """Each label's rank among the distinct labels (``0`` for the smallest) and each
    distinct label's sample count, as ``np.unique`` gives them."""
    if labels.size == 0:
        return labels, np.zeros(0, dtype=np.int64)
    low, high = int(labels.min()), int(labels.max())
    if high - low > 4 * labels.size + 1024:
        _, ranks, sizes = np.unique(labels, return_inverse=True, return_counts=True)
        return _narrow(ranks.reshape(-1), sizes.size), sizes
    shifted = labels - low
    counts = np.bincount(shifted)
    present = counts > 0
    sizes = counts[present]
    return _narrow(np.cumsum(present) - 1, sizes.size)[shifted], sizes


def refuse_non_finite(found: Clusters) -> None:
    """Refuses features holding NaN or infinity, naming the first such value."""
    _inputs.require_finite(found.matrix, "features")


def clusters(labels: Any, features: Any, feature_count: Any) -> Clusters:
    """The feature matrix and each cluster's rows of it, refused when malformed, when
    ``feature_count`` is not positive, or when the label count is outside ``[2, n - 1]``;
    NaN and infinity in the features are left to :func:`refuse_non_finite`."""
    width = _inputs.count(feature_count, "feature_count", 1)
    ranks = _inputs.labels(labels, "labels")
    samples = len(ranks)
    floats = _inputs._finite_floats(features, "features", finite=False)
    try:
        matrix = _inputs.score_rows(floats, samples, width, "features", finite=False)
    except ArgumentError:
        _inputs.require_finite(floats, "features")
        raise
    codes, distinct = _ranks(ranks)
    if not 1 < distinct.size < samples:
        _inputs.require_finite(matrix, "features")
        raise ArgumentError(
            f"Number of labels is {distinct.size}. Valid values are 2 to n_samples - 1 (inclusive)",
            "labels",
        )
    grouped = np.take(matrix, np.argsort(codes, kind="stable"), axis=0)
    return Clusters(matrix, np.split(grouped, np.cumsum(distinct)[:-1]))
