"""``MeanSquaredError``: the mean of the squared residuals."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MeanSquaredError", "squared_errors"]


def squared(truth: Any, predicted: Any, out: Any) -> None:
    """scikit-learn's ``(y_true - y_pred) ** 2``, value by value."""
    np.subtract(truth, predicted, out=out)
    np.multiply(out, out, out=out)


#: The mean squared residual of each output.
squared_errors = _outputs.of_term(squared)


_SCORE, _PER_OUTPUT = _outputs.members(
    squared_errors, "MeanSquaredError", __name__, "mean squared error"
)


class MeanSquaredError:
    """The mirror of ``Lodestar.Metrics.MeanSquaredError`` and of
    ``sklearn.metrics.mean_squared_error``."""

    score = staticmethod(_SCORE)
    per_output = staticmethod(_PER_OUTPUT)
