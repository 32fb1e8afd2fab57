"""The exact ROC curve: the threshold walk's running sums as rational numbers.

Each count at a threshold is the sum of the weights of the samples scoring at least that
much (a whole count unweighted), within :func:`~equivalence.arith.total`'s bound for
any order of addition. ``drop_intermediate`` keeps a point whose second difference
``(c - b) - (b - a)`` is not zero; where rounding decides that, or whether a total is above
zero, either outcome is faithful (:class:`Ambiguous`). Each rate is one quotient.
Thresholds and the NaN of a class that weighs nothing are :class:`Exactly` the contract's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.arith import Ambiguous, Approx, Exactly, exact, nonzero, total
from lodestar.metrics import RocCurve, _inputs

__all__ = ["EVALUATORS"]


def walk(y_true: Any, y_score: Any, pos_label: int, sample_weight: Any) -> Any:
    truth = _inputs.labels(y_true, "y_true").tolist()
    score = [float(s) for s in _inputs._finite_floats(y_score, "y_score").tolist()]
    weight = _inputs.weights(sample_weight, len(truth))
    weights = [1.0] * len(truth) if weight is None else weight.tolist()
    kept = sorted((i for i in range(len(truth)) if weights[i] != 0), key=lambda i: -score[i])
    points: list[tuple[Approx, Approx, float]] = []
    for at, i in enumerate(kept):
        if at + 1 < len(kept) and score[kept[at + 1]] == score[i]:
            continue
        seen = kept[: at + 1]
        tp = total(exact(weights[j]) for j in seen if truth[j] == pos_label)
        fp = total(exact(weights[j]) for j in seen if truth[j] != pos_label)
        points.append((fp, tp, score[i]))
    return points


def _bends(counts: list[Approx], i: int) -> bool:
    return nonzero((counts[i + 1] - counts[i]) - (counts[i] - counts[i - 1]))


def rates(counts: list[Approx]) -> list[Any]:
    last = counts[-1]
    if not nonzero(last) or last.exact < 0:
        return [Exactly(math.nan)] * len(counts)
    if abs(last.exact) <= last.error:
        raise Ambiguous("whether the total is above zero depends on rounding")
    return [count / last for count in counts]


def compute(
    y_true: Any,
    y_score: Any,
    pos_label: int = 1,
    sample_weight: Any = None,
    drop_intermediate: bool = True,
) -> list[list[Any]]:
    # lodestar's own checks refuse what the contract refuses
    RocCurve.compute(y_true, y_score, pos_label, sample_weight, drop_intermediate)
    points = walk(y_true, y_score, int(pos_label), sample_weight)
    fps, tps = [p[0] for p in points], [p[1] for p in points]
    if drop_intermediate and len(points) > 2:
        inside = range(1, len(points) - 1)
        keep = [0, *(i for i in inside if _bends(fps, i) or _bends(tps, i)), len(points) - 1]
        points = [points[i] for i in keep]
    zero = exact(0)
    fpr = rates([zero, *(p[0] for p in points)])
    tpr = rates([zero, *(p[1] for p in points)])
    return [fpr, tpr, [Exactly(math.inf), *(Exactly(p[2]) for p in points)]]


EVALUATORS: dict[str, Callable[..., Any]] = {"RocCurve.compute": compute}
