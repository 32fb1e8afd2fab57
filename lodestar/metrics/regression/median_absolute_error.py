"""``MedianAbsoluteError``: the median of the absolute residuals, per output.

Unweighted, the median is ``numpy.median``'s (the mean of the two middle values on an even
count), as scikit-learn takes it, found with one selection. Weighted, it is scikit-learn's
(1.8 and later) *averaged inverted CDF*: sorted by residual, the first value whose
cumulative weight reaches half the total; averaged with the next value of non-zero weight
when the cumulative weight lands on the half within one machine epsilon.

Two ways to the weighted answer give the same double. :func:`_sorted` takes scikit-learn's
steps (a sort, a cumulative sum in sorted order, a binary search). :func:`_selected`, for
weights that are not negative, finds the same value by selection, with no full sort: the
answer depends on the order of the cumulative sum only where a cumulative weight comes within
its rounding error of the half (or of the half plus epsilon), and there it steps aside for
:func:`_sorted`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.metrics.regression import _outputs

__all__ = ["MedianAbsoluteError"]

FloatArray = npt.NDArray[np.float64]
EPSILON = float(np.finfo(np.float64).eps)
_SMALLEST = 5e-324  # the smallest subnormal double
#: Up to this many values a column is sorted outright: selection would cost more.
SMALL = 4096
#: About this many values bracket the median, this far either side of the half.
SAMPLE, SPREAD = 4096, 0.05


def _sorted(values: FloatArray, weight: FloatArray) -> float:
    """The averaged weighted median of one column, in scikit-learn's steps."""
    order = np.argsort(values, kind="quicksort")
    cdf = np.cumsum(weight[order])
    last = values.size - 1
    half = 0.5 * cdf[-1]
    if half == 0:
        half = np.nextafter(half, half + 1)
    at = min(max(int(np.searchsorted(cdf, half)), 0), last)
    value = values[order[at]]
    if cdf[at] - half > EPSILON:
        return float(value)
    after = order[min(at + 1, last)]
    if weight[after] == 0:
        following = int(np.searchsorted(cdf, cdf[at], side="right"))
        after = order[at if following > last else following]
    return float((value + values[after]) / 2)


