"""``TweedieDeviance``, ``PoissonDeviance``, ``GammaDeviance`` and ``D2Tweedie``: the mean
Tweedie deviance at a power, at the powers 1 and 2, and the fraction of it a model
explains against predicting the weighted mean of the truth.

Each reads one output: ``y_true`` and ``y_pred`` flat, or 2-D of one column."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from lodestar.errors import UndefinedMetricError
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification.zero_division import ZeroDivision
from lodestar.metrics.regression import _outputs
from lodestar.metrics.regression._deviance import mean_deviance, power_value, term
from lodestar.metrics.regression.d2_pinball import too_few_samples

__all__ = ["D2Tweedie", "GammaDeviance", "PoissonDeviance", "TweedieDeviance"]


class TweedieDeviance:
    """The mirror of ``Lodestar.Metrics.TweedieDeviance`` and of
    ``sklearn.metrics.mean_tweedie_deviance``."""

    @staticmethod
    def score(y_true: Any, y_pred: Any, power: float = 0.0, sample_weight: Any = None) -> float:
        """The weighted mean deviance at ``power``: 0 the normal (the squared error), 1 the
        Poisson, 2 the gamma, 3 the inverse gaussian, any power at most 0 or at least 1.
        See ``docs/reference/metrics/regression/tweediedeviance-score.md``.

        Raises:
            ArgumentError: as :func:`~lodestar.metrics.regression._outputs.targets`
                refuses (one output), NaN or infinity in ``y_true`` or ``y_pred``, a value
                outside the domain of ``power``'s regime, or ``power`` not a number.
            ArgumentOutOfRangeError: ``power`` lies in ``(0, 1)`` or is not finite.
        """
        value = power_value(power)
        return mean_deviance(_outputs.targets(y_true, y_pred, 1, sample_weight), value)


class PoissonDeviance:
    """The mirror of ``Lodestar.Metrics.PoissonDeviance`` and of
    ``sklearn.metrics.mean_poisson_deviance``: :class:`TweedieDeviance` at power 1."""

    @staticmethod
    def score(y_true: Any, y_pred: Any, sample_weight: Any = None) -> float:
        """The mean Poisson deviance: counts ``y_true >= 0`` against rates ``y_pred > 0``.
        See ``docs/reference/metrics/regression/poissondeviance-score.md``.

        Raises:
            ArgumentError: as :meth:`TweedieDeviance.score` refuses at power 1.
        """
        return TweedieDeviance.score(y_true, y_pred, 1.0, sample_weight)


class GammaDeviance:
    """The mirror of ``Lodestar.Metrics.GammaDeviance`` and of
    ``sklearn.metrics.mean_gamma_deviance``: :class:`TweedieDeviance` at power 2."""

    @staticmethod
    def score(y_true: Any, y_pred: Any, sample_weight: Any = None) -> float:
        """The mean gamma deviance: both blocks strictly positive, and the answer unchanged
        when both are scaled alike. See
        ``docs/reference/metrics/regression/gammadeviance-score.md``.

        Raises:
            ArgumentError: as :meth:`TweedieDeviance.score` refuses at power 2.
        """
        return TweedieDeviance.score(y_true, y_pred, 2.0, sample_weight)


def _overflowed_baseline(found: _outputs.Targets, baseline: Any, power: float) -> float:
    """The mean deviance of a baseline that is not finite (the weighted mean of huge
    truths overflowed), as ``numpy.average`` gives it: inf or NaN, never a refusal of a
    block the caller did not pass."""
    values = np.empty_like(found.truth)
    with np.errstate(all="ignore"):
        term(power)(found.truth, baseline, values)
        if found.weight is None:
            return float(np.mean(values[:, 0]))
        return float(np.multiply(values[:, 0], found.weight).sum() / found.weight.sum())


class D2Tweedie:
    """The mirror of ``Lodestar.Metrics.D2Tweedie`` and of
    ``sklearn.metrics.d2_tweedie_score``."""

    @staticmethod
    def score(
        y_true: Any,
        y_pred: Any,
        power: float = 0.0,
        sample_weight: Any = None,
        zero_division: ZeroDivision = ZeroDivision.NAN,
    ) -> float:
        """``1 - D / D₀``: the model's mean deviance ``D`` over ``D₀``, the mean deviance
        of predicting the weighted mean of the truth. See
        ``docs/reference/metrics/regression/d2tweedie-score.md``.

        Raises:
            ArgumentError: as :meth:`TweedieDeviance.score` refuses, or
                ``zero_division`` not a :class:`ZeroDivision`.
            ArgumentOutOfRangeError: as :meth:`TweedieDeviance.score` refuses.
            UndefinedMetricError: ``D₀`` is zero (every truth the same value), or fewer
                than two samples under ``ZeroDivision.THROW``.
        """
        value, policy = power_value(power), _prf.policy(zero_division)
        found = _outputs.targets(y_true, y_pred, 1, sample_weight)
        numerator = mean_deviance(found, value)
        if found.samples < 2:
            return float(too_few_samples(policy, 1, "D² Tweedie")[0])
        truth = found.truth[:, 0]
        weight = found.weight
        with np.errstate(all="ignore"):  # a mean past the doubles is met below
            if weight is None:
                average = np.mean(truth)
            else:
                average = np.multiply(truth, weight).sum() / weight.sum()
        baseline = np.broadcast_to(average, found.truth.shape)
        if np.isfinite(average):
            denominator = mean_deviance(replace(found, predicted=baseline), value, checked=False)
        else:  # the mean itself overflowed: its deviance is taken as it comes, inf or NaN
            denominator = _overflowed_baseline(found, baseline, value)
        if denominator == 0.0:
            raise UndefinedMetricError(
                "D² Tweedie is undefined: every true value is the same, so predicting their "
                "mean leaves no deviance to explain."
            )
        return 1.0 - numerator / denominator
