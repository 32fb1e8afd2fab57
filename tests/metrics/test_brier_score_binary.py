from __future__ import annotations

import math

import numpy as np
import pytest

from lodestar.errors import ArgumentError
from lodestar.metrics import BrierScore

TRUTH = [0, 1, 1, 0]
CONFIDENCE = [0.1, 0.9, 0.8, 0.3]


def test_example_about_each_class() -> None:
    assert BrierScore.score(TRUTH, CONFIDENCE) == 0.03749999999999999
    assert BrierScore.score(TRUTH, CONFIDENCE, pos_label=0) == 0.6875


def test_halved_by_default() -> None:
    assert BrierScore.score(TRUTH, CONFIDENCE, scale_by_half=False) == 0.07499999999999998
    assert BrierScore.score(TRUTH, CONFIDENCE, pos_label=0, scale_by_half=False) == 1.375


def test_other_label_pairs() -> None:
    assert BrierScore.score([-1, 1, 1, -1], CONFIDENCE) == 0.03749999999999999
    # pos_label defaults to 1, which is the lesser label here.
    assert BrierScore.score([1, 2, 2, 1], CONFIDENCE) == 0.6875
    assert BrierScore.score([1, 2, 2, 1], CONFIDENCE, pos_label=2) == 0.03749999999999999


def test_perfect_and_certainly_wrong() -> None:
    assert BrierScore.score([0, 1], [0.0, 1.0]) == 0.0
    assert BrierScore.score([0, 1], [1.0, 0.0]) == 1.0
    assert BrierScore.score([0, 1], [1.0, 0.0], scale_by_half=False) == 2.0


def test_two_column_arithmetic() -> None:
    # ((1 - 0) - (1 - 0.1)) ** 2 + 0.1 ** 2, halved: not 0.1 ** 2.
    assert BrierScore.score([0], [0.1]) == 0.009999999999999998
    # A product, not 0.1 ** 2: Python's ** calls the C library's pow, and 0.1 squared lies
    # within 0.02 ULP of a midpoint, so a pow that is not correctly rounded may give 0.01.
    assert 0.1 * 0.1 == 0.010000000000000002


def test_single_class_and_three_labels() -> None:
    assert BrierScore.score([1, 1], [0.9, 0.8]) == 0.024999999999999988
    assert BrierScore.score([3, 3], [0.9, 0.8]) == 0.7250000000000001
    assert BrierScore.score([0, 1, 2], [0.1, 0.9, 0.3]) == BrierScore.score(
        [0, 1, 0], [0.1, 0.9, 0.3]
    )


def test_weights() -> None:
    assert BrierScore.score(TRUTH, CONFIDENCE, sample_weight=[3, 1, 1, -1]) == (
        -0.002500000000000009
    )
    assert BrierScore.score(TRUTH, CONFIDENCE, sample_weight=[]) == 0.03749999999999999


def test_a_column_is_accepted() -> None:
    assert BrierScore.score(TRUTH, np.reshape(CONFIDENCE, (4, 1))) == 0.03749999999999999


@pytest.mark.parametrize(
    ("kwargs", "name", "sentence"),
    [
        ({"y_proba": [0.1, 0.9, 0.8]}, "y_proba", "y_true has 4 entries and y_proba has 3"),
        ({"y_true": [], "y_proba": []}, "y_true", "empty"),
        (
            {"y_proba": [0.1, 1.5, 0.8, 0.3]},
            "y_proba",
            "y_prob contains values greater than 1: 1.5",
        ),
        (
            {"y_proba": [-0.1, 0.9, 0.8, 0.3]},
            "y_proba",
            "y_prob contains values less than 0: -0.1",
        ),
        ({"y_proba": [-0.25, 1.25, 0.8, 0.3]}, "y_proba", "greater than 1: 1.25"),
        ({"y_proba": [math.nan, 0.9, 0.8, 0.3]}, "y_proba", "finite"),
        ({"sample_weight": [1, 1, -1, -1]}, "sample_weight", "sum to zero"),
        ({"sample_weight": [0, 0, 0, 0]}, "sample_weight", "non-zero"),
        ({"sample_weight": [1, 1, 1]}, "sample_weight", "4 samples"),
        ({"sample_weight": [1, 1, 1, math.nan]}, "sample_weight", "finite"),
        ({"pos_label": 1.5}, "pos_label", "integer label"),
        ({"pos_label": np.bool_(True)}, "pos_label", "integer label"),
        ({"pos_label": math.nan}, "pos_label", "integer label"),
        ({"pos_label": 2**64}, "pos_label", "past int64"),
        ({"scale_by_half": "auto"}, "scale_by_half", "True or False"),
        ({"y_true": [False, True, True, False]}, "y_true", "booleans"),
    ],
)
def test_refusals(kwargs, name, sentence) -> None:  # type: ignore[no-untyped-def]
    call = {"y_true": TRUTH, "y_proba": CONFIDENCE} | kwargs
    with pytest.raises(ArgumentError) as raised:
        BrierScore.score(**call)
    assert type(raised.value) is ArgumentError
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


def test_inputs_are_not_modified() -> None:
    truth = np.array(TRUTH)
    proba = np.array(CONFIDENCE)
    weight = np.array([1.0, 2.0, 3.0, 4.0])
    BrierScore.score(truth, proba, sample_weight=weight)
    assert truth.tolist() == TRUTH
    assert proba.tolist() == CONFIDENCE
    assert weight.tolist() == [1, 2, 3, 4]


def test_returns_a_python_float() -> None:
    assert type(BrierScore.score(TRUTH, CONFIDENCE)) is float
