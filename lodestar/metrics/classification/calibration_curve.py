"""``CalibrationCurve``: the share of positives against the mean predicted probability,
bin by bin."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray
from lodestar.metrics.classification._curve import Curve, array
from lodestar.metrics.classification.bin_strategy import BinStrategy
from lodestar.metrics.classification.log_loss import positive_label

__all__ = ["CalibrationCurve"]


def _strategy(value: Any) -> BinStrategy:
    return _inputs.choice(BinStrategy, value, "strategy")


def _bins(inner: FloatArray, prob: FloatArray) -> IntArray:
    """``np.searchsorted(inner, prob)``: how many inner edges lie strictly below each
    probability. Over a few edges, one comparison per edge is faster than a binary search
    per sample, and counts the same."""
    if inner.size > 16:
        found: IntArray = np.searchsorted(inner, prob)
        return found
    ids = np.zeros(prob.size, dtype=np.intp)
    for edge in inner:
        ids += edge < prob
    return ids


#: The largest n_bins: the C# parameter is an ``int``.
_INT32_MAX = 2**31 - 1

#: Up to this many bins the edges are made as scikit-learn makes them; past it, the
#: uniform bins are found from each probability instead (:func:`_uniform_bins`).
_FEW_BINS = 1 << 16


def _uniform_bins(prob: FloatArray, bins: int) -> IntArray:
    """``np.searchsorted(np.linspace(0, 1, bins + 1)[1:-1], prob)`` without the edges:
    edge ``i`` is ``i * (1 / bins)`` as ``linspace`` computes it, and a probability's bin
    is the number of inner edges strictly below it, found from ``floor(p * bins)`` and
    moved by the rounding of the products."""
    step = 1.0 / bins
    found = np.clip(np.floor(prob * bins), 0, bins - 1).astype(np.int64)
    for _ in range(2):  # each product is off by at most an ulp or two: a step either way
        found -= (found >= 1) & (found * step >= prob)
        found += (found + 1 <= bins - 1) & ((found + 1) * step < prob)
    return found


@final
class CalibrationCurve(Curve):
    """The mirror of ``Lodestar.Metrics.CalibrationCurve`` and of
    ``sklearn.calibration.calibration_curve``.

    Two read-only ``float64`` arrays of one length, one entry per bin that holds a sample,
    in the order of the bins: :attr:`prob_true` and :attr:`prob_pred`. Built by
    :meth:`compute` only.
    """

    __slots__ = ()
    _NAMES = ("prob_true", "prob_pred")

    prob_true = array(0, "The share of samples labelled ``pos_label`` in each bin.")
    prob_pred = array(1, "The mean predicted probability in each bin.")

    @staticmethod
    def compute(
        y_true: Any,
        y_prob: Any,
        pos_label: int = 1,
        n_bins: int = 5,
        strategy: BinStrategy | str = BinStrategy.UNIFORM,
    ) -> CalibrationCurve:
        """The reliability curve of one probability per sample, ``pos_label`` positive.

        The samples are put in ``n_bins`` bins by ``np.searchsorted`` over the inner edges
        (a probability on an edge goes to the bin below it), the edges being
        ``np.linspace(0, 1, n_bins + 1)`` or the probabilities' percentiles there; a bin
        no sample falls into is left out. See
        ``docs/reference/metrics/classification/calibrationcurve-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_prob`` differ in length or are empty; a
                label or ``pos_label`` is not an integer; ``y_true`` holds more than two
                labels; a probability is NaN or outside ``[0, 1]``.
            ArgumentOutOfRangeError: ``n_bins`` is below 1; ``strategy`` is not a
                :class:`BinStrategy` or its value.
        """
        positive = positive_label(pos_label)
        bins = _inputs.count(n_bins, "n_bins", 1)
        if bins > _INT32_MAX:
            raise ArgumentOutOfRangeError(
                f"n_bins is {bins}; it must be at most {_INT32_MAX}, as the C# int is.",
                "n_bins",
                bins,
            )
        mode = _strategy(strategy)
        truth = _inputs.labels(y_true, "y_true")
        prob = _inputs._finite_floats(y_prob, "y_prob", finite=False)
        _inputs._one_dimensional(prob, "y_prob")
        _inputs.same_length(truth, "y_true", prob, "y_prob")
        _inputs.nonempty(truth, "y_true")
        if not (prob.min() >= 0 and prob.max() <= 1):  # NaN fails both tests
            raise ArgumentError("y_prob has values outside [0, 1].", "y_prob")
        low, high = truth.min(), truth.max()
        if ((truth != low) & (truth != high)).any():
            raise ArgumentError(
                f"Only binary classification is supported. Provided labels {np.unique(truth)}.",
                "y_true",
            )
        if mode is BinStrategy.UNIFORM and bins > _FEW_BINS:
            ids = _uniform_bins(prob, bins)  # no edge array: bins may exceed the samples
        else:
            try:
                quantiles = np.linspace(0.0, 1.0, bins + 1)
                edges = quantiles
                if mode is not BinStrategy.UNIFORM:
                    edges = np.percentile(prob, quantiles * 100)
            except MemoryError:
                raise ArgumentOutOfRangeError(
                    f"n_bins is {bins}; the quantile strategy's {bins + 1} edges do not fit "
                    "in memory.",
                    "n_bins",
                    bins,
                ) from None
            ids = _bins(edges[1:-1], prob)
        if bins > _FEW_BINS:
            # past the samples' count most bins are empty: number the occupied ones only
            # (in order; each total still summed in sample order, so the same bits)
            occupied, ids = np.unique(ids, return_inverse=True)
            bins = occupied.size
        total = np.bincount(ids, minlength=bins)
        kept = total != 0
        hits = np.bincount(ids, weights=truth == positive, minlength=bins)[kept] / total[kept]
        means = np.bincount(ids, weights=prob, minlength=bins)[kept] / total[kept]
        return CalibrationCurve._of(hits, means)  # type: ignore[no-any-return]
