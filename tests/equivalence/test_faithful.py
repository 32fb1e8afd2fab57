"""The faithful level: a plain port passes it where it fails the exact level by an ULP,
and a port that accumulates in float32 does not."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import plain_port
import pytest

from equivalence.arith import Ambiguous, Approx, exact, nonzero, total
from equivalence.conformance import run_member
from equivalence.faithful import judge_faithful
from equivalence.members import REGISTRY
from equivalence.model import Call
from equivalence.runner import judge
from equivalence.versions import sklearn_version

BRIER_CALL = Call(
    (
        [1, 2, 1, 2, 1, 0, 1, 2],
        [
            [0.3, 0.1, 0.25],
            [0.7, 0.7, 0.6],
            [0.2, 0.1, 0.6],
            [0.6, 0.3, 0.25],
            [0.3, 0.6, 0.3],
            [0.7, 0.6, 0.3],
            [0.6, 0.25, 0.1],
            [0.7, 0.1, 0.6],
        ],
        3,
    )
)

PORTS = [
    ("BrierScore.multi_class", plain_port.brier_multi_class, plain_port.brier_multi_class_float32),
    (
        "LogLoss.multi_class",
        plain_port.log_loss_multi_class,
        plain_port.log_loss_multi_class_float32,
    ),
]


def test_the_port_differs_from_scikit_learn_by_an_ulp_and_is_faithful() -> None:
    member = REGISTRY["BrierScore.multi_class"]
    version = sklearn_version()
    assert plain_port.brier_multi_class(*BRIER_CALL.args) == 0.8496875
    assert not judge(member, BRIER_CALL, version, plain_port.brier_multi_class).ok
    verdict = judge_faithful(member, BRIER_CALL, version, plain_port.brier_multi_class)
    assert verdict.ok, verdict.reason


@pytest.mark.parametrize(("name", "port", "single"), PORTS, ids=[p[0] for p in PORTS])
def test_the_port_passes_faithful_and_float32_fails(name: str, port: Any, single: Any) -> None:
    member = REGISTRY[name]
    result = run_member(member, implementation=port, level="faithful")
    assert result.ok, result.failure
    assert result.faithful is not None and result.faithful.bounds
    rejected = run_member(member, implementation=single, level="faithful", shrink=False)
    assert rejected.status == "fails", "a float32 accumulator passed the faithful level"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_lodestar_is_faithful(name: str) -> None:
    result = run_member(REGISTRY[name], level="faithful", max_examples=60)
    # a budget this small may leave an edge unreached; every call it made must pass
    assert result.ok or result.missing_edges, result.failure
    assert result.faithful is not None and result.faithful.caught_ratio is None
    assert result.to_json()["level"] == "faithful"


def test_a_sum_of_whole_numbers_is_exact_and_a_cancelling_sum_is_ambiguous() -> None:
    assert total([exact(3.0), exact(-1.0), exact(-2.0)]).error == 0.0
    assert not nonzero(total([exact(3.0), exact(-1.0), exact(-2.0)]))
    with pytest.raises(Ambiguous):
        nonzero(total([exact(0.1), exact(0.2), exact(-0.3)]))
    assert nonzero(total([exact(0.1), exact(0.2), exact(-0.25)]))


def test_a_quotient_over_a_cancelling_sum_widens_its_bound() -> None:
    weights = [exact(1.0), exact(1e-3), exact(-1.0)]
    close = total(weights)
    assert close.error > 0 and close.exact == Fraction(1e-3)
    mean = exact(1.0) / close
    wide = exact(1.0) / total([exact(1.0), exact(1e-3), exact(1.0)])
    assert mean.error / abs(float(mean.exact)) > 100 * wide.error / abs(float(wide.exact))


def test_the_logarithm_of_one_minus_eps_is_bounded_by_its_ulps() -> None:
    value = exact(1 - 2**-52).log()
    assert isinstance(value, Approx) and value.error > 0
    for answer in (-2.220446049250313e-16, -2.2204460492503136e-16):
        gap = abs(float(value.exact) - answer)
        assert gap <= value.error or math.isclose(gap, 0.0)


def test_log_loss_tolerance_depends_on_the_version() -> None:
    tolerance = REGISTRY["LogLoss.multi_class"].tolerance
    assert tolerance.ulps_for("1.6.1") == 6 and tolerance.by_magnitude("1.8.0")
    assert tolerance.ulps_for("1.9.1") == 0 and not tolerance.by_magnitude("1.9.1")
    assert REGISTRY["BrierScore.multi_class"].tolerance.ulps_for("1.6.1") == 0


def test_a_report_text_is_held_token_by_token() -> None:
    from equivalence.exact import compare
    from equivalence.families.report.exact import to_text
    from lodestar.metrics import ClassificationReport

    call = ([0, 1, 1, 2], [0, 1, 2, 2])
    text = ClassificationReport.compute(*call).to_text(3)
    judge_text = to_text(*call, digits=3)
    assert compare(text, judge_text).ok
    assert not compare(text.replace("0.667", "0.666", 1), judge_text).ok
    assert not compare(text.replace("  0.667", " 0.667 ", 1), judge_text).ok
    assert not compare(text.replace("     1\n", "   1.0\n", 1), judge_text).ok


def test_a_refusal_that_rounding_decides_accepts_either_outcome() -> None:
    member = REGISTRY["Accuracy.score"]
    call = Call(([0, 1, 1], [0, 1, 0]), {"sample_weight": [0.1, 0.2, -0.3]})

    def refuses(*args: Any, **kwargs: Any) -> float:
        from lodestar.errors import ArgumentError

        raise ArgumentError("Weights sum to zero, can't be normalized", "sample_weight")

    for implementation in (None, refuses):
        verdict = judge_faithful(member, call, sklearn_version(), implementation)
        assert verdict.ok, verdict.reason
        assert getattr(verdict, "decided", None) == "rounding"


def test_the_pinball_baseline_averages_within_eps_of_the_target() -> None:
    """scikit-learn 1.9 averages the baseline quantile with the next value when the running
    weight passes the target by ``eps`` or less, an absolute margin: with weights near
    ``1e-16`` it does so where the exact running weight is well past the target. The exact
    value follows that rule, so lodestar and scikit-learn (which agree) are faithful."""
    from lodestar.metrics import ZeroDivision

    tiny, other = 6.938893903907227e-17, 6.938893903907032e-17
    truth = [[-4.2e-06, 0.65], [0.01756, 4.4e-14], [3.49e-10, 6.8e-05], [-0.00041, 0.0103]]
    predicted = [[-0.5, -1.35], [-1.98, -0.5], [-0.5, 1.0], [-0.5, -1.99]]
    tail = [[7.98e-10, -0.00049], [0.00169, -4.9e-07]]
    call = Call(
        ([*truth, *tail], [*predicted, *tail]),
        {
            "output_count": 2,
            "alpha": 0.3,
            "zero_division": ZeroDivision.ZERO,
            "sample_weight": [0.0, other, tiny, tiny, tiny, tiny],
        },
    )
    member = REGISTRY["D2Pinball.per_output"]
    verdict = judge_faithful(member, call, sklearn_version(), None)
    assert verdict.ok, verdict.reason
    assert judge(member, call, sklearn_version(), None).ok
