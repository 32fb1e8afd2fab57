"""Exact mean reciprocal rank.

Each row contributes ``1 / rank`` (one rounding, a relative ``u``) or an exact ``0``; the
``rows`` terms are added (``rows - 1`` roundings, each at most ``u`` of the partial sum)
and divided by the row count (one more): about ``(rows + 1)·u`` relative in all, every
term being positive. The ranks themselves are counts, exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, exact, total
from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics.ranking.dcg import _blocks

__all__ = ["EVALUATORS"]


def reciprocal_rank(relevance: Any, y_score: Any, label_count: int) -> Approx:
    _inputs.count(label_count, "label_count", -(2**63), ArgumentError)
    judged, scores = _blocks(relevance, y_score, label_count, "relevance")
    terms: list[Approx] = []
    for row, ranked in zip(judged.tolist(), scores.tolist(), strict=True):
        order = sorted(range(len(ranked)), key=lambda i: (ranked[i], i), reverse=True)
        rank = next((at for at, i in enumerate(order, start=1) if row[i] != 0.0), None)
        terms.append(exact(0) if rank is None else exact(1) / exact(rank))
    return total(terms) / exact(len(terms))


EVALUATORS: dict[str, Callable[..., Any]] = {"ReciprocalRank.score": reciprocal_rank}
