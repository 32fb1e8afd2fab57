"""The exact areas: ``RocAuc.score`` and ``AveragePrecision.score`` over the walk of
:mod:`equivalence.exact.curves`, in rational numbers.

The ROC area is the trapezoids between successive points of the rates; dropping the
collinear points changes no exact area, only which rounding a port makes, so every point
is kept. The average precision is each step in recall times the precision where it is
taken, clipped at zero. A total or a predicted weight whose sign rounding decides is
:class:`Ambiguous`; the refusals are lodestar's own checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.exact.arith import Approx, Exactly, exact, nonzero, total
from equivalence.exact.curves import _rates, _walk
from lodestar.metrics import AveragePrecision, RocAuc

__all__ = ["EVALUATORS"]


def roc_auc(y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None) -> Any:
    RocAuc.score(y_true, y_score, pos_label, sample_weight)
    points = _walk(y_true, y_score, int(pos_label), sample_weight)
    zero = exact(0)
    fpr = _rates([zero, *(p[0] for p in points)])
    tpr = _rates([zero, *(p[1] for p in points)])
    if isinstance(fpr[0], Exactly) or isinstance(tpr[0], Exactly):
        return Exactly(math.nan)
    pairs = zip(fpr, fpr[1:], tpr, tpr[1:], strict=False)
    return total((x1 - x0) * (y1 + y0) / 2 for x0, x1, y0, y1 in pairs)


def average_precision(
    y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None
) -> Any:
    AveragePrecision.score(y_true, y_score, pos_label, sample_weight)
    points = _walk(y_true, y_score, int(pos_label), sample_weight)
    positives = points[-1][1]
    recall = [p[1] / positives for p in points] if nonzero(positives) else [exact(1)] * len(points)
    steps: list[Approx] = []
    for at, (fp, tp, _) in enumerate(points):
        predicted = tp + fp
        precision = tp / predicted if nonzero(predicted) else exact(0)
        steps.append((recall[at] - (recall[at - 1] if at else exact(0))) * precision)
    return total(steps).clip(0.0, math.inf)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "RocAuc.score": roc_auc,
    "AveragePrecision.score": average_precision,
}
