"""Exact precision, recall, F-beta and Jaccard, for the *faithful* level.

Per class, ``tp``, the predicted weight and the true weight are sums of weights over every
sample (exact for whole-number weights); ``fp`` and ``fn`` are the totals less ``tp`` and
the denominators are rebuilt as ``tp + fp`` and ``tp + fn``, as scikit-learn's one-vs-rest
matrices give them. Each score is one quotient, ``(1 + β²)·tp / (β²·(tp + fn) + (tp + fp))``
for F (``β²`` itself a rounded product). A zero denominator gives the ``zero_division``
constant exactly (``THROW`` refuses), one whose zero-ness rounding decides any value. The
averages follow the contract: NaN classes left out (kept for Jaccard), supports summing to
zero giving the plain mean (refused for Jaccard unless all are zero).

The arguments are read by lodestar's own checks (``ConfusionMatrix.compute`` and the
family's), so an evaluator only ever sees what the contract computes on.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.arith import ANY, Ambiguous, Approx, Exactly, Refuses, exact, nonzero, total
from lodestar.metrics import Averaging, ConfusionMatrix, ZeroDivision, _inputs
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification._prf import Metric

__all__ = ["EVALUATORS"]

Leaf = Approx | Exactly


def _classes(
    y_true: Any, y_pred: Any, labels: Any, sample_weight: Any
) -> tuple[list[int], list[int], list[tuple[Approx, Approx, Approx]]]:
    """The matrix's labels, the observed labels, and per matrix label ``(tp, fp, fn)``."""
    order = list(ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight).labels)
    truth = _inputs.labels(y_true, "y_true").tolist()
    predicted = _inputs.labels(y_pred, "y_pred").tolist()
    observed = sorted({*truth, *predicted})
    return order, observed, [_counts(label, truth, predicted, sample_weight) for label in order]


def _counts(
    label: int, truth: list[int], predicted: list[int], sample_weight: Any
) -> tuple[Approx, Approx, Approx]:
    weight = _inputs.weights(sample_weight, len(truth))
    weights = [1.0] * len(truth) if weight is None else weight.tolist()
    rows = list(zip(truth, predicted, weights, strict=True))
    tp = total(exact(w) for t, p, w in rows if t == p == label)
    pred_total = total(exact(w) for _, p, w in rows if p == label)
    true_total = total(exact(w) for t, _, w in rows if t == label)
    return tp, pred_total - tp, true_total - tp


