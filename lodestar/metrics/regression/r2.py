"""``R2``: the coefficient of determination, one minus the residual sum of squares over
the truth's.

The steps are ``sklearn.metrics.r2_score``'s (1.9) in its order: the weighted sum of the
squared residuals, the weighted sum of the squared deviations from the weighted mean of
the truth, then the score per output. Fewer than two samples is a case of its own, which
``zero_division`` answers whatever ``force_finite`` says.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics.classification.zero_division import ZeroDivision
from lodestar.metrics.regression import _outputs, _variance

__all__ = ["R2"]

FloatArray = npt.NDArray[np.float64]


def _policy(value: Any) -> ZeroDivision:
    if isinstance(value, ZeroDivision):
        return value
    raise ArgumentError(
        f"zero_division is {value!r}; it must be ZeroDivision.ZERO, ONE, NAN or THROW.",
        "zero_division",
    )


def _sums(found: _outputs.Targets) -> tuple[FloatArray, FloatArray]:
    """The residual sum of squares and the truth's, per output, each weighted."""
    truth, predicted = found.truth, found.predicted
    mean = _outputs.column_means(truth, found)

    def squared_residual(rows: slice, out: FloatArray) -> None:
        np.subtract(truth[rows], predicted[rows], out=out)
        np.multiply(out, out, out=out)

    def squared_deviation(rows: slice, out: FloatArray) -> None:
        np.subtract(truth[rows], mean, out=out)
        np.multiply(out, out, out=out)

    numerator = _variance.column_sums(found, squared_residual)
    denominator = _variance.column_sums(found, squared_deviation)
    _variance.parts_are_finite(found, numerator, denominator)
    return numerator, denominator


def _undefined(policy: ZeroDivision, outputs: int) -> FloatArray:
    """One answer per output for fewer than two samples, as ``zero_division`` says."""
    if policy is ZeroDivision.THROW:
        raise UndefinedMetricError(
            "R² is undefined on fewer than two samples: the truth has no variance to compare "
            "with. Pass ZeroDivision.ZERO, ONE or NAN for a value instead."
        )
    value = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, np.nan)
    return np.full(outputs, value)


def _compute(
    found: _outputs.Targets, force_finite: Any, zero_division: Any
) -> tuple[FloatArray, FloatArray | None]:
    """The scores per output and, over two samples or more, the truth's sums of squares."""
    finite = _variance.force_finite_flag(force_finite)
    policy = _policy(zero_division)
    if found.samples < 2:
        _outputs.refuse_non_finite(found)
        return _undefined(policy, found.outputs), None
    numerator, denominator = _sums(found)
    return _variance.scores(numerator, denominator, finite), denominator


class R2:
    """The mirror of ``Lodestar.Metrics.R2`` and of ``sklearn.metrics.r2_score``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
        force_finite: bool = True,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> float:
        """R² over every output: the per-output scores averaged, or weighted by
        ``output_weights``. See ``docs/reference/metrics/regression/r2-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses; NaN or infinity in a block; weights that sum to zero;
                ``force_finite`` not a boolean or ``zero_division`` not a
                :class:`ZeroDivision`.
            ArgumentOutOfRangeError: ``output_count`` is below one.
            UndefinedMetricError: fewer than two samples under ``ZeroDivision.THROW``.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
        per_output, _ = _compute(found, force_finite, zero_division)
        with np.errstate(invalid="ignore"):  # +inf and -inf outputs average to NaN
            return _outputs.reduce(per_output, output_weights)

    @staticmethod
    def per_output(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        force_finite: bool = True,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> FloatArray:
        """One R² per output, in column order (``multioutput='raw_values'``); on fewer
        than two samples, ``zero_division``'s answer once per output.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
            UndefinedMetricError: fewer than two samples under ``ZeroDivision.THROW``.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight)
        return _compute(found, force_finite, zero_division)[0]

    @staticmethod
    def variance_weighted(
        y_true: Any,
        y_pred: Any,
        output_count: int,
        sample_weight: Any = None,
        force_finite: bool = True,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> float:
        """R² averaged over the outputs with each output's sum of squares of the truth as
        its weight (``multioutput='variance_weighted'``); the plain mean when no output
        varies.

        Raises:
            ArgumentError: as :meth:`score` does, or variances that sum to zero without
                all being zero (negative weights).
            ArgumentOutOfRangeError: ``output_count`` is below one.
            UndefinedMetricError: fewer than two samples under ``ZeroDivision.THROW``.
        """
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight)
        per_output, denominator = _compute(found, force_finite, zero_division)
        if denominator is None:
            return float(np.mean(per_output))
        return _variance.by_variance(per_output, denominator)
