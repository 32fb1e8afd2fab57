from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from lodestar.errors import (
    ArgumentError,
    ArgumentNullError,
    ArgumentOutOfRangeError,
    UndefinedMetricError,
)
from lodestar.metrics import CohenKappa, ConfusionMatrix, KappaWeighting, ZeroDivision

RATER = [1, 1, 2, 2, 3, 3, 1, 3]
MODEL = [1, 3, 2, 1, 3, 2, 1, 3]


def test_the_three_weightings_on_a_three_point_scale() -> None:
    # 3/7, 7/15 and 1/2: p_o and p_e over powers of two, so the quotients are the ratios
    assert CohenKappa.score(RATER, MODEL) == 1 - (3 / 8) / (42 / 64)
    assert CohenKappa.score(RATER, MODEL, KappaWeighting.LINEAR) == pytest.approx(7 / 15, abs=1e-15)
    assert CohenKappa.score(RATER, MODEL, KappaWeighting.QUADRATIC) == 0.5


def test_a_weighting_is_accepted_as_its_scikit_learn_value() -> None:
    for member in KappaWeighting:
        assert CohenKappa.score(RATER, MODEL, member.value) == CohenKappa.score(
            RATER, MODEL, member
        )


def test_weighting_goes_by_position_in_the_label_order() -> None:
    quadratic = KappaWeighting.QUADRATIC
    shuffled = CohenKappa.score(RATER, MODEL, quadratic, labels=[3, 1, 2])
    assert shuffled == pytest.approx(5 / 13, abs=1e-15)
    reversed_ = CohenKappa.score(RATER, MODEL, quadratic, labels=[3, 2, 1])
    assert reversed_ == CohenKappa.score(RATER, MODEL, quadratic)
    # unweighted, the order does not matter
    assert CohenKappa.score(RATER, MODEL, labels=[3, 1, 2]) == CohenKappa.score(RATER, MODEL)
    # label values 1, 2, 10 are positions 0, 1, 2: the same kappa as 1, 2, 3
    spread = [{1: 1, 2: 2, 3: 10}[v] for v in RATER], [{1: 1, 2: 2, 3: 10}[v] for v in MODEL]
    assert CohenKappa.score(*spread, KappaWeighting.LINEAR) == CohenKappa.score(
        RATER, MODEL, KappaWeighting.LINEAR
    )


def test_the_two_forms_agree() -> None:
    cm = ConfusionMatrix.compute(RATER, MODEL, labels=[3, 1, 2], sample_weight=[1.0, 2.0] * 4)
    for weighting in KappaWeighting:
        assert CohenKappa.score(cm=cm, weighting=weighting) == CohenKappa.score(
            RATER, MODEL, weighting, labels=[3, 1, 2], sample_weight=[1.0, 2.0] * 4
        )


def test_a_label_subset_scores_the_matrix_it_keeps() -> None:
    y_true, y_pred = [0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 2, 0, 2]
    assert CohenKappa.score(cm=ConfusionMatrix.compute(y_true, y_pred, labels=[1, 2])) == 1.0


@pytest.mark.parametrize(
    ("policy", "expected"),
    [(ZeroDivision.ZERO, 0.0), (ZeroDivision.ONE, 1.0), (ZeroDivision.NAN, math.nan)],
)
def test_undefined_kappa_is_the_policys_value(policy: ZeroDivision, expected: float) -> None:
    one_label = CohenKappa.score([1, 1, 1], [1, 1, 1], zero_division=policy)
    no_weight = CohenKappa.score([0, 0], [1, 1], zero_division=policy, labels=[0])
    cancelling = CohenKappa.score(
        [0, 1, 1, 0], [1, 0, 1, 0], zero_division=policy, sample_weight=[1.0, 1.0, -1.0, 1.0]
    )
    for value in (one_label, no_weight, cancelling):
        assert value == expected or (math.isnan(value) and math.isnan(expected))


def test_the_default_policy_is_nan() -> None:
    assert math.isnan(CohenKappa.score([1, 1, 1], [1, 1, 1]))
    assert math.isnan(CohenKappa.score(cm=ConfusionMatrix.compute([1, 1], [1, 1])))


def test_throw_raises_where_kappa_is_undefined_only() -> None:
    with pytest.raises(UndefinedMetricError, match="expected disagreement is zero"):
        CohenKappa.score([1, 1, 1], [1, 1, 1], zero_division=ZeroDivision.THROW)
    with pytest.raises(UndefinedMetricError, match="holds no weight"):
        CohenKappa.score([0, 0], [1, 1], zero_division=ZeroDivision.THROW, labels=[0])
    assert CohenKappa.score([0, 1], [0, 1], zero_division=ZeroDivision.THROW) == 1.0