def _divide(numerator: Approx, denominator: Approx, zero: ZeroDivision) -> Leaf:
    try:
        if nonzero(denominator):
            return numerator / denominator
    except Ambiguous:
        if zero is ZeroDivision.THROW:
            raise
        return ANY
    if zero is ZeroDivision.THROW:
        raise Refuses("a zero denominator under ZeroDivision.THROW")
    return Exactly({ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(zero, math.nan))


def _score(
    metric: Metric, counts: tuple[Approx, Approx, Approx], zero: ZeroDivision, beta: float
) -> Leaf:
    tp, fp, fn = counts
    predicted, true = tp + fp, tp + fn
    if metric is Metric.JACCARD:
        return _divide(tp, predicted + fn, zero)
    if metric is Metric.PRECISION or (metric is Metric.F and beta == 0):
        return _divide(tp, predicted, zero)
    if metric is Metric.RECALL:
        return _divide(tp, true, zero)
    beta2 = exact(beta) * exact(beta)
    return _divide((beta2 + 1) * tp, beta2 * true + predicted, zero)


def _as_approx(value: Leaf) -> Approx | None:
    if isinstance(value, Approx):
        return value
    return None if math.isnan(value.value) else exact(value.value)


def _mean(values: list[Leaf], weights: list[Approx] | None, jaccard: bool) -> Leaf:
    if any(v is ANY for v in values):
        return ANY
    kept = [(i, _as_approx(v)) for i, v in enumerate(values)]
    present = [(i, v) for i, v in kept if v is not None]
    if not present or (jaccard and len(present) < len(values)):
        return Exactly(math.nan)
    if weights is not None and not (jaccard and not any(w.exact for w in weights)):
        chosen = [weights[i] for i, _ in present]
        denominator = total(chosen)
        try:
            if nonzero(denominator):
                return total(v * w for (_, v), w in zip(present, chosen, strict=True)) / denominator
        except Ambiguous:
            return ANY
        if jaccard:
            raise Refuses("supports summing to zero under WEIGHTED")
    return total(v for _, v in present) / exact(len(present))


def _arguments(metric: Metric, zero_division: Any, beta: Any) -> tuple[ZeroDivision, float]:
    zero = _prf.policy(zero_division)
    return zero, (_prf.beta_value(beta) if metric is Metric.F and beta is not None else 1.0)


def _per_class(metric: Metric, beta_given: bool) -> Callable[..., list[Leaf]]:
    def evaluate(y_true: Any, y_pred: Any, *rest: Any, **kwargs: Any) -> list[Leaf]:
        names = ("beta",) * beta_given + ("zero_division", "labels", "sample_weight")
        arguments: dict[str, Any] = {"beta": None, "zero_division": ZeroDivision.ZERO}
        arguments |= {"labels": None, "sample_weight": None}
        arguments |= {**dict(zip(names, rest, strict=False)), **kwargs}
        zero, beta = _arguments(metric, arguments["zero_division"], arguments["beta"])
        _, _, counts = _classes(y_true, y_pred, arguments["labels"], arguments["sample_weight"])
        return [_score(metric, c, zero, beta) for c in counts]

    return evaluate


def _scored(metric: Metric, beta_given: bool) -> Callable[..., Leaf]:
    def evaluate(y_true: Any, y_pred: Any, *rest: Any, **kwargs: Any) -> Leaf:
        names = ("beta",) * beta_given
        names += ("average", "pos_label", "zero_division", "labels", "sample_weight")
        arguments: dict[str, Any] = {"beta": None, "average": Averaging.BINARY, "pos_label": 1}
        arguments |= {"zero_division": ZeroDivision.ZERO, "labels": None, "sample_weight": None}
        arguments |= {**dict(zip(names, rest, strict=False)), **kwargs}
        zero, beta = _arguments(metric, arguments["zero_division"], arguments["beta"])
        average = _prf.averaging(arguments["average"])
        positive = _prf.pos_label_value(arguments["pos_label"])
        labels, weight = arguments["labels"], arguments["sample_weight"]
        _order, observed, counts = _classes(y_true, y_pred, labels, weight)
        if average is Averaging.BINARY:
            if len(observed) > 2 or (len(observed) == 2 and positive not in observed):
                raise Refuses("BINARY on this target")
            truth = _inputs.labels(y_true, "y_true").tolist()
            predicted = _inputs.labels(y_pred, "y_pred").tolist()
            return _score(metric, _counts(positive, truth, predicted, weight), zero, beta)
        if average is Averaging.MICRO:
            summed = tuple(total(c[k] for c in counts) for k in range(3))
            tp, fp, fn = summed
            if metric is Metric.JACCARD:
                return _score(metric, (tp, fp, fn), zero, beta)
            # scikit-learn sums tp, tp + fp and tp + fn class by class
            predicted_sum = total(c[0] + c[1] for c in counts)
            true_sum = total(c[0] + c[2] for c in counts)
            return _score(metric, (tp, predicted_sum - tp, true_sum - tp), zero, beta)
        values = [_score(metric, c, zero, beta) for c in counts]
        weights = [c[0] + c[2] for c in counts] if average is Averaging.WEIGHTED else None
        return _mean(values, weights, metric is Metric.JACCARD)

    return evaluate


_METRICS = {
    "Precision": (Metric.PRECISION, False),
    "Recall": (Metric.RECALL, False),
    "F1": (Metric.F, False),
    "FBeta": (Metric.F, True),
    "JaccardScore": (Metric.JACCARD, False),
}

_LABEL_FORMS: dict[str, Callable[..., Any]] = {
    **{f"{name}.score": _scored(*spec) for name, spec in _METRICS.items()},
    **{f"{name}.per_class": _per_class(*spec) for name, spec in _METRICS.items()},
}

#: A matrix form (``[cm]``) takes its label form's calls and answers the same.
EVALUATORS: dict[str, Callable[..., Any]] = {
    **_LABEL_FORMS,
    **{f"{name}[cm]": f for name, f in _LABEL_FORMS.items() if not name.startswith("Jaccard")},
}
