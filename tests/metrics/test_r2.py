from __future__ import annotations

import math

import numpy as np
import pytest

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import R2, ExplainedVariance, ZeroDivision

TRUTH = [3.0, -0.5, 2.0, 7.0]
PREDICTED = [2.5, 0.0, 2.0, 8.0]
TWO_TRUTH = [0.5, 1.0, -1.0, 1.0, 7.0, -6.0]
TWO_PREDICTED = [0.0, 2.0, -1.0, 2.0, 8.0, -5.0]


def test_the_page_examples() -> None:
    assert R2.score(TRUTH, PREDICTED) == pytest.approx(0.948608137, abs=1e-9)
    first, second = R2.per_output(TWO_TRUTH, TWO_PREDICTED, output_count=2)
    assert (first, second) == pytest.approx((0.965437788, 0.908163265), abs=1e-9)
    weighted = R2.variance_weighted(TWO_TRUTH, TWO_PREDICTED, output_count=2)
    assert weighted == pytest.approx(0.938256658, abs=1e-9)


def test_the_flat_and_the_two_d_forms_agree() -> None:
    two_d = np.reshape(TWO_TRUTH, (3, 2)), np.reshape(TWO_PREDICTED, (3, 2))
    flat = R2.per_output(TWO_TRUTH, TWO_PREDICTED, 2)
    assert np.array_equal(R2.per_output(*two_d, 2), flat)
    assert R2.score(*two_d, 2, output_weights=[1.0, 3.0]) == R2.score(
        TWO_TRUTH, TWO_PREDICTED, 2, output_weights=[1.0, 3.0]
    )


def test_a_constant_bias_costs_r2_and_not_explained_variance() -> None:
    assert R2.score([1.0, 2.0, 3.0], [2.0, 3.0, 4.0]) == -0.5
    assert ExplainedVariance.score([1.0, 2.0, 3.0], [2.0, 3.0, 4.0]) == 1.0


@pytest.mark.parametrize(
    ("policy", "expected"),
    [(ZeroDivision.ZERO, 0.0), (ZeroDivision.ONE, 1.0), (ZeroDivision.NAN, math.nan)],
)
def test_fewer_than_two_samples_is_zero_divisions_case(
    policy: ZeroDivision, expected: float
) -> None:
    for force_finite in (True, False):
        value = R2.score([2.0], [1.0], force_finite=force_finite, zero_division=policy)
        assert value == expected or (math.isnan(value) and math.isnan(expected))
    per_output = R2.per_output([2.0, 1.0], [1.0, 1.0], 2, zero_division=policy)
    assert per_output.shape == (2,)
    assert np.array_equal(per_output, [expected] * 2, equal_nan=True)


def test_fewer_than_two_samples_throws_under_throw() -> None:
    with pytest.raises(UndefinedMetricError):
        R2.score([2.0], [1.0], zero_division=ZeroDivision.THROW)
    with pytest.raises(UndefinedMetricError):
        R2.variance_weighted([2.0, 3.0], [1.0, 3.0], 2, zero_division=ZeroDivision.THROW)
    # two samples: THROW is never consulted
    assert R2.score([2.0, 2.0], [1.0, 2.0], zero_division=ZeroDivision.THROW) == 0.0


def test_a_constant_truth_is_force_finites_case() -> None:
    assert R2.score([2.0, 2.0], [2.0, 2.0]) == 1.0
    assert R2.score([2.0, 2.0], [1.0, 2.0]) == 0.0
    assert math.isnan(R2.score([2.0, 2.0], [2.0, 2.0], force_finite=False))
    assert R2.score([2.0, 2.0], [1.0, 2.0], force_finite=False) == -math.inf


def test_a_negative_residual_sum_over_no_variance_is_plus_infinity_unforced() -> None:
    # the residuals weigh -1 in all, the truth does not vary: 1 - (-1)/0
    value = R2.score([2.0, 2.0], [1.0, 2.0], sample_weight=[-1.0, 3.0], force_finite=False)
    assert value == math.inf


