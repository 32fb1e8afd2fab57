from __future__ import annotations

import math

import numpy as np
import pytest

from lodestar.errors import ArgumentError, ArgumentNullError
from lodestar.metrics import BalancedAccuracy, ConfusionMatrix


def test_the_majority_predictor_scores_a_coin() -> None:
    assert BalancedAccuracy.score([0] * 8 + [1, 1], [0] * 10) == 0.5


def test_the_mean_runs_over_the_classes_with_a_true_sample() -> None:
    # class 2 is predicted but never true: mean(0.5, 1.0), not mean(0.5, 1.0, 0)
    assert BalancedAccuracy.score([0, 0, 1], [0, 2, 1]) == 0.75
    assert BalancedAccuracy.score([0, 0, 1], [0, 2, 1], adjusted=True) == 0.5


def test_one_kept_class_adjusts_to_nan_or_minus_infinity() -> None:
    assert math.isnan(BalancedAccuracy.score([1, 1], [1, 1], adjusted=True))
    assert BalancedAccuracy.score([0, 0], [0, 1], adjusted=True) == -math.inf


def test_no_kept_class_is_nan_adjusted_or_not() -> None:
    weights = [1.0, -1.0]
    assert math.isnan(BalancedAccuracy.score([0, 0], [1, 1], sample_weight=weights))
    assert math.isnan(BalancedAccuracy.score([0, 0], [1, 1], True, sample_weight=weights))


def test_a_cancelling_row_with_a_hit_keeps_its_infinite_recall() -> None:
    assert BalancedAccuracy.score([0, 0, 1], [0, 1, 1], sample_weight=[1.0, -1.0, 1.0]) == math.inf


def test_the_two_forms_agree() -> None:
    y_true = [0, 0, 1, 1, 2, 2, 2]
    y_pred = [0, 1, 1, 1, 2, 0, 2]
    cm = ConfusionMatrix.compute(y_true, y_pred)
    assert BalancedAccuracy.score(cm=cm) == BalancedAccuracy.score(y_true, y_pred)
    assert BalancedAccuracy.score(cm=cm, adjusted=True) == BalancedAccuracy.score(
        y_true, y_pred, adjusted=True
    )


def test_a_label_subset_is_read_over_the_classes_the_matrix_holds() -> None:
    y_true = [0, 0, 2, 2, 2, 3, 1]
    y_pred = [0, 1, 2, 2, 0, 1, 1]
    cm = ConfusionMatrix.compute(y_true, y_pred, labels=[0, 2, 3])
    assert BalancedAccuracy.score(cm=cm) == pytest.approx(5 / 6, abs=1e-12)
    assert BalancedAccuracy.score(cm=cm, adjusted=True) == pytest.approx(2 / 3, abs=1e-12)
    assert BalancedAccuracy.score(y_true, y_pred, labels=[0, 2, 3]) == BalancedAccuracy.score(cm=cm)


def test_weights() -> None:
    assert BalancedAccuracy.score([0, 0, 1, 1], [0, 1, 1, 0], sample_weight=[2, -1, 1, 1]) == 1.25


@pytest.mark.filterwarnings("ignore:y_pred contains classes not in y_true")
def test_matches_scikit_learn() -> None:
    from sklearn.metrics import balanced_accuracy_score

    rng = np.random.default_rng(11)
    for _ in range(20):
        y_true = rng.integers(-1, 4, size=60)
        y_pred = rng.integers(-1, 5, size=60)
        weight = rng.random(60)
        for adjusted in (False, True):
            mine = BalancedAccuracy.score(y_true, y_pred, adjusted, sample_weight=weight)
            theirs = balanced_accuracy_score(
                y_true, y_pred, sample_weight=weight, adjusted=adjusted
            )
            assert mine == theirs


def test_returns_a_python_float() -> None:
    assert type(BalancedAccuracy.score([0, 1], [0, 1])) is float
    assert type(BalancedAccuracy.score(cm=ConfusionMatrix.compute([0], [0]))) is float


@pytest.mark.parametrize(
    ("args", "kwargs", "name", "sentence"),
    [
        (([0, 1, 0], [0, 1]), {}, "y_pred", "they must agree"),
        (([], []), {}, "y_true", "empty"),
        (([0, 1], [0, 1]), {"labels": [0, 0]}, "labels", "more than once"),
        (([0, 1], [0, 1]), {"labels": [5]}, "labels", "none of them occurs"),
        (([0, 1], [0, 1]), {"sample_weight": [0, 0]}, "sample_weight", "non-zero"),
        (([0, 1], [0, 1]), {"adjusted": 1}, "adjusted", "True or False"),
    ],
)
def test_refusals(args, kwargs, name, sentence) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ArgumentError) as raised:
        BalancedAccuracy.score(*args, **kwargs)
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


def test_the_matrix_form_refuses_none_and_mixed_forms() -> None:
    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    with pytest.raises(ArgumentNullError) as null:
        BalancedAccuracy.score(cm=None)
    assert null.value.param_name == "cm"
    for kwargs in ({"labels": [0, 1]}, {"sample_weight": [1, 1]}):
        with pytest.raises(ArgumentError) as mixed:
            BalancedAccuracy.score(cm=cm, **kwargs)
        assert mixed.value.param_name == "cm"
    with pytest.raises(ArgumentError):
        BalancedAccuracy.score([0, 1], [0, 1], cm=cm)
    with pytest.raises(ArgumentError, match="ConfusionMatrix is required"):
        BalancedAccuracy.score(cm=[[1, 0], [0, 1]])
    with pytest.raises(TypeError):
        BalancedAccuracy.score([0, 1])


def test_inputs_are_not_modified() -> None:
    y_true = np.array([0, 0, 1])
    y_pred = np.array([0, 2, 1])
    weight = np.array([1.0, 2.0, 3.0])
    BalancedAccuracy.score(y_true, y_pred, True, None, weight)
    assert y_true.tolist() == [0, 0, 1] and y_pred.tolist() == [0, 2, 1]
    assert weight.tolist() == [1.0, 2.0, 3.0]
