"""``DetCurve``: the detection error tradeoff, false positives against false negatives."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics.classification._curve import Curve, array, walked
from lodestar.metrics.classification.precision_recall_curve import count_steps

__all__ = ["DetCurve"]


@final
class DetCurve(Curve):
    """The mirror of ``Lodestar.Metrics.DetCurve`` and of ``sklearn.metrics.det_curve``.

    Three read-only ``float64`` arrays of one length, in ascending order of threshold:
    :attr:`false_positive_rate`, :attr:`false_negative_rate` and :attr:`thresholds`.
    Built by :meth:`compute` only.
    """

    __slots__ = ()
    _NAMES = ("false_positive_rate", "false_negative_rate", "thresholds")

    false_positive_rate = array(
        0, "The weight of the other label at or above each threshold, over its total."
    )
    false_negative_rate = array(
        1, "The weight of ``pos_label`` below each threshold, over its total."
    )
    thresholds = array(2, "The score of each point, ascending; the last may be ``inf``.")

    @staticmethod
    def compute(
        y_true: Any,
        y_score: Any,
        pos_label: int = 1,
        sample_weight: Any = None,
        drop_intermediate: bool = False,
    ) -> DetCurve:
        """The DET curve of one score per sample, ``pos_label`` counted as positive.

        The threshold walk with a point at ``inf`` put in front (nothing called
        positive), thinned by ``drop_intermediate`` as the precision-recall curve is, then
        cut to run from the last point where the false-positive count still equals its
        first to the first where the true-positive count reaches its last, both found by
        binary search as ``np.searchsorted`` does, and reversed. Each count is divided by
        its class's total as it stands: a class weighing nothing gives NaN (or an infinite
        rate where negative weights cancel). See
        ``docs/reference/metrics/classification/detcurve-compute.md``.

        Raises:
            ArgumentError: as :meth:`RocCurve.compute`, and when ``y_true`` does not hold
                exactly two distinct labels.
        """
        drop, points, truth = walked(y_true, y_score, pos_label, sample_weight, drop_intermediate)
        distinct = np.unique(truth).size
        if distinct != 2:
            raise ArgumentError(
                f"y_true holds {distinct} distinct label(s); a DET curve needs exactly two.",
                "y_true",
            )
        tps = np.concatenate(([0.0], points.true_positives))
        fps = np.concatenate(([0.0], points.false_positives))
        thresholds = np.concatenate(([np.inf], points.thresholds))
        if drop:
            keep = count_steps(tps)
            tps, fps, thresholds = tps[keep], fps[keep], thresholds[keep]
        first = max(int(np.searchsorted(fps, fps[0], side="right")) - 1, 0)
        cut = slice(first, int(np.searchsorted(tps, tps[-1])) + 1)
        with np.errstate(divide="ignore", invalid="ignore"):
            fpr = fps[cut][::-1] / fps[-1]
            fnr = (tps[-1] - tps)[cut][::-1] / tps[-1]
        return DetCurve._of(fpr, fnr, thresholds[cut][::-1].copy())  # type: ignore[no-any-return]
