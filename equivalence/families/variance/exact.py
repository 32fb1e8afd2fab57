"""Exact R² and explained variance: rational throughout.

Per output, R²'s numerator is the weighted sum of the squared residuals and its
denominator the weighted sum of the squared deviations of the truth from its weighted
mean; explained variance divides both by the total weight after centring the residuals
on their own weighted mean. Each is a sum of products of exact inputs
(:func:`~equivalence.arith.total` bounds any order of adding). Where a variance is
exactly zero, ``force_finite`` (and, for R² on one sample, ``zero_division``) gives a
constant; where rounding alone decides whether it is zero, any answer is faithful.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from equivalence.arith import ANY, Ambiguous, Approx, Exactly, Refuses, nonzero, total
from lodestar.metrics import ZeroDivision
from lodestar.metrics.regression import _outputs
from lodestar.metrics.regression.r2 import _policy

__all__ = ["EVALUATORS"]

Leaf = Approx | Exactly


def _columns(
    y_true: Any, y_pred: Any, output_count: Any, sample_weight: Any, output_weights: Any = None
) -> tuple[list[list[Approx]], list[list[Approx]], list[Approx]]:
    """The truth and the prediction by output, and the weights, exactly (lodestar's own
    checks first)."""
    found = _outputs.targets(y_true, y_pred, output_count, sample_weight, output_weights)
    _outputs.refuse_non_finite(found)
    weight = found.weight if found.weight is not None else np.ones(found.samples)
    exact_columns = [
        [[Approx.of(float(x)) for x in block[:, j]] for j in range(found.outputs)]
        for block in (found.truth, found.predicted)
    ]
    return exact_columns[0], exact_columns[1], [Approx.of(float(w)) for w in weight]


def _mean(values: Sequence[Approx], weight: Sequence[Approx], whole: Approx) -> Approx:
    return total(w * x for w, x in zip(weight, values, strict=True)) / whole


def _parts(
    truth: list[Approx], predicted: list[Approx], weight: list[Approx], centred: bool
) -> tuple[Approx, Approx]:
    """The numerator and the denominator of one output's score."""
    whole = total(weight)
    if not nonzero(whole):
        raise Refuses("weights sum to zero")
    residual = [t - p for t, p in zip(truth, predicted, strict=True)]
    if centred:
        shift = _mean(residual, weight, whole)
        residual = [r - shift for r in residual]
    mean = _mean(truth, weight, whole)
    numerator = total(w * (r * r) for w, r in zip(weight, residual, strict=True))
    denominator = total(w * ((t - mean) * (t - mean)) for w, t in zip(weight, truth, strict=True))
    return (numerator / whole, denominator / whole) if centred else (numerator, denominator)


def _score(numerator: Approx, denominator: Approx, force_finite: bool) -> Leaf:
    try:
        if nonzero(denominator):
            return 1 - numerator / denominator
        if not nonzero(numerator):
            return Exactly(1.0 if force_finite else math.nan)
    except Ambiguous:
        return ANY
    if force_finite:
        return Exactly(0.0)
    # A non-zero numerator over an exact zero: the quotient has no exact value, and the
    # float answer's infinity takes the sign of a signed zero (negative weights make the
    # denominator -0.0 or +0.0 by the order of the operations), which exact arithmetic
    # does not carry. Any answer is faithful; the exact level still holds the sign to
    # scikit-learn's.
    return ANY


def outputs_average(scores: Sequence[Leaf], weights: Sequence[Approx] | None) -> Leaf:
    """The scores' mean, or their weighted mean."""
    if any(isinstance(s, Approx) and s.unbounded for s in scores):
        return ANY
    if any(isinstance(s, Exactly) and not math.isfinite(s.value) for s in scores):
        values = np.array([s.value if isinstance(s, Exactly) else float(s.exact) for s in scores])
        factors = np.ones(len(values)) if weights is None else [float(w.exact) for w in weights]
        with np.errstate(invalid="ignore"):
            return Exactly(float(np.sum(values * factors) / np.sum(factors)))
    leaves = [Approx.of(s.value) if isinstance(s, Exactly) else s for s in scores]
    if weights is None:
        return total(leaves) / len(leaves)
    return total(s * w for s, w in zip(leaves, weights, strict=True)) / total(weights)


def _evaluate(centred: bool, reduce: str) -> Callable[..., Any]:
    """The evaluator of one member: ``reduce`` is ``score``, ``per_output`` or ``variance``."""

    def evaluate(y_true: Any, y_pred: Any, output_count: Any = 1, *args: Any, **kwargs: Any) -> Any:
        names = ["sample_weight", "output_weights"] if reduce == "score" else ["sample_weight"]
        given = dict(zip([*names, "force_finite", "zero_division"], args, strict=False))
        given.update(kwargs)
        weights = given.get("output_weights")
        truth, predicted, weight = _columns(
            y_true, y_pred, output_count, given.get("sample_weight"), weights
        )
        forced = given.get("force_finite", True)
        if not centred and len(weight) < 2:
            policy = _policy(given.get("zero_division", ZeroDivision.NAN))
            if policy is ZeroDivision.THROW:
                raise Refuses("R² on one sample")
            value = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, math.nan)
            return [Exactly(value)] * len(truth) if reduce == "per_output" else Exactly(value)
        parts = [_parts(t, p, weight, centred) for t, p in zip(truth, predicted, strict=True)]
        scores = [_score(n, d, forced) for n, d in parts]
        if reduce == "per_output":
            return scores
        if reduce == "score":
            flat = np.ravel(np.asarray(weights if weights is not None else [], dtype=float))
            lifted = [Approx.of(float(w)) for w in flat] if flat.size else None
            return outputs_average(scores, lifted)
        variances = [d for _, d in parts]
        try:
            if not any(nonzero(d) for d in variances):
                return outputs_average(scores, None)
            if not nonzero(total(variances)):
                raise Refuses("variances sum to zero")
        except Ambiguous:
            return ANY
        return outputs_average(scores, variances)

    return evaluate


EVALUATORS: dict[str, Callable[..., Any]] = {
    f"{name}.{member}": _evaluate(name == "ExplainedVariance", reduce)
    for name in ("R2", "ExplainedVariance")
    for member, reduce in (
        ("score", "score"),
        ("per_output", "per_output"),
        ("variance_weighted", "variance"),
    )
}
