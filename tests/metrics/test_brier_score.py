from __future__ import annotations

import numpy as np
import pytest

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import BrierScore

TRUTH = [0, 1, 2, 1]
PROBA = [0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6, 0.3, 0.4, 0.3]


def test_seed_example_unhalved_and_halved() -> None:
    assert BrierScore.multi_class(TRUTH, PROBA, 3) == 0.245
    assert BrierScore.multi_class(TRUTH, PROBA, 3, scale_by_half=True) == 0.1225


def test_every_column_contributes() -> None:
    moved = list(PROBA)
    moved[1], moved[2] = 0.3, 0.0  # probability moved between the two wrong classes
    assert BrierScore.multi_class(TRUTH, moved, 3) != BrierScore.multi_class(TRUTH, PROBA, 3)


def test_rows_not_summing_to_one_are_scored_as_given() -> None:
    assert BrierScore.multi_class([0], [0.5, 0.5, 0.5], 3) == 0.75


def test_large_blocks_cross_the_chunk_boundary() -> None:
    rng = np.random.default_rng(1)
    proba = rng.random((30000, 7))
    truth = rng.integers(0, 7, 30000)
    expected = float(np.mean(((np.eye(7)[truth] - proba) ** 2).sum(axis=1)))
    assert BrierScore.multi_class(truth, proba, 7) == expected


@pytest.mark.parametrize(
    ("kwargs", "error", "name", "sentence"),
    [
        ({"class_count": 1}, ArgumentOutOfRangeError, "class_count", "at least 2"),
        ({"y_proba": PROBA[:-1]}, ArgumentError, "y_proba", "not 4 samples of 3"),
        ({"y_true": [0, 1, 3, 1]}, ArgumentError, "y_true", "class index"),
        (
            {"y_proba": [1.5, *PROBA[1:]]},
            ArgumentError,
            "y_proba",
            "y_prob contains values greater than 1: 1.5",
        ),
        (
            {"y_proba": [-0.25, *PROBA[1:]]},
            ArgumentError,
            "y_proba",
            "y_prob contains values lower than 0: -0.25",
        ),
        ({"sample_weight": [1, 1, 1, -3]}, ArgumentError, "sample_weight", "Weights sum to zero"),
        ({"y_true": [], "y_proba": []}, ArgumentError, "y_true", "empty"),
        ({"scale_by_half": "yes"}, ArgumentError, "scale_by_half", "True or False"),
    ],
)
def test_refusals(kwargs, error, name, sentence) -> None:  # type: ignore[no-untyped-def]
    call = {"y_true": TRUTH, "y_proba": PROBA, "class_count": 3} | kwargs
    with pytest.raises(error) as raised:
        BrierScore.multi_class(**call)
    assert type(raised.value) is error
    assert raised.value.param_name == name
    assert sentence in str(raised.value)
