from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import median_absolute_error

from lodestar.errors import ArgumentError
from lodestar.metrics import MedianAbsoluteError
from lodestar.metrics.regression import median_absolute_error as module

RNG = np.random.default_rng(20261201)
N = 3 * module.SMALL + 1  # past the size at which a column is selected, not sorted


def _cases(size: int) -> list[tuple[str, np.ndarray, np.ndarray]]:
    spread = RNG.normal(size=(size, 2))
    ties = RNG.integers(0, 7, size=(size, 2)).astype(float)
    ordered = np.sort(spread, axis=0)
    weights = {
        "fractional": RNG.random(size),
        "whole": RNG.integers(0, 4, size).astype(float),
        "skewed": RNG.random(size) ** 8,
        "uniform": np.full(size, 0.7),
        "signed": RNG.random(size) - 0.25,
    }
    return [
        (f"{size} {shape} {kind}", values, weight)
        for shape, values in (("spread", spread), ("ties", ties), ("ordered", ordered))
        for kind, weight in weights.items()
    ]


@pytest.mark.parametrize(
    ("name", "values", "weight"), _cases(N) + _cases(1000), ids=lambda c: str(c)[:24]
)
def test_selection_gives_scikit_learns_weighted_median(
    name: str, values: np.ndarray, weight: np.ndarray
) -> None:
    expected = median_absolute_error(
        values, np.zeros_like(values), sample_weight=weight, multioutput="raw_values"
    )
    found = MedianAbsoluteError.per_output(values, np.zeros_like(values), 2, weight)
    assert found.tolist() == expected.tolist(), name


def test_selection_steps_aside_where_rounding_decides() -> None:
    column = np.arange(10.0)
    assert module._selected(column, np.full(10, 0.7)) is None
    assert module._selected(column, np.full(10, 1.0)) == 4.5
    assert module._sorted(column, np.full(10, 0.7)) == 5.0


def test_the_unweighted_median_is_numpys() -> None:
    for size in (1, 2, 3, 10, 11, N):
        values = RNG.normal(size=(size, 1))
        assert MedianAbsoluteError.score(values, np.zeros_like(values)) == float(
            np.median(np.abs(values))
        )


def test_the_decision_record_figures() -> None:
    truth, zeros = list(range(10)), [0.0] * 10
    assert MedianAbsoluteError.score(truth, zeros) == 4.5
    assert MedianAbsoluteError.score(truth, zeros, sample_weight=[0.1] * 10) == 4.5
    assert MedianAbsoluteError.score(truth, zeros, sample_weight=[0.7] * 10) == 5.0


def test_weights_that_sum_to_zero_are_scored_and_all_zero_refused() -> None:
    assert MedianAbsoluteError.score([1.0, 2.0], [0.0, 0.0], sample_weight=[1.0, -1.0]) == 2.0
    with pytest.raises(ArgumentError):
        MedianAbsoluteError.score([1.0, 2.0], [0.0, 0.0], sample_weight=[0.0, 0.0])
    with pytest.raises(ArgumentError):
        MedianAbsoluteError.score([1.0, np.inf], [0.0, 0.0])


@pytest.mark.parametrize("weight", [1e-310, 1.5e-323, 1e-300, 1e-17])
def test_subnormal_weights_average_with_the_next_sample(weight: float) -> None:
    # half the total falls after the second of three tied 0.5s: scikit-learn averages it
    # with the third, 0.5; the bound of the fast path underflowed and averaged with 1.0
    truth, predicted = [0.0, 0.0, 0.0, 0.0], [0.5, 0.5, 0.5, 1.0]
    expected = median_absolute_error(truth, predicted, sample_weight=[weight] * 4)
    assert expected == 0.5
    assert MedianAbsoluteError.score(truth, predicted, sample_weight=[weight] * 4) == expected
    assert MedianAbsoluteError.per_output(truth, predicted, sample_weight=[weight] * 4) == [0.5]
