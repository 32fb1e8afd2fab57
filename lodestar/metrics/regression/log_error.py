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


_REFUSES = "; or a value at or below -1, where ``log1p`` has no value"
_MSLE_SCORE, _MSLE_PER_OUTPUT = _outputs.members(
    _squared, "MeanSquaredLogError", __name__, "mean squared log error", _REFUSES
)
_RMSLE_SCORE, _RMSLE_PER_OUTPUT = _outputs.members(
    _rooted, "RootMeanSquaredLogError", __name__, "root mean squared log error", _REFUSES
)


class MeanSquaredLogError:
    """The mirror of ``Lodestar.Metrics.MeanSquaredLogError`` and of
    ``sklearn.metrics.mean_squared_log_error``."""

    score = staticmethod(_MSLE_SCORE)
    per_output = staticmethod(_MSLE_PER_OUTPUT)


class RootMeanSquaredLogError:
    """The mirror of ``Lodestar.Metrics.RootMeanSquaredLogError`` and of
    ``sklearn.metrics.root_mean_squared_log_error`` (scikit-learn 1.4 and later): the root
    is taken per output, before the reduction."""

    score = staticmethod(_RMSLE_SCORE)
    per_output = staticmethod(_RMSLE_PER_OUTPUT)
