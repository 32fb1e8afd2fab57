from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, matthews_corrcoef

from lodestar.errors import ArgumentError, ArgumentNullError, UndefinedMetricError
from lodestar.metrics import ConfusionMatrix, MatthewsCorrelation, ZeroDivision

SPAM_TRUE = [1, 1, 1, 1, 0, 0, 0, 0]
SPAM_PRED = [1, 1, 0, 0, 1, 0, 0, 0]
THREE_TRUE = [0, 0, 1, 1, 2, 2, 2]
THREE_PRED = [0, 1, 1, 1, 2, 0, 2]


def test_the_spam_filter_of_the_csharp_page() -> None:
    # cells [[3, 1], [2, 2]]: 8 / sqrt(30 * 32), two correct roundings
    assert MatthewsCorrelation.score(SPAM_TRUE, SPAM_PRED) == 8 / math.sqrt(960)


def test_a_perfect_and_an_inverted_prediction() -> None:
    assert MatthewsCorrelation.score(THREE_TRUE, THREE_TRUE) == 1.0
    assert MatthewsCorrelation.score([0, 1, 0, 1], [1, 0, 1, 0]) == -1.0


def test_the_majority_predictor_scores_zero() -> None:
    assert MatthewsCorrelation.score([0] * 8 + [1, 1], [0] * 10) == 0.0


def test_it_is_symmetric_in_truth_and_prediction() -> None:
    weights = [0.5, 1.5, 2.0, 1.0, 0.25, 3.0, 1.0]
    forward = MatthewsCorrelation.score(THREE_TRUE, THREE_PRED, sample_weight=weights)
    backward = MatthewsCorrelation.score(THREE_PRED, THREE_TRUE, sample_weight=weights)
    assert forward == backward


@pytest.mark.parametrize(
    ("policy", "expected"),
    [(ZeroDivision.ZERO, 0.0), (ZeroDivision.ONE, 1.0), (ZeroDivision.NAN, math.nan)],
)
def test_a_single_class_gives_the_policys_value(policy: ZeroDivision, expected: float) -> None:
    for y_true, y_pred in (([1, 1, 1], [1, 1, 1]), ([0, 1, 1], [1, 1, 1]), ([2, 2], [0, 2])):
        result = MatthewsCorrelation.score(y_true, y_pred, policy)
        assert result == expected or (math.isnan(result) and math.isnan(expected))


def test_throw_raises_only_where_the_denominator_is_zero() -> None:
    with pytest.raises(UndefinedMetricError, match="undefined"):
        MatthewsCorrelation.score([1, 1, 1], [1, 1, 1], ZeroDivision.THROW)
    with pytest.raises(UndefinedMetricError):
        MatthewsCorrelation.score([0, 0], [1, 1], ZeroDivision.THROW, labels=[0])
    assert MatthewsCorrelation.score(SPAM_TRUE, SPAM_PRED, ZeroDivision.THROW) == 8 / math.sqrt(960)


def test_a_label_subset_reads_the_matrix_it_keeps() -> None:
    assert MatthewsCorrelation.score(THREE_TRUE, THREE_PRED) == 0.59375
    cm = ConfusionMatrix.compute(THREE_TRUE, THREE_PRED, labels=[1, 2])
    assert MatthewsCorrelation.score(cm=cm) == 1.0
    assert MatthewsCorrelation.score(THREE_TRUE, THREE_PRED, labels=[2, 1]) == 1.0
    assert MatthewsCorrelation.score([0, 0], [1, 1], labels=[0]) == 0.0
    assert math.isnan(MatthewsCorrelation.score([0, 0], [1, 1], ZeroDivision.NAN, labels=[0]))


def test_the_two_forms_agree_bit_for_bit() -> None:
    rng = np.random.default_rng(13)
    y_true = rng.integers(-3, 4, 500)
    y_pred = np.where(rng.random(500) < 0.6, y_true, rng.integers(-3, 4, 500))
    weights = rng.random(500) * 4 - 1
    for labels in (None, [3, -3, 0, 1]):
        for weight in (None, weights):
            cm = ConfusionMatrix.compute(y_true, y_pred, labels, weight)
            assert MatthewsCorrelation.score(cm=cm) == MatthewsCorrelation.score(
                y_true, y_pred, labels=labels, sample_weight=weight
            )


def test_weights_of_both_signs() -> None:
    # one factor under the root negative: NaN; both: a value that may pass ±1
    one = MatthewsCorrelation.score([0, 0, 1, 1], [0, 1, 0, 1], sample_weight=[1, 1, -0.5, -0.5])
    assert math.isnan(one)
    assert MatthewsCorrelation.score([0, 1], [0, 1], sample_weight=[2.0, -1.0]) == -1.0
    assert MatthewsCorrelation.score([0, 1, 1], [1, 0, 1], sample_weight=[3, -2, 0.5]) > 1


