"""Exact likelihood ratios: rational, from the four cells of the binary matrix.

Each cell is a sum of weights (a count unweighted), within the summation bound of
:func:`~equivalence.arith.total`. ``LR+ = tp·(tn + fp) / (fp·(tp + fn))`` and
``LR- = fn·(tn + fp) / (tn·(tp + fn))`` then carry the bounds of two sums, two
products and a quotient. Where ``tp + fn``, ``fp`` or ``tn`` is zero exactly, the answer
is the constant the contract gives (NaN, or the replacement); where rounding decides
whether it is zero, either outcome is faithful (:class:`Ambiguous`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, Exactly, exact, nonzero, total
from lodestar.metrics import LikelihoodRatios, _inputs

__all__ = ["EVALUATORS"]


def compute(
    y_true: Any,
    y_pred: Any,
    pos_label: int = 1,
    undefined_positive: float = math.nan,
    undefined_negative: float = math.nan,
    sample_weight: Any = None,
) -> list[Approx | Exactly]:
    # lodestar's own checks refuse what the contract refuses
    LikelihoodRatios.compute(
        y_true, y_pred, pos_label, undefined_positive, undefined_negative, sample_weight
    )
    truth = _inputs.labels(y_true, "y_true").tolist()
    predicted = _inputs.labels(y_pred, "y_pred").tolist()
    weight = _inputs.weights(sample_weight, len(truth))
    weights = [1.0] * len(truth) if weight is None else weight.tolist()
    members: list[list[float]] = [[], [], [], []]
    for t, p, w in zip(truth, predicted, weights, strict=True):
        members[2 * (t == pos_label) + (p == pos_label)].append(w)
    tn, fp, fn, tp = (total(exact(w) for w in cell) for cell in members)
    support_pos, support_neg = tp + fn, tn + fp
    if not nonzero(support_pos):
        return [Exactly(math.nan), Exactly(math.nan)]
    positive: Approx | Exactly = Exactly(float(undefined_positive))
    negative: Approx | Exactly = Exactly(float(undefined_negative))
    if nonzero(fp):
        positive = (tp * support_neg) / (fp * support_pos)
    if nonzero(tn):
        negative = (fn * support_neg) / (tn * support_pos)
    return [positive, negative]


EVALUATORS: dict[str, Callable[..., Any]] = {"LikelihoodRatios.compute": compute}
