"""``RocAuc``: the area under the ROC curve, of one score per sample or of class
probabilities reduced to binary problems."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics._inputs import IntArray
from lodestar.metrics.classification import _thresholds
from lodestar.metrics.classification.log_loss import positive_label
from lodestar.metrics.classification.roc_curve import roc_points

__all__ = ["RocAuc", "binary_area", "two_labels"]


def two_labels(truth: IntArray, positive: int) -> None:
    """Refuses labels that are not exactly two distinct values, ``positive`` one of them."""
    hit = truth == positive
    if not hit.any() or hit.all():
        raise ArgumentError(
            "Only one class is present in y_true; the ROC AUC is undefined for it.", "y_true"
        )
    others = truth[~hit]
    if others.min() != others.max():
        raise ArgumentError(
            "y_true holds more than two labels; RocAuc.score needs exactly two "
            "(RocAuc.multi_class scores more).",
            "y_true",
        )


def binary_area(points: _thresholds.Walk) -> float:
    """The trapezoids under the ROC curve of ``points`` (intermediate points dropped), as
    scikit-learn's ``auc`` sums them: refused where the false positive rate goes back
    (it ends at 1, so it cannot decrease throughout, ``auc``'s other case)."""
    fpr, tpr, _ = roc_points(points, True)
    dx = np.diff(fpr)
    if (dx < 0).any():
        raise ArgumentError(
            "The false positive rate goes down and up again along the thresholds "
            f"({fpr.tolist()}): negative weights leave no area under the curve.",
            "sample_weight",
        )
    return float((dx * (tpr[1:] + tpr[:-1]) / 2.0).sum())


@final
class RocAuc:
    """The mirror of ``Lodestar.Metrics.RocAuc`` and of ``sklearn.metrics.roc_auc_score``."""

    def __init__(self) -> None:
        raise TypeError("RocAuc is a static class; call RocAuc.score or RocAuc.multi_class.")

    @staticmethod
    def score(y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None) -> float:
        """The area under the ROC curve of one score per sample, ``pos_label`` positive.

        ``y_true`` holds exactly two distinct labels, ``pos_label`` one of them. NaN when
        either class weighs nothing (or less) in total. See
        ``docs/reference/metrics/classification/rocauc-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_score`` differ in length or are empty; a
                label or ``pos_label`` is not an integer; ``y_true`` does not hold exactly
                two labels, ``pos_label`` one of them; a score is NaN or infinite;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                zero throughout; negative weights make the false positive rate go down
                and up again.
        """
        positive = positive_label(pos_label)
        truth, score, weight = _thresholds.binary_scores(y_true, y_score, sample_weight)
        two_labels(truth, positive)
        return binary_area(_thresholds.walk(truth, score, positive, weight))
