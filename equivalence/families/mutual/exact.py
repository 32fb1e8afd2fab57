"""The exact adjusted mutual information, with the bound of a float64 evaluation.

The expected mutual information is a sum of hypergeometric terms
``(nᵢⱼ/n)·log(n·nᵢⱼ/(aᵢ·bⱼ))·P``; exactly, ``P`` is a ratio of binomial coefficients,
held here as a fraction. A float64 port reaches it as ``exp(g)``, ``g`` nine
log-factorials added and subtracted, each from some ``lgamma`` within
:data:`LGAMMA_ULPS` units in the last place (lodestar's ``math.lgamma`` and Stirling
series measured at 3, SciPy's ``gammaln`` at 2, against ``mpmath`` for every integer
to 3 000 and 3 000 more to ``2·10⁶``). ``g`` carries their bounds and eight roundings
of partial sums no larger than the sum of their magnitudes, and ``exp``, within an
ULP, turns that error into a relative one. The terms then add in any order
(:func:`~equivalence.arith.total`). The numerator ``mi - emi`` and the
denominator ``h - emi`` are pushed to at least the double's epsilon, so a bound that
reaches below epsilon grows by epsilon.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import mpmath

from equivalence.arith import LOG_ULPS, PRECISION, Approx, Exactly, U, exact, total
from equivalence.families.clustering.exact import contingency_table, entropy, information_of_cells

__all__ = ["EVALUATORS", "LGAMMA_ULPS"]

#: How many units in the last place a port's ``lgamma`` may be off by.
LGAMMA_ULPS = 4
_EPSILON = 2 * U
_SLACK = 1.0 + 2.0**-20


@functools.lru_cache(maxsize=1 << 16)
def _term(a: int, b: int, n: int, nij: int) -> Approx:
    """One term ``(nᵢⱼ/n)·log(n·nᵢⱼ/(aᵢ·bⱼ))·P``, ``P`` the hypergeometric probability
    (a rational number, exact), with the bound of its float64 evaluation."""
    chance = Fraction(math.comb(a, nij) * math.comb(n - a, b - nij), math.comb(n, b))
    with mpmath.workprec(PRECISION):
        value = mpmath.mpf(nij) / n * mpmath.log(mpmath.mpf(n * nij) / (a * b))
        value *= mpmath.mpf(chance.numerator) / chance.denominator
    # log n + log nᵢⱼ - log aᵢ - log bⱼ: four logarithms and three roundings.
    logs = math.fsum(abs(math.log(k)) for k in (n, nij, a, b))
    spread = abs(math.log(n * nij / (a * b)))
    spread_error = (LOG_ULPS * 2 + 3) * U * logs
    # g: nine log-factorials, each within LGAMMA_ULPS, and eight roundings.
    factorials = (a, b, n - a, n - b, nij, n, a - nij, b - nij, n - a - b + nij)
    sizes = math.fsum(math.lgamma(k + 1) for k in factorials)
    chance_error = math.expm1((LGAMMA_ULPS * 2 + 8) * U * sizes) + 2 * U
    size = nij / n * float(chance)
    error = size * (spread_error + spread * (chance_error + 3 * U))
    return Approx(value, error * _SLACK)


def _expected(n: int, rows: list[int], columns: list[int]) -> Approx:
    if len(rows) <= 1 or len(columns) <= 1:
        return exact(0)
    terms = [
        _term(a, b, n, nij)
        for a in rows
        for b in columns
        for nij in range(max(1, a + b - n), min(a, b) + 1)
    ]
    return total(terms)


def _pushed(value: Approx) -> Approx:
    """``value`` pushed to at least epsilon in magnitude, where rounding may reach it."""
    if abs(float(value.exact)) - value.error <= _EPSILON:
        return Approx(value.exact, value.error + _EPSILON)
    return value


def adjusted(labels_true: Any, labels_pred: Any) -> Approx | Exactly:
    n, cells, rows, columns = contingency_table(labels_true, labels_pred)
    if len(rows) == len(columns) <= 1:
        return Exactly(1.0)
    if len(rows) == 1 or len(columns) == 1:
        return Exactly(0.0)
    # Every quantity reads the cells only through (row total, column total, count), and
    # the totals as multisets: that is the table up to renaming, the key of the cache.
    shape = tuple(sorted((rows[t], columns[p], c) for (t, p), c in cells.items()))
    return _adjusted(n, shape, tuple(sorted(rows.values())), tuple(sorted(columns.values())))


@functools.lru_cache(maxsize=1 << 12)
def _adjusted(
    n: int, shape: tuple[tuple[int, int, int], ...], rows: tuple[int, ...], columns: tuple[int, ...]
) -> Approx:
    """The answer of a table given as its cells' (row total, column total, count) and its
    row and column totals."""
    # Cell i renamed onto a row i and a column i of its totals: only the totals are read.
    cells = Counter({(i, i): c for i, (_, _, c) in enumerate(shape)})
    of_row = Counter({i: a for i, (a, _, _) in enumerate(shape)})
    of_column = Counter({i: b for i, (_, b, _) in enumerate(shape)})
    information = information_of_cells(n, cells, of_row, of_column)
    expected = _expected(n, list(rows), list(columns))
    named_rows, named_columns = Counter(dict(enumerate(rows))), Counter(dict(enumerate(columns)))
    normalizer = (entropy(named_rows, n) + entropy(named_columns, n)) / 2
    denominator = _pushed(normalizer - expected)
    if denominator.exact == 0:
        return Approx(Fraction(0), math.inf)
    return _pushed(information - expected) / denominator


EVALUATORS = {"AdjustedMutualInformation.score": adjusted}
