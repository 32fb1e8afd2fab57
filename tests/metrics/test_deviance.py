"""TweedieDeviance, PoissonDeviance, GammaDeviance and D2Tweedie: the regimes of the power,
their domains, and scikit-learn's bits on large inputs (the chunked mean)."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import sklearn
from sklearn.metrics import d2_tweedie_score, mean_tweedie_deviance

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import (
    R2,
    D2Tweedie,
    GammaDeviance,
    MeanSquaredError,
    PoissonDeviance,
    TweedieDeviance,
    ZeroDivision,
)

#: The bits are scikit-learn 1.9's summation order; 1.7 sums past a chunk otherwise.
SUMS_FROM_19 = pytest.mark.skipif(
    not sklearn_since("1.9"), reason="the bits are scikit-learn 1.9's summation order"
)


TRUTH, PRED = [1.0, 2.0, 3.0, 4.0], [1.5, 2.5, 2.0, 4.5]
SKLEARN = tuple(int(part) for part in sklearn.__version__.split(".")[:2])


def test_the_c_sharp_pages_figures() -> None:
    assert TweedieDeviance.score(TRUTH, PRED) == 0.4375 == MeanSquaredError.score(TRUTH, PRED)
    assert f"{TweedieDeviance.score(TRUTH, PRED, 1.0):.12g}" == "0.196755485481"
    assert f"{GammaDeviance.score(TRUTH, PRED):.12g}" == "0.0982410712631"
    assert PoissonDeviance.score([0.0, 2.0, 3.0], [1.0, 2.0, 3.0]) == 2 / 3
    assert f"{TweedieDeviance.score([0.0, 2.0, 3.0], [1.0, 2.0, 3.0], 1.5):.12g}" == "1.33333333333"
    assert D2Tweedie.score(TRUTH, PRED) == 0.65 == R2.score(TRUTH, PRED)
    assert f"{D2Tweedie.score(TRUTH, PRED, 1.0):.12g}" == "0.630298317543"


@pytest.mark.parametrize("power", [0.5, 1e-300, 1 - 2**-53, math.nan, math.inf, -math.inf])
def test_a_power_naming_no_distribution_is_out_of_range(power: float) -> None:
    for member in (TweedieDeviance.score, D2Tweedie.score):
        with pytest.raises(ArgumentOutOfRangeError, match="power"):
            member(TRUTH, PRED, power)


@pytest.mark.parametrize("power", [True, "1", None])
def test_a_power_that_is_not_a_number_is_refused(power: object) -> None:
    with pytest.raises(ArgumentError, match="power"):
        TweedieDeviance.score(TRUTH, PRED, power)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("power", "truth", "predicted", "named"),
    [
        (-1.0, [-3.0, 1.0], [1.0, 0.0], "y_pred"),
        (1.0, [-1.0, 1.0], [1.0, 1.0], "y_true"),
        (1.5, [0.0, 1.0], [1.0, -2.0], "y_pred"),
        (2.0, [0.0, 1.0], [1.0, 1.0], "y_true"),
        (3.0, [1.0, 1.0], [1.0, 0.0], "y_pred"),
    ],
)
def test_a_value_outside_the_domain_is_refused_by_name_and_value(
    power: float, truth: list[float], predicted: list[float], named: str
) -> None:
    with pytest.raises(ArgumentError, match=f"can only be used on .* {named} holds") as caught:
        TweedieDeviance.score(truth, predicted, power)
    assert caught.value.param_name == named
    with pytest.raises(ValueError, match="can only be used on"):
        mean_tweedie_deviance(truth, predicted, power=power)


def test_the_fixed_powers_are_the_tweedie_deviance() -> None:
    rng = np.random.default_rng(3)
    truth, predicted, weight = rng.random(50) * 5, rng.random(50) + 0.1, rng.normal(size=50)
    truth[::7] = 0.0
    assert PoissonDeviance.score(truth, predicted, weight) == TweedieDeviance.score(
        truth, predicted, 1.0, weight
    )
    truth[::7] = 1.0
    assert GammaDeviance.score(truth, predicted) == TweedieDeviance.score(truth, predicted, 2.0)


@SUMS_FROM_19
@pytest.mark.parametrize("power", [0.0, 1.0, 2.0, 1.5, 3.0, -1.0, -0.5])
@pytest.mark.parametrize("samples", [3, 40_000, 100_003])
def test_scikit_learns_bits_on_any_size(power: float, samples: int) -> None:
    rng = np.random.default_rng(int(power * 10) + samples + 10)
    truth = rng.random(samples) * 10 - (3 if power < 0 else 0)
    predicted = rng.random(samples) * 10 + 0.01
    for weight in (None, rng.normal(size=samples) + 0.5):
        # the Poisson's log is the C library's there: equal where NumPy's is the same
        ours = TweedieDeviance.score(truth, predicted, power, weight)
        theirs = mean_tweedie_deviance(truth, predicted, power=power, sample_weight=weight)
        assert ours == theirs or (power == 1 and math.isclose(ours, theirs, rel_tol=1e-12))
        d2 = D2Tweedie.score(truth, predicted, power, weight)
        expected = d2_tweedie_score(truth, predicted, power=power, sample_weight=weight)
        assert d2 == expected or (power == 1 and math.isclose(d2, expected, rel_tol=1e-12))


def test_a_constant_truth_is_undefined_whatever_zero_division_says() -> None:
    for policy in ZeroDivision:
        with pytest.raises(UndefinedMetricError, match="no deviance to explain"):
            D2Tweedie.score([2.0, 2.0, 2.0], [1.0, 2.0, 3.0], 1.0, None, policy)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if SKLEARN >= (1, 6):
            with pytest.raises(ZeroDivisionError):
                d2_tweedie_score([2.0, 2.0, 2.0], [1.0, 2.0, 3.0], power=1.0)


def test_one_sample_follows_zero_division_once_in_the_domain() -> None:
    assert math.isnan(D2Tweedie.score([2.0], [1.0], 1.0))
    assert D2Tweedie.score([2.0], [1.0], 1.0, None, ZeroDivision.ONE) == 1.0
    with pytest.raises(UndefinedMetricError):
        D2Tweedie.score([2.0], [1.0], 1.0, None, ZeroDivision.THROW)
    with pytest.raises(ArgumentError, match=r"y_pred holds -1\.0"):
        D2Tweedie.score([2.0], [-1.0], 1.0)


def test_a_baseline_outside_the_domain_is_scored_as_scikit_learn_scores_it() -> None:
    truth, predicted = [-3.0, 1.0, -2.0], [1.0, 2.0, 0.5]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = d2_tweedie_score(truth, predicted, power=-0.5)
    assert math.isnan(expected) and math.isnan(D2Tweedie.score(truth, predicted, -0.5))


def test_an_infinite_prediction_is_refused_where_the_power_would_make_it_finite() -> None:
    with pytest.raises(ArgumentError, match="finite"):
        TweedieDeviance.score([0.5], [math.inf], 2.5)


def test_several_outputs_are_refused() -> None:
    with pytest.raises(ArgumentError, match="columns"):
        TweedieDeviance.score([[1.0, 2.0]], [[1.0, 2.0]])


def test_a_weighted_mean_past_the_doubles_is_scored_as_scikit_learn_scores_it() -> None:
    truth, predicted = [1e10, 2e10, 3e10], [1e10, 2e10, 2e10]
    for weights in ([1e300, 2e300, 4e300], [1e300, -2e300, 4e300]):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # lodestar warns of nothing
            ours = D2Tweedie.score(truth, predicted, sample_weight=weights)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = d2_tweedie_score(truth, predicted, sample_weight=weights)
        assert math.isnan(ours) and math.isnan(theirs)
