"""``RocCurve``: the receiver operating characteristic as three parallel arrays."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray
from lodestar.metrics.classification import _thresholds
from lodestar.metrics.classification.log_loss import positive_label

__all__ = ["RocCurve", "roc_points"]


def _frozen(values: FloatArray) -> FloatArray:
    values.flags.writeable = False
    return values


@final
class RocCurve:
    """The mirror of ``Lodestar.Metrics.RocCurve`` and of ``sklearn.metrics.roc_curve``.

    Three read-only ``float64`` arrays of one length: :attr:`false_positive_rate`,
    :attr:`true_positive_rate` and :attr:`thresholds`, the first point being the origin
    at an infinite threshold. Built by :meth:`compute` only.
    """

    __slots__ = ("_fpr", "_thresholds", "_tpr")

    _fpr: FloatArray
    _tpr: FloatArray
    _thresholds: FloatArray

    def __init__(self) -> None:
        raise TypeError("RocCurve has no public constructor; call RocCurve.compute.")

    @property
    def false_positive_rate(self) -> FloatArray:
        """The weight of the other labels at or above each threshold, over their total."""
        return self._fpr

    @property
    def true_positive_rate(self) -> FloatArray:
        """The weight of ``pos_label`` at or above each threshold, over its total."""
        return self._tpr

    @property
    def thresholds(self) -> FloatArray:
        """The score of each point, descending; the first is ``inf``."""
        return self._thresholds

    def __repr__(self) -> str:
        return (
            f"RocCurve(false_positive_rate={self._fpr.tolist()!r}, "
            f"true_positive_rate={self._tpr.tolist()!r}, thresholds={self._thresholds.tolist()!r})"
        )

    @staticmethod
    def compute(
        y_true: Any,
        y_score: Any,
        pos_label: int = 1,
        sample_weight: Any = None,
        drop_intermediate: bool = True,
    ) -> RocCurve:
        """The ROC curve of one score per sample, ``pos_label`` counted as positive.

        One point per distinct score (after samples of zero weight are set aside), fewer
        when ``drop_intermediate`` drops the points where neither count bends, and the
        origin prepended at an infinite threshold. A rate whose class weighs nothing (or
        less) in total is NaN throughout. See
        ``docs/reference/metrics/classification/roccurve-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_score`` differ in length or are empty; a
                label or ``pos_label`` is not an integer; a score is NaN or infinite;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                zero throughout; ``drop_intermediate`` is not a boolean.
        """
        positive = positive_label(pos_label)
        drop = _inputs.flag(drop_intermediate, "drop_intermediate")
        truth, score, weight = _thresholds.binary_scores(y_true, y_score, sample_weight)
        fpr, tpr, thresholds = roc_points(_thresholds.walk(truth, score, positive, weight), drop)
        curve = object.__new__(RocCurve)
        curve._fpr = _frozen(fpr)
        curve._tpr = _frozen(tpr)
        curve._thresholds = _frozen(thresholds)
        return curve


def roc_points(points: _thresholds.Walk, drop: bool) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The false and true positive rates and the thresholds of the walk ``points``, the
    origin prepended at an infinite threshold, as scikit-learn's ``roc_curve`` makes them."""
    tps, fps, thresholds = points.true_positives, points.false_positives, points.thresholds
    if drop:
        keep = _thresholds.bends(fps, tps)
        tps, fps, thresholds = tps[keep], fps[keep], thresholds[keep]
    fps, tps = np.concatenate(([0.0], fps)), np.concatenate(([0.0], tps))
    fpr, tpr = _thresholds.rate(fps, fps[-1]), _thresholds.rate(tps, tps[-1])
    return fpr, tpr, np.concatenate(([np.inf], thresholds))
