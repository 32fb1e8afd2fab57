"""Exact median absolute error.

The residuals ``|y_true - y_pred|`` are the doubles every port computes (one correctly
rounded subtraction), so they are the inputs here. The unweighted median is the middle
one, or the mean of the two middle ones. The weighted median is found on the exact
cumulative weights: the first value whose cumulative weight reaches half the total, alone
when it passes the half by more than one machine epsilon, else averaged with the next value
of non-zero weight. With whole weights every sum is exact; with others, where a cumulative
weight comes within the rounding of a sum of the half (or of the half plus epsilon), the
choice is rounding's and any answer is faithful. Negative weights leave no order to the
cumulative weight, and the answer is held to scikit-learn's.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from equivalence.arith import ANY, Approx, U
from equivalence.families.variance.exact import Leaf, outputs_average
from lodestar.metrics.regression import _outputs

__all__ = ["EVALUATORS"]

EPSILON = Fraction(float(np.finfo(np.float64).eps))


def _middle(values: list[float]) -> Leaf:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return Approx.of(ordered[middle])
    return (Approx.of(ordered[middle - 1]) + Approx.of(ordered[middle])) / 2


def _weighted(values: list[float], weights: list[float]) -> Leaf:
    if min(weights) < 0 or not any(weights):
        raise ValueError("no order to the cumulative weight")
    exact = [Fraction(w) for w in weights]
    total = sum(exact, Fraction(0))
    half = total / 2
    whole = all(w.denominator == 1 for w in exact)
    bound = Fraction(0) if whole else Fraction(4 * len(values) * 2 * U) * total
    groups: dict[float, Fraction] = {}
    for value, weight in zip(values, exact, strict=True):
        groups[value] = groups.get(value, Fraction(0)) + weight
    reached = Fraction(0)
    for value in sorted(groups):
        under, reached = reached, reached + groups[value]
        if reached >= half:
            break
    gaps = (abs(under - half), abs(reached - half), abs(reached - half - EPSILON))
    if bound and min(gaps) <= bound:
        return ANY
    if reached - half > EPSILON:
        return Approx.of(value)
    above = [v for v, w in groups.items() if v > value and w != 0]
    return (Approx.of(value) + Approx.of(min(above, default=value))) / 2


def _evaluate(reduce: bool) -> Callable[..., Any]:
    def evaluate(
        y_true: Any,
        y_pred: Any,
        output_count: Any = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> Any:
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
        _outputs.refuse_non_finite(found)
        residual = np.abs(found.truth - found.predicted)
        columns = [residual[:, j].tolist() for j in range(found.outputs)]
        if found.weight is None:
            medians = [_middle(column) for column in columns]
        else:
            medians = [_weighted(column, found.weight.tolist()) for column in columns]
        if not reduce:
            return medians
        flat = np.ravel(np.asarray(output_weights if output_weights is not None else []))
        return outputs_average(medians, [Approx.of(float(w)) for w in flat] if flat.size else None)

    return evaluate


EVALUATORS: dict[str, Callable[..., Any]] = {
    "MedianAbsoluteError.score": _evaluate(True),
    "MedianAbsoluteError.per_output": _evaluate(False),
}
