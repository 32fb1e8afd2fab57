"""``D2Pinball`` and ``D2AbsoluteError``: the fraction of pinball loss a model explains."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from lodestar.errors import UndefinedMetricError
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification.zero_division import ZeroDivision
from lodestar.metrics.regression import _outputs
from lodestar.metrics.regression._quantile import quantiles
from lodestar.metrics.regression.pinball_loss import alpha_value, formula_means, mean_losses

__all__ = ["D2AbsoluteError", "D2Pinball", "too_few_samples"]


def too_few_samples(zero_division: ZeroDivision, outputs: int, what: str) -> Any:
    """The answer below two samples, one per output: ``zero_division``'s value
    (NaN by default, scikit-learn's), or a refusal under ``THROW``."""
    if zero_division is ZeroDivision.THROW:
        raise UndefinedMetricError(
            f"{what} is undefined for fewer than two samples; pass ZeroDivision.ZERO, ONE "
            "or NAN for a value instead."
        )
    value = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(zero_division, np.nan)
    return np.full(outputs, value)


def _per_output(
    y_true: Any,
    y_pred: Any,
    alpha: Any,
    output_count: Any,
    sample_weight: Any,
    zero_division: Any,
    output_weights: Any = None,
) -> Any:
    """One D² per output column: ``1 - loss / baseline``, the baseline the loss of
    predicting the column's weighted quantile; 1 where the loss is 0, and 0 where only
    the baseline is (scikit-learn's ``force_finite`` rule)."""
    quantile = alpha_value(alpha)
    policy = _prf.policy(zero_division)
    found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
    if found.samples < 2:
        _outputs.refuse_non_finite(found)
        return too_few_samples(policy, found.outputs, "D² pinball")
    with np.errstate(all="ignore"):
        return _scores(found, quantile)


def _scores(found: _outputs.Targets, quantile: float) -> Any:
    numerator = mean_losses(found, quantile)
    constant = quantiles(found.truth, found.weight, quantile)
    baseline = np.broadcast_to(constant, found.truth.shape)
    if np.isfinite(constant).all():
        denominator = mean_losses(replace(found, predicted=baseline), quantile)
    else:  # the quantile itself overflowed: its loss is taken as it comes, as scikit-learn's
        denominator = formula_means(found.truth, baseline, found.weight, quantile)
    scores = np.ones(found.outputs)
    valid = (numerator != 0) & (denominator != 0)
    scores[valid] = 1 - numerator[valid] / denominator[valid]
    scores[(numerator != 0) & (denominator == 0)] = 0.0
    return scores


class D2Pinball:
    """The mirror of ``Lodestar.Metrics.D2Pinball`` and of
    ``sklearn.metrics.d2_pinball_score``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        alpha: float = 0.5,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> float:
        """The fraction of pinball loss explained, over every output: the per-output
        scores averaged, or weighted by ``output_weights``. See
        ``docs/reference/metrics/regression/d2pinball-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses, NaN or infinity in ``y_true`` or ``y_pred``, ``alpha`` not a
                number, or ``zero_division`` not a :class:`ZeroDivision`.
            ArgumentOutOfRangeError: ``output_count`` is below one, or ``alpha`` is NaN
                or outside ``[0, 1]``.
            UndefinedMetricError: fewer than two samples under ``ZeroDivision.THROW``.
        """
        scores = _per_output(
            y_true, y_pred, alpha, output_count, sample_weight, zero_division, output_weights
        )
        return _outputs.reduce(scores, output_weights)

    @staticmethod
    def per_output(
        y_true: Any,
        y_pred: Any,
        alpha: float = 0.5,
        output_count: int = 1,
        sample_weight: Any = None,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> np.ndarray[Any, Any]:
        """One score per output, in column order (``multioutput='raw_values'``); each
        column has its own baseline.

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: as :meth:`score` does.
            UndefinedMetricError: as :meth:`score` does.
        """
        scores: np.ndarray[Any, Any] = _per_output(
            y_true, y_pred, alpha, output_count, sample_weight, zero_division
        )
        return scores


class D2AbsoluteError:
    """The mirror of ``Lodestar.Metrics.D2AbsoluteError`` and of
    ``sklearn.metrics.d2_absolute_error_score``: :class:`D2Pinball` at ``alpha = 0.5``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> float:
        """The fraction of absolute error explained, against the weighted median of the
        truth. See ``docs/reference/metrics/regression/d2absoluteerror-score.md``.

        Raises:
            ArgumentError: as :meth:`D2Pinball.score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
            UndefinedMetricError: fewer than two samples under ``ZeroDivision.THROW``.
        """
        return D2Pinball.score(
            y_true, y_pred, 0.5, output_count, sample_weight, output_weights, zero_division
        )

    @staticmethod
    def per_output(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> np.ndarray[Any, Any]:
        """One score per output, in column order (``multioutput='raw_values'``).

        Raises:
            ArgumentError: as :meth:`D2Pinball.score` does.
            ArgumentOutOfRangeError: ``output_count`` is below one.
            UndefinedMetricError: fewer than two samples under ``ZeroDivision.THROW``.
        """
        return D2Pinball.per_output(y_true, y_pred, 0.5, output_count, sample_weight, zero_division)
