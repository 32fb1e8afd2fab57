"""``MeanAbsoluteError``: the mean of the absolute residuals."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MeanAbsoluteError"]


def _absolute(found: _outputs.Targets) -> np.ndarray[Any, Any]:
    """The mean absolute residual of each output: ``abs(y_pred - y_true)`` averaged down
    the columns."""
    residual = found.predicted - found.truth
    np.abs(residual, out=residual)
    return _outputs.column_means(residual, found)


class MeanAbsoluteError:
    """The mirror of ``Lodestar.Metrics.MeanAbsoluteError`` and of
    ``sklearn.metrics.mean_absolute_error``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The mean absolute error over every output. See
        ``docs/reference/metrics/regression/meanabsoluteerror-score.md``.

        Raises:
            ArgumentError: as :meth:`MeanSquaredError.score` refuses.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.score(
            _absolute, y_true, y_pred, output_count, sample_weight, output_weights
        )

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> np.ndarray[Any, Any]:
        """One mean absolute error per output, in column order.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.per_output(_absolute, y_true, y_pred, output_count, sample_weight)
