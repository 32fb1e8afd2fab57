"""``CalinskiHarabasz``: the variance ratio criterion."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.clustering._samples import clusters, refuse_non_finite

__all__ = ["CalinskiHarabasz"]


class CalinskiHarabasz:
    """The mirror of ``Lodestar.Metrics.CalinskiHarabasz`` and of
    ``sklearn.metrics.calinski_harabasz_score``."""

    @staticmethod
    def score(labels: Any, features: Any, feature_count: Any) -> float:
        """The dispersion between the clusters over the dispersion inside them, each
        over its degrees of freedom: ``B·(n - k) / (W·(k - 1))``, at least ``0``, higher
        for better separated clusters; ``1.0`` when ``W`` is exactly ``0``. ``B`` sums
        each cluster's size times the squared distance of its mean from the overall
        mean, ``W`` the squared distances of the samples from their cluster's mean, each
        cluster's part added in ascending label order. See
        ``docs/reference/metrics/clustering/calinskiharabasz-score.md``.

        Raises:
            ArgumentError: ``features`` is not ``len(labels) × feature_count`` values or
                holds NaN or infinity; a label is not an integer; the label count is
                outside ``[2, n - 1]``.
            ArgumentOutOfRangeError: ``feature_count`` is below 1.
        """
        found = clusters(labels, features, feature_count)
        matrix, blocks = found
        mean = np.mean(matrix, axis=0)
        between, within = 0.0, 0.0
        # np.add.reduce, and a division by the count, are the steps np.sum and np.mean
        # take, without their Python layers (which dominate for many small clusters).
        total = np.add.reduce
        with np.errstate(invalid="ignore"):  # NaN or infinity: refused below
            for block in blocks:
                centre = total(block, axis=0) / block.shape[0]
                between += block.shape[0] * total(np.square(centre - mean))
                # (block - centre) ** 2 formed in the block's own rows, which are a copy.
                np.subtract(block, centre, out=block)
                within += total(np.square(block, out=block), axis=None)
        if not np.isfinite(within):
            refuse_non_finite(found)
        if within == 0.0:
            return 1.0
        samples, count = matrix.shape[0], len(blocks)
        return float(between * (samples - count) / (within * (count - 1.0)))
