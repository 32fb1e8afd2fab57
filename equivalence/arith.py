"""Exact values with the error a straightforward float64 evaluation can make.

An :class:`Approx` holds a quantity of a member's formula twice over: ``exact``, its
value computed without rounding (a :class:`~fractions.Fraction` while the formula is
rational, an ``mpmath`` number of :data:`PRECISION` bits once a logarithm enters), and
``error``, a bound on how far a float64 evaluation of the same formula can land from it.

The bound is a first-order forward error analysis, carried operation by operation from
the magnitudes actually met. Write ``u = 2**-53`` for the unit roundoff and ``ê`` for an
operand's bound:

* a float input is exact: its bound is 0;
* ``a ± b``, ``a · b``, ``a / b``: each correctly rounded IEEE operation adds at most
  ``u·|result|``; the operands' bounds carry through as calculus says,
  ``ê_a + ê_b`` for a sum, ``|a|·ê_b + |b|·ê_a + ê_a·ê_b`` for a product, and
  ``(ê_a + |a/b|·ê_b) / (|b| - ê_b)`` for a quotient (unbounded when ``ê_b ≥ |b|``:
  a denominator that may be zero bounds nothing);
* a sum of ``n`` terms, in whatever order a port takes them (left to right, pairwise,
  NumPy's 8-way blocks, BLAS): each of the ``n - 1`` additions rounds a partial sum,
  and every partial sum is a sub-sum of the terms, at most ``Σ|t|`` in magnitude. The
  last addition rounds the result itself. So the bound is
  ``Σ ê_t + u·|Σ t| + (m - 2)·u·Σ|t|``, ``m`` counting the terms that are not exactly
  zero (adding an exact zero rounds nothing). When every term is an exact float and
  all of them are multiples of one power of two ``2**-k`` with ``Σ|t| ≤ 2**53 · 2**-k``,
  every partial sum in every order is representable and the bound is 0: counts and
  whole-number weights add up exactly, as they do in any float64 code;
* ``log``: the platform's logarithm is within :data:`LOG_ULPS` units in the last place
  of the true value (glibc's and NumPy's SIMD logarithms are well inside this), so it
  adds ``LOG_ULPS·2u·|log x|``; an operand's bound carries through as
  ``ê / (x - ê)``, the largest change of ``log`` over ``[x - ê, x + ê]``;
* an operation whose result is an exact float from exact operands rounds nothing.

Weights that nearly cancel make ``|Σw|`` small against ``Σ|w|``: the quotient's bound
then grows by ``Σ|w| / |Σw|``, which is as much as it must. Where ``|Σw| ≤ ê`` whether
the sum is zero depends on rounding (:class:`Ambiguous`).

Every bound is finally widened by ``1 + 2**-20`` so that the first-order terms the
analysis drops (products of two ``u``) cannot make it too tight.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

import mpmath

__all__ = [
    "ANY",
    "LOG_ULPS",
    "PRECISION",
    "Ambiguous",
    "Approx",
    "Exactly",
    "Refuses",
    "U",
    "exact",
    "nonzero",
]

#: The unit roundoff of float64: half the gap between 1 and the next double.
U = 2.0**-53
#: How many units in the last place the platform's ``log`` may be off by.
LOG_ULPS = 2
#: The working precision of the logarithms, in bits.
PRECISION = 256
_SLACK = 1.0 + 2.0**-20

Number = Union[Fraction, "mpmath.mpf"]


class Refuses(Exception):
    """The formula is undefined on this call: the contract refuses it."""


class Ambiguous(Exception):
    """Whether the contract refuses depends on rounding (a sum that is zero in one order
    and not in another): either outcome is faithful."""


def _to_mpf(value: Number) -> Any:
    if isinstance(value, Fraction):
        with mpmath.workprec(PRECISION):
            return mpmath.mpf(value.numerator) / value.denominator
    return value


def _magnitude(value: Number) -> float:
    return abs(float(value))


def _representable(value: Number) -> bool:
    if not isinstance(value, Fraction):
        return False
    try:
        return Fraction(float(value)) == value
    except OverflowError:
        return False


@dataclass(frozen=True)
class Approx:
    """A quantity: its exact value and the bound on a float64 evaluation's error."""

    exact: Number
    error: float = 0.0

    @staticmethod
    def of(value: float | int) -> Approx:
        """A float (or integer) input, held exactly."""
        return Approx(Fraction(value), 0.0)

    @property
    def unbounded(self) -> bool:
        return math.isinf(self.error) or math.isnan(self.error)

    def _rounded(self, exact: Number, carried: float, *, log: bool = False) -> Approx:
        if carried == 0.0 and not log and _representable(exact):
            return Approx(exact, 0.0)
        rounding = (LOG_ULPS * 2 * U if log else U) * _magnitude(exact)
        return Approx(exact, (carried + rounding + U * carried) * _SLACK)

    def __neg__(self) -> Approx:
        # Exact, whatever precision mpmath's context holds outside PRECISION's blocks.
        exact = self.exact
        return Approx(
            -exact if isinstance(exact, Fraction) else mpmath.fneg(exact, exact=True), self.error
        )

    def __add__(self, other: Approx | float | int) -> Approx:
        other = _lift(other)
        exact = _mix(self.exact, other.exact, "+")
        return self._rounded(exact, self.error + other.error)

    __radd__ = __add__

    def __sub__(self, other: Approx | float | int) -> Approx:
        return self + (-_lift(other))

    def __rsub__(self, other: Approx | float | int) -> Approx:
        return _lift(other) + (-self)

    def __mul__(self, other: Approx | float | int) -> Approx:
        other = _lift(other)
        exact = _mix(self.exact, other.exact, "*")
        carried = (
            _magnitude(self.exact) * other.error
            + _magnitude(other.exact) * self.error
            + self.error * other.error
        )
        return self._rounded(exact, carried)

    __rmul__ = __mul__

    def __truediv__(self, other: Approx | float | int) -> Approx:
        other = _lift(other)
        if other.exact == 0:
            raise ZeroDivisionError("exact division by zero")
        denominator = _magnitude(other.exact)
        exact = _mix(self.exact, other.exact, "/")
        if other.error >= denominator:
            return Approx(exact, math.inf)
        carried = (self.error + _magnitude(exact) * other.error) / (denominator - other.error)
        return self._rounded(exact, carried)

    def __rtruediv__(self, other: Approx | float | int) -> Approx:
        return _lift(other) / self

    def log(self) -> Approx:
        """The natural logarithm, as the platform's ``log`` gives it."""
        if self.exact <= 0:
            raise ValueError("log of a number that is not positive")
        with mpmath.workprec(PRECISION):
            value = mpmath.log(_to_mpf(self.exact))
        if self.error == 0.0 and self.exact == 1:
            return Approx(Fraction(0), 0.0)
        size = _magnitude(self.exact)
        carried = math.inf if self.error >= size else self.error / (size - self.error)
        return self._rounded(value, carried, log=True)

    def clip(self, low: float, high: float) -> Approx:
        """``min(max(x, low), high)``: 1-Lipschitz, so the bound carries unchanged."""
        exact = self.exact
        if exact < low:
            exact = Fraction(low)
        elif exact > high:
            exact = Fraction(high)
        return Approx(exact, self.error)


