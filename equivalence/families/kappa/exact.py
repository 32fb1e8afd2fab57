"""Exact Cohen's kappa: rational throughout.

The cells are those of :func:`equivalence.families.confusion.exact.counted_cells` (exact sums of the
weights, with the summation bound where weights are not whole). Each column and row sum
and the total are sums of cells; each expected cell is ``column_i · row_j / total``, a
product and a quotient; the observed and expected disagreements are sums of those cells
times a whole cost (``0``/``1``, ``|i - j|`` or ``(i - j)²``), which rounds nothing; kappa
is ``1 - observed / expected``. Where the total or the expected disagreement is zero
exactly, the answer is the policy's constant; where rounding decides whether it is zero,
either outcome is faithful (:class:`~equivalence.arith.Ambiguous`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from equivalence.arith import Approx, Exactly, Refuses, exact, nonzero, total
from equivalence.families.confusion.exact import counted_cells
from lodestar.metrics import KappaWeighting, ZeroDivision
from lodestar.metrics.classification.cohen_kappa import _policy, _weighting

__all__ = ["EVALUATORS"]


def _undefined(policy: ZeroDivision) -> Exactly:
    if policy is ZeroDivision.THROW:
        raise Refuses("Cohen's kappa is undefined")
    return Exactly({ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, math.nan))


def kappa(
    y_true: Any,
    y_pred: Any,
    weighting: Any = KappaWeighting.NONE,
    zero_division: Any = ZeroDivision.NAN,
    labels: Any = None,
    sample_weight: Any = None,
) -> Approx | Exactly:
    mode, policy = _weighting(weighting), _policy(zero_division)
    _, cells = counted_cells(y_true, y_pred, labels, sample_weight)
    size = range(len(cells))
    columns = [total(cells[i][j] for i in size) for j in size]
    rows = [total(cells[i][j] for j in size) for i in size]
    whole = total(columns)
    if not nonzero(whole):
        return _undefined(policy)

    def cost(i: int, j: int) -> int:
        if mode is KappaWeighting.LINEAR:
            return abs(i - j)
        return (i - j) ** 2 if mode is KappaWeighting.QUADRATIC else int(i != j)

    observed = total(exact(cost(i, j)) * cells[i][j] for i in size for j in size)
    expected = total(exact(cost(i, j)) * (columns[i] * rows[j] / whole) for i in size for j in size)
    if not nonzero(expected):
        return _undefined(policy)
    return 1 - observed / expected


EVALUATORS: dict[str, Callable[..., Any]] = {
    "CohenKappa.score": kappa,
    "CohenKappa.score[cm]": kappa,
}
