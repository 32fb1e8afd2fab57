"""``MaxError``: the largest absolute residual."""

from __future__ import annotations

from typing import Any

import numpy as np

from lodestar.metrics.regression import _outputs

__all__ = ["MaxError"]


class MaxError:
    """The mirror of ``Lodestar.Metrics.MaxError`` and of ``sklearn.metrics.max_error``."""

    @staticmethod
    def score(y_true: Any, y_pred: Any) -> float:
        """The largest ``abs(y_true - y_pred)``: one output, no weights. ``y_true`` and
        ``y_pred`` are flat, or 2-D of one column. See
        ``docs/reference/metrics/regression/maxerror-score.md``.

        Raises:
            ArgumentError: the blocks differ in size, are empty, are 2-D of more than one
                column, or hold NaN, infinity or something not a number.
        """
        found = _outputs.targets(y_true, y_pred, 1, None)
        with np.errstate(all="ignore"):
            worst = float(np.max(np.abs(found.truth - found.predicted)))
        if not np.isfinite(worst):
            _outputs.refuse_non_finite(found)
        return worst
