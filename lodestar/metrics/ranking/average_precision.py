"""``AveragePrecision``: the step sum over the precision-recall curve."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics._inputs import IntArray
from lodestar.metrics.classification import _thresholds
from lodestar.metrics.classification.log_loss import positive_label

__all__ = ["AveragePrecision", "step_sum"]


def step_sum(points: _thresholds.Walk) -> float:
    """``-sum(diff(recall) * precision[:-1])`` over scikit-learn's reversed curve, clipped
    at zero: each step in recall times the precision where it is taken."""
    tps, fps = points.true_positives, points.false_positives
    predicted = tps + fps
    precision = np.zeros_like(tps)
    np.divide(tps, predicted, out=precision, where=predicted != 0)
    recall = tps / tps[-1] if tps[-1] != 0 else np.ones_like(tps)
    steps = np.diff(np.concatenate((recall[::-1], [0.0])))
    return max(0.0, float(-np.sum(steps * precision[::-1])))


def _binary_labels(truth: IntArray, positive: int) -> None:
    """Refuses three labels or more; two that leave ``positive`` out are the no-positive case."""
    low, high = truth.min(), truth.max()
    if low != high and ((truth != low) & (truth != high)).any():
        raise ArgumentError(
            "y_true holds more than two labels; the binary average precision needs two at most.",
            "y_true",
        )


@final
class AveragePrecision:
    """The mirror of ``Lodestar.Metrics.AveragePrecision`` and of
    ``sklearn.metrics.average_precision_score``."""

    def __init__(self) -> None:
        raise TypeError("AveragePrecision is a static class; call AveragePrecision.score.")

    @staticmethod
    def score(y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None) -> float:
        """The average precision of one score per sample, ``pos_label`` positive.

        ``0.0`` when no sample carries ``pos_label`` (or its weight totals zero). See
        ``docs/reference/metrics/ranking/averageprecision-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_score`` differ in length or are empty; a
                label or ``pos_label`` is not an integer; ``y_true`` holds three labels or
                more; a score is NaN or infinite; ``sample_weight`` is neither empty nor
                one finite value per sample, or is zero throughout.
        """
        positive = positive_label(pos_label)
        truth, score, weight = _thresholds.binary_scores(y_true, y_score, sample_weight)
        _binary_labels(truth, positive)
        return step_sum(_thresholds.walk(truth, score, positive, weight))
