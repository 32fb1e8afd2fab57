"""RocCurve.compute: the walk, the drop rule, the NaN rates and the refusals."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import roc_curve

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError
from lodestar.metrics import RocCurve

#: Before 1.8 scikit-learn walks tied weighted scores in another order (the declared tie_order).
TIES_FROM_18 = pytest.mark.skipif(
    not sklearn_since("1.8"), reason="scikit-learn before 1.8 orders tied weighted scores otherwise"
)


def _arrays(curve: RocCurve) -> list[list[float]]:
    return [
        a.tolist() for a in (curve.false_positive_rate, curve.true_positive_rate, curve.thresholds)
    ]


def _theirs(*args: object, **kwargs: object) -> list[list[float]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [a.tolist() for a in roc_curve(*args, **kwargs)]  # type: ignore[arg-type]


@TIES_FROM_18
@pytest.mark.parametrize("drop", [True, False])
@pytest.mark.parametrize("weighted", [True, False])
def test_large_tied_input_matches_roc_curve_bit_for_bit(drop: bool, weighted: bool) -> None:
    rng = np.random.default_rng(7)
    truth = rng.integers(0, 3, 5_000)
    score = np.round(rng.random(5_000), 2)
    weight = rng.random(5_000) * (rng.random(5_000) > 0.1) if weighted else None
    mine = RocCurve.compute(truth, score, 2, weight, drop)
    theirs = _theirs(truth, score, pos_label=2, sample_weight=weight, drop_intermediate=drop)
    assert _arrays(mine) == theirs


def test_the_origin_comes_first_and_the_arrays_are_read_only() -> None:
    curve = RocCurve.compute([0, 1], [0.2, 0.7])
    assert curve.thresholds[0] == math.inf
    assert curve.false_positive_rate[0] == curve.true_positive_rate[0] == 0.0
    with pytest.raises(ValueError, match="read-only"):
        curve.false_positive_rate[1] = 0.5
    with pytest.raises(TypeError):
        RocCurve()


def test_a_class_weighing_nothing_or_less_is_nan_throughout() -> None:
    assert all(math.isnan(x) for x in RocCurve.compute([1, 1], [0.1, 0.2]).false_positive_rate)
    cancelling = RocCurve.compute([0, 0, 1], [0.1, 0.2, 0.3], sample_weight=[1.0, -2.0, 1.0])
    assert all(math.isnan(x) for x in cancelling.false_positive_rate)
    assert cancelling.true_positive_rate.tolist() == [0.0, 1.0, 1.0, 1.0]


def test_zero_weight_samples_make_no_point() -> None:
    curve = RocCurve.compute(
        [0, 1, 0], [0.1, 0.5, 0.3], sample_weight=[1, 1, 0], drop_intermediate=False
    )
    assert curve.thresholds.tolist() == [math.inf, 0.5, 0.1]


def test_ties_are_walked_in_sample_order() -> None:
    curve = RocCurve.compute(
        [1, 1, 1, 0, 1], [0.5] * 4 + [0.1], sample_weight=[0.1, 0.2, 0.3, 1.0, 1.0]
    )
    assert curve.true_positive_rate.tolist() == [0.0, 0.37500000000000006, 1.0]


@pytest.mark.parametrize(
    ("args", "kwargs", "argument"),
    [
        (([0, 1], [0.5]), {}, "y_score"),
        (([], []), {}, "y_true"),
        (([0, 1], [0.5, math.nan]), {}, "y_score"),
        (([0, 1], [0.5, -math.inf]), {}, "y_score"),
        (([0, 1], [0.5, 0.6]), {"sample_weight": [0.0, 0.0]}, "sample_weight"),
        (([0, 1], [0.5, 0.6]), {"sample_weight": [1.0, math.inf]}, "sample_weight"),
        (([0, 1], [0.5, 0.6]), {"pos_label": 0.5}, "pos_label"),
        (([0, 1], [0.5, 0.6]), {"drop_intermediate": 1}, "drop_intermediate"),
        (([0, 1], [[0.5], [0.6]]), {}, "y_score"),
    ],
)
def test_refusals_name_the_argument(args: tuple, kwargs: dict, argument: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ArgumentError) as caught:
        RocCurve.compute(*args, **kwargs)
    assert caught.value.param_name == argument  # type: ignore[attr-defined]
