"""``MeanAbsolutePercentageError``: the mean of the absolute residuals relative to the
truth, as fractions (not percentages)."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MeanAbsolutePercentageError"]

#: The smallest magnitude a truth is divided by: the spacing of doubles at 1, 2**-52.
EPSILON = float(np.finfo(np.float64).eps)


def _relative(found: _outputs.Targets) -> np.ndarray[Any, Any]:
    """``abs(y_pred - y_true) / max(abs(y_true), 2**-52)`` averaged down the columns."""
    residual = found.predicted - found.truth
    np.abs(residual, out=residual)
    np.divide(residual, np.maximum(np.abs(found.truth), EPSILON), out=residual)
    return _outputs.column_means(residual, found)


class MeanAbsolutePercentageError:
    """The mirror of ``Lodestar.Metrics.MeanAbsolutePercentageError`` and of
    ``sklearn.metrics.mean_absolute_percentage_error``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The mean absolute percentage error over every output, as a fraction: ``0.5`` is
        fifty per cent. A truth of zero is divided by ``2**-52`` instead, so that a miss
        there weighs about ``4.5e15`` times the miss. See
        ``docs/reference/metrics/regression/meanabsolutepercentageerror-score.md``.

        Raises:
            ArgumentError: as :meth:`MeanSquaredError.score` refuses.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.score(
            _relative, y_true, y_pred, output_count, sample_weight, output_weights
        )

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> np.ndarray[Any, Any]:
        """One mean absolute percentage error per output, in column order.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.per_output(_relative, y_true, y_pred, output_count, sample_weight)
