"""Exact evaluation of every member's formula, for the *faithful* level of agreement.

Each family's ``equivalence/families/<family>/exact.py`` maps member names to an
evaluator: a callable with the member's own signature that returns the answer's structure
with every number replaced by an
:class:`~equivalence.arith.Approx` (the exact value and the error a float64
evaluation may make) or an :class:`~equivalence.arith.Exactly` (a constant no
rounding touches). An evaluator raises :class:`~equivalence.arith.Refuses` where
the formula is undefined and :class:`~equivalence.arith.Ambiguous` where whether
it is defined depends on rounding. Malformed input is read by lodestar's own argument
checks, so an evaluator only ever sees what the contract computes on.

:data:`EVALUATORS` is the one place that ties them to members, by name.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np

from equivalence.arith import PRECISION, Approx, Exactly
from equivalence.families import gather

__all__ = ["EVALUATORS", "Comparison", "compare", "evaluator"]

EVALUATORS: dict[str, Callable[..., Any]] = {
    name: evaluate for evaluators in gather("exact") for name, evaluate in evaluators.items()
}


def evaluator(member: str) -> Callable[..., Any] | None:
    """The exact evaluator of the member called ``member``, if it has one."""
    return EVALUATORS.get(member)


@dataclass
class Comparison:
    """How an answer stands against the exact result, over its numeric leaves.

    ``bound_ulps`` and ``error_ulps`` are the largest bound and the largest distance from
    the exact value, each in units in the last place of the exact value (the spacing of
    doubles around it); ``ratio`` is the largest distance over its leaf's bound;
    ``unbounded`` counts leaves whose value rounding alone decides.
    """

    ok: bool = True
    reason: str = ""
    bound_ulps: float = 0.0
    error_ulps: float = 0.0
    ratio: float = 0.0
    unbounded: int = 0

    def fail(self, reason: str) -> Comparison:
        if self.ok:
            self.ok, self.reason = False, reason
        return self


def _ulp(value: Any) -> float:
    magnitude = abs(float(value))
    if math.isinf(magnitude):
        return math.inf
    return math.ulp(magnitude) if magnitude else math.ulp(0.0)


def _distance(answer: float, exact: Any) -> float:
    if isinstance(exact, Fraction):
        return float(abs(Fraction(answer) - exact))
    with mpmath.workprec(PRECISION):
        return float(abs(mpmath.mpf(answer) - exact))


def _leaf(answer: Any, expected: Approx, where: str, result: Comparison) -> None:
    numeric = isinstance(answer, (int, float, np.integer, np.floating)) and not isinstance(
        answer, (bool, np.bool_)
    )
    if not numeric:
        result.fail(f"{where}: {answer!r} is not a number")
        return
    if expected.unbounded:
        result.unbounded += 1
        return
    value = float(answer)
    if not math.isfinite(value):
        result.fail(f"{where}: {value!r} where the exact value is finite")
        return
    gap = _distance(value, expected.exact)
    unit = _ulp(expected.exact)
    result.bound_ulps = max(result.bound_ulps, expected.error / unit)
    result.error_ulps = max(result.error_ulps, gap / unit)
    if expected.error:
        result.ratio = max(result.ratio, gap / expected.error)
    elif gap:
        result.ratio = math.inf
    if gap > expected.error:
        result.fail(
            f"{where}: {value!r} is {gap / unit:.3g} ULP from the exact value "
            f"{float(expected.exact)!r}, past the bound of {expected.error / unit:.3g} ULP"
        )


def _walk(answer: Any, expected: Any, where: str, result: Comparison) -> None:
    if isinstance(expected, Approx):
        _leaf(answer, expected, where, result)
        return
    if isinstance(expected, Exactly):
        value = float(answer) if isinstance(answer, (int, float, np.number)) else None
        same = value is not None and (
            value == expected.value or (math.isnan(value) and math.isnan(expected.value))
        )
        if not same:
            result.fail(f"{where}: {answer!r} where the contract gives {expected.value!r}")
        return
    if isinstance(answer, np.ndarray):
        answer = answer.tolist()
    if isinstance(expected, dict):
        if not isinstance(answer, dict) or answer.keys() != expected.keys():
            result.fail(f"{where}: the keys differ")
            return
        for key in expected:
            _walk(answer[key], expected[key], f"{where}[{key!r}]", result)
        return
    if isinstance(expected, (list, tuple)):
        if not isinstance(answer, (list, tuple)) or len(answer) != len(expected):
            result.fail(f"{where}: the lengths differ")
            return
        for index, (mine, theirs) in enumerate(zip(answer, expected, strict=True)):
            _walk(mine, theirs, f"{where}[{index}]", result)
        return
    if callable(expected):  # a judge of its own (rendered text)
        expected(answer, where, result)
        return
    if type(answer) is not type(expected) or answer != expected:
        result.fail(f"{where}: {answer!r} where the contract gives {expected!r}")


def compare(answer: Any, expected: Any) -> Comparison:
    """Holds ``answer`` to ``expected`` leaf by leaf."""
    result = Comparison()
    _walk(answer, expected, "answer", result)
    return result