def test_weights_that_cancel_overall_are_scored_not_refused() -> None:
    # the total is 1 - 1 + 1 = 1 although a class's weights cancel
    value = CohenKappa.score([0, 0, 1], [0, 1, 1], sample_weight=[1.0, -1.0, 1.0])
    from sklearn.metrics import cohen_kappa_score

    assert value == cohen_kappa_score([0, 0, 1], [0, 1, 1], sample_weight=[1.0, -1.0, 1.0])


@pytest.mark.parametrize("weighting", ["cubic", "Linear", 1, True, ZeroDivision.ZERO])
def test_a_weighting_none_of_the_three_is_refused(weighting: object) -> None:
    with pytest.raises(ArgumentOutOfRangeError, match="weighting is") as caught:
        CohenKappa.score(RATER, MODEL, weighting)  # type: ignore[arg-type]
    assert caught.value.param_name == "weighting"


def test_the_weighting_is_checked_before_the_matrix() -> None:
    with pytest.raises(ArgumentOutOfRangeError):
        CohenKappa.score([], [], "cubic")


@pytest.mark.parametrize("policy", [0.0, "nan", None, math.nan])
def test_a_policy_that_is_not_a_zero_division_is_refused(policy: object) -> None:
    with pytest.raises(ArgumentError, match="zero_division is") as caught:
        CohenKappa.score(RATER, MODEL, zero_division=policy)  # type: ignore[arg-type]
    assert caught.value.param_name == "zero_division"


def test_the_input_checks_of_the_matrix() -> None:
    with pytest.raises(ArgumentError, match="empty"):
        CohenKappa.score([], [])
    with pytest.raises(ArgumentError, match="they must agree"):
        CohenKappa.score([0, 1], [0])
    with pytest.raises(ArgumentError, match="finite"):
        CohenKappa.score([0, 1], [0, 1], sample_weight=[1.0, math.nan])
    with pytest.raises(ArgumentError, match="at least one non-zero"):
        CohenKappa.score([0, 1], [0, 1], sample_weight=[0.0, 0.0])
    with pytest.raises(ArgumentError, match="none of them occurs in y_true"):
        CohenKappa.score([0, 1], [0, 1], labels=[5])


def test_the_matrix_form_refuses_a_mix_and_a_null() -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    with pytest.raises(ArgumentError, match="cm was given with"):
        CohenKappa.score([0, 1], [0, 1], cm=cm)
    with pytest.raises(ArgumentError, match="cm was given with labels"):
        CohenKappa.score(cm=cm, labels=[0, 1])
    with pytest.raises(ArgumentNullError):
        CohenKappa.score(cm=None)
    with pytest.raises(ArgumentError, match="a ConfusionMatrix is required"):
        CohenKappa.score(cm=[[1, 0], [0, 1]])
    with pytest.raises(TypeError):
        CohenKappa.score([0, 1])


def test_inputs_are_left_as_they_were_and_a_float_comes_back() -> None:
    y_true, y_pred = np.array([0, 1, 2, 2]), np.array([0, 2, 2, 1])
    weight = np.array([1.0, 0.5, 2.0, 1.0])
    before = (y_true.copy(), y_pred.copy(), weight.copy())
    value = CohenKappa.score(y_true, y_pred, sample_weight=weight)
    assert type(value) is float
    for array, copy in zip((y_true, y_pred, weight), before, strict=True):
        assert np.array_equal(array, copy)


def test_no_warning_on_any_undefined_case() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        CohenKappa.score([0, 0], [1, 1], labels=[0])
        CohenKappa.score([1, 1], [1, 1])
        CohenKappa.score([0, 0, 1], [0, 1, 1], sample_weight=[1.0, 1.0, -2.0])


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_the_same_double_as_scikit_learn(weights: str | None) -> None:
    from sklearn.metrics import cohen_kappa_score

    rng = np.random.default_rng(13)
    for _ in range(200):
        size = int(rng.integers(1, 30))
        y_true, y_pred = rng.integers(-2, 4, size), rng.integers(-2, 4, size)
        weight = rng.normal(size=size) if rng.integers(2) else None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = cohen_kappa_score(y_true, y_pred, weights=weights, sample_weight=weight)
        mine = CohenKappa.score(y_true, y_pred, weights, sample_weight=weight)
        assert mine == theirs or (math.isnan(mine) and math.isnan(theirs))
