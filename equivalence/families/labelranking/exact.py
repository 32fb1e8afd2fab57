"""Exact coverage error, label ranking loss and label ranking average precision.

The ranks are counts (no rounding): the rank of a label is the number of its row's
scores at least as high as its own, and its rank among the relevant labels the number of
relevant scores at least as high. What rounds is each row's value and the mean:

* coverage: an integer a row, then the weighted mean of
  :func:`equivalence.families.probability.exact.weighted_mean`;
* ranking loss: ``wrong / (P · (width - P))`` a row, one rounded quotient of integers,
  then the same weighted mean;
* average precision: the mean of ``L_r / rank_r`` over the relevant labels (each quotient
  rounded, then a sum of them in any order, then a division), then ``Σ w·a / Σ w``. A
  zero sum of weights is divided by: ``Σ w·a`` decides the sign of the infinity, or
  NaN where it is zero too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, Exactly, exact, nonzero, total
from equivalence.families.probability.exact import weighted_mean
from lodestar.metrics import CoverageError, LabelRankingAveragePrecision, LabelRankingLoss
from lodestar.metrics.ranking.label_ranking import _matrices

__all__ = ["EVALUATORS"]

Rows = list[tuple[list[bool], list[float]]]


def _read(
    member: Any, y_true: Any, y_score: Any, label_count: int, sample_weight: Any, single: bool
) -> tuple[Rows, Any]:
    member.score(y_true, y_score, label_count, sample_weight)  # the checks, refusals included
    relevant, scores, weight = _matrices(y_true, y_score, label_count, sample_weight, single)
    return list(zip(relevant.tolist(), scores.tolist(), strict=True)), weight


def _rank(row: list[float], value: float, relevant: list[bool] | None = None) -> int:
    """How many of ``row`` (those flagged ``relevant``, when given) score ``value`` or more."""
    return sum(1 for j, s in enumerate(row) if s >= value and (relevant is None or relevant[j]))


def coverage(y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None) -> Approx:
    rows, weight = _read(CoverageError, y_true, y_score, label_count, sample_weight, False)
    worst = [max((_rank(s, s[j]) for j in range(len(t)) if t[j]), default=0) for t, s in rows]
    return weighted_mean([exact(w) for w in worst], weight)


def loss(y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None) -> Approx:
    rows, weight = _read(LabelRankingLoss, y_true, y_score, label_count, sample_weight, False)
    losses = []
    for truth, row in rows:
        positives = sum(truth)
        pairs = positives * (len(truth) - positives)
        wrong = sum(
            _rank(row, row[j]) - _rank(row, row[j], truth) for j in range(len(truth)) if truth[j]
        )
        losses.append(exact(wrong) / exact(pairs) if pairs else exact(0))
    return weighted_mean(losses, weight)


def precision(
    y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None
) -> Approx | Exactly:
    member = LabelRankingAveragePrecision
    rows, weight = _read(member, y_true, y_score, label_count, sample_weight, True)
    scores = []
    for truth, row in rows:
        relevant = [j for j in range(len(truth)) if truth[j]]
        if 0 < len(relevant) < len(truth):
            ratios = [
                exact(_rank(row, row[j], truth)) / exact(_rank(row, row[j])) for j in relevant
            ]
            scores.append(total(ratios) / exact(len(relevant)))
        else:
            scores.append(exact(1))
    weights = [exact(1)] * len(rows) if weight is None else [exact(w) for w in weight.tolist()]
    numerator, denominator = (
        total(a * w for a, w in zip(scores, weights, strict=True)),
        total(weights),
    )
    if nonzero(denominator):
        return numerator / denominator
    if not nonzero(numerator):
        return Exactly(math.nan)
    return Exactly(math.copysign(math.inf, float(numerator.exact)))


EVALUATORS: dict[str, Callable[..., Any]] = {
    "CoverageError.score": coverage,
    "LabelRankingLoss.score": loss,
    "LabelRankingAveragePrecision.score": precision,
}
