"""The independent ports, held to lodestar directly and to ``check`` at the faithful level.

* ``test_port_agrees_with_lodestar``: a few hundred calls drawn from the member's
  scenarios; the port must refuse exactly when lodestar does (with its exception and
  sentence), except that it may refuse weights whose left-to-right sum is zero, and must
  answer within a relative 1e-12 of lodestar wherever no cancellation can widen the gap.
* ``test_port_is_faithful``: ``run_member(..., level="faithful")`` under the ``thorough``
  profile conforms.
* ``test_float32_copy_is_rejected``: a copy accumulating in float32 fails that level.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import settings

from equivalence import profiles
from equivalence.conformance import MemberResult, run_member
from equivalence.members import REGISTRY
from equivalence.model import Call
from tests.ports import confusion, dcg, float32, mcc, probability, report, seed
from tests.ports._common import numbers
from tests.ports.agreement import agreement

PORTS: dict[str, Callable[..., Any]] = {
    "TopKAccuracy.score": seed.top_k_accuracy,
    "Accuracy.score": seed.accuracy,
    "BrierScore.multi_class": seed.brier_multi_class,
    "LogLoss.multi_class": probability.log_loss_multi_class,
    "BalancedAccuracy.score": confusion.balanced_accuracy,
    "Dcg.score": dcg.dcg,
    "ClassificationReport.compute": report.classification_report,
    "MatthewsCorrelation.score": mcc.matthews_correlation,
}

FLOAT32_COPIES: dict[str, Callable[..., Any]] = {
    "BrierScore.multi_class": float32.brier_multi_class_float32,
    "LogLoss.multi_class": float32.log_loss_multi_class_float32,
}

# The faithful level adds a ``level`` keyword to run_member. Until the harness has it,
# the tests that need it are skipped; once it is there they run, and must pass. Nothing
# else skips them.
HAS_LEVELS = "level" in inspect.signature(run_member).parameters
_run: Callable[..., MemberResult] = run_member
needs_levels = pytest.mark.skipif(
    not HAS_LEVELS, reason="run_member has no `level` keyword: the faithful level is not here"
)

# Calls drawn per member when comparing a port with lodestar directly.
AGREEMENT_EXAMPLES = 200


def _negative(values: Any) -> bool:
    try:
        return any(value < 0 for value in numbers(values))
    except (TypeError, ValueError):
        return False


def _fractional(values: Any) -> bool:
    try:
        return any(value != int(value) for value in numbers(values))
    except (TypeError, ValueError, OverflowError):
        return False


def _may_cancel(name: str, call: Call) -> bool:
    """Whether terms of both signs can meet in one sum, where two orders of summation may
    differ by much more than a relative 1e-12 (the gap is bounded by the sum of the
    magnitudes, not by the result)."""
    positions = {
        "TopKAccuracy.score": 5,
        "Accuracy.score": 3,
        "BrierScore.multi_class": 4,
        "LogLoss.multi_class": 4,
        "BalancedAccuracy.score": 4,
        "Dcg.score": 6,
        "ClassificationReport.compute": 5,
        "MatthewsCorrelation.score": 4,
    }
    if _negative(call.argument(positions[name], "sample_weight")):
        return True
    if name == "MatthewsCorrelation.score":
        # The numerator and both factors are differences: any weight that is not a whole
        # number can leave them far smaller than the sums they come from.
        return _fractional(call.argument(4, "sample_weight"))
    if name == "Dcg.score":
        # A negative relevance, or a base below 1 (negative discounts).
        base = call.argument(4, "log_base", 2.0)
        return _negative(call.argument(0, "y_true")) or (
            isinstance(base, (int, float)) and base < 1
        )
    return False


@pytest.fixture
def thorough() -> Iterator[None]:
    """The ``thorough`` Hypothesis profile (3000 examples a member) for one test, with
    the suite's fixed draws."""
    previous = settings.get_current_profile_name()
    settings.load_profile(profiles.fixed("thorough"))
    try:
        yield
    finally:
        settings.load_profile(previous)


@pytest.mark.parametrize("name", sorted(PORTS))
def test_port_agrees_with_lodestar(name: str) -> None:
    member = REGISTRY[name]
    found = agreement(
        member, PORTS[name], AGREEMENT_EXAMPLES, may_cancel=lambda call: _may_cancel(name, call)
    )
    assert found.values > AGREEMENT_EXAMPLES // 10, "too few calls answered a number"
    assert found.refusals > 0
    assert not found.disagreements, "\n".join(found.disagreements[:5])


@pytest.mark.parametrize("name", sorted(FLOAT32_COPIES))
def test_agreement_sees_float32_accumulation(name: str) -> None:
    """The direct comparison can fail: it catches the float32 copies."""
    found = agreement(REGISTRY[name], FLOAT32_COPIES[name], AGREEMENT_EXAMPLES)
    assert found.disagreements
    assert found.max_relative > 1e-9


@needs_levels
@pytest.mark.usefixtures("thorough")
@pytest.mark.parametrize("name", sorted(PORTS))
def test_port_is_faithful(name: str) -> None:
    result = _run(REGISTRY[name], implementation=PORTS[name], level="faithful")
    assert result.examples > 0
    assert result.status in ("conforms", "conforms-declared"), result.failure


@needs_levels
@pytest.mark.usefixtures("thorough")
@pytest.mark.parametrize("name", sorted(FLOAT32_COPIES))
def test_float32_copy_is_rejected(name: str) -> None:
    result = _run(
        REGISTRY[name], implementation=FLOAT32_COPIES[name], level="faithful", shrink=False
    )
    assert result.status == "fails", result.failure
    assert result.counterexample is not None
