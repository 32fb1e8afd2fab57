"""The reading every score of a clustering against its own samples shares.

``CalinskiHarabasz`` and ``DaviesBouldin`` take one label per sample and the samples'
feature matrix (flat and row-major with ``feature_count``, the C# form, or as a 2-D
array). :func:`clusters` reads both once, refuses a label count outside ``[2, n - 1]``
with scikit-learn's own sentence, and hands back each cluster's samples as one
contiguous block, in ascending label order and in input order within a cluster: the
rows, the order and the layout in which scikit-learn's ``X[labels == k]`` holds them,
so that every reduction over a block takes scikit-learn's steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray

__all__ = ["clusters"]


def clusters(labels: Any, features: Any, feature_count: Any) -> tuple[FloatArray, list[FloatArray]]:
    """The feature matrix and each cluster's rows of it, refused when malformed, when
    ``feature_count`` is not positive, or when the label count is outside ``[2, n - 1]``."""
    width = _inputs.count(feature_count, "feature_count", 1)
    ranks = _inputs.labels(labels, "labels")
    samples = len(ranks)
    matrix = _inputs.score_rows(features, samples, width, "features")
    distinct, ranks = np.unique(ranks, return_inverse=True)
    if not 1 < distinct.size < samples:
        raise ArgumentError(
            f"Number of labels is {distinct.size}. Valid values are 2 to n_samples - 1 (inclusive)",
            "labels",
        )
    order = np.argsort(ranks.reshape(-1), kind="stable")
    bounds = np.cumsum(np.bincount(ranks.reshape(-1)))[:-1]
    return matrix, np.split(matrix[order], bounds)
