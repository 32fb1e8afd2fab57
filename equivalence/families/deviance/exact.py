"""Exact Tweedie deviances and D², with the error a float64 evaluation can make.

Each value's deviance is evaluated operation by operation as
:class:`~equivalence.arith.Approx` (the power's constants ``1 - p``, ``2 - p`` and
their product rounded as a port rounds them), the Poisson's and the gamma's logarithm
within :data:`~equivalence.arith.LOG_ULPS`, and a power ``x^a`` within
:data:`POW_ULPS` units in its last place of ``x^a`` (NumPy's SIMD ``pow`` and the C
library's are well inside this), an operand's bound carried as ``|a|·ê / (x - ê)``
relative. The mean is :func:`~equivalence.families.probability.exact.weighted_mean`'s.

``D2Tweedie`` divides the model's mean deviance by the mean deviance of predicting the
weighted mean of the truth, that mean itself carried with its bound. A baseline deviance
of exactly zero is refused; one that rounding may make zero is
:class:`~equivalence.arith.Ambiguous`. Malformed input, the power's range and the
domain are read by the members' own checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath

from equivalence.arith import PRECISION, Approx, Refuses, U, exact, nonzero
from equivalence.families.pinball.exact import policy
from equivalence.families.probability.exact import weighted_mean
from lodestar.metrics import D2Tweedie, TweedieDeviance, ZeroDivision
from lodestar.metrics.regression import _outputs

__all__ = ["EVALUATORS", "POW_ULPS"]

#: How many units in the last place the platform's ``pow`` may be off by.
POW_ULPS = 4
_SLACK = 1.0 + 2.0**-20


def power(base: Approx, exponent: float) -> Approx:
    """``base ** exponent`` as the platform's ``pow`` gives it (``base >= 0``)."""
    if base.exact == 0 and base.error == 0:
        return Approx(Fraction(0), 0.0)
    if base.exact < 0:
        raise ValueError("a negative base has no real power")
    size = abs(float(base.exact))
    if base.error >= size:
        return Approx(base.exact, math.inf)
    with mpmath.workprec(PRECISION):
        value = mpmath.power(_mpf(base.exact), exponent)
    magnitude = float(abs(value))
    relative = base.error / (size - base.error)
    carried = magnitude * math.expm1(abs(exponent) * math.log1p(relative))
    return Approx(value, (carried + POW_ULPS * 2 * U * magnitude) * _SLACK)


def _mpf(value: Any) -> Any:
    if isinstance(value, Fraction):
        return mpmath.mpf(value.numerator) / value.denominator
    return value


def deviance(t: float, p: Approx, power_: float) -> Approx:
    """One value's deviance at ``power_``, scikit-learn's formula in its order."""
    truth = exact(t)
    if power_ == 0:
        residual = truth - p
        return residual * residual
    if power_ == 1:
        term = exact(0.0) if t == 0 else truth * (truth / p).log()
        return 2 * ((term - truth) + p)
    if power_ == 2:
        return 2 * (((p / truth).log() + truth / p) - 1)
    one, two = exact(1.0) - exact(power_), exact(2.0) - exact(power_)
    first = power(exact(max(t, 0.0)), float(two.exact)) / (one * two)
    second = truth * power(p, float(one.exact)) / one
    return 2 * ((first - second) + power(p, float(two.exact)) / two)


def _inputs(y_true: Any, y_pred: Any, sample_weight: Any) -> tuple[list[float], list[float], Any]:
    found = _outputs.targets(y_true, y_pred, 1, sample_weight)
    weight = None if found.weight is None else found.weight.tolist()
    return found.truth[:, 0].tolist(), found.predicted[:, 0].tolist(), weight


def _mean(truth: list[float], predicted: list[Approx], power_: float, weight: Any) -> Approx:
    return weighted_mean(
        [deviance(t, p, power_) for t, p in zip(truth, predicted, strict=True)], weight
    )


def tweedie(y_true: Any, y_pred: Any, power: float = 0.0, sample_weight: Any = None) -> Approx:
    TweedieDeviance.score(y_true, y_pred, power, sample_weight)  # the contract's refusals
    truth, predicted, weight = _inputs(y_true, y_pred, sample_weight)
    return _mean(truth, [exact(p) for p in predicted], float(power), weight)


def d2(
    y_true: Any,
    y_pred: Any,
    power: float = 0.0,
    sample_weight: Any = None,
    zero_division: ZeroDivision = ZeroDivision.NAN,
) -> Any:
    truth, predicted, weight = _inputs(y_true, y_pred, sample_weight)
    try:
        D2Tweedie.score(y_true, y_pred, power, sample_weight, zero_division)
    except Exception as error:  # a baseline that rounds to zero is decided below
        if "undefined" not in str(error) or len(truth) < 2:
            raise
    if len(truth) < 2:
        return policy(zero_division)
    model = _mean(truth, [exact(p) for p in predicted], float(power), weight)
    average = weighted_mean([exact(t) for t in truth], weight)
    baseline = _mean(truth, [average] * len(truth), float(power), weight)
    if not nonzero(baseline):
        raise Refuses("the baseline deviance is zero")
    return exact(1.0) - model / baseline


def _fixed(power_: float) -> Callable[..., Approx]:
    """The evaluator of a member of a fixed power."""

    def evaluate(y_true: Any, y_pred: Any, sample_weight: Any = None) -> Approx:
        return tweedie(y_true, y_pred, power_, sample_weight)

    return evaluate


EVALUATORS: dict[str, Callable[..., Any]] = {
    "TweedieDeviance.score": tweedie,
    "PoissonDeviance.score": _fixed(1.0),
    "GammaDeviance.score": _fixed(2.0),
    "D2Tweedie.score": d2,
}
