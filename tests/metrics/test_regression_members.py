"""RootMeanSquaredError, MeanAbsoluteError, MaxError and MeanAbsolutePercentageError on the
figures of their pages and the cases each treats apart."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lodestar.errors import ArgumentError
from lodestar.metrics import (
    MaxError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    RootMeanSquaredError,
)

TRUTH = [0.5, 1.0, -1.0, 1.0, 7.0, -6.0]
PRED = [0.0, 2.0, -1.0, 2.0, 8.0, -5.0]


def test_the_root_is_taken_per_output_before_the_reduction() -> None:
    assert RootMeanSquaredError.per_output(TRUTH, PRED, 2).tolist() == [0.6454972243679028, 1.0]
    assert RootMeanSquaredError.score(TRUTH, PRED, 2) == 0.8227486121839513
    assert math.sqrt(MeanSquaredError.score(TRUTH, PRED, 2)) == 0.8416254115301732


def test_mean_absolute_error() -> None:
    assert MeanAbsoluteError.score([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0]) == 0.5
    assert MeanAbsoluteError.per_output(TRUTH, PRED, 2).tolist() == [0.5, 1.0]
    assert MeanAbsoluteError.score(TRUTH, PRED, 2, output_weights=[1.0, 3.0]) == 0.875


def test_max_error_takes_one_output_and_no_weights() -> None:
    assert MaxError.score([1.0, 2.0, 3.0, 100.0], [1.0, 2.0, 3.0, 4.0]) == 96.0
    assert MaxError.score([[1.0], [2.0]], [[1.5], [2.0]]) == 0.5
    with pytest.raises(ArgumentError, match="2 columns"):
        MaxError.score(np.zeros((2, 2)), np.zeros((2, 2)))
    with pytest.raises(ArgumentError, match="empty"):
        MaxError.score([], [])


def test_the_percentage_is_a_fraction_clamped_at_machine_epsilon() -> None:
    truth, predicted = [100.0, 50.0, 200.0, 25.0], [110.0, 45.0, 180.0, 30.0]
    assert MeanAbsolutePercentageError.score(truth, predicted) == 0.125
    assert MeanAbsolutePercentageError.per_output(truth, predicted, 2).tolist() == [
        0.1,
        0.15000000000000002,
    ]
    assert MeanAbsolutePercentageError.score([0.0], [1.0]) == 2.0**52
    assert MeanAbsolutePercentageError.score([1e-300], [0.0]) == 1e-300 / 2.0**-52


def test_the_members_are_named_as_their_types_methods() -> None:
    for kind in (MeanSquaredError, RootMeanSquaredError, MeanAbsoluteError):
        assert kind.score.__qualname__ == f"{kind.__name__}.score"
        assert kind.per_output.__module__ == kind.__module__
