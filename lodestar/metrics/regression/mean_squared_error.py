"""``MeanSquaredError``: the mean of the squared residuals."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MeanSquaredError", "squared_errors"]


def squared_errors(found: _outputs.Targets) -> np.ndarray[Any, Any]:
    """The mean squared residual of each output: scikit-learn's ``(y_true - y_pred) ** 2``
    averaged down the columns."""
    residual = found.truth - found.predicted
    np.multiply(residual, residual, out=residual)
    return _outputs.column_means(residual, found)


class MeanSquaredError:
    """The mirror of ``Lodestar.Metrics.MeanSquaredError`` and of
    ``sklearn.metrics.mean_squared_error``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The mean squared error over every output: the per-output errors averaged, or
        weighted by ``output_weights``. See
        ``docs/reference/metrics/regression/meansquarederror-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses, or NaN or infinity in ``y_true`` or ``y_pred``.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.score(
            squared_errors, y_true, y_pred, output_count, sample_weight, output_weights
        )

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> np.ndarray[Any, Any]:
        """One mean squared error per output, in column order (``multioutput='raw_values'``).

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.per_output(squared_errors, y_true, y_pred, output_count, sample_weight)
