"""``MatthewsCorrelation``: the correlation between the true and the predicted labels."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics.classification.confusion_matrix import OMITTED, ConfusionMatrix, matrix_form
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = ["MatthewsCorrelation"]

_SUBSTITUTE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: float("nan")}


class MatthewsCorrelation:
    """The mirror of ``Lodestar.Metrics.MatthewsCorrelation`` and of
    ``sklearn.metrics.matthews_corrcoef``."""

    @staticmethod
    def score(
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> float:
        """The Matthews correlation coefficient of the confusion matrix, in ``[-1, 1]``
        for non-negative weights.

        Two forms, the two C# overloads: ``score(y_true, y_pred, zero_division, labels,
        sample_weight)`` counts the matrix with
        :meth:`~lodestar.metrics.ConfusionMatrix.compute` and reads it;
        ``score(cm=matrix, zero_division=...)`` reads a matrix already counted. Only the
        cells of the matrix enter: samples that ``labels`` left out count nowhere.

        With ``t`` the row sums, ``p`` the column sums, ``c`` the trace and ``n`` the
        total, the result is ``(c·n - t·p) / sqrt((n² - p·p)·(n² - t·t))``. When the
        product under the root is zero (one class throughout the truth or the
        prediction, or a matrix holding no weight) the correlation is undefined and
        ``zero_division`` gives the answer; when weights of both signs make it negative,
        the root and the result are NaN. See
        ``docs/reference/metrics/classification/matthewscorrelation-score.md``.

        Raises:
            ArgumentError: as :meth:`ConfusionMatrix.compute` does for the label form;
                ``zero_division`` is not a :class:`ZeroDivision`; in the matrix form,
                ``cm`` is given with an argument of the label form or is not a
                ``ConfusionMatrix``.
            ArgumentNullError: ``cm`` is ``None``.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and the product under
                the root is zero.
            TypeError: neither ``cm`` nor both label arrays were given.
        """
        policy = _policy(zero_division)
        matrix = matrix_form(
            "MatthewsCorrelation.score",
            cm,
            y_true,
            y_pred,
            labels=labels,
            sample_weight=sample_weight,
        )
        if matrix is None:
            matrix = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        # scikit-learn's steps in its order, so that the result carries its bits.
        cells = matrix.to_array()
        true_sum = cells.sum(axis=1)
        pred_sum = cells.sum(axis=0)
        total = pred_sum.sum()
        with np.errstate(all="ignore"):  # weights near the largest double overflow
            covariance = np.trace(cells) * total - np.dot(true_sum, pred_sum)
            spread = (total**2 - np.dot(pred_sum, pred_sum)) * (
                total**2 - np.dot(true_sum, true_sum)
            )
            if spread == 0:
                if policy is ZeroDivision.THROW:
                    raise UndefinedMetricError(
                        "The Matthews correlation is undefined here: the product under its "
                        "square root is zero (one class throughout the truth or the "
                        "prediction, or no weight counted). Pass ZeroDivision.ZERO, ONE or "
                        "NAN to get a value instead."
                    )
                return _SUBSTITUTE[policy]
            if spread < 0:  # one spread negative: the root of a negative number
                return float("nan")
            return float(covariance / np.sqrt(spread))


def _policy(zero_division: Any) -> ZeroDivision:
    if isinstance(zero_division, ZeroDivision):
        return zero_division
    shown = repr(zero_division)
    raise ArgumentError(
        f"zero_division is {shown if len(shown) <= 60 else shown[:57] + '...'}; it must be "
        "ZeroDivision.ZERO, ONE, NAN or THROW.",
        "zero_division",
    )
