"""PrecisionRecallCurve.compute and DetCurve.compute: the arrays, the drop rule, the
substitutes, the cut of the DET curve and the refusals."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import det_curve, precision_recall_curve

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError
from lodestar.metrics import DetCurve, PrecisionRecallCurve


def _theirs(function: object, *args: object, **kwargs: object) -> list[list[float]]:
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return [np.asarray(a, dtype=float).tolist() for a in function(*args, **kwargs)]  # type: ignore[operator]


def _pr(curve: PrecisionRecallCurve) -> list[list[float]]:
    return [a.tolist() for a in (curve.precision, curve.recall, curve.thresholds)]


def _det(curve: DetCurve) -> list[list[float]]:
    arrays = (curve.false_positive_rate, curve.false_negative_rate, curve.thresholds)
    return [a.tolist() for a in arrays]


@pytest.mark.skipif(
    not sklearn_since("1.8"), reason="before 1.8 ties are walked in reverse; before 1.7 no inf"
)
@pytest.mark.parametrize("drop", [True, False])
@pytest.mark.parametrize("weighted", [True, False])
def test_large_tied_input_matches_bit_for_bit(drop: bool, weighted: bool) -> None:
    rng = np.random.default_rng(11)
    truth = rng.integers(0, 2, 5_000)
    score = np.round(rng.random(5_000), 2)
    weight = rng.random(5_000) * (rng.random(5_000) > 0.1) if weighted else None
    keywords = {"pos_label": 1, "sample_weight": weight, "drop_intermediate": drop}
    mine = PrecisionRecallCurve.compute(truth, score, 1, weight, drop)
    assert _pr(mine) == _theirs(precision_recall_curve, truth, score, **keywords)
    mine_det = DetCurve.compute(truth, score, 1, weight, drop)
    assert _det(mine_det) == _theirs(det_curve, truth, score, **keywords)


def test_the_thresholds_are_one_shorter_and_the_last_point_is_recall_0_precision_1() -> None:
    curve = PrecisionRecallCurve.compute([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert curve.precision.size == curve.recall.size == curve.thresholds.size + 1
    assert (curve.precision[-1], curve.recall[-1]) == (1.0, 0.0)
    with pytest.raises(ValueError, match="read-only"):
        curve.thresholds[0] = 0.0
    with pytest.raises(TypeError):
        PrecisionRecallCurve()


def test_no_positive_weight_gives_recall_one_and_nothing_weighed_precision_zero() -> None:
    assert PrecisionRecallCurve.compute([0, 0], [0.2, 0.5]).recall.tolist() == [1.0, 1.0, 0.0]
    cancelled = PrecisionRecallCurve.compute([1, 0, 1], [0.9, 0.5, 0.2], 1, [1.0, -1.0, 1.0])
    assert cancelled.precision.tolist() == [2.0, 0.0, 1.0, 1.0]


def test_drop_intermediate_keeps_the_ends_of_each_run_of_equal_counts() -> None:
    truth, scores = [0, 1, 0, 0, 1, 1], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]
    kept = PrecisionRecallCurve.compute(truth, scores, drop_intermediate=True).thresholds
    assert kept.tolist() == [0.4, 0.5, 0.6, 0.8, 0.9]


def test_det_keeps_the_infinite_point_when_a_negative_scores_highest() -> None:
    curve = DetCurve.compute([0, 1, 0, 1], [0.9, 0.8, 0.3, 0.1])
    assert curve.thresholds[-1] == math.inf
    assert (curve.false_positive_rate[-1], curve.false_negative_rate[-1]) == (0.0, 1.0)
    assert DetCurve.compute([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]).thresholds.size == 3


def test_det_rates_of_a_class_weighing_nothing_are_nan() -> None:
    curve = DetCurve.compute([0, 1, 0, 1], [0.9, 0.8, 0.3, 0.1], pos_label=2)
    assert math.isnan(curve.false_negative_rate[0])


@pytest.mark.parametrize("truth", [[1, 1, 1], [0, 1, 2]])
def test_det_needs_exactly_two_labels(truth: list[int]) -> None:
    with pytest.raises(ArgumentError) as caught:
        DetCurve.compute(truth, [0.1, 0.2, 0.3])
    assert caught.value.param_name == "y_true"  # type: ignore[attr-defined]


@pytest.mark.parametrize("compute", [PrecisionRecallCurve.compute, DetCurve.compute])
@pytest.mark.parametrize(
    ("args", "kwargs", "argument"),
    [
        (([0, 1], [0.5]), {}, "y_score"),
        (([], []), {}, "y_true"),
        (([0, 1], [0.5, math.nan]), {}, "y_score"),
        (([0, 1], [0.5, math.inf]), {}, "y_score"),
        (([0, 1], [0.5, 0.6]), {"sample_weight": [0.0, 0.0]}, "sample_weight"),
        (([0, 1], [0.5, 0.6]), {"pos_label": 0.5}, "pos_label"),
        (([0, 1], [0.5, 0.6]), {"drop_intermediate": 1}, "drop_intermediate"),
    ],
)
def test_refusals_name_the_argument(
    compute: object, args: tuple, kwargs: dict, argument: str
) -> None:  # type: ignore[type-arg]
    with pytest.raises(ArgumentError) as caught:
        compute(*args, **kwargs)  # type: ignore[operator]
    assert caught.value.param_name == argument  # type: ignore[attr-defined]