def _lift(value: Approx | float | int) -> Approx:
    return value if isinstance(value, Approx) else Approx.of(value)


def _mix(first: Number, second: Number, operation: str) -> Number:
    if isinstance(first, Fraction) and isinstance(second, Fraction):
        if operation == "+":
            return first + second
        if operation == "*":
            return first * second
        return first / second
    with mpmath.workprec(PRECISION):
        a, b = _to_mpf(first), _to_mpf(second)
        if operation == "+":
            return a + b
        if operation == "*":
            return a * b
        return a / b


def _dyadic_exact(terms: Sequence[Approx]) -> bool:
    """Whether every order of adding these exact floats is free of rounding."""
    if any(term.error or not isinstance(term.exact, Fraction) for term in terms):
        return False
    fractions = [term.exact for term in terms if term.exact]
    if not fractions:
        return True
    scale = max(f.denominator for f in fractions)  # powers of two: the largest divides all
    return bool(sum(abs(f) for f in fractions) * scale <= 2**53)


def total(terms: Iterable[Approx | float | int]) -> Approx:
    """The sum of ``terms`` in any order a port may take them (see the module's text)."""
    items = [_lift(term) for term in terms]
    if not items:
        return Approx(Fraction(0), 0.0)
    if all(isinstance(term.exact, Fraction) for term in items):
        exact: Number = sum((term.exact for term in items), Fraction(0))
    else:
        with mpmath.workprec(PRECISION):
            exact = mpmath.fsum(_to_mpf(term.exact) for term in items)
    carried = math.fsum(term.error for term in items)
    if _dyadic_exact(items):
        return Approx(exact, 0.0)
    nonzero_terms = sum(1 for term in items if term.exact != 0 or term.error)
    if nonzero_terms <= 1:
        return Approx(exact, carried)
    magnitude = math.fsum(_magnitude(term.exact) + term.error for term in items)
    bound = carried + U * (_magnitude(exact) + carried) + (nonzero_terms - 2) * U * magnitude
    return Approx(exact, bound * _SLACK)


def nonzero(value: Approx) -> bool:
    """Whether a float64 evaluation of ``value`` is non-zero: ``True`` or ``False`` when
    every evaluation agrees, :class:`Ambiguous` when rounding decides."""
    if value.exact == 0 and value.error == 0.0:
        return False
    if _magnitude(value.exact) > value.error:
        return True
    raise Ambiguous("zero or not depending on the order of the arithmetic")


def exact(value: float | int) -> Approx:
    """An input value, held exactly."""
    return Approx.of(value)


@dataclass(frozen=True)
class Exactly:
    """A leaf that must come out as this very value (a policy constant such as the
    ``zero_division`` substitute, NaN or an infinity): no rounding stands between."""

    value: float


#: A leaf any answer satisfies: its value depends on rounding beyond any bound.
ANY = Approx(Fraction(0), math.inf)
