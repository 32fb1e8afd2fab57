"""The *faithful* level of agreement: an answer within a bound of the exact result.

At the ``exact`` level (:func:`equivalence.runner.judge`) an implementation must give
scikit-learn's own doubles on the running machine, within the member's ULP tolerance.
That holds lodestar, which takes scikit-learn's steps in scikit-learn's order, but not a
port that adds left to right or takes another logarithm. At the ``faithful`` level the
answer is held instead to the member's formula evaluated exactly
(:mod:`equivalence.exact`), within the error a straightforward float64 evaluation can
make on that very input (:mod:`equivalence.arith` derives it).

Refusals are judged as at the exact level, against scikit-learn: both refuse, or a
declared divergence covers the difference. Two outcomes are new:

* where whether the contract refuses depends on rounding (weights that sum to zero in
  one order and not in another), either outcome passes, and the run counts it;
* where the formula has no value (the contract refuses) but both sides answer, or a
  member has no evaluator, the answer is compared with scikit-learn as at the exact
  level, and the run counts that too.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from equivalence.arith import Ambiguous
from equivalence.bysample import samples_of
from equivalence.exact import compare, evaluator
from equivalence.model import Call, Member, Refusal, Value, distance
from equivalence.runner import Verdict, _answer, _matching, as_doubles, ask_both, judge, snapshot
from equivalence.view import view_of

__all__ = ["FaithfulStats", "FaithfulVerdict", "judge_faithful"]


@dataclass(frozen=True)
class FaithfulVerdict(Verdict):
    """A :class:`~equivalence.runner.Verdict` with where the answer stood against the
    exact result: the bound and the distance in ULPs of the exact value, and how the
    call was decided (``bounded``, ``rounding`` or ``fallback``)."""

    bound_ulps: float | None = None
    error_ulps: float | None = None
    ratio: float | None = None
    decided: str = "bounded"


@dataclass
class FaithfulStats:
    """What a faithful run saw, over the calls whose answer was held to a bound.

    Bounds and distances are in units in the last place of the exact result: ``1`` is
    the spacing of doubles there, so a correctly rounded answer is within ``0.5``.
    """

    bounds: list[float] = field(default_factory=list)
    largest_error_ulps: float = 0.0
    largest_ratio: float = 0.0
    unbounded: int = 0
    rounding_dependent: int = 0
    fallback: int = 0
    caught_ratio: float | None = None

    def add(self, verdict: Verdict) -> None:
        if not isinstance(verdict, FaithfulVerdict):
            self.fallback += 1
            return
        if verdict.decided == "rounding":
            self.rounding_dependent += 1
        elif verdict.decided == "fallback":
            self.fallback += 1
        elif verdict.decided == "unbounded":
            self.unbounded += 1
        if verdict.bound_ulps is not None:
            self.bounds.append(verdict.bound_ulps)
            self.largest_error_ulps = max(self.largest_error_ulps, verdict.error_ulps or 0.0)
            self.largest_ratio = max(self.largest_ratio, verdict.ratio or 0.0)

    def caught(self, verdict: Verdict) -> None:
        """Records how far past its bound the failing call's answer lay (infinite when
        the failure was not a value past a bound: a refusal, a wrong structure)."""
        ratio = verdict.ratio if isinstance(verdict, FaithfulVerdict) else None
        self.caught_ratio = ratio if ratio is not None and ratio > 1 else math.inf

    def to_json(self) -> dict[str, Any]:
        finite = [bound for bound in self.bounds if math.isfinite(bound)]
        return {
            "bound_unit": "ULP of the exact result",
            "bounded_calls": len(self.bounds),
            "bound_typical": round(statistics.median(finite), 3) if finite else None,
            "bound_largest": round(max(finite), 3) if finite else None,
            "largest_error": round(self.largest_error_ulps, 3),
            "largest_error_over_bound": round(self.largest_ratio, 4),
            "unbounded_calls": self.unbounded,
            "rounding_dependent_refusals": self.rounding_dependent,
            "compared_with_scikit_learn": self.fallback,
        }


_NOT_EVALUATED = object()


#: From this many samples a call is judged without the exact evaluator (the ``large``
#: scenario's calls): against scikit-learn's answer, within :data:`LARGE_ULPS`. An
#: overflowing count or a chunk summed twice is off by far more; a port that sums in
#: another order is well within it on the valid calls the large ones repeat.
LARGE = 65_536
LARGE_ULPS = 2**32


def _too_large(*args: Any, **kwargs: Any) -> Any:
    raise OverflowError("too many samples to evaluate exactly")


def judge_faithful(
    member: Member,
    call: Call,
    sklearn_version: str,
    implementation: Callable[..., Any] | None = None,
) -> Verdict:
    """Asks both sides ``call`` and holds the implementation's answer to the exact result."""
    call = view_of(member, call)
    evaluate = evaluator(member.name)
    if evaluate is None:
        return judge(member, call, sklearn_version, implementation)
    answers = ask_both(member, call, implementation, "the implementation")
    mine, theirs = answers.mine, answers.theirs
    verdict = partial(answers.verdict, FaithfulVerdict)
    if answers.breach is not None:
        return verdict(False, answers.breach, given=answers.given)
    if samples_of(member, call) >= LARGE:
        evaluate = _too_large  # exact arithmetic over 10⁵ samples takes minutes

    expected: Any = _NOT_EVALUATED
    try:
        expected = evaluate(*snapshot(call.args), **snapshot(dict(call.kwargs)))
    except Ambiguous:
        if isinstance(mine, Refusal) and isinstance(theirs, Refusal):
            return verdict(True, "both refuse")
        return verdict(True, "rounding decides whether the contract refuses", decided="rounding")
    except Exception:
        expected = _NOT_EVALUATED

    declared = member.divergences_for(sklearn_version)
    ulps = member.tolerance.ulps_for(sklearn_version)

    if isinstance(mine, Refusal):
        if isinstance(theirs, Refusal):
            return verdict(True, "both refuse")
        divergence = _matching(declared, "narrowing", call)
        if divergence is None:
            return verdict(False, "undeclared narrowing: the implementation refuses")
        return verdict(True, f"declared narrowing {divergence.name!r}", divergence=divergence.name)

    widening = None
    if isinstance(theirs, Refusal):
        widening = _matching(declared, "widening", call)
        if widening is None:
            return verdict(False, "undeclared widening: scikit-learn refuses")
    named: dict[str, Any] = {"divergence": widening.name} if widening is not None else {}

    if expected is not _NOT_EVALUATED:
        held = compare(mine.value, expected)
        if not held.ok:
            return verdict(
                False,
                f"not faithful: {held.reason}",
                bound_ulps=held.bound_ulps,
                error_ulps=held.error_ulps,
                ratio=held.ratio,
                **named,
            )
        if isinstance(theirs, Value):
            # the distance from scikit-learn, for the summary; where a declared value
            # divergence explains it, the divergence is counted instead
            gap = distance(mine.value, theirs.value)
            value = _matching(declared, "value", call) if gap > ulps else None
            if value is not None:
                named["divergence"] = value.name
            else:
                named["ulps"] = gap
        return verdict(
            True,
            "within the bound of the exact result",
            bound_ulps=held.bound_ulps,
            error_ulps=held.error_ulps,
            ratio=held.ratio,
            decided="unbounded" if held.unbounded else "bounded",
            **named,
        )

    # The formula has no value here: hold the answer to scikit-learn's (or to what the
    # widening declares) as the exact level does.
    if widening is not None:
        if widening.expected is not None:
            target = _answer(widening.expected(as_doubles(call) or call))
            if distance(mine.value, target) > ulps:
                return verdict(False, f"divergence {widening.name!r}: expects {target!r}")
        return verdict(True, f"declared widening {widening.name!r}", decided="fallback", **named)
    assert isinstance(theirs, Value)
    if distance(mine.value, theirs.value) <= ulps:
        return verdict(True, "both answer the same", decided="fallback")
    if evaluate is _too_large and distance(mine.value, theirs.value) <= LARGE_ULPS:
        return verdict(True, "a large call within 2³² ULP of scikit-learn", decided="fallback")
    value = _matching(declared, "value", call)
    if value is not None and value.expected is None:
        return verdict(
            True, f"declared value {value.name!r}", divergence=value.name, decided="fallback"
        )
    if value is not None:
        target = _answer(value.expected(as_doubles(call) or call)) if value.expected else None
        if target is not None and distance(mine.value, target) <= ulps:
            return verdict(
                True, f"declared value {value.name!r}", divergence=value.name, decided="fallback"
            )
    return verdict(False, "the contract has no value here and the answer is not scikit-learn's")
