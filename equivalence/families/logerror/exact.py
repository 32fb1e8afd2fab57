"""Exact mean squared log error and its root.

Each target's ``log1p`` is taken at :data:`~equivalence.arith.PRECISION` bits, with
the error of the platform's ``log1p`` (:data:`~equivalence.arith.LOG_ULPS` units in
its last place); the rest is the mean squared error's sums and quotient, and for the root
a square root per output, which rounds once and halves the relative error it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import mpmath
import numpy as np

from equivalence.arith import LOG_ULPS, PRECISION, Approx, Refuses, U, nonzero, total
from equivalence.families.variance.exact import Leaf, outputs_average
from lodestar.metrics.regression import _outputs, log_error

__all__ = ["EVALUATORS"]


def _log1p(value: float) -> Approx:
    with mpmath.workprec(PRECISION):
        exact = mpmath.log1p(mpmath.mpf(value))
    return Approx(exact, LOG_ULPS * 2 * U * abs(float(exact)))


def _root(value: Approx) -> Leaf:
    if value.unbounded or value.exact < 0:
        raise ValueError("no root to hold the answer to")
    with mpmath.workprec(PRECISION):
        exact = mpmath.sqrt(
            mpmath.mpf(value.exact) if not isinstance(value.exact, mpmath.mpf) else value.exact
        )
    size = float(exact)
    carried = math.inf if size == 0 and value.error else (value.error / (2 * size) if size else 0.0)
    return Approx(exact, (carried + U * size) * (1 + 2.0**-20))


def _evaluate(root: bool, reduce: bool) -> Callable[..., Any]:
    def evaluate(
        y_true: Any,
        y_pred: Any,
        output_count: Any = 1,
        sample_weight: Any = None,
        output_weights: Any = None,
    ) -> Any:
        found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
        _outputs.refuse_non_finite(found)
        log_error._in_domain(found, "Mean Squared Logarithmic Error")
        weight = [
            Approx.of(float(w))
            for w in (found.weight if found.weight is not None else np.ones(found.samples))
        ]
        whole = total(weight)
        if not nonzero(whole):
            raise Refuses("weights sum to zero")
        errors: list[Leaf] = []
        for column in range(found.outputs):
            squares = [
                w * ((_log1p(t) - _log1p(p)) * (_log1p(t) - _log1p(p)))
                for w, t, p in zip(
                    weight, found.truth[:, column], found.predicted[:, column], strict=True
                )
            ]
            mean = total(squares) / whole
            errors.append(_root(mean) if root else mean)
        if not reduce:
            return errors
        flat = np.ravel(
            np.asarray(output_weights if output_weights is not None else [], dtype=float)
        )
        return outputs_average(errors, [Approx.of(float(w)) for w in flat] if flat.size else None)

    return evaluate


EVALUATORS: dict[str, Callable[..., Any]] = {
    f"{name}.{method}": _evaluate(name.startswith("Root"), method == "score")
    for name in ("MeanSquaredLogError", "RootMeanSquaredLogError")
    for method in ("score", "per_output")
}
