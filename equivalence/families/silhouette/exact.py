"""The exact silhouettes, with the bound a float64 port may be off by.

A squared euclidean distance ``Σ(xₖ - yₖ)²`` is exact in rationals. A port may take it
as differences squared or, as scikit-learn does, as ``‖x‖² - 2x·y + ‖y‖²``; the second
loses up to ``(d + 4)·u·(‖x‖² + ‖y‖² + 2Σ|xₖyₖ|)`` (``d`` products in each of three
sums, two more additions), which bounds the first too, and is what cancels next to a
large offset. A squared distance whose bound reaches it may come out as ``0``: its
square root is then off by at most ``√bound``. The diagonal is ``0`` on both ways.

A sample's score carries the bounds of its sums, quotients, the least of the other
clusters' means and the larger of the two (each bound the largest of its operands');
a cluster of one scores exactly ``0``, as does a scale at or below zero, and a scale
that rounding may carry to zero bounds nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np

from equivalence.arith import ANY, PRECISION, Approx, Exactly, U, exact, total
from lodestar.metrics import _inputs

__all__ = ["EVALUATORS"]

Leaf = Approx | Exactly


def _labels(labels: Any) -> list[int]:
    return _inputs.labels(labels, "labels").tolist()  # type: ignore[no-any-return]


def _root(square: Approx) -> Approx:
    """``√square`` for a square that is never negative, its bound carried."""
    value = square.clip(0.0, math.inf)
    if value.exact == 0:
        return Approx(Fraction(0), math.sqrt(value.error))
    with mpmath.workprec(PRECISION):
        exact_value = value.exact
        if isinstance(exact_value, Fraction):
            exact_value = mpmath.mpf(exact_value.numerator) / exact_value.denominator
        root = mpmath.sqrt(exact_value)
    carried = min(value.error / float(root), math.sqrt(value.error))
    return value._rounded(root, carried)


def _euclidean(points: list[list[Fraction]]) -> list[list[Approx]]:
    d = len(points[0]) if points else 0
    rows = []
    for i, x in enumerate(points):
        row = []
        for j, y in enumerate(points):
            if i == j:
                row.append(exact(0))
                continue
            square = sum(((a - b) ** 2 for a, b in zip(x, y, strict=True)), Fraction(0))
            reach = sum(a * a + b * b + 2 * abs(a * b) for a, b in zip(x, y, strict=True))
            bound = (d + 4) * U * float(reach) * (1 + 2.0**-20)
            row.append(_root(Approx(square, bound)))
        rows.append(row)
    return rows


def _extreme(values: list[Approx], pick: Callable[..., Any]) -> Approx:
    """The least or largest of ``values``: the exact one, within the largest bound."""
    return Approx(pick(v.exact for v in values), max(v.error for v in values))


def _scores(labels: list[int], matrix: list[list[Approx]]) -> list[Leaf]:
    sizes = {label: labels.count(label) for label in labels}
    if not 1 < len(sizes) < len(labels):
        raise ValueError("the label count is refused")
    scores: list[Leaf] = []
    for i, own in enumerate(labels):
        if sizes[own] == 1:
            scores.append(Exactly(0.0))
            continue
        totals = {c: total(matrix[i][j] for j, lab in enumerate(labels) if lab == c) for c in sizes}
        inside = totals[own] / (sizes[own] - 1)
        nearest = _extreme([totals[c] / sizes[c] for c in sizes if c != own], min)
        scale = _extreme([inside, nearest], max)
        if scale.exact == 0 and scale.error == 0:
            scores.append(Exactly(0.0))
        elif scale.error >= abs(scale.exact):
            scores.append(ANY)
        elif scale.exact < 0:
            scores.append(Exactly(0.0))
        else:
            scores.append((nearest - inside) / scale)
    return scores


def _mean(scores: list[Leaf]) -> Leaf:
    terms = [exact(s.value) if isinstance(s, Exactly) else s for s in scores]
    return total(terms) / len(terms)


def per_sample(labels: Any, features: Any, feature_count: Any) -> list[Leaf]:
    truth = _labels(labels)
    count = _inputs.count(feature_count, "feature_count", 1)
    block = _inputs.score_rows(features, len(truth), count, "features")
    points = [[Fraction(x) for x in row] for row in np.asarray(block).tolist()]
    return _scores(truth, _euclidean(points))


def per_sample_from_distances(labels: Any, distances: Any) -> list[Leaf]:
    truth = _labels(labels)
    matrix = _inputs.score_rows(distances, len(truth), len(truth), "distances")
    return _scores(truth, [[exact(x) for x in row] for row in np.asarray(matrix).tolist()])


EVALUATORS: dict[str, Callable[..., Any]] = {
    "Silhouette.per_sample": per_sample,
    "Silhouette.score": lambda *args: _mean(per_sample(*args)),
    "Silhouette.per_sample_from_distances": per_sample_from_distances,
    "Silhouette.score_from_distances": lambda *args: _mean(per_sample_from_distances(*args)),
}
