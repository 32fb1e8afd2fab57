"""``PinballLoss``: the mean pinball (quantile) loss."""

from __future__ import annotations

import numbers
from functools import partial
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics.regression import _outputs

__all__ = ["PinballLoss", "alpha_value", "formula_means", "losses"]


def alpha_value(alpha: Any) -> float:
    """``alpha`` as a ``float`` in ``[0, 1]``: a boolean or a non-number is refused with
    :class:`~lodestar.errors.ArgumentError`, NaN and anything outside the interval with
    :class:`~lodestar.errors.ArgumentOutOfRangeError`."""
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, numbers.Real):
        raise ArgumentError(f"alpha is {_inputs._show(alpha)}; it must be a number.", "alpha")
    value = float(alpha)
    if not 0.0 <= value <= 1.0:
        raise ArgumentOutOfRangeError(
            f"alpha is {_inputs._show(value)}; the quantile must be in [0, 1].", "alpha", value
        )
    return value


def losses(truth: Any, predicted: Any, alpha: float, out: Any = None) -> Any:
    """The pinball loss of every value (into ``out`` when given): a shortfall
    ``y - ŷ >= 0`` costs ``alpha`` a unit, an overshoot ``1 - alpha`` a unit.

    The larger of ``alpha·r`` and ``(alpha - 1)·r`` is scikit-learn's
    ``alpha·s·r - (1 - alpha)·(1 - s)·r`` (``s`` the sign indicator) to the bit: one of
    the two products is the answer and the other is not positive, and ``alpha - 1`` is
    ``-(1 - alpha)`` exactly.
    """
    residual = np.subtract(truth, predicted, out=out)
    over = residual * (alpha - 1.0)
    np.multiply(residual, alpha, out=residual)
    return np.maximum(residual, over, out=residual)


def mean_losses(found: _outputs.Targets, alpha: float) -> _outputs.FloatArray:
    """The mean pinball loss of each output at ``alpha``, a chunk of rows at a time.

    A residual past the doubles (``y - ŷ`` overflowing to an infinity) makes scikit-learn's
    formula NaN (one of its products is ``0·∞``), where the larger of the two products
    would be infinite: a mean that is not finite is computed again by that formula."""
    means = _outputs.term_means(lambda t, p, out: losses(t, p, alpha, out), found)
    if np.isfinite(means).all():
        return means
    return _outputs.term_means(lambda t, p, out: _formula(t, p, alpha, out), found)


def formula_means(truth: Any, predicted: Any, weight: Any, alpha: float) -> Any:
    """The mean of each column of :func:`_formula`'s losses, as ``numpy.average`` takes
    it, with no refusal: the loss of a D² baseline that is not finite (a quantile of huge
    truths that overflowed), which scikit-learn scores as it comes."""
    values = _formula(truth, predicted, alpha, np.empty(np.shape(truth)))
    with np.errstate(all="ignore"):
        return np.average(values, axis=0, weights=weight)


def _formula(truth: Any, predicted: Any, alpha: float, out: Any) -> Any:
    """scikit-learn's ``alpha·s·r - (1 - alpha)·(1 - s)·r`` as it is written."""
    with np.errstate(all="ignore"):
        residual = np.subtract(truth, predicted)
        sign = (residual >= 0).astype(np.float64)
        np.subtract(alpha * sign * residual, (1 - alpha) * (1 - sign) * residual, out=out)
    return out


class PinballLoss:
    """The mirror of ``Lodestar.Metrics.PinballLoss`` and of
    ``sklearn.metrics.mean_pinball_loss``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        alpha: float = 0.5,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> float:
        """The mean pinball loss at the quantile ``alpha`` over every output: the
        per-output losses averaged, or weighted by ``output_weights``. See
        ``docs/reference/metrics/regression/pinballloss-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses, or NaN or infinity in ``y_true`` or ``y_pred``, or ``alpha``
                not a number.
            ArgumentOutOfRangeError: ``output_count`` is below one, or ``alpha`` is NaN
                or outside ``[0, 1]``.
        """
        kernel = partial(mean_losses, alpha=alpha_value(alpha))
        return _outputs.score(kernel, y_true, y_pred, output_count, sample_weight, output_weights)

    @staticmethod
    def per_output(
        y_true: Any,
        y_pred: Any,
        alpha: float = 0.5,
        output_count: int = 1,
        sample_weight: Any = None,
    ) -> np.ndarray[Any, Any]:
        """One mean pinball loss per output, in column order (``multioutput='raw_values'``).

        Raises:
            ArgumentError: as :meth:`score` does.
            ArgumentOutOfRangeError: as :meth:`score` does.
        """
        kernel = partial(mean_losses, alpha=alpha_value(alpha))
        return _outputs.per_output(kernel, y_true, y_pred, output_count, sample_weight)