def test_no_warning_on_the_edges() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        MatthewsCorrelation.score([0, 0, 1, 1], [0, 1, 0, 1], sample_weight=[1, 1, -0.5, -0.5])
        MatthewsCorrelation.score([1, 1], [1, 1], ZeroDivision.NAN)
        MatthewsCorrelation.score([0, 1], [0, 1], sample_weight=[1e300, 1e300])


def test_the_result_is_a_python_float_and_the_inputs_are_left_alone() -> None:
    y_true, y_pred = np.array(SPAM_TRUE), np.array(SPAM_PRED)
    weights = np.linspace(0.5, 2.0, 8)
    before = (y_true.copy(), y_pred.copy(), weights.copy())
    result = MatthewsCorrelation.score(y_true, y_pred, sample_weight=weights)
    assert type(result) is float
    assert type(MatthewsCorrelation.score([1, 1], [1, 1])) is float
    for array, copy in zip((y_true, y_pred, weights), before, strict=True):
        assert np.array_equal(array, copy)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_agrees_with_scikit_learn_bit_for_bit() -> None:
    rng = np.random.default_rng(7)
    for _ in range(40):
        n = int(rng.integers(1, 60))
        y_true = rng.integers(0, 5, n)
        y_pred = np.where(rng.random(n) < 0.5, y_true, rng.integers(0, 5, n))
        weight = rng.random(n) * 3 - 1 if rng.random() < 0.5 else None
        ours = MatthewsCorrelation.score(y_true, y_pred, sample_weight=weight)
        theirs = float(matthews_corrcoef(y_true, y_pred, sample_weight=weight))
        assert ours == theirs or (math.isnan(ours) and math.isnan(theirs))


def test_a_label_subset_matches_scikit_learns_steps_on_its_matrix() -> None:
    cells = confusion_matrix(THREE_TRUE, THREE_PRED, labels=[0, 2])
    t_sum, p_sum = cells.sum(axis=1, dtype=float), cells.sum(axis=0, dtype=float)
    n = p_sum.sum()
    expected = (np.trace(cells) * n - t_sum @ p_sum) / np.sqrt(
        (n**2 - p_sum @ p_sum) * (n**2 - t_sum @ t_sum)
    )
    assert MatthewsCorrelation.score(THREE_TRUE, THREE_PRED, labels=[0, 2]) == float(expected)


@pytest.mark.parametrize("policy", [0, 0.0, 1.0, math.nan, "warn", "zero", None, True])
def test_a_zero_division_of_another_type_is_refused(policy: object) -> None:
    with pytest.raises(ArgumentError, match="zero_division") as caught:
        MatthewsCorrelation.score([0, 1], [0, 1], policy)  # type: ignore[arg-type]
    assert caught.value.param_name == "zero_division"
    with pytest.raises(ArgumentError, match="zero_division"):
        MatthewsCorrelation.score(cm=ConfusionMatrix.compute([0, 1], [0, 1]), zero_division=policy)  # type: ignore[arg-type]


def test_the_shared_refusals() -> None:
    with pytest.raises(ArgumentError, match="empty"):
        MatthewsCorrelation.score([], [])
    with pytest.raises(ArgumentError, match="they must agree"):
        MatthewsCorrelation.score([0, 1], [0])
    with pytest.raises(ArgumentError, match="finite"):
        MatthewsCorrelation.score([0, 1], [0, 1], sample_weight=[1.0, math.nan])
    with pytest.raises(ArgumentError, match="non-zero"):
        MatthewsCorrelation.score([0, 1], [0, 1], sample_weight=[0.0, 0.0])
    with pytest.raises(ArgumentError, match="more than once"):
        MatthewsCorrelation.score([0, 1], [0, 1], labels=[0, 0])
    with pytest.raises(ArgumentError, match="booleans"):
        MatthewsCorrelation.score([True, False], [True, False])


def test_the_matrix_form_refuses_what_the_csharp_one_cannot_take() -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    with pytest.raises(ArgumentNullError):
        MatthewsCorrelation.score(cm=None)
    with pytest.raises(ArgumentError, match="not both"):
        MatthewsCorrelation.score([0, 1], [0, 1], cm=cm)
    with pytest.raises(ArgumentError, match="not both"):
        MatthewsCorrelation.score(cm=cm, labels=[0, 1])
    with pytest.raises(ArgumentError, match="ConfusionMatrix is required"):
        MatthewsCorrelation.score(cm=[[1, 0], [0, 1]])
    with pytest.raises(TypeError):
        MatthewsCorrelation.score([0, 1])
