"""The weighted quantile of each output column, as scikit-learn 1.9 reads it.

``d2_pinball_score`` compares a model with the best constant: the weighted quantile of
the truth at the same ``alpha``. scikit-learn 1.9 takes it with ``_weighted_percentile``
(``average=True``, the "averaged inverted CDF"), every sample weighing 1 when no weights
are given. The steps below are its steps, in its order, so that the constant carries
the same bits:

1. sort each column (``argsort`` along the samples, NumPy's default kind) and add up
   the weights in that order (``cumsum``);
2. the target is ``(100·alpha / 100) · total``, nudged up to the next double when it is
   exactly 0 (so that leading zero weights are passed over);
3. the first position whose running total reaches the target (``searchsorted``, left),
   clipped to the last sample;
4. if the running total there exceeds the target by more than ``eps``
   (``2.220446049250313e-16``, absolute), that value; otherwise the mean of it and the
   next value, the next being the first whose running total is greater when the next
   sample weighs 0.

With weights that are not all positive, the running total is not monotone; the binary
search then reads it as it is, as scikit-learn's does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression._outputs import FloatArray

__all__ = ["EPSILON", "quantiles"]

#: ``numpy.finfo(numpy.float64).eps``: how far past the target a running total may be
#: and still average with the next value.
EPSILON = float(np.finfo(np.float64).eps)


def quantiles(truth: FloatArray, weight: FloatArray | None, alpha: float) -> FloatArray:
    """The weighted quantile at ``alpha`` of each column of ``truth`` (one row a sample)."""
    samples, outputs = truth.shape
    order = np.argsort(truth, axis=0)
    if weight is None:
        weight = np.ones(samples)
    cdf = np.cumsum(weight[order].T, axis=1)
    target = (np.float64(alpha * 100) / 100) * cdf[:, -1]
    zero = target == 0
    target[zero] = np.nextafter(target[zero], target[zero] + 1)
    last = samples - 1
    columns = np.arange(outputs)
    found = np.array([np.searchsorted(cdf[j], target[j]) for j in columns]).clip(0, last)
    below = order[found, columns]
    above = order[np.clip(found + 1, 0, last), columns]
    for j in np.flatnonzero(weight[above] == 0):
        following = int(np.searchsorted(cdf[j], cdf[j, found[j]], side="right"))
        above[j] = order[found[j] if following > last else following, j]
    low: Any = truth[below, columns]
    averaged = (low + truth[above, columns]) / 2
    result: FloatArray = np.where(cdf[columns, found] - target > EPSILON, low, averaged)
    return result
