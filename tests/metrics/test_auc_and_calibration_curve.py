"""Auc.trapezoid and CalibrationCurve.compute: directions, edges, empty bins, refusals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.calibration import calibration_curve
from sklearn.metrics import auc

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import Auc, BinStrategy, CalibrationCurve


def test_trapezoid_matches_auc_bit_for_bit_on_a_long_curve() -> None:
    rng = np.random.default_rng(5)
    x, y = np.sort(np.round(rng.random(10_000), 3)), rng.random(10_000)
    assert Auc.trapezoid(x, y) == float(auc(x, y))
    assert Auc.trapezoid(x[::-1], y[::-1]) == float(auc(x[::-1], y[::-1]))


def test_a_curve_given_right_to_left_has_the_same_area() -> None:
    assert Auc.trapezoid([1.0, 0.5, 0.0], [1.0, 0.5, 0.0]) == 0.5
    assert Auc.trapezoid([0.5, 0.5, 0.5], [1.0, 2.0, 3.0]) == 0.0


@pytest.mark.parametrize(
    ("x", "y", "argument"),
    [
        ([0.0, 1.0, 0.5], [0.0, 1.0, 1.0], "x"),
        ([0.5], [1.0], "x"),
        ([0.0, 1.0], [1.0], "y"),
        ([0.0, math.nan], [1.0, 1.0], "x"),
        ([0.0, 1.0], [1.0, math.inf], "y"),
    ],
)
def test_trapezoid_refusals(x: list[float], y: list[float], argument: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        Auc.trapezoid(x, y)
    assert caught.value.param_name == argument  # type: ignore[attr-defined]


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("bins", [1, 3, 10, 40])
def test_calibration_matches_bit_for_bit(strategy: str, bins: int) -> None:
    rng = np.random.default_rng(bins)
    truth = rng.integers(3, 5, 2_000)
    prob = np.round(rng.random(2_000), 2)
    mine = CalibrationCurve.compute(truth, prob, 4, bins, strategy)
    theirs = calibration_curve(truth, prob, pos_label=4, n_bins=bins, strategy=strategy)
    assert [mine.prob_true.tolist(), mine.prob_pred.tolist()] == [a.tolist() for a in theirs]


def test_uniform_edges_are_linspace_and_empty_bins_are_dropped() -> None:
    curve = CalibrationCurve.compute([0, 1], [0.1 + 0.2, 0.35], n_bins=10)
    assert curve.prob_pred.tolist() == [0.30000000000000004, 0.35]
    assert CalibrationCurve.compute([0, 1, 1, 0], [0.41, 0.45, 0.5, 0.59]).prob_true.size == 1
    quantile = CalibrationCurve.compute(
        [0] * 3 + [1] * 3, [0.2] * 3 + [0.7] * 3, 1, 4, BinStrategy.QUANTILE
    )
    assert quantile.prob_true.size == 2


@pytest.mark.parametrize(
    ("kwargs", "error", "argument"),
    [
        ({"y_prob": [0.5, 1.5]}, ArgumentError, "y_prob"),
        ({"y_prob": [0.5, math.nan]}, ArgumentError, "y_prob"),
        ({"y_prob": [0.5, -math.inf]}, ArgumentError, "y_prob"),
        ({"y_true": [0, 1, 2], "y_prob": [0.1, 0.2, 0.3]}, ArgumentError, "y_true"),
        ({"y_true": [], "y_prob": []}, ArgumentError, "y_true"),
        ({"n_bins": 0}, ArgumentOutOfRangeError, "n_bins"),
        ({"strategy": "kmeans"}, ArgumentOutOfRangeError, "strategy"),
    ],
)
def test_calibration_refusals(kwargs: dict, error: type, argument: str) -> None:  # type: ignore[type-arg]
    call = {"y_true": [0, 1], "y_prob": [0.2, 0.7], **kwargs}
    with pytest.raises(error) as caught:
        CalibrationCurve.compute(**call)
    assert caught.value.param_name == argument
