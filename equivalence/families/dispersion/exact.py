"""The exact variance ratio and Davies–Bouldin index, with the bound of a float64
evaluation.

Every quantity is rational but the distances: the means, the squared deviations and their
sums are carried as fractions with the error each float64 operation may add. A distance is
the root of the squared distance in scikit-learn's expansion ``‖x‖² - 2·x·y + ‖y‖²``,
whose exact value is the sum of squared differences but whose bound is relative to the
squared norms: far from the origin it cancels, and the bound says by how much. The root
of a quantity known within ``e`` moves by at most ``min(√e, e / (√x + √(x - e)))``.

The policies are rounding-sensitive at their edges: a variance ratio whose exact
within-cluster dispersion is ``0`` comes out as ``1`` only if no rounding leaves a residue;
a pair of centroids that coincide drops out only if their computed distance is exactly
``0``; and "no spread" is NumPy's ``isclose`` to ``0`` (``≤ 10⁻⁸``). Where rounding
decides, the bound is unbounded: any answer is faithful.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import mpmath

from equivalence.arith import PRECISION, Approx, Exactly, U, exact, total
from lodestar.metrics.clustering._samples import clusters

__all__ = ["EVALUATORS"]

_CLOSE = 1e-8
_ANY = Approx(Fraction(0), math.inf)
Point = list[Approx]


def _blocks(labels: Any, features: Any, feature_count: Any) -> tuple[Point, list[list[Point]]]:
    _, blocks = clusters(labels, features, feature_count)
    rows = [[[exact(x) for x in row] for row in block.tolist()] for block in blocks]
    everything = [row for block in rows for row in block]
    return _mean(everything), rows


def _mean(rows: list[Point]) -> Point:
    return [total(column) / len(rows) for column in zip(*rows, strict=True)]


def _squared(first: Point, second: Point) -> Approx:
    return total((a - b) * (a - b) for a, b in zip(first, second, strict=True))


def calinski_harabasz(labels: Any, features: Any, feature_count: Any) -> Approx | Exactly:
    mean, blocks = _blocks(labels, features, feature_count)
    between, within = [], []
    for rows in blocks:
        centre = _mean(rows)
        between.append(len(rows) * _squared(centre, mean))
        within.append(total(_squared(row, centre) for row in rows))
    spread = total(within)
    if spread.exact == 0:
        return Exactly(1.0) if spread.error == 0 else _ANY
    n, k = sum(map(len, blocks)), len(blocks)
    return total(between) * (n - k) / (spread * (k - 1))


def _root(value: Approx) -> Approx:
    """``√max(value, 0)``, the bound carried through the root."""
    size, error = max(float(value.exact), 0.0), value.error
    with mpmath.workprec(PRECISION):
        x = value.exact
        x = mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else x
        root = mpmath.sqrt(max(x, 0))
    moved = math.sqrt(error)
    if size > 0:
        moved = min(moved, error / (math.sqrt(size) + math.sqrt(max(size - error, 0.0))))
    return Approx(root, moved + U * (float(root) + moved))


def _distance(first: Point, second: Point) -> Approx:
    """scikit-learn's expansion ``-2·x·y + ‖x‖² + ‖y‖²``, clipped at ``0``, its root."""
    dot = total(a * b for a, b in zip(first, second, strict=True))
    own, their = (total(a * a for a in point) for point in (first, second))
    return _root(-2 * dot + own + their)


def _close(values: list[Approx]) -> bool | None:
    """Whether every value is within ``10⁻⁸`` of ``0``; ``None`` when rounding decides."""
    if all(abs(float(v.exact)) + v.error <= _CLOSE for v in values):
        return True
    if any(abs(float(v.exact)) - v.error > _CLOSE for v in values):
        return False
    return None


def davies_bouldin(labels: Any, features: Any, feature_count: Any) -> Approx | Exactly:
    _, blocks = _blocks(labels, features, feature_count)
    centres = [_mean(rows) for rows in blocks]
    spreads = [
        total(_distance(row, c) for row in rows) / len(rows)
        for rows, c in zip(blocks, centres, strict=True)
    ]
    apart = {
        (i, j): _distance(centres[i], centres[j])
        for i in range(len(centres))
        for j in range(len(centres))
        if i != j
    }
    verdicts = (_close(spreads), _close(list(apart.values())))
    if True in verdicts:
        return Exactly(0.0)
    if None in verdicts:
        return _ANY
    worst = []
    for i, own in enumerate(spreads):
        ratios = []
        for j, other in enumerate(spreads):
            if i == j:
                continue
            d = apart[i, j]
            if d.exact == 0 or d.error >= abs(float(d.exact)):
                if d.exact == 0 and d.error == 0:
                    continue  # the pair drops out, however it rounds
                return _ANY
            ratios.append((own + other) / d)
        top = max(ratios, key=lambda r: r.exact, default=exact(0))
        worst.append(Approx(top.exact, max((r.error for r in ratios), default=0.0)))
    return total(worst) / len(worst)


EVALUATORS = {"CalinskiHarabasz.score": calinski_harabasz, "DaviesBouldin.score": davies_bouldin}
