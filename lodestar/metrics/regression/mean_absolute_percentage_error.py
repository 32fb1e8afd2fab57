"""``MeanAbsolutePercentageError``: the mean of the absolute residuals relative to the
truth, as fractions (not percentages)."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MeanAbsolutePercentageError"]

#: The smallest magnitude a truth is divided by: the spacing of doubles at 1, 2**-52.
EPSILON = float(np.finfo(np.float64).eps)


def _term(truth: Any, predicted: Any, out: Any) -> None:
    """scikit-learn's ``abs(y_pred - y_true) / max(abs(y_true), 2**-52)``, value by value."""
    np.subtract(predicted, truth, out=out)
    np.abs(out, out=out)
    np.divide(out, np.maximum(np.abs(truth), EPSILON), out=out)


_SCORE, _PER_OUTPUT = _outputs.members(
    _outputs.of_term(_term),
    "MeanAbsolutePercentageError",
    __name__,
    "mean absolute percentage error",
)


class MeanAbsolutePercentageError:
    """The mirror of ``Lodestar.Metrics.MeanAbsolutePercentageError`` and of
    ``sklearn.metrics.mean_absolute_percentage_error``: a truth of zero is divided by
    ``2**-52`` instead."""

    score = staticmethod(_SCORE)
    per_output = staticmethod(_PER_OUTPUT)
