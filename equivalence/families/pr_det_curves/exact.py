"""The exact precision-recall and DET curves, on the exact threshold walk of
:mod:`equivalence.families.roc_curve.exact`.

A float comparison rounds nothing, so where the contract compares two counts (a run of
equal true-positive counts for ``drop_intermediate``, the binary searches that cut the
DET curve, a total tested against zero) the comparison is decided on the exact values
when their bounds keep them apart, and is :class:`Ambiguous` when rounding could order
them either way. Each precision, recall and rate is one quotient; the substitutes (a
precision of 0, a recall of 1, a NaN or infinite rate) and the thresholds are
:class:`Exactly` the contract's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.arith import Ambiguous, Approx, Exactly, exact
from equivalence.families.roc_curve.exact import walk
from lodestar.metrics import DetCurve, PrecisionRecallCurve

__all__ = ["EVALUATORS"]


def _sign(first: Approx, second: Approx) -> int:
    """How a float64 evaluation of ``first`` compares with one of ``second``."""
    gap, slack = first.exact - second.exact, first.error + second.error
    if gap == 0 and slack == 0:
        return 0
    if abs(gap) > slack:
        return 1 if gap > 0 else -1
    raise Ambiguous("the order of two counts depends on rounding")


def _steps(counts: list[Approx]) -> list[int]:
    """The points ``drop_intermediate`` keeps: the ends and every count that moves."""
    if len(counts) <= 2:
        return list(range(len(counts)))
    moves = [_sign(counts[i + 1], counts[i]) != 0 for i in range(len(counts) - 1)]
    inside = (i for i in range(1, len(counts) - 1) if moves[i - 1] or moves[i])
    return [0, *inside, len(counts) - 1]


def _search(values: list[Approx], key: Approx, right: bool) -> int:
    """``np.searchsorted``'s binary search, on exact comparisons."""
    low, high = 0, len(values)
    while low < high:
        middle = (low + high) // 2
        order = _sign(values[middle], key)
        if order < 0 or (right and order == 0):
            low = middle + 1
        else:
            high = middle
    return low


def _rate(part: Approx, whole: Approx) -> Any:
    """``part / whole``, or the NaN or infinity a float64 division by zero gives."""
    if _sign(whole, exact(0)) != 0:
        return part / whole
    sign = _sign(part, exact(0))
    return Exactly(math.nan if sign == 0 else math.copysign(math.inf, sign))


def _short(count: Approx, total: Approx) -> Approx:
    """``total - count``: exactly zero at the last point, where they are one float."""
    return exact(0) if count is total else total - count


Points = tuple[list[Approx], list[Approx], list[float]]


def _evaluator(curve: Callable[..., Any], finish: Callable[[Points], Any], infinite: bool) -> Any:
    """The exact evaluator of ``curve``: its walk (with the point at ``inf`` in front when
    ``infinite``), thinned by ``drop_intermediate``, then read by ``finish``."""

    def evaluate(
        y_true: Any,
        y_score: Any,
        pos_label: int = 1,
        sample_weight: Any = None,
        drop_intermediate: bool = False,
    ) -> Any:
        # lodestar's own checks refuse what the contract refuses
        curve(y_true, y_score, pos_label, sample_weight, drop_intermediate)
        points = walk(y_true, y_score, int(pos_label), sample_weight)
        if infinite:
            points = [(exact(0), exact(0), math.inf), *points]
        if drop_intermediate:
            points = [points[i] for i in _steps([p[1] for p in points])]
        return finish(([p[0] for p in points], [p[1] for p in points], [p[2] for p in points]))

    return evaluate


def _precision_recall(points: Points) -> list[list[Any]]:
    fps, tps, thresholds = points
    precision = []
    for fp, tp in zip(fps, tps, strict=True):
        predicted = tp + fp
        precision.append(Exactly(0.0) if _sign(predicted, exact(0)) == 0 else tp / predicted)
    none = _sign(tps[-1], exact(0)) == 0
    recall = [Exactly(1.0) if none else tp / tps[-1] for tp in tps]
    return [
        [*precision[::-1], Exactly(1.0)],
        [*recall[::-1], Exactly(0.0)],
        [Exactly(t) for t in thresholds[::-1]],
    ]


def _det(points: Points) -> list[list[Any]]:
    fps, tps, thresholds = points
    first = max(_search(fps, fps[0], right=True) - 1, 0)
    cut = slice(first, _search(tps, tps[-1], right=False) + 1)
    return [
        [_rate(fp, fps[-1]) for fp in fps[cut]][::-1],
        [_rate(_short(tp, tps[-1]), tps[-1]) for tp in tps[cut]][::-1],
        [Exactly(t) for t in thresholds[cut]][::-1],
    ]


EVALUATORS: dict[str, Callable[..., Any]] = {
    "PrecisionRecallCurve.compute": _evaluator(
        PrecisionRecallCurve.compute, _precision_recall, infinite=False
    ),
    "DetCurve.compute": _evaluator(DetCurve.compute, _det, infinite=True),
}
