"""The exact Matthews correlation: rational up to one square root.

From the cells counted exactly (:func:`equivalence.families.confusion.exact.counted_cells`), the row
sums ``t``, column sums ``p``, trace ``c`` and total ``n`` are sums in any order, the
numerator ``c·n - Σ tᵢpᵢ`` and the two factors ``n² - Σ pᵢ²`` and ``n² - Σ tᵢ²`` are
rational, and so is their product. Where the product is zero the answer is the policy's
constant (``THROW`` refuses); where it is negative, NaN; where rounding decides either, any
answer. Otherwise the square root is taken in ``mpmath``: a float64 ``sqrt`` rounds once
(``u·√x``) and carries the product's bound ``ê`` as ``ê / √x``, since
``|√x' - √x| = |x' - x| / (√x' + √x) ≤ ê / √x``; the quotient rule then gives the bound
of the result.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath

from equivalence.arith import (
    ANY,
    PRECISION,
    Ambiguous,
    Approx,
    Exactly,
    Refuses,
    nonzero,
    total,
)
from equivalence.families.confusion.exact import counted_cells
from lodestar.metrics import ZeroDivision
from lodestar.metrics.classification.matthews_correlation import _policy

__all__ = ["EVALUATORS"]

_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


def square_root(value: Approx) -> Approx:
    """``√value`` for a positive ``value`` whose sign no rounding changes."""
    with mpmath.workprec(PRECISION):
        exact = value.exact
        if isinstance(exact, Fraction):
            exact = mpmath.mpf(exact.numerator) / exact.denominator
        root = mpmath.sqrt(exact)
    return value._rounded(root, value.error / float(root))


def score(
    y_true: Any,
    y_pred: Any,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> Approx | Exactly:
    policy = _policy(zero_division)
    _, cells = counted_cells(y_true, y_pred, labels, sample_weight)
    size = range(len(cells))
    true = [total(row) for row in cells]
    pred = [total(cells[i][j] for i in size) for j in size]
    whole = total(pred)
    covariance = total(cells[i][i] for i in size) * whole - total(
        t * p for t, p in zip(true, pred, strict=True)
    )
    square = whole * whole
    product = (square - total(p * p for p in pred)) * (square - total(t * t for t in true))
    try:
        if not nonzero(product):
            if policy is ZeroDivision.THROW:
                raise Refuses("the Matthews correlation is undefined")
            return Exactly(_VALUE[policy])
    except Ambiguous:
        if policy is ZeroDivision.THROW:
            raise
        return ANY
    if product.exact < 0:
        return Exactly(math.nan)
    return covariance / square_root(product)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "MatthewsCorrelation.score": score,
    "MatthewsCorrelation.score[cm]": score,
}
