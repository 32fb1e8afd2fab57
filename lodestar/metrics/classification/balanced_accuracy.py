"""``BalancedAccuracy``: the mean of the per-class recalls."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics.classification.confusion_matrix import (
    OMITTED,
    ConfusionMatrix,
    matrix_cells,
    matrix_form,
)

__all__ = ["BalancedAccuracy"]


class BalancedAccuracy:
    """The mirror of ``Lodestar.Metrics.BalancedAccuracy`` and of
    ``sklearn.metrics.balanced_accuracy_score``."""

    @staticmethod
    def score(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        adjusted: bool = False,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> float:
        """The mean recall over the classes that have a true sample.

        Two forms, the two C# overloads: ``score(y_true, y_pred, adjusted, labels,
        sample_weight)`` counts the matrix with
        :meth:`~lodestar.metrics.ConfusionMatrix.compute` and reads it;
        ``score(cm=matrix, adjusted=...)`` reads a matrix already counted.

        Each row's recall is its diagonal cell over its row sum. A row whose sum and
        diagonal are both zero (a class with no true weight) is left out of the mean;
        every other row is kept, even one whose weights cancel to a zero sum, whose
        recall is then infinite. ``adjusted`` maps chance, one over the number of kept
        classes, to zero; with one kept class that divides by zero and gives NaN or an
        infinity, and with none the result is NaN. See
        ``docs/reference/metrics/classification/balancedaccuracy-score.md``.

        Raises:
            ArgumentError: as :meth:`ConfusionMatrix.compute` does for the label form;
                in the matrix form, ``cm`` is given with an argument of the label form
                or is not a ``ConfusionMatrix``.
            ArgumentNullError: ``cm`` is ``None``.
            TypeError: neither ``cm`` nor both label arrays were given.
        """
        adjusted = _inputs.flag(adjusted, "adjusted")
        matrix = matrix_form(
            "BalancedAccuracy.score",
            cm,
            y_true,
            y_pred,
            labels=labels,
            sample_weight=sample_weight,
        )
        if matrix is None:
            matrix = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        cells = matrix_cells(matrix)
        with np.errstate(divide="ignore", invalid="ignore"):
            recall = np.diagonal(cells) / cells.sum(axis=1)
            kept = recall[~np.isnan(recall)]
            if kept.size == 0:
                return float("nan")
            score = np.mean(kept)
            if adjusted:
                chance = 1 / kept.size
                score = (score - chance) / (1 - chance)
        return float(score)