def _within(
    low: FloatArray, high: FloatArray, below: float, half: float
) -> tuple[float, float, float]:
    """Among a few values (weights ``high``, ``below`` weighing under all of them), the
    first whose cumulative weight reaches ``half``, with the weight under it and through
    it."""
    order = np.argsort(low)  # the order within ties moves a sum only within `bound`
    ordered = low[order]
    starts = np.empty(ordered.size, dtype=bool)
    starts[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    first = np.flatnonzero(starts)
    distinct = ordered[first]
    reached_by = below + np.add.reduceat(high[order], first).cumsum()
    group = min(int(np.searchsorted(reached_by, half)), distinct.size - 1)
    under = below if group == 0 else float(reached_by[group - 1])
    return float(distinct[group]), under, float(reached_by[group])


def _bracket(values: FloatArray, weight: FloatArray, half: float) -> tuple[float, float] | None:
    """Two values that a strided sample says hold the weighted median between them."""
    sample = slice(None, None, max(values.size // SAMPLE, 1))
    picked, weights = values[sample], weight[sample]
    order = np.argsort(picked)
    cumulative = np.cumsum(weights[order])
    if cumulative[-1] <= 0:
        return None
    share = cumulative / cumulative[-1]
    ends = np.searchsorted(share, [0.5 - SPREAD, 0.5 + SPREAD]).clip(0, picked.size - 1)
    return float(picked[order[ends[0]]]), float(picked[order[ends[1]]])


def _weighed(weight: FloatArray) -> tuple[float, float]:
    """The total of the weights, and how far from it any order of adding them up may land:
    nothing for whole weights under 2⁵³, else ``4·n·eps·total``, and never less than ``n``
    of the smallest subnormal: below the normal range the rounding error is absolute, and
    ``4·n·eps·total`` underflows to 0 (weights of 1e-310 then took the fast path's average
    with the next distinct value, where scikit-learn averages with the next sample)."""
    total = float(weight.sum())
    whole = bool((weight == np.floor(weight)).all()) and total < 2.0**53
    if whole:
        return total, 0.0
    return total, max(4.0 * weight.size * EPSILON * total, weight.size * _SMALLEST)


def _selected(
    values: FloatArray, weight: FloatArray, weighed: tuple[float, float] | None = None
) -> float | None:
    """The same median by selection, for non-negative weights; ``None`` where rounding
    could decide it (the caller then sorts). ``weighed`` is :func:`_weighed`'s answer for
    ``weight``, when the caller has it already.

    A strided sample brackets the median; one pass weighs what lies under the bracket and
    keeps what lies in it, and the few values kept are sorted. Should the bracket miss,
    the values are halved around their median until few are left.
    """
    total, bound = _weighed(weight) if weighed is None else weighed
    half = 0.5 * total
    below, low, high = 0.0, values, weight
    bracket = _bracket(values, weight, half) if values.size > SMALL else None
    if bracket is not None:
        under_mask = values < bracket[0]
        kept = ~under_mask & (values <= bracket[1])
        under = float(np.sum(weight, where=under_mask))
        if under < half <= under + float(np.sum(weight, where=kept)):
            below, low, high = under, values[kept], weight[kept]
    while low.size > SMALL:
        pivot = np.partition(low, low.size // 2)[low.size // 2]
        less = low < pivot
        under = below + float(high[less].sum())
        if under >= half:
            low, high = low[less], high[less]
            continue
        equal = low == pivot
        reached = under + float(high[equal].sum())
        if reached >= half:
            return _settle(values, weight, pivot, under, reached, half, bound)
        keep = ~(less | equal)
        below, low, high = reached, low[keep], high[keep]
    return _settle(values, weight, *_within(low, high, below, half), half, bound)


def _settle(
    values: FloatArray,
    weight: FloatArray,
    median: float,
    under: float,
    reached: float,
    half: float,
    bound: float,
) -> float | None:
    """The answer once ``median`` is found with the weight ``under`` it and ``reached``
    through it: the value alone, or its average with the next value of non-zero weight."""
    if not (under < half - bound and reached >= half + bound):
        return None
    if reached - half > EPSILON + bound:
        return float(median)
    if bound:
        return None
    above = values[(values > median) & (weight != 0)]
    following = float(above.min()) if above.size else median
    return float((median + following) / 2)


def _medians(found: _outputs.Targets) -> FloatArray:
    """The median absolute residual of each output."""
    _outputs.refuse_non_finite(found)
    residual = np.abs(found.truth - found.predicted)
    weight = found.weight
    result = np.empty(found.outputs)
    if weight is None:
        for column in range(found.outputs):
            result[column] = _middle(residual[:, column])
        return result
    sort = bool((weight < 0).any())
    weighed = None if sort else _weighed(weight)
    for column, values in enumerate(np.ascontiguousarray(residual.T)):
        chosen = None if weighed is None else _selected(values, weight, weighed)
        result[column] = _sorted(values, weight) if chosen is None else chosen
    return result


def _middle(values: FloatArray) -> float:
    """``numpy.median`` of one column: the middle value, or the mean of the two middle
    values, ``(a + b) / 2``; selected with one ``partition`` and, for the upper middle
    value, one ``min``."""
    lower = (values.size - 1) // 2
    parted = np.partition(values, lower)
    if values.size % 2:
        return float(parted[lower])
    return float((parted[lower] + parted[lower + 1 :].min()) / 2)


class MedianAbsoluteError:
    """The mirror of ``Lodestar.Metrics.MedianAbsoluteError`` and of
    ``sklearn.metrics.median_absolute_error``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The median absolute error over every output: the per-output medians averaged,
        or weighted by ``output_weights``. See
        ``docs/reference/metrics/regression/medianabsoluteerror-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses, or NaN or infinity in ``y_true`` or ``y_pred``.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
        return _outputs.reduce(_medians(found), output_weights)

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> FloatArray:
        """One median absolute error per output, in column order
        (``multioutput='raw_values'``).

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _medians(_outputs.targets(y_true, y_pred, output_count, sample_weight))
