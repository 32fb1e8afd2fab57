"""Port of the DCG family's ``Dcg.score``."""

from __future__ import annotations

import math
from typing import Any

from lodestar.metrics import Dcg
from tests.ports._common import numbers, refuse_as_lodestar, running_sum, weighted_mean, weights

__all__ = ["dcg", "discounts", "row_gain"]


def discounts(width: int, k: int | None, log_base: float) -> list[float]:
    """``1 / log_base(i + 2)`` for each position ``i``, as ``log(base) / log(i + 2)``;
    zero from position ``k`` on."""
    return [
        0.0 if k is not None and i >= k else math.log(log_base) / math.log(i + 2)
        for i in range(width)
    ]


def row_gain(
    relevance: list[float], scores: list[float], discount: list[float], ties: bool
) -> float:
    """One row's gain. Documents are ranked by descending score; with ``ties`` each group
    of equal scores gives its mean relevance times the sum of its positions' discounts
    (the average over every order of the group), without, ties go by descending index."""
    width = len(scores)
    # Descending score, then descending index: a stable sort on (score, index), reversed.
    order = sorted(range(width), key=lambda document: (scores[document], document), reverse=True)
    if not ties:
        return running_sum(discount[i] * relevance[order[i]] for i in range(width))
    gain = 0.0
    start = 0
    while start < width:
        stop = start + 1
        while stop < width and scores[order[stop]] == scores[order[start]]:
            stop += 1
        group = sorted(order[start:stop])  # its relevance added in document order
        mean = running_sum(relevance[document] for document in group) / len(group)
        gain += mean * running_sum(discount[start:stop])
        start = stop
    return gain


def dcg(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """``Dcg.score``: the (weighted) mean over rows of ``Σ relevance / log_base(rank + 1)``."""
    args, _ = refuse_as_lodestar(
        Dcg.score, y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight
    )
    y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight = args
    relevance = numbers(y_true)
    scores = numbers(y_score)
    rows = len(relevance) // label_count
    weight = weights(sample_weight, rows)
    discount = discounts(label_count, k, float(log_base))
    gains = [
        row_gain(
            relevance[row * label_count : (row + 1) * label_count],
            scores[row * label_count : (row + 1) * label_count],
            discount,
            not ignore_ties,
        )
        for row in range(rows)
    ]
    return weighted_mean(gains, weight)
