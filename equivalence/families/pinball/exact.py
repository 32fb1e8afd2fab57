"""Exact pinball losses and the pinball D²: rational.

Each value's loss is ``max(α·r, (α - 1)·r)`` with ``r = t - p``: the residual, ``α - 1``
and the product each round once. An output's loss is the weighted mean of its values'
within :func:`~equivalence.families.probability.exact.weighted_mean`'s bound, and ``score``
averages the outputs as the mean-type members do.

The D² of an output is ``1 - L / B``: ``L`` the mean loss of the prediction, ``B`` that
of a constant ``c``, the weighted quantile of the truth at ``α``. Exactly, ``c`` is the
first value, in sorted order, at which the running weight reaches ``α·W`` (``W`` the
total; at ``α = 0`` the first of non-zero weight); where the running weight passes ``α·W``
by no more than ``eps = 2⁻⁵²`` (an absolute margin: with weights near ``1e-16`` it nearly
always does), scikit-learn 1.9 takes the mean of that value and the next of non-zero
weight. Where a float running sum or scikit-learn's target ``(100·α / 100)·W`` may fall on
the other side of ``α·W`` or of ``α·W + eps``, ``B``'s bound takes in the loss at every
constant either side may find (:func:`_baseline`). ``L = 0`` gives ``1``,
``B = 0`` (with ``L ≠ 0``) gives ``0``; where rounding decides whether one of them is
zero, any answer is faithful. With a negative weight the running weight is not monotone
and which constant is found is an algorithm's choice, not the formula's: those calls are
compared with scikit-learn. Below two samples each output is the policy's value.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from equivalence.arith import ANY, Ambiguous, Approx, Exactly, U, exact, nonzero
from equivalence.families.median.exact import EPSILON
from equivalence.families.probability.exact import weighted_mean
from equivalence.families.regression.exact import reduce_outputs
from lodestar.metrics import D2AbsoluteError, D2Pinball, PinballLoss, ZeroDivision
from lodestar.metrics.regression import _outputs

__all__ = ["EVALUATORS"]


def _loss(t: Approx, p: Approx, alpha: float) -> Approx:
    residual = t - p
    rate = exact(alpha) if residual.exact >= 0 else exact(alpha) - exact(1.0)
    return rate * residual


def _columns(y_true: Any, y_pred: Any, output_count: Any, sample_weight: Any) -> Any:
    found = _outputs.targets(y_true, y_pred, output_count, sample_weight)
    weight = None if found.weight is None else found.weight.tolist()
    return found.truth.T.tolist(), found.predicted.T.tolist(), weight


def _mean_loss(truth: list[float], against: list[Approx], alpha: float, weight: Any) -> Approx:
    return weighted_mean(
        [_loss(exact(t), c, alpha) for t, c in zip(truth, against, strict=True)], weight
    )


def _baseline(truth: list[float], weight: list[float], alpha: float) -> list[Fraction]:
    """The constants scikit-learn's rule may find, the first the one exact sums find.

    The value at which the running weight first reaches ``α·W``; averaged with the next of
    non-zero weight where it passes ``α·W`` by ``eps`` or less (an absolute margin, so with
    weights near ``1e-16`` nearly always). Where a float running sum or target may fall on
    the other side of ``α·W`` or ``α·W + eps`` (``bound``), every constant either side may
    be found is a candidate: the previous value, the value alone and averaged, the next."""
    order = sorted(range(len(truth)), key=lambda i: truth[i])
    weights = [Fraction(w) for w in weight]
    total = sum(weights, Fraction(0))
    target = Fraction(alpha) * total
    bound = Fraction(2 * (len(truth) + 2)) * Fraction(U) * total
    running, previous = Fraction(0), None
    for position, i in enumerate(order):
        under = running
        running += weights[i]
        if running >= target and (target or running):
            value = Fraction(truth[i])
            later = [truth[k] for k in order[position + 1 :] if weight[k]]
            after = Fraction(later[0]) if later else value
            gap = running - target
            found = []
            if gap <= EPSILON + bound:
                found.append((value + after) / 2)
            if gap > EPSILON - bound:
                found.append(value)
            if target and previous is not None and target - under <= bound:
                found.append(previous)  # a float running sum may reach the target earlier
            if gap <= bound:
                found.append(after)  # or a float target pass this running weight
            return found
        if weights[i]:
            previous = Fraction(truth[i])
    return [Fraction(truth[order[-1]])]


def _d2(truth: list[float], predicted: list[float], alpha: float, weight: Any) -> Any:
    ones = [1.0] * len(truth) if weight is None else weight
    if min(ones) < 0:
        raise ValueError("a negative weight: which constant is found is the algorithm's")
    model = _mean_loss(truth, [exact(p) for p in predicted], alpha, weight)
    losses = [
        _mean_loss(truth, [Approx(c, U * abs(float(c)))] * len(truth), alpha, weight)
        for c in _baseline(truth, ones, alpha)
    ]
    spread = max(abs(float(b.exact - losses[0].exact)) for b in losses)
    constant = Approx(losses[0].exact, losses[0].error + spread)
    try:
        if not nonzero(model):
            return Exactly(1.0)
        if not nonzero(constant):
            return Exactly(0.0)
    except Ambiguous:
        return ANY
    return exact(1.0) - model / constant


def policy(zero_division: Any) -> Exactly:
    value = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(zero_division, math.nan)
    return Exactly(value)


def _evaluators(name: str, member: Any, d2: bool, alpha: bool = True) -> dict[str, Any]:
    every = ("alpha", "output_count", "sample_weight", "output_weights", "zero_division")
    names = every if alpha else every[1:]

    def values(y_true: Any, y_pred: Any, given: dict[str, Any]) -> list[Any]:
        quantile = given.get("alpha", 0.5)
        count, weight = given.get("output_count", 1), given.get("sample_weight")
        truth, predicted, weight = _columns(y_true, y_pred, count, weight)
        if d2 and len(truth[0]) < 2:
            return [policy(given.get("zero_division", ZeroDivision.NAN))] * len(truth)
        if d2:
            return [_d2(t, p, quantile, weight) for t, p in zip(truth, predicted, strict=True)]
        return [
            _mean_loss(t, [exact(x) for x in p], quantile, weight)
            for t, p in zip(truth, predicted, strict=True)
        ]

    def per_output(y_true: Any, y_pred: Any, *args: Any, **kw: Any) -> list[Any]:
        member.per_output(y_true, y_pred, *args, **kw)  # the contract's refusals
        given = {**dict(zip([n for n in names if n != "output_weights"], args, strict=False)), **kw}
        return values(y_true, y_pred, given)

    def score(y_true: Any, y_pred: Any, *args: Any, **kw: Any) -> Any:
        member.score(y_true, y_pred, *args, **kw)
        given = {**dict(zip(names, args, strict=False)), **kw}
        found = values(y_true, y_pred, given)
        if any(v is ANY for v in found):
            return ANY
        if any(isinstance(v, Exactly) and math.isnan(v.value) for v in found):
            return Exactly(math.nan)
        found = [exact(v.value) if isinstance(v, Exactly) else v for v in found]
        return reduce_outputs(found, given.get("output_weights"))

    return {f"{name}.score": score, f"{name}.per_output": per_output}


EVALUATORS: dict[str, Callable[..., Any]] = {
    **_evaluators("PinballLoss", PinballLoss, d2=False),
    **_evaluators("D2Pinball", D2Pinball, d2=True),
    **_evaluators("D2AbsoluteError", D2AbsoluteError, d2=True, alpha=False),
}
