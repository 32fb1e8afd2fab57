"""MeanSquaredError and the shared regression checks of ``_outputs``."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import mean_squared_error

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import MeanSquaredError

TRUTH = [0.5, 1.0, -1.0, 1.0, 7.0, -6.0]
PRED = [0.0, 2.0, -1.0, 2.0, 8.0, -5.0]


def test_the_pages_figures() -> None:
    assert MeanSquaredError.score([3.0, -0.5, 2.0, 7.0], [2.5, 0.0, 2.0, 8.0]) == 0.375
    per_output = MeanSquaredError.per_output(TRUTH, PRED, 2)
    assert per_output.tolist() == [0.4166666666666667, 1.0]


def test_flat_and_two_d_blocks_agree_with_scikit_learn() -> None:
    rows = (np.reshape(TRUTH, (3, 2)), np.reshape(PRED, (3, 2)))
    weight, outputs = [1.0, -2.0, 0.5], [0.3, 0.7]
    flat = MeanSquaredError.score(TRUTH, PRED, 2, weight, outputs)
    assert flat == MeanSquaredError.score(*rows, 2, weight, outputs)
    assert flat == mean_squared_error(*rows, sample_weight=weight, multioutput=outputs)


def test_a_single_output_takes_output_weights() -> None:
    plain = MeanSquaredError.score([1.0, 2.0], [0.0, 0.0])
    assert MeanSquaredError.score([1.0, 2.0], [0.0, 0.0], output_weights=[3.0]) == plain


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"output_count": 0}, ArgumentOutOfRangeError, "at least 1"),
        ({"output_count": 4}, ArgumentError, "whole number of rows"),
        ({"output_count": 2, "sample_weight": [1.0, -1.0, 0.0]}, ArgumentError, "sum to zero"),
        ({"output_count": 2, "sample_weight": [0.0, 0.0, 0.0]}, ArgumentError, "non-zero"),
        ({"output_count": 2, "output_weights": [1.0, -1.0]}, ArgumentError, "sum to zero"),
        ({"output_count": 2, "output_weights": [1.0]}, ArgumentError, "2 samples"),
    ],
)
def test_refusals(kwargs: dict[str, object], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        MeanSquaredError.score(TRUTH, PRED, **kwargs)  # type: ignore[arg-type]


def test_non_finite_targets_are_refused_even_when_the_sum_would_hide_them() -> None:
    with pytest.raises(ArgumentError, match="y_pred holds inf"):
        MeanSquaredError.score([1.0, 2.0], [0.0, np.inf], sample_weight=[1.0, 0.0])
    assert MeanSquaredError.score([1e200, 0.0], [-1e200, 0.0]) == np.inf  # overflow stands


def test_empty_and_mismatched_blocks_are_refused() -> None:
    with pytest.raises(ArgumentError, match="empty"):
        MeanSquaredError.score([], [])
    with pytest.raises(ArgumentError, match="agree"):
        MeanSquaredError.score([1.0, 2.0], [1.0])
    with pytest.raises(ArgumentError, match="columns"):
        MeanSquaredError.score(np.zeros((2, 3)), np.zeros((2, 3)), 2)
