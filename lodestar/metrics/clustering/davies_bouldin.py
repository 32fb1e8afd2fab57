"""``DaviesBouldin``: the mean worst similarity of a cluster to any other."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics._inputs import FloatArray
from lodestar.metrics.clustering._samples import clusters, refuse_non_finite

__all__ = ["DaviesBouldin", "distances"]


def distances(rows: FloatArray, others: FloatArray | None = None) -> FloatArray:
    """Euclidean distances from each row to each of ``others`` (to each other row when
    ``None``, the diagonal then exactly ``0``), by scikit-learn's expansion
    ``sqrt(max(‖x‖² - 2·x·y + ‖y‖², 0))``: the squared norms by ``einsum``, the products
    by one matrix product, ``-2·x·y`` first, then ``‖x‖²`` added, then ``‖y‖²``."""
    same = others is None
    theirs = rows if others is None else others
    squared = np.einsum("ij,ij->i", rows, rows)[:, np.newaxis]
    their_squared = squared.T if same else np.einsum("ij,ij->i", theirs, theirs)[np.newaxis, :]
    result: FloatArray = np.asarray(-2 * (rows @ theirs.T), dtype=np.float64)
    result += squared
    result += their_squared
    np.maximum(result, 0, out=result)
    if same:
        np.fill_diagonal(result, 0)
    np.sqrt(result, out=result)
    return result


class DaviesBouldin:
    """The mirror of ``Lodestar.Metrics.DaviesBouldin`` and of
    ``sklearn.metrics.davies_bouldin_score``."""

    @staticmethod
    def score(labels: Any, features: Any, feature_count: Any) -> float:
        """The mean over the clusters of the largest ``(sᵢ + sⱼ) / dᵢⱼ`` over the other
        clusters, ``sᵢ`` the mean distance of cluster ``i``'s samples from its centroid and
        ``dᵢⱼ`` the distance between the two centroids: ``0`` or above, lower for better
        separated clusters. A pair of coinciding centroids scores ``0``; the answer is
        ``0.0`` when every ``sᵢ``, or every ``dᵢⱼ``, is within ``1e-8`` of ``0`` (NumPy's
        ``isclose``, as scikit-learn tests it). See
        ``docs/reference/metrics/clustering/daviesbouldin-score.md``.

        Raises:
            ArgumentError: as ``CalinskiHarabasz.score`` raises it (malformed or
                mis-sized features or labels, a label count outside ``[2, n - 1]``).
            ArgumentOutOfRangeError: ``feature_count`` is below 1.
        """
        found = clusters(labels, features, feature_count)
        blocks = found.blocks
        centroids = np.zeros((len(blocks), blocks[0].shape[1]))
        spread = np.zeros(len(blocks))
        with np.errstate(invalid="ignore", over="ignore"):  # NaN, infinity: refused below
            for k, block in enumerate(blocks):
                centroids[k] = np.mean(block, axis=0)
                spread[k] = np.mean(distances(block, centroids[k][np.newaxis, :]))
        if not np.isfinite(centroids).all():  # scikit-learn's check_array refuses these
            refuse_non_finite(found)
            raise ArgumentError(
                "features are too large: a cluster's mean overflows a double (its sum "
                "passes 1.8e308); scale them down.",
                "features",
            )
        if not np.isfinite(spread).all():
            refuse_non_finite(found)
        with np.errstate(all="ignore"):  # distances past the doubles: NaN, as scikit-learn
            apart = distances(centroids)
            if np.all(np.isclose(spread, 0.0)) or np.all(np.isclose(apart, 0.0)):
                return 0.0
            apart[apart == 0] = np.inf
            return float(np.mean(np.max((spread[:, np.newaxis] + spread) / apart, axis=1)))
