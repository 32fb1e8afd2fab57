"""The exact trapezoidal area: each term ``(x[i] - x[i-1]) * (y[i] + y[i-1]) / 2`` from
exact inputs (one rounding for the difference, one for the sum, one for the product; the
halving is exact), then :func:`~equivalence.arith.total` over the terms, in any
order a port adds them."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import numpy as np

from equivalence.arith import exact, total
from lodestar.metrics import Auc

__all__ = ["EVALUATORS"]


def trapezoid(x: Any, y: Any) -> Any:
    Auc.trapezoid(x, y)  # lodestar's own checks refuse what the contract refuses
    xs = [exact(v) for v in np.asarray(x, dtype=np.float64).tolist()]
    ys = [exact(v) for v in np.asarray(y, dtype=np.float64).tolist()]
    falling = any(b.exact < a.exact for a, b in pairwise(xs))
    area = total((xs[i] - xs[i - 1]) * (ys[i] + ys[i - 1]) * exact(0.5) for i in range(1, len(xs)))
    return -area if falling else area


EVALUATORS: dict[str, Callable[..., Any]] = {"Auc.trapezoid": trapezoid}
