"""The exact areas: ``RocAuc.score`` and ``AveragePrecision.score`` over the walk of
:mod:`equivalence.families.roc_curve.exact`, in rational numbers.

The ROC area is the trapezoids between successive points of the rates; dropping the
collinear points changes no exact area, only which rounding a port makes, so every point
is kept. The average precision is each step in recall times the precision where it is
taken, clipped at zero. A total or a predicted weight whose sign rounding decides is
:class:`Ambiguous`; the refusals are lodestar's own checks.
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import Approx, Exactly, exact, nonzero, total
from equivalence.families.roc_curve.exact import rates, walk
from lodestar.metrics import AveragePrecision, Averaging, MultiClassStrategy, RocAuc, _inputs

__all__ = ["EVALUATORS"]


def roc_auc(y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None) -> Any:
    RocAuc.score(y_true, y_score, pos_label, sample_weight)
    return _area(y_true, y_score, int(pos_label), sample_weight)


def _area(y_true: Any, y_score: Any, pos_label: int, sample_weight: Any) -> Any:
    points = walk(y_true, y_score, pos_label, sample_weight)
    zero = exact(0)
    fpr = rates([zero, *(p[0] for p in points)])
    tpr = rates([zero, *(p[1] for p in points)])
    if isinstance(fpr[0], Exactly) or isinstance(tpr[0], Exactly):
        return Exactly(math.nan)
    pairs = zip(fpr, fpr[1:], tpr, tpr[1:], strict=False)
    return total((x1 - x0) * (y1 + y0) / 2 for x0, x1, y0, y1 in pairs)


def average_precision(
    y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None
) -> Any:
    AveragePrecision.score(y_true, y_score, pos_label, sample_weight)
    points = walk(y_true, y_score, int(pos_label), sample_weight)
    positives = points[-1][1]
    recall = [p[1] / positives for p in points] if nonzero(positives) else [exact(1)] * len(points)
    steps: list[Approx] = []
    for at, (fp, tp, _) in enumerate(points):
        predicted = tp + fp
        precision = tp / predicted if nonzero(predicted) else exact(0)
        steps.append((recall[at] - (recall[at - 1] if at else exact(0))) * precision)
    return total(steps).clip(0.0, math.inf)


def mean(values: list[Any], weights: list[Approx] | None) -> Any:
    if weights is None:
        if any(isinstance(value, Exactly) for value in values):
            return Exactly(math.nan)
        return total(values) / len(values)
    weight = total(weights)
    values = [
        exact(0) if not nonzero(w) else value for value, w in zip(values, weights, strict=True)
    ]
    if any(isinstance(value, Exactly) for value in values):
        return Exactly(math.nan)
    return total(v * w for v, w in zip(values, weights, strict=True)) / weight


def multi_class(*args: Any, **kwargs: Any) -> Any:
    RocAuc.multi_class(*args, **kwargs)
    call = inspect.signature(RocAuc.multi_class).bind(*args, **kwargs)
    call.apply_defaults()
    y_true, y_score, class_count, strategy, average, labels, sample_weight, _ = (
        call.arguments.values()
    )
    truth = np.asarray(_inputs.labels(y_true, "y_true"))
    rows = _inputs.score_rows(y_score, truth.size, class_count, "y_score")
    weight = _inputs.weights(sample_weight, truth.size)
    given = labels is not None and len(labels)
    classes = np.asarray(labels if given else np.unique(truth)).tolist()
    weighted = average in (Averaging.WEIGHTED, "weighted")
    if strategy in (MultiClassStrategy.ONE_VS_ONE, "ovo"):
        pairs, shares = [], []
        for a, b in itertools.combinations(range(len(classes)), 2):
            both = (truth == classes[a]) | (truth == classes[b])
            two = [_area(truth[both], rows[both, c], classes[c], None) for c in (a, b)]
            pairs.append(mean(two, None))
            shares.append(exact(int(both.sum())) / truth.size)
        return mean(pairs, shares if weighted else None)
    areas = [_area(truth, rows[:, c], label, weight) for c, label in enumerate(classes)]
    if not weighted:
        return mean(areas, None)
    ws = [1.0] * truth.size if weight is None else weight.tolist()
    totals = [
        total(exact(w) for w, t in zip(ws, truth.tolist(), strict=True) if t == label)
        for label in classes
    ]
    if abs(float(total(totals).exact)) <= 1e-08:
        return exact(0)
    return mean(areas, totals)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "RocAuc.multi_class": multi_class,
    "RocAuc.score": roc_auc,
    "AveragePrecision.score": average_precision,
}
