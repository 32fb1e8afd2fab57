"""The Tweedie deviance: one kernel whose formula and domain the ``power`` selects.

Five regimes, each with scikit-learn's formula in scikit-learn's order of operations, so
that a mean deviance carries the bits ``mean_tweedie_deviance`` gives:

* ``power < 0``: ``2·(max(y, 0)^(2-p) / ((1-p)(2-p)) - y·ŷ^(1-p) / (1-p) + ŷ^(2-p) / (2-p))``,
  any ``y``, ``ŷ > 0``;
* ``power = 0``: ``(y - ŷ)²``, any values (the mean squared error);
* ``power = 1``: ``2·(y·log(y/ŷ) - y + ŷ)`` with ``y·log(y/ŷ)`` taken as 0 at ``y = 0``
  (``xlogy``), ``y ≥ 0`` and ``ŷ > 0``;
* ``power = 2``: ``2·(log(ŷ/y) + y/ŷ - 1)``, ``y > 0`` and ``ŷ > 0``;
* any other ``power ≥ 1``: the first formula without the clamp, ``y ≥ 0`` below 2 and
  ``y > 0`` from 2 on, ``ŷ > 0``.

A power in the open interval ``(0, 1)`` names no distribution and is refused, and so is
a power that is not a finite number.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics.regression import _outputs
from lodestar.metrics.regression.mean_squared_error import squared

__all__ = ["mean_deviance", "power_value", "require_domain", "term"]

FloatArray = _outputs.FloatArray


def power_value(power: Any) -> float:
    """``power`` as a ``float``: a boolean or a non-number is refused with
    :class:`~lodestar.errors.ArgumentError`; NaN, an infinity or a value in ``(0, 1)``
    with :class:`~lodestar.errors.ArgumentOutOfRangeError`."""
    if isinstance(power, (bool, np.bool_)) or not isinstance(power, numbers.Real):
        raise ArgumentError(f"power is {_inputs._show(power)}; it must be a number.", "power")
    value = float(power)
    if not np.isfinite(value):
        raise ArgumentOutOfRangeError(
            f"power is {_inputs._show(value)}; it must be a finite number.", "power", value
        )
    if 0.0 < value < 1.0:
        raise ArgumentOutOfRangeError(
            f"power is {_inputs._show(value)}; no Tweedie distribution lies between the "
            "normal (0) and the Poisson (1): the power must be at most 0 or at least 1.",
            "power",
            value,
        )
    return value


def _allowed(power: float) -> tuple[str, bool | None, bool]:
    """What ``power``'s regime admits: scikit-learn's words for it, then whether a truth
    must be positive (``True``), non-negative (``False``) or may be anything (``None``),
    and whether a prediction must be positive."""
    if power < 0:
        return "strictly positive y_pred", None, True
    if power == 0:
        return "", None, False
    if power < 2:
        return "non-negative y and strictly positive y_pred", False, True
    return "strictly positive y and y_pred", True, True


def require_domain(found: _outputs.Targets, power: float) -> None:
    """Refuses a value outside ``power``'s domain with scikit-learn's sentence, naming
    the argument and the first value out of it."""
    words, truth_rule, positive_prediction = _allowed(power)
    checks = (
        (found.truth, "y_true", truth_rule),
        (found.predicted, "y_pred", True if positive_prediction else None),
    )
    for block, name, strict in checks:
        if strict is None:
            continue
        outside = block <= 0 if strict else block < 0
        if outside.any():
            value = block.flat[int(np.argmax(outside))]
            raise ArgumentError(
                f"Mean Tweedie deviance error with power={_inputs._show(power)} can only be "
                f"used on {words}. {name} holds {_inputs._show(value)}.",
                name,
            )


def _powers(truth: Any, predicted: Any, power: float, out: Any, clamp: bool) -> None:
    """The general regime, scikit-learn's three quotients in its order, written into
    ``out`` and one scratch block of its shape."""
    base = np.where(truth > 0, truth, 0.0) if clamp else truth
    np.power(base, 2.0 - power, out=out)
    out /= (1.0 - power) * (2.0 - power)
    scratch = np.power(predicted, 1.0 - power)
    scratch *= truth  # y·ŷ^(1-p): a product is the same double in either order
    scratch /= 1.0 - power
    out -= scratch
    np.power(predicted, 2.0 - power, out=scratch)
    scratch /= 2.0 - power
    out += scratch
    out *= 2.0


def _poisson(truth: Any, predicted: Any, out: Any) -> None:
    np.divide(truth, predicted, out=out)
    np.log(out, out=out)
    np.multiply(truth, out, out=out)
    np.copyto(out, 0.0, where=truth == 0)  # xlogy: 0 at a zero truth
    out -= truth
    out += predicted
    out *= 2.0


def _gamma(truth: Any, predicted: Any, out: Any) -> None:
    np.divide(predicted, truth, out=out)
    np.log(out, out=out)
    out += truth / predicted
    out -= 1.0
    out *= 2.0


def term(power: float) -> _outputs.Term:
    """The deviance of each value at ``power`` (already checked), written into ``out``."""
    if power == 0:
        return squared
    if power == 1:
        return _poisson
    if power == 2:
        return _gamma
    return lambda truth, predicted, out: _powers(truth, predicted, power, out, power < 0)


def mean_deviance(found: _outputs.Targets, power: float, checked: bool = True) -> float:
    """The weighted mean deviance of one output, once its values lie in the domain
    (without ``checked``, as a D² baseline is taken, wherever they lie)."""
    if checked:
        require_domain(found, power)
        if power not in (0, 1, 2):  # a power of infinity can be finite: scan first
            _outputs.refuse_non_finite(found)
    with np.errstate(all="ignore"):  # an overflow is the answer, not a warning
        return float(_outputs.term_means(term(power), found)[0])
