"""Exact DCG and NDCG.

* DCG: the discount of position ``i`` is ``1 / log_base(i + 2)``, evaluated in
  ``mpmath``; a port computes it as ``1 / (log(i + 2) / log(base))`` or
  ``log(base) / log(i + 2)``, each logarithm within
  :data:`~equivalence.arith.LOG_ULPS` ULP, so the discount carries about
  ``2·LOG_ULPS + 2`` units of ``u`` relative. Without ``ignore_ties`` a group of tied
  scores over positions ``a..b`` gains its mean relevance times its share of the
  discount; the share is bounded as the difference of two cumulative sums of the
  discounts (``C_b - C_(a-1)``, the way scikit-learn takes it), which also covers
  adding the group's discounts directly. The row's gain sums the groups; with
  ``ignore_ties`` it is ``Σ relᵢ·dᵢ`` in the contract's fixed order (descending score,
  ties by descending index). The score is the weighted mean over rows.
* NDCG divides each row's gain by its ideal gain (the relevance sorted descending), by
  the quotient rule; a row with no relevance scores exactly 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, exact, total
from equivalence.families.probability.exact import weighted_mean
from lodestar.metrics import _inputs
from lodestar.metrics.ranking.dcg import Dcg, Ndcg, _blocks

__all__ = ["EVALUATORS"]


def _discounts(width: int, k: int | None, base: float) -> list[Approx]:
    if base == 1.0:  # log(1) = 0: every discount is 1 / inf
        return [exact(0.0)] * width
    log_base = exact(base).log()
    discounts = [1 / (exact(i + 2).log() / log_base) for i in range(width)]
    if k is not None:
        discounts[k:] = [exact(0.0)] * len(discounts[k:])
    return discounts


def _fixed_gain(relevance: list[float], scores: list[float], discounts: list[Approx]) -> Approx:
    order = sorted(range(len(scores)), key=lambda j: (-scores[j], -j))
    return total(exact(relevance[j]) * d for j, d in zip(order, discounts, strict=True))


def _averaged_gain(relevance: list[float], scores: list[float], discounts: list[Approx]) -> Approx:
    order = sorted(range(len(scores)), key=lambda j: -scores[j])
    groups: list[list[int]] = []
    for position, j in enumerate(order):
        if position and scores[j] == scores[order[position - 1]]:
            groups[-1].append(position)
        else:
            groups.append([position])
    terms = []
    for group in groups:
        first, last = group[0], group[-1]
        share = total(discounts[: last + 1])
        if first:
            share = share - total(discounts[:first])
        mean = total(exact(relevance[order[p]]) for p in group) / exact(len(group))
        terms.append(mean * share)
    return total(terms)


def _gains(
    y_true: Any, y_score: Any, label_count: int, k: int | None, base: float, ignore_ties: bool
) -> tuple[list[list[float]], list[Approx], list[Approx]]:
    relevance, scores = _blocks(y_true, y_score, label_count)
    discounts = _discounts(label_count, k, base)
    gain = _fixed_gain if _inputs.flag(ignore_ties, "ignore_ties") else _averaged_gain
    rows = relevance.tolist()
    gains = [gain(r, s, discounts) for r, s in zip(rows, scores.tolist(), strict=True)]
    return rows, gains, discounts


def dcg(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> Approx:
    Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, None)  # the checks
    rows, gains, _ = _gains(y_true, y_score, label_count, k, float(log_base), ignore_ties)
    return weighted_mean(gains, _inputs.weights(sample_weight, len(rows)))


def ndcg(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> Approx:
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, None)  # the checks
    rows, gains, discounts = _gains(y_true, y_score, label_count, k, 2.0, ignore_ties)
    scores = []
    for relevance, gain in zip(rows, gains, strict=True):
        ideal = _fixed_gain(relevance, relevance, discounts)
        scores.append(exact(0.0) if ideal.exact == 0 else gain / ideal)
    return weighted_mean(scores, _inputs.weights(sample_weight, len(rows)))


EVALUATORS: dict[str, Callable[..., Any]] = {
    "Dcg.score": dcg,
    "Ndcg.score": ndcg,
}
