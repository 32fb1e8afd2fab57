"""``Silhouette``: how much closer each sample sits to its own cluster than to the
nearest other one, from the samples themselves or from a distance matrix.

Both ways in share one computation, done a block of rows at a time so that the
``n × n`` distance matrix is never held whole (a block is at most :data:`BLOCK_BYTES`):
for every row, the distances to each cluster are added up in sample order (one
``bincount`` a row, as scikit-learn adds them), the own cluster's total is divided by
its size less one, every other cluster's by its size, and the nearest of those is kept.

The euclidean distances are scikit-learn's: ``-2·(x·y)`` from one matrix product, then
``+ ‖x‖²`` and ``+ ‖y‖²`` (NumPy's ``einsum``), clipped at ``0``, the diagonal set to
``0``, and the square root. A block that is every row is the product of the block with
its own transpose, as scikit-learn's is when its chunk is every row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray

__all__ = ["BLOCK_BYTES", "Silhouette"]

#: The most bytes a block of distances may take.
BLOCK_BYTES = 64 << 20

Rows = Callable[[int, int], FloatArray]


def _clusters(labels: Any) -> tuple[IntArray, IntArray]:
    """Each sample's cluster index and each cluster's size."""
    values = _inputs.labels(labels, "labels")
    _, codes, sizes = np.unique(values, return_inverse=True, return_counts=True)
    return codes.reshape(-1).astype(np.int64, copy=False), sizes.astype(np.int64)


def _scorable(sizes: IntArray, samples: int) -> None:
    """Refuses a label count outside ``[2, n - 1]``, in scikit-learn's sentence."""
    count = len(sizes)
    if not 1 < count < samples:
        raise ArgumentError(
            f"Number of labels is {count}. Valid values are 2 to n_samples - 1 (inclusive)",
            "labels",
        )


def _refuse_non_finite(block: FloatArray, source: str) -> None:
    """Refuses a block of distances that is not finite, naming the caller's argument: the
    distances passed, or the features whose distances overflowed (the features themselves
    are finite by then)."""
    if source == "distances":
        _inputs.require_finite(block, "distances")
        return
    if not np.isfinite(block).all():
        raise ArgumentError(
            "features are too large: their euclidean distances overflow a double (the "
            "squared norms pass 1.8e308); scale them down.",
            "features",
        )


def _per_sample(codes: IntArray, sizes: IntArray, rows: Rows, source: str) -> FloatArray:
    """Every sample's score from the distances ``rows(start, stop)`` gives, block by block;
    ``source`` names the argument they come from (``features`` or ``distances``)."""
    samples, clusters = len(codes), len(sizes)
    height = max(1, min(samples, BLOCK_BYTES // (8 * samples)))
    inside = np.empty(samples)
    nearest = np.empty(samples)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for start in range(0, samples, height):
            stop = min(start + height, samples)
            block = rows(start, stop)
            count = stop - start
            totals = np.empty((count, clusters))
            for row in range(count):
                totals[row] = np.bincount(codes, weights=block[row], minlength=clusters)
            if not np.isfinite(totals).all():  # NaN or infinity in the block, or an overflow
                _refuse_non_finite(block, source)
            del block  # before the next block is formed
            own = codes[start:stop]
            at = np.arange(count)
            inside[start:stop] = totals[at, own]
            totals[at, own] = np.inf
            totals /= sizes
            nearest[start:stop] = totals.min(axis=1)
        inside /= (sizes - 1)[codes]
        scale = np.maximum(inside, nearest)
        scores = (nearest - inside) / scale
    alone = sizes[codes] == 1
    scores[alone | (scale <= 0.0)] = 0.0
    return np.nan_to_num(scores)


def _features(
    labels: Any, features: Any, feature_count: Any
) -> tuple[IntArray, IntArray, Rows, str]:
    codes, sizes = _clusters(labels)
    count = _inputs.count(feature_count, "feature_count", 1)
    points = np.ascontiguousarray(_inputs.score_rows(features, len(codes), count, "features"))
    _scorable(sizes, len(codes))
    with np.errstate(over="ignore"):  # an overflow is refused once the distances are seen
        norms = np.einsum("ij,ij->i", points, points)
    samples = len(points)

    def rows(start: int, stop: int) -> FloatArray:
        # every row: the block times its own transpose, which NumPy hands to syrk
        left = points if start == 0 and stop == samples else points[start:stop]
        block: FloatArray = left @ points.T
        block *= -2.0
        block += norms[start:stop, None]
        block += norms[None, :]
        np.maximum(block, 0.0, out=block)
        block.flat[start :: samples + 1] = 0.0
        np.sqrt(block, out=block)
        return block

    return codes, sizes, rows, "features"


def _distances(labels: Any, distances: Any) -> tuple[IntArray, IntArray, Rows, str]:
    codes, sizes = _clusters(labels)
    # NaN and infinity reach a row's totals: they are looked for there, not in a pass of
    # their own over the n² values
    matrix = _inputs.score_rows(distances, len(codes), len(codes), "distances", finite=False)
    _scorable(sizes, len(codes))
    return codes, sizes, lambda start, stop: matrix[start:stop], "distances"


class Silhouette:
    """The mirror of ``Lodestar.Metrics.Silhouette`` and of scikit-learn's
    ``silhouette_score`` and ``silhouette_samples``."""

    @staticmethod
    def score(labels: Any, features: Any, feature_count: int) -> float:
        """The mean of :meth:`per_sample`, in ``[-1, 1]`` (NumPy's ``mean``). See
        ``docs/reference/metrics/clustering/silhouette-score.md``.

        Raises:
            ArgumentError: as :meth:`per_sample` does.
        """
        return float(np.mean(_per_sample(*_features(labels, features, feature_count))))

    @staticmethod
    def score_from_distances(labels: Any, distances: Any) -> float:
        """The mean of :meth:`per_sample_from_distances`. See
        ``docs/reference/metrics/clustering/silhouette-scorefromdistances.md``.

        Raises:
            ArgumentError: as :meth:`per_sample_from_distances` does.
        """
        return float(np.mean(_per_sample(*_distances(labels, distances))))

    @staticmethod
    def per_sample(labels: Any, features: Any, feature_count: int) -> FloatArray:
        """Each sample's score, in the order given, from the euclidean distances of the
        samples (``features``: ``n × feature_count``, flat and row-major or 2-D). See
        ``docs/reference/metrics/clustering/silhouette-persample.md``.

        Raises:
            ArgumentOutOfRangeError: ``feature_count`` is below one.
            ArgumentError: a label or the count is not an integer; ``features`` is not
                ``n × feature_count`` finite numbers; the labels name fewer than two
                clusters or one per sample.
        """
        return _per_sample(*_features(labels, features, feature_count))

    @staticmethod
    def per_sample_from_distances(labels: Any, distances: Any) -> FloatArray:
        """Each sample's score from the ``n × n`` matrix ``distances`` (flat and
        row-major or 2-D), read row by row and never checked to be a metric. See
        ``docs/reference/metrics/clustering/silhouette-persamplefromdistances.md``.

        Raises:
            ArgumentError: a label is not an integer; ``distances`` is not ``n × n``
                finite numbers; the labels name fewer than two clusters or one per
                sample.
        """
        return _per_sample(*_distances(labels, distances))
