"""Exact top-k accuracy.

Top-k accuracy is rational: whether a row's true class ranks among its ``k`` highest
scores is a comparison of exact floats (no rounding), so only the weighted mean
``Σ w·hit / Σ w`` rounds, with the bound of
:func:`equivalence.families.probability.exact.weighted_mean`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, exact
from equivalence.families.probability.exact import weighted_mean, weighted_total
from lodestar.metrics import _inputs
from lodestar.metrics.ranking.top_k_accuracy import TopKAccuracy

__all__ = ["EVALUATORS"]


def top_k(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> Approx:
    TopKAccuracy.score(y_true, y_score, class_count, k, False, sample_weight)  # the checks
    k = _inputs.count(k, "k", 1)
    normalize = _inputs.flag(normalize, "normalize")
    truth = _inputs.labels(y_true, "y_true").tolist()
    rows = _inputs.score_rows(y_score, len(truth), class_count, "y_score").tolist()
    weight = _inputs.weights(sample_weight, len(truth))
    hits = []
    for label, row in zip(truth, rows, strict=True):
        own = row[label]
        rank = sum(1 for j, s in enumerate(row) if s > own or (s == own and j > label))
        hits.append(exact(1.0 if rank < k else 0.0))
    return weighted_mean(hits, weight) if normalize else weighted_total(hits, weight)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "TopKAccuracy.score": top_k,
}
