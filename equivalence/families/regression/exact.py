"""Exact mean-type regression errors and ``MaxError``: rational, but for a square root.

Each value's term is exact arithmetic on the two inputs: the residual ``t - p`` (one
rounding in float64), squared, taken absolutely, or divided by ``max(|t|, 2**-52)``. An
output's mean is the weighted mean of its terms within the bound of
:func:`~equivalence.families.probability.exact.weighted_mean`; ``score`` then averages the outputs,
plainly or by ``output_weights``. ``RootMeanSquaredError`` takes each output's square root
in ``mpmath``: the root moves a bound ``ê`` by at most ``ê / (√x + √(x - ê))`` and rounds
once more (a mean that negative weights make negative has no real root: such calls are
compared with scikit-learn instead). ``MaxError`` is the largest residual, each within its
one rounding.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath

from equivalence.arith import PRECISION, Approx, exact, total
from equivalence.families.probability.exact import weighted_mean
from lodestar.metrics import (
    MaxError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    RootMeanSquaredError,
)
from lodestar.metrics.regression import _outputs

__all__ = ["EVALUATORS"]

Term = Callable[[Approx, Approx], Approx]
EPSILON = 2.0**-52


def _absolute(value: Approx) -> Approx:
    return Approx(abs(value.exact), value.error)


def _squared(t: Approx, p: Approx) -> Approx:
    residual = t - p
    return residual * residual


def _absolute_term(t: Approx, p: Approx) -> Approx:
    return _absolute(p - t)


def _relative(t: Approx, p: Approx) -> Approx:
    return _absolute(p - t) / exact(max(abs(float(t.exact)), EPSILON))


def _root(value: Approx) -> Approx:
    """``sqrt``: correctly rounded, and 1/2-Hölder where the operand may reach zero."""
    with mpmath.workprec(PRECISION):
        root = mpmath.sqrt(mpmath.mpf(value.exact.numerator) / value.exact.denominator)
    low = float(value.exact) - value.error
    high = math.sqrt(float(value.exact))
    carried = math.sqrt(value.error) if low <= 0 else value.error / (high + math.sqrt(low))
    return value._rounded(root, carried)


def _per_output(
    term: Term, y_true: Any, y_pred: Any, output_count: Any, sample_weight: Any
) -> list[Approx]:
    found = _outputs.targets(y_true, y_pred, output_count, sample_weight)
    truth, predicted = found.truth.tolist(), found.predicted.tolist()
    weight = None if found.weight is None else found.weight.tolist()
    return [
        weighted_mean(
            [
                term(exact(row[j]), exact(other[j]))
                for row, other in zip(truth, predicted, strict=True)
            ],
            weight,
        )
        for j in range(found.outputs)
    ]


def reduce_outputs(per_output: list[Approx], output_weights: Any) -> Approx:
    if output_weights is None or len(output_weights) == 0:
        return total(per_output) / exact(len(per_output))
    weights = [exact(float(w)) for w in output_weights]
    return total(v * w for v, w in zip(per_output, weights, strict=True)) / total(weights)


def _evaluators(
    name: str, member: Any, term: Term, root: bool = False
) -> dict[str, Callable[..., Any]]:
    def per_output(
        y_true: Any, y_pred: Any, output_count: int = 1, sample_weight: Any = None
    ) -> list[Approx]:
        member.per_output(y_true, y_pred, output_count, sample_weight)  # the contract's refusals
        values = _per_output(term, y_true, y_pred, output_count, sample_weight)
        return [_root(v) for v in values] if root else values

    def score(
        y_true: Any,
        y_pred: Any,
        output_count: int = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> Approx:
        member.score(y_true, y_pred, output_count, sample_weight, output_weights)
        return reduce_outputs(
            per_output(y_true, y_pred, output_count, sample_weight), output_weights
        )

    return {f"{name}.score": score, f"{name}.per_output": per_output}


def max_error(y_true: Any, y_pred: Any) -> Approx:
    MaxError.score(y_true, y_pred)
    found = _outputs.targets(y_true, y_pred, 1, None)
    residuals = [
        _absolute(exact(t) - exact(p))
        for t, p in zip(found.truth.ravel().tolist(), found.predicted.ravel().tolist(), strict=True)
    ]
    largest = max(residuals, key=lambda r: r.exact)
    return Approx(Fraction(largest.exact), max(r.error for r in residuals))


EVALUATORS: dict[str, Callable[..., Any]] = {
    **_evaluators("MeanSquaredError", MeanSquaredError, _squared),
    **_evaluators("RootMeanSquaredError", RootMeanSquaredError, _squared, root=True),
    **_evaluators("MeanAbsoluteError", MeanAbsoluteError, _absolute_term),
    **_evaluators("MeanAbsolutePercentageError", MeanAbsolutePercentageError, _relative),
    "MaxError.score": max_error,
}