def test_explained_variance_on_one_sample_is_force_finites() -> None:
    assert ExplainedVariance.score([3.0], [5.0]) == 1.0
    assert math.isnan(ExplainedVariance.score([3.0], [5.0], force_finite=False))
    first, second = ExplainedVariance.per_output(TWO_TRUTH, TWO_PREDICTED, output_count=2)
    assert (first, second) == (pytest.approx(0.967741935, abs=1e-9), 1.0)
    weighted = ExplainedVariance.variance_weighted(TWO_TRUTH, TWO_PREDICTED, output_count=2)
    assert weighted == pytest.approx(0.983050847, abs=1e-9)


@pytest.mark.parametrize("member", [R2.variance_weighted, ExplainedVariance.variance_weighted])
def test_variance_weighting_falls_back_to_the_mean_when_nothing_varies(member: object) -> None:
    assert callable(member)
    # two constant outputs: one predicted exactly (1), one not (0)
    assert member([1.0, 5.0, 1.0, 5.0], [1.0, 4.0, 1.0, 6.0], 2) == 0.5


@pytest.mark.parametrize("member", [R2.variance_weighted, ExplainedVariance.variance_weighted])
def test_variances_that_cancel_are_refused(member: object) -> None:
    assert callable(member)
    # weights 1, 1, -1: the first column's weighted variance is 2, the second's -2
    cancelling = [[0.0, 0.0], [2.0, 0.0], [1.0, 1.0]]
    with pytest.raises(ArgumentError, match="sum to zero"):
        member(cancelling, cancelling, 2, sample_weight=[1.0, 1.0, -1.0])


@pytest.mark.parametrize("member", [R2.score, ExplainedVariance.score])
def test_refusals(member: object) -> None:
    assert callable(member)
    with pytest.raises(ArgumentError):
        member([], [])
    with pytest.raises(ArgumentError):
        member([1.0, math.nan], [1.0, 2.0])
    with pytest.raises(ArgumentError):
        member([1.0, 2.0], [1.0, math.inf])
    with pytest.raises(ArgumentError, match="sum to zero"):
        member([1.0, 2.0], [1.0, 3.0], sample_weight=[1.0, -1.0])
    with pytest.raises(ArgumentError):
        member([1.0, 2.0], [1.0, 3.0], sample_weight=[0.0, 0.0])
    with pytest.raises(ArgumentError):
        member([1.0, 2.0], [1.0, 3.0], force_finite=1)
    with pytest.raises(ArgumentOutOfRangeError):
        member([1.0, 2.0], [1.0, 3.0], 0)


def test_a_non_finite_target_is_refused_even_where_the_score_would_be_finite() -> None:
    # a constant truth and an infinite prediction: force_finite would answer 0
    with pytest.raises(ArgumentError):
        R2.score([1.0, 1.0], [1.0, math.inf])
    with pytest.raises(ArgumentError):
        R2.score([math.nan], [1.0])
    with pytest.raises(ArgumentError):
        ExplainedVariance.score([1.0, 1.0], [1.0, math.inf])


def test_a_zero_division_that_is_not_the_enumeration_is_refused() -> None:
    with pytest.raises(ArgumentError):
        R2.score([1.0, 2.0], [1.0, 3.0], zero_division="nan")


def test_inputs_are_not_mutated() -> None:
    truth, predicted = np.array(TWO_TRUTH), np.array(TWO_PREDICTED)
    weight = np.array([1.0, 2.0, 0.5])
    R2.variance_weighted(truth, predicted, 2, weight)
    ExplainedVariance.variance_weighted(truth, predicted, 2, weight)
    assert truth.tolist() == TWO_TRUTH and predicted.tolist() == TWO_PREDICTED
    assert weight.tolist() == [1.0, 2.0, 0.5]
