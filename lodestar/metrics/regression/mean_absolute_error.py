"""``MeanAbsoluteError``: the mean of the absolute residuals."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MeanAbsoluteError"]


def _term(truth: Any, predicted: Any, out: Any) -> None:
    """scikit-learn's ``abs(y_pred - y_true)``, value by value."""
    np.subtract(predicted, truth, out=out)
    np.abs(out, out=out)


_SCORE, _PER_OUTPUT = _outputs.members(
    _outputs.of_term(_term), "MeanAbsoluteError", __name__, "mean absolute error"
)


class MeanAbsoluteError:
    """The mirror of ``Lodestar.Metrics.MeanAbsoluteError`` and of
    ``sklearn.metrics.mean_absolute_error``."""

    score = staticmethod(_SCORE)
    per_output = staticmethod(_PER_OUTPUT)
