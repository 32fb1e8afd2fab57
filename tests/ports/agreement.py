"""How far a port is from lodestar and from scikit-learn, call by call.

This is independent of any agreement level of the harness: it draws calls from a
member's scenarios, asks the port, lodestar and scikit-learn, and records the largest
distance seen in units in the last place (ULPs) and in relative terms.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings

from equivalence.model import Call, Member, Refusal, Value, distance
from equivalence.runner import ask
from equivalence.versions import sklearn_version
from tests.ports._common import ZERO_SUM

__all__ = ["Agreement", "agreement", "relative_gap"]


def relative_gap(first: Any, second: Any) -> float:
    """The largest ``|a - b| / max(|a|, |b|)`` over the numeric leaves of two answers
    (0 for equal leaves, NaN against NaN included; infinity for a structural difference)."""
    if isinstance(first, dict) and isinstance(second, dict):
        if first.keys() != second.keys():
            return math.inf
        return max((relative_gap(first[key], second[key]) for key in first), default=0.0)
    if isinstance(first, (list, tuple)) and isinstance(second, (list, tuple)):
        if len(first) != len(second):
            return math.inf
        return max((relative_gap(a, b) for a, b in zip(first, second, strict=True)), default=0.0)
    if isinstance(first, (int, float)) and isinstance(second, (int, float)):
        a, b = float(first), float(second)
        if a == b or (math.isnan(a) and math.isnan(b)):
            return 0.0
        if not (math.isfinite(a) and math.isfinite(b)):
            return math.inf
        return abs(a - b) / max(abs(a), abs(b))
    return 0.0 if first == second else math.inf


@dataclass
class Agreement:
    """What a port came to against lodestar and scikit-learn over the calls drawn."""

    member: str
    calls: int = 0
    values: int = 0
    refusals: int = 0
    #: lodestar answered and the port refused weights whose left-to-right sum is zero.
    rounding_refusals: int = 0
    #: Largest ULP distance from lodestar, and the call that gave it.
    max_ulps: int = 0
    worst: str | None = None
    #: The same over the calls where no terms can cancel (``may_cancel`` false).
    max_ulps_plain: int = 0
    #: Largest relative gap from lodestar.
    max_relative: float = 0.0
    #: Largest ULP distance from scikit-learn on calls where lodestar and scikit-learn
    #: agree exactly (the exact level), and how many such calls there were.
    max_ulps_sklearn: int = 0
    sklearn_values: int = 0
    #: Values further than the relative bound on calls where terms may cancel.
    cancelling: int = 0
    #: Calls on which the port and lodestar disagree on refusing, or on the number.
    disagreements: list[str] = field(default_factory=list)


def agreement(
    member: Member,
    port: Callable[..., Any],
    examples: int,
    relative: float = 1e-12,
    may_cancel: Callable[[Call], bool] | None = None,
) -> Agreement:
    """Draws about ``examples`` calls from ``member``'s scenarios and compares.

    A value is a disagreement when it is more than ``relative`` from lodestar's, unless
    ``may_cancel`` says that terms of both signs meet in the call's sums: two orders of
    summation can then differ by far more than the result's own rounding (such calls are
    counted in :attr:`Agreement.cancelling`).
    """
    result = Agreement(member.name)
    version = sklearn_version()
    share = max(1, -(-examples // len(member.scenarios)))

    def compare(call: Call) -> None:
        mine = ask(port, call, member.project)
        theirs = ask(member.implementation, call, member.project)
        result.calls += 1
        shown = call.render(member.name)
        if isinstance(mine, Refusal) and isinstance(theirs, Refusal):
            result.refusals += 1
            if (mine.error, mine.message) != (theirs.error, theirs.message):
                result.disagreements.append(f"different refusal: {shown}")
            return
        if isinstance(mine, Refusal) and isinstance(theirs, Value):
            if mine.message == ZERO_SUM:
                result.rounding_refusals += 1
                return
            result.disagreements.append(f"port refuses ({mine.describe()}): {shown}")
            return
        if isinstance(theirs, Refusal) or not isinstance(mine, Value):
            result.disagreements.append(f"port answers where lodestar refuses: {shown}")
            return
        result.values += 1
        gap = distance(mine.value, theirs.value)
        rel = relative_gap(mine.value, theirs.value)
        if gap > result.max_ulps:
            result.max_ulps, result.worst = gap, shown
        result.max_relative = max(result.max_relative, rel)
        cancels = may_cancel is not None and may_cancel(call)
        if not cancels:
            result.max_ulps_plain = max(result.max_ulps_plain, gap)
        if rel > relative and cancels:
            result.cancelling += 1
        elif rel > relative:
            result.disagreements.append(
                f"{gap} ULPs, relative {rel:.3g}: port {mine.value!r}, lodestar "
                f"{theirs.value!r}: {shown}"
            )
        if member.has_oracle(version):
            oracle = ask(lambda *a, **k: member.oracle(call), call)
            if isinstance(oracle, Value) and distance(theirs.value, oracle.value) == 0:
                result.sklearn_values += 1
                result.max_ulps_sklearn = max(
                    result.max_ulps_sklearn, distance(mine.value, oracle.value)
                )

    for strategy in member.scenarios.values():
        # The active profile's other settings (derandomised under ``ci``) are kept.
        run = settings(
            settings(),
            max_examples=share,
            deadline=None,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )(given(strategy)(compare))
        run()
    return result
