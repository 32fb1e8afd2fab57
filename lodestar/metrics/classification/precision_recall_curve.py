"""``PrecisionRecallCurve``: precision against recall as three arrays, the thresholds one
shorter than the other two."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.metrics._inputs import BoolArray, FloatArray
from lodestar.metrics.classification._curve import Curve, array, walked

__all__ = ["PrecisionRecallCurve", "count_steps"]


def count_steps(counts: FloatArray) -> BoolArray:
    """The points ``drop_intermediate`` keeps on the precision-recall and DET curves: both
    ends, and every point whose count differs from the one before it or the one after it
    (so of a run of equal counts only its first and last point stay)."""
    keep = np.ones(counts.size, dtype=bool)
    if counts.size > 2:
        step = np.diff(counts) != 0
        keep[1:-1] = step[:-1] | step[1:]
    return keep


@final
class PrecisionRecallCurve(Curve):
    """The mirror of ``Lodestar.Metrics.PrecisionRecallCurve`` and of
    ``sklearn.metrics.precision_recall_curve``.

    Three read-only ``float64`` arrays: :attr:`precision` and :attr:`recall` of one
    length, and :attr:`thresholds`, one shorter, ascending. The last point, precision 1
    at recall 0, has no threshold. Built by :meth:`compute` only.
    """

    __slots__ = ()
    _NAMES = ("precision", "recall", "thresholds")

    precision = array(
        0, "The share of ``pos_label`` in the weight at or above each threshold, then 1."
    )
    recall = array(
        1, "The weight of ``pos_label`` at or above each threshold over its total, then 0."
    )
    thresholds = array(2, "The score of each point but the last, ascending.")

    @staticmethod
    def compute(
        y_true: Any,
        y_score: Any,
        pos_label: int = 1,
        sample_weight: Any = None,
        drop_intermediate: bool = False,
    ) -> PrecisionRecallCurve:
        """The precision-recall curve of one score per sample, ``pos_label`` positive.

        One point per distinct score (after samples of zero weight are set aside), fewer
        when ``drop_intermediate`` drops the inside of each run of equal true-positive
        counts, in ascending order of score, then the point (recall 0, precision 1). A
        threshold where nothing weighs has precision 0; with no positive weight at all
        the recall is 1 throughout. See
        ``docs/reference/metrics/classification/precisionrecallcurve-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_score`` differ in length or are empty; a
                label or ``pos_label`` is not an integer; a score is NaN or infinite;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                zero throughout; ``drop_intermediate`` is not a boolean.
        """
        drop, points, _ = walked(y_true, y_score, pos_label, sample_weight, drop_intermediate)
        tps, fps, thresholds = points.true_positives, points.false_positives, points.thresholds
        if drop:
            keep = count_steps(tps)
            tps, fps, thresholds = tps[keep], fps[keep], thresholds[keep]
        predicted = tps + fps
        with np.errstate(divide="ignore", invalid="ignore"):
            precision = np.where(predicted != 0, tps / predicted, 0.0)
        recall = np.ones(tps.size) if tps[-1] == 0 else tps / tps[-1]
        return PrecisionRecallCurve._of(  # type: ignore[no-any-return]
            np.append(precision[::-1], 1.0),
            np.append(recall[::-1], 0.0),
            thresholds[::-1].copy(),
        )
