"""What an input may be, and numeric arguments checked before the work starts."""

from __future__ import annotations

import array
import math
import sys
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from sklearn.calibration import calibration_curve

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import (
    Accuracy,
    CalibrationCurve,
    ConfusionMatrix,
    Dcg,
    FBeta,
    MeanSquaredError,
)
from lodestar.metrics.classification.calibration_curve import _uniform_bins


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ({5: 0, 6: 1}, "a mapping (dict)"),
        ({0, 1}, "a set (set)"),
        (frozenset({0, 1}), "a set (frozenset)"),
        (np.ma.masked_array([0, 1], mask=[0, 1]), "a masked array"),
    ],
)
def test_containers_read_otherwise_are_refused_by_name(value: object, said: str) -> None:
    with pytest.raises(
        ArgumentError, match=f"y_true is {said.replace('(', '.').replace(')', '.')}"
    ):
        Accuracy.score(value, [0, 1])
    with pytest.raises(ArgumentError, match="output_weights is a mapping"):
        MeanSquaredError.score([[1.0, 2.0]] * 2, [[1.0, 2.5]] * 2, 2, output_weights={0: 1.0})


def test_array_likes_are_read_through_numpy_not_iterated() -> None:
    assert Accuracy.score(pd.Series([0, 1, 1], index=[7, 8, 9]), [0, 0, 1]) == 2 / 3
    assert Accuracy.score(array.array("l", [0, 1, 1]), memoryview(array.array("l", [0, 0, 1])))
    with pytest.raises(ArgumentError, match="shape \\(3, 2\\)"):  # not its column labels
        Accuracy.score(pd.DataFrame({0: [1, 1, 1], 1: [0, 0, 0]}), [0, 1, 1])
    # a one-column frame is one output where targets are expected
    frame = pd.DataFrame({0: [0.0, 1.0, 1.0]})
    assert MeanSquaredError.score(frame, [0.0, 0.0, 1.0]) == 1 / 3
    assert ConfusionMatrix.compute((x for x in [0, 1]), [1, 0]).to_array().tolist() == [
        [0.0, 1.0],
        [1.0, 0.0],
    ]


def test_float16_labels_are_read_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Accuracy.score(np.array([0, 1, 1], dtype=np.float16), [0, 0, 1]) == 2 / 3


def test_n_bins_is_checked_before_anything_is_allocated() -> None:
    for n_bins in (2**31, 10**12, 2**63, 10**100):
        with pytest.raises(ArgumentOutOfRangeError, match="n_bins is"):
            CalibrationCurve.compute([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3], pos_label=1, n_bins=n_bins)
    # the most the C# int allows: no edge array is made, and the answer is the bins' own
    curve = CalibrationCurve.compute([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3], 1, n_bins=2**31 - 1)
    assert curve.prob_true.tolist() == [0.0, 0.0, 1.0, 1.0]


@pytest.mark.parametrize("bins", [65537, 100_003, 2**20])
def test_many_uniform_bins_are_scikit_learns_bins(bins: int) -> None:
    rng = np.random.default_rng(bins)
    edges = np.linspace(0, 1, bins + 1)
    at = edges[rng.integers(0, bins + 1, 3000)]
    prob = np.concatenate([rng.random(3000), at, np.nextafter(at, 2), np.nextafter(at, -1)])
    prob = prob.clip(0, 1)
    assert (np.searchsorted(edges[1:-1], prob) == _uniform_bins(prob, bins)).all()
    truth = (rng.random(prob.size) < prob).astype(int)
    expected = calibration_curve(truth, prob, n_bins=bins)
    found = CalibrationCurve.compute(truth, prob, pos_label=1, n_bins=bins)
    assert np.array_equal(found.prob_true, expected[0])
    assert np.array_equal(found.prob_pred, expected[1])


def test_a_beta_whose_square_overflows_is_refused() -> None:
    with pytest.raises(ArgumentOutOfRangeError, match="its square overflows"):
        FBeta.score([1, 1, 0, 0], [1, 0, 0, 0], beta=1e200)
    largest = math.sqrt(sys.float_info.max)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert FBeta.score([1, 1, 0, 0], [1, 0, 0, 0], beta=largest) == 0.0


def test_log_base_of_another_kind_of_number_is_refused_by_name() -> None:
    with pytest.raises(ArgumentError, match="log_base is Fraction\\(2, 1\\), a Fraction"):
        Dcg.score([3, 2, 1], [0.3, 0.2, 0.1], 3, log_base=Fraction(2))
    assert Dcg.score([3, 2, 1], [0.3, 0.2, 0.1], 3, log_base=2) == Dcg.score(
        [3, 2, 1], [0.3, 0.2, 0.1], 3, log_base=2.0
    )
