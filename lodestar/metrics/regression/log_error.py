"""``MeanSquaredLogError`` and ``RootMeanSquaredLogError``: the mean squared error of
``log(1 + y)``, and its root per output.

Both refuse a target at or below -1, where ``log1p`` has no value, in scikit-learn's
sentence (1.6 and later; before, scikit-learn refused every negative target). Then the
blocks are replaced by their ``numpy.log1p`` (accurate near zero, where ``log(1 + y)``
would lose the low bits of ``y`` in the addition) and the mean squared error, or its root
per output, is taken of them, in scikit-learn's steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError
from lodestar.metrics.regression import _outputs

__all__ = ["MeanSquaredLogError", "RootMeanSquaredLogError"]

FloatArray = npt.NDArray[np.float64]


def _in_domain(found: _outputs.Targets, metric: str) -> _outputs.Targets:
    """The targets, once no value is at or below -1, where ``log1p`` has no value."""
    for block, name in ((found.truth, "y_true"), (found.predicted, "y_pred")):
        if (block <= -1).any():
            raise ArgumentError(
                f"{metric} cannot be used when targets contain values less than or equal to -1.",
                name,
            )
    return found


def logged_squared(truth: Any, predicted: Any, out: Any) -> None:
    """scikit-learn's ``(log1p(y_true) - log1p(y_pred)) ** 2``, value by value: taken a
    chunk of rows at a time (:func:`~lodestar.metrics.regression._outputs.term_means`),
    so that no logged copy of a whole block is held."""
    np.subtract(np.log1p(truth), np.log1p(predicted), out=out)
    np.multiply(out, out, out=out)


#: The mean squared log residual of each output.
logged_squared_errors = _outputs.of_term(logged_squared)


def _squared(found: _outputs.Targets) -> FloatArray:
    return logged_squared_errors(_in_domain(found, "Mean Squared Logarithmic Error"))


def _rooted(found: _outputs.Targets) -> FloatArray:
    roots: FloatArray = np.sqrt(
        logged_squared_errors(_in_domain(found, "Root Mean Squared Logarithmic Error"))
    )
    return roots


class MeanSquaredLogError:
    """The mirror of ``Lodestar.Metrics.MeanSquaredLogError`` and of
    ``sklearn.metrics.mean_squared_log_error``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The mean squared error of ``log1p`` of the targets, averaged over the outputs or
        weighted by ``output_weights``. See
        ``docs/reference/metrics/regression/meansquaredlogerror-score.md``.

        Raises:
            ArgumentError: as :meth:`MeanSquaredError.score` refuses, or a target at or
                below -1.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.score(_squared, y_true, y_pred, output_count, sample_weight, output_weights)

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> FloatArray:
        """One mean squared log error per output, in column order.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.per_output(_squared, y_true, y_pred, output_count, sample_weight)


class RootMeanSquaredLogError:
    """The mirror of ``Lodestar.Metrics.RootMeanSquaredLogError`` and of
    ``sklearn.metrics.root_mean_squared_log_error`` (scikit-learn 1.4 and later)."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The per-output roots of the mean squared log error, averaged or weighted by
        ``output_weights``. See
        ``docs/reference/metrics/regression/rootmeansquaredlogerror-score.md``.

        Raises:
            ArgumentError: as :meth:`MeanSquaredLogError.score` refuses.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.score(_rooted, y_true, y_pred, output_count, sample_weight, output_weights)

    @staticmethod
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> FloatArray:
        """One root mean squared log error per output, in column order.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        return _outputs.per_output(_rooted, y_true, y_pred, output_count, sample_weight)
