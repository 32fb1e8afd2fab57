"""Exact log loss and Brier score.

Both are a weighted mean of per-sample costs, ``Σ wᵢ·cᵢ / Σ wᵢ`` (``Σ cᵢ / n`` unweighted).
With :mod:`~equivalence.arith`'s rules the bound a float64 evaluation meets is

    ê ≈ (ê_num + |mean|·ê_den) / |Σw| + u·|mean|,
    ê_num ≤ Σ|wᵢ|·êᵢ + u·Σ|wᵢ·cᵢ| + (n - 1)·u·Σ|wᵢ·cᵢ|,   ê_den ≤ (n - 1)·u·Σ|wᵢ|,

about ``(n + 2)·u·(Σ|w·c| + |mean|·Σ|w|) / |Σw|`` when the costs are exact: it grows with
``Σ|w| / |Σw|``, the cancellation of the weights, and with nothing else.

* Log loss: ``cᵢ = -log(clip(qᵢ, eps, 1 - eps))``, ``qᵢ`` the probability of the sample's
  true class (``p`` or ``1 - p`` in the binary form; ``1 - p`` rounds once). The
  logarithm adds :data:`~equivalence.arith.LOG_ULPS` ULP of ``cᵢ``, and the
  rounding of ``1 - p`` carries through as ``u / q``. Exact values are ``mpmath`` numbers.
* Brier score: ``cᵢ = Σⱼ (tᵢⱼ - pᵢⱼ)²`` over the one-hot truth ``t`` (the binary form
  writes it ``((1 - t) - (1 - p))² + (t - p)²``, as scikit-learn 1.7 on computes it).
  Every step is rational, so exact values are fractions. Halving is exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import Approx, Refuses, exact, nonzero, total
from lodestar.metrics import _inputs
from lodestar.metrics.classification.log_loss import EPSILON, binary_inputs, positive_label

__all__ = ["EVALUATORS"]


def weighted_mean(costs: list[Approx], weight: Any, *, refuse_zero: bool = True) -> Approx:
    """``Σ w·c / Σ w``, or ``Σ c / n`` unweighted; a zero sum of weights is refused."""
    if weight is None:
        return total(costs) / exact(len(costs))
    weights = [exact(float(w)) for w in weight]
    denominator = total(weights)
    if not nonzero(denominator):
        raise Refuses("weights sum to zero")
    return total(c * w for c, w in zip(costs, weights, strict=True)) / denominator


def weighted_total(costs: list[Approx], weight: Any) -> Approx:
    if weight is None:
        return total(costs)
    return total(c * exact(float(w)) for c, w in zip(costs, weight, strict=True))


def _log_cost(probability: Approx) -> Approx:
    return -probability.clip(EPSILON, 1.0 - EPSILON).log()


def log_loss_score(
    y_true: Any, y_proba: Any, pos_label: int = 1, normalize: bool = True, sample_weight: Any = None
) -> Approx:
    positive = positive_label(pos_label)
    normalize = _inputs.flag(normalize, "normalize")
    truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "lower than")
    costs = [
        _log_cost(exact(float(p)) if t == positive else 1 - exact(float(p)))
        for t, p in zip(truth.tolist(), proba.tolist(), strict=True)
    ]
    return weighted_mean(costs, weight) if normalize else weighted_total(costs, weight)


def multi_class_inputs(
    y_true: Any, y_proba: Any, class_count: int, sample_weight: Any
) -> tuple[Any, Any, Any]:
    """The labels, the probability rows and the weights of a multi-class call, read and
    refused in the order lodestar's multi-class log loss and Brier score read them
    (``class_count`` already read)."""
    truth = _inputs.labels(y_true, "y_true")
    rows = _inputs.probability_rows(y_proba, len(truth), class_count, "y_proba", "lower than")
    _inputs.class_indices(truth, class_count, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonempty(truth, "y_true")
    return truth, rows, weight


def log_loss_multi_class(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> Approx:
    class_count = _inputs.count(class_count, "class_count", 2)
    normalize = _inputs.flag(normalize, "normalize")
    truth, rows, weight = multi_class_inputs(y_true, y_proba, class_count, sample_weight)
    _inputs.nonzero_weights(weight)
    chosen = rows[np.arange(len(truth)), truth].tolist()
    costs = [_log_cost(exact(p)) for p in chosen]
    return weighted_mean(costs, weight) if normalize else weighted_total(costs, weight)


def halved(score: Approx, scale_by_half: bool) -> Approx:
    """``score`` halved where ``scale_by_half`` says: exactly, with its bound."""
    return Approx(score.exact / 2, score.error / 2) if scale_by_half else score


def brier_score(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> Approx:
    positive = positive_label(pos_label)
    scale_by_half = _inputs.flag(scale_by_half, "scale_by_half")
    truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "less than")
    costs = []
    for t, p in zip(truth.tolist(), proba.tolist(), strict=True):
        hit, probability = exact(1.0 if t == positive else 0.0), exact(p)
        miss = (1 - hit) - (1 - probability)
        costs.append(miss * miss + (hit - probability) * (hit - probability))
    return halved(weighted_mean(costs, weight), scale_by_half)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "LogLoss.score": log_loss_score,
    "LogLoss.multi_class": log_loss_multi_class,
    "BrierScore.score": brier_score,
}
