"""``ExplainedVariance``: one minus the variance of the residuals over the truth's.

The steps are ``sklearn.metrics.explained_variance_score``'s (1.9) in its order: the
weighted mean residual, the weighted mean of the squared residuals once centred on it, the
weighted mean of the truth and of the squared deviations from it, then the score per
output. A uniform bias is centred away and costs nothing. One sample is no special case:
its variance is zero, and ``force_finite`` answers it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.metrics.regression import _outputs, _variance

__all__ = ["ExplainedVariance"]

FloatArray = npt.NDArray[np.float64]


def _compute(found: _outputs.Targets, force_finite: Any) -> tuple[FloatArray, FloatArray]:
    """The scores per output and the truth's variance per output."""
    finite = _variance.force_finite_flag(force_finite)
    truth, predicted = found.truth, found.predicted
    mean = _outputs.column_means(truth, found)

    def residual(rows: slice, out: FloatArray) -> None:
        np.subtract(truth[rows], predicted[rows], out=out)

    shift = _variance.weighted_means(found, residual)

    def squared_centred_residual(rows: slice, out: FloatArray) -> None:
        residual(rows, out)
        np.subtract(out, shift, out=out)
        np.multiply(out, out, out=out)

    def squared_deviation(rows: slice, out: FloatArray) -> None:
        np.subtract(truth[rows], mean, out=out)
        np.multiply(out, out, out=out)

    numerator = _variance.weighted_means(found, squared_centred_residual)
    denominator = _variance.weighted_means(found, squared_deviation)
    _variance.parts_are_finite(found, numerator, denominator)
    return _variance.scores(numerator, denominator, finite), denominator


class ExplainedVariance:
    """The mirror of ``Lodestar.Metrics.ExplainedVariance`` and of
    ``sklearn.metrics.explained_variance_score``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
        force_finite: bool = True,
    ) -> float:
        """The explained variance over every output: the per-output scores averaged, or
        weighted by ``output_weights``. See
        ``docs/reference/metrics/regression/explainedvariance-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses; NaN or infinity in a block; weights that sum to zero;
                ``force_finite`` not a boolean.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
        per_output = _compute(found, force_finite)[0]
        with np.errstate(invalid="ignore"):  # +inf and -inf outputs average to NaN
            return _outputs.reduce(per_output, output_weights)

    @staticmethod
    def per_output(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        force_finite: bool = True,
    ) -> FloatArray:
        """One explained variance per output, in column order
        (``multioutput='raw_values'``).

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight)
        return _compute(found, force_finite)[0]

    @staticmethod
    def variance_weighted(
        y_true: Any,
        y_pred: Any,
        output_count: int,
        sample_weight: Any = None,
        force_finite: bool = True,
    ) -> float:
        """The explained variance averaged over the outputs with each output's variance of
        the truth as its weight (``multioutput='variance_weighted'``); the plain mean when
        no output varies.

        Raises:
            ArgumentError: as :meth:`score` does, or variances that sum to zero without
                all being zero (negative weights).
            ArgumentOutOfRangeError: ``output_count`` is below one.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight)
        return _variance.by_variance(*_compute(found, force_finite))
