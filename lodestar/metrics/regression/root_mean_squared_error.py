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


_SCORE, _PER_OUTPUT = _outputs.members(
    _roots, "RootMeanSquaredError", __name__, "root mean squared error"
)


class RootMeanSquaredError:
    """The mirror of ``Lodestar.Metrics.RootMeanSquaredError`` and of
    ``sklearn.metrics.root_mean_squared_error``: the root is taken per output, before the
    reduction."""

    score = staticmethod(_SCORE)
    per_output = staticmethod(_PER_OUTPUT)
