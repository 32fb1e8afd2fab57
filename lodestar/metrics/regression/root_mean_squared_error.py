"""``RootMeanSquaredError``: the square root of the mean squared error, per output."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs
from lodestar.metrics.regression.mean_squared_error import squared_errors

__all__ = ["RootMeanSquaredError"]


def _roots(found: _outputs.Targets) -> np.ndarray[Any, Any]:
    """The root of each output's mean squared error, before any reduction."""
    roots: np.ndarray[Any, Any] = np.sqrt(squared_errors(found))
    return roots


class RootMeanSquaredError:
    """The mirror of ``Lodestar.Metrics.RootMeanSquaredError`` and of
    ``sklearn.metrics.root_mean_squared_error``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The per-output roots averaged, or weighted by ``output_weights`` (not the root of
        the averaged squared error). See
        ``docs/reference/metrics/regression/rootmeansquarederror-score.md``.

        Raises:
            ArgumentError: as :meth:`MeanSquaredError.score` refuses.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.score(_roots, y_true, y_pred, output_count, sample_weight, output_weights)

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> np.ndarray[Any, Any]:
        """One root mean squared error per output, in column order.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.per_output(_roots, y_true, y_pred, output_count, sample_weight)
