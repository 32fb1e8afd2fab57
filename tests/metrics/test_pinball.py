"""PinballLoss, D2Pinball and D2AbsoluteError, and the weighted quantile of their baseline."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sklearn
from sklearn.metrics import d2_pinball_score, mean_pinball_loss

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import D2AbsoluteError, D2Pinball, PinballLoss, ZeroDivision
from lodestar.metrics.regression._quantile import quantiles

#: scikit-learn 1.9 took the baseline by the averaged inverted CDF; before, otherwise.
AVERAGED = tuple(int(part) for part in sklearn.__version__.split(".")[:2]) >= (1, 9)
TRUTH, PRED = [1.0, 2.0, 3.0, 4.0], [1.5, 2.5, 2.0, 4.5]


def test_the_c_sharp_pages_figures() -> None:
    assert PinballLoss.score([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0]) == 0.25
    assert PinballLoss.score([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0], 0.9) == 0.15
    assert D2AbsoluteError.score(TRUTH, PRED) == 0.375
    assert D2AbsoluteError.score(TRUTH, PRED, 1, [1.0, 2.0, 3.0, 4.0]) == 0.1875
    assert D2AbsoluteError.score([5.0, 5.0, 5.0, 1.0], [1.0, 2.0, 3.0, 4.0]) == -2.0
    assert round(D2Pinball.score(TRUTH, PRED, alpha=0.9), 12) == -0.75


@pytest.mark.parametrize("alpha", [-0.1, 1.1, math.nan, math.inf, -5e-324])
def test_alpha_outside_the_unit_interval_is_refused(alpha: float) -> None:
    for member in (PinballLoss.score, PinballLoss.per_output, D2Pinball.score):
        with pytest.raises(ArgumentOutOfRangeError, match="alpha"):
            member(TRUTH, PRED, alpha)


def test_alpha_must_be_a_number() -> None:
    with pytest.raises(ArgumentError, match="alpha"):
        PinballLoss.score(TRUTH, PRED, True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="alpha"):
        D2Pinball.per_output(TRUTH, PRED, "0.5")  # type: ignore[arg-type]


def test_the_larger_product_is_scikit_learns_formula_to_the_bit() -> None:
    rng = np.random.default_rng(7)
    truth, predicted = rng.normal(size=(500, 3)), rng.normal(size=(500, 3))
    weight = rng.normal(size=500)
    for alpha in (0.0, 0.07, 1 / 3, 0.5, 0.99, 1.0):
        ours = PinballLoss.per_output(truth, predicted, alpha, 3, weight)
        theirs = mean_pinball_loss(
            truth, predicted, alpha=alpha, sample_weight=weight, multioutput="raw_values"
        )
        assert ours.tobytes() == theirs.tobytes()


def test_a_constant_column_scores_zero_unless_predicted_exactly() -> None:
    assert D2Pinball.score([2.0, 2.0, 2.0], [2.0, 3.0, 2.0]) == 0.0
    assert D2Pinball.score([2.0, 2.0, 2.0], [2.0, 2.0, 2.0]) == 1.0
    assert D2Pinball.per_output([2.0, 1.0, 2.0, 2.0], [2.0, 1.0, 2.0, 3.0], 0.5, 2).tolist() == [
        1.0,
        0.0,
    ]


def test_below_two_samples_the_policy_decides() -> None:
    assert math.isnan(D2Pinball.score([1.0], [2.0]))
    assert D2Pinball.per_output(
        [1.0, 2.0], [2.0, 2.0], 0.5, 2, None, ZeroDivision.ONE
    ).tolist() == [
        1.0,
        1.0,
    ]
    assert D2AbsoluteError.score([1.0], [2.0], zero_division=ZeroDivision.ZERO) == 0.0
    with pytest.raises(UndefinedMetricError):
        D2AbsoluteError.per_output([1.0], [2.0], zero_division=ZeroDivision.THROW)
    with pytest.raises(ArgumentError, match="zero_division"):
        D2Pinball.score(TRUTH, PRED, zero_division="nan")  # type: ignore[arg-type]


def test_a_single_sample_is_still_checked() -> None:
    with pytest.raises(ArgumentError, match="finite"):
        D2Pinball.score([math.nan], [1.0])
    with pytest.raises(ArgumentError, match="non-zero"):
        D2Pinball.score([1.0], [1.0], sample_weight=[0.0])


def test_the_baseline_averages_two_order_statistics_where_the_weight_lands_exactly() -> None:
    column = np.array([[1.0], [2.0], [3.0], [4.0]])
    assert quantiles(column, None, 0.5).tolist() == [2.5]
    assert quantiles(column, None, 0.3).tolist() == [2.0]
    assert quantiles(column, np.array([1.0, 1.0, 2.0, 0.0]), 0.5).tolist() == [2.5]
    assert quantiles(column, np.array([0.0, 0.0, 1.0, 1.0]), 0.0).tolist() == [3.0]
    numpy_method = np.percentile(column, 50, axis=0, method="averaged_inverted_cdf")
    assert quantiles(column, None, 0.5).tolist() == numpy_method.tolist()


@pytest.mark.skipif(not AVERAGED, reason="scikit-learn before 1.9 took another baseline")
def test_scikit_learn_19s_baseline_with_signed_weights() -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        n = int(rng.integers(2, 9))
        truth = rng.choice([0.0, 0.5, 1.0, 2.0], size=(n, 2))
        predicted = rng.choice([0.0, 1.0], size=(n, 2))
        weight = rng.choice([-1.0, 0.0, 1.0, 2.0], size=n)
        if weight.sum() == 0 or not weight.any():
            continue
        alpha = float(rng.choice([0.0, 0.25, 0.5, 0.9, 1.0]))
        ours = D2Pinball.per_output(truth, predicted, alpha, 2, weight)
        theirs = d2_pinball_score(
            truth, predicted, alpha=alpha, sample_weight=weight, multioutput="raw_values"
        )
        np.testing.assert_array_equal(ours, theirs)


@pytest.mark.skipif(
    tuple(int(p) for p in sklearn.__version__.split(".")[:2]) >= (1, 9),
    reason="the inverted-CDF baseline is scikit-learn's before 1.9",
)
def test_the_harness_takes_the_old_baseline_as_scikit_learn_did() -> None:
    # Weights of both signs make the running total non-monotone, so which of two tied
    # values sorts first decides the quantile: 1.7 sorts stably, the others with NumPy's
    # default sort. The harness's reading of the old baseline must be scikit-learn's own.
    from sklearn.utils.stats import _weighted_percentile

    from equivalence.families.pinball.members import _inverted_cdf

    rng = np.random.default_rng(5)
    for _ in range(200):
        truth = rng.integers(0, 4, size=(int(rng.integers(2, 12)), 3)).astype(float) / 2
        weight = rng.integers(-4, 5, size=truth.shape[0]).astype(float)
        for alpha in (0.1, 0.5, 0.9):
            ours = _inverted_cdf(truth, weight, alpha)
            theirs = _weighted_percentile(truth, weight, alpha * 100)
            assert ours == [float(x) for x in theirs], (truth.tolist(), weight.tolist(), alpha)


def test_a_residual_past_the_doubles_is_nan_as_scikit_learn_writes_it() -> None:
    import warnings

    cases = [
        ([1.7e308], [-1.7e308]),
        ([-1.7e308, 0.0], [1.7e308, 0.0]),
        ([1e308, 1.0], [-1e308, 2.0]),
    ]
    for truth, predicted in cases:
        for alpha in (0.0, 0.1, 0.5, 1.0):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                theirs = mean_pinball_loss(truth, predicted, alpha=alpha)
            assert math.isnan(theirs)
            assert math.isnan(PinballLoss.score(truth, predicted, alpha=alpha))
    # a D² baseline that overflows is scored as it comes, not refused
    truth, predicted = [1.7e308, 0.0, -1.7e308], [1.0, 2.0, 3.0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = d2_pinball_score(truth, predicted)
    assert D2Pinball.score(truth, predicted) == theirs == 0.0
