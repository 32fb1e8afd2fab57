"""AveragePrecision.per_label and the label-matrix form of AveragePrecision.score: the
page figures, large inputs bit for bit against scikit-learn, and the refusals."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from sklearn.metrics import average_precision_score

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import AveragePrecision, Averaging

#: Before 1.8 scikit-learn walks tied weighted scores in another order (the declared tie_order).
TIES_FROM_18 = pytest.mark.skipif(
    not sklearn_since("1.8"), reason="scikit-learn before 1.8 orders tied weighted scores otherwise"
)


RELEVANT = [True, False, False, False, False, True]
SCORES = [0.75, 0.5, 1.0, 1.0, 0.2, 0.1]


def _sklearn(truth: np.ndarray, score: np.ndarray, **kwargs: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return average_precision_score(truth, score, **kwargs)


def test_page_figures() -> None:
    assert AveragePrecision.per_label(RELEVANT, SCORES, 3).tolist() == [0.5, 0.0, 0.5]
    assert AveragePrecision.score(RELEVANT, SCORES, label_count=3) == 1 / 3
    weighted = AveragePrecision.score(RELEVANT, SCORES, label_count=3, averaging="weighted")
    assert weighted == 0.5
    assert AveragePrecision.score(RELEVANT, SCORES, label_count=3, averaging=Averaging.MICRO) == (
        1 / 3
    )


def test_two_d_and_flat_agree_and_inputs_are_not_mutated() -> None:
    truth = np.array(RELEVANT).reshape(2, 3)
    score = np.array(SCORES).reshape(2, 3)
    before = truth.copy(), score.copy()
    assert AveragePrecision.per_label(truth, score, 3).tolist() == [0.5, 0.0, 0.5]
    assert np.array_equal(truth, before[0]) and np.array_equal(score, before[1])


def _large(labels: int, weighted: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    rng = np.random.default_rng(labels)
    truth = rng.random((2_000, labels)) < 0.3
    truth[:, 0] = False  # a label no sample carries
    score = np.round(rng.random((2_000, labels)), 2)
    weight = rng.random(2_000) * (rng.random(2_000) > 0.1) - 0.05 if weighted else None
    return truth, score, weight


@TIES_FROM_18
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("labels", [1, 10])
def test_matches_scikit_learn_bit_for_bit(weighted: bool, labels: int) -> None:
    truth, score, weight = _large(labels, weighted)
    theirs = np.atleast_1d(_sklearn(truth, score, average=None, sample_weight=weight))
    assert AveragePrecision.per_label(truth, score, labels, weight).tolist() == theirs.tolist()
    for mode in (Averaging.MACRO, Averaging.WEIGHTED, Averaging.MICRO):
        mine = AveragePrecision.score(
            truth, score, sample_weight=weight, label_count=labels, averaging=mode
        )
        assert mine == _sklearn(truth, score, average=mode.value, sample_weight=weight)


def test_weighted_labels_totalling_zero_score_zero() -> None:
    # Positive weights cancel within 1e-8: 0 before any score, as scikit-learn answers.
    truth = [True, False, True, False]
    score = [0.5, 0.25, 0.75, 0.0]
    mine = AveragePrecision.score(
        truth, score, sample_weight=[1.0, -1.0], label_count=2, averaging="weighted"
    )
    assert mine == 0.0


@pytest.mark.parametrize(
    ("kwargs", "error", "name"),
    [
        ({"label_count": 0}, ArgumentError, "label_count"),
        ({"label_count": 2.0}, ArgumentError, "label_count"),
        ({"label_count": 4}, ArgumentError, "y_true"),
        ({"label_count": 3, "averaging": Averaging.BINARY}, ArgumentOutOfRangeError, "averaging"),
        ({"label_count": 3, "averaging": "samples"}, ArgumentOutOfRangeError, "averaging"),
        ({"label_count": 3, "averaging": None}, ArgumentOutOfRangeError, "averaging"),
        ({"label_count": 3, "pos_label": 0}, ArgumentError, "pos_label"),
        ({"averaging": Averaging.WEIGHTED}, ArgumentError, "averaging"),
        ({"label_count": 3, "sample_weight": [1.0]}, ArgumentError, "sample_weight"),
        ({"label_count": 3, "sample_weight": [0.0, 0.0]}, ArgumentError, "sample_weight"),
        ({"label_count": 3, "sample_weight": [1.0, np.nan]}, ArgumentError, "sample_weight"),
    ],
)
def test_score_refusals(kwargs: dict[str, Any], error: type[ArgumentError], name: str) -> None:
    with pytest.raises(error) as raised:
        AveragePrecision.score(RELEVANT, SCORES, **kwargs)
    assert type(raised.value) is error and raised.value.param_name == name


@pytest.mark.parametrize(
    ("y_true", "y_score", "label_count", "name"),
    [
        ([1, 0, 0, 0, 0, 1], SCORES, 3, "y_true"),  # not boolean
        (RELEVANT, SCORES[:-1], 3, "y_score"),  # not whole rows
        (RELEVANT, [*SCORES, 0.5, 0.5, 0.5], 3, "y_score"),  # rows differ
        (np.array(RELEVANT).reshape(3, 2), SCORES, 3, "y_true"),  # 2-D of another width
        (RELEVANT, [0.75, 0.5, np.nan, 1.0, 0.2, 0.1], 3, "y_score"),
        (RELEVANT, [0.75, 0.5, np.inf, 1.0, 0.2, 0.1], 3, "y_score"),
        ([], [], 3, "y_true"),
        (RELEVANT, SCORES, -1, "label_count"),
        ([[True, False], [False, True, True]], SCORES[:5], 2, "y_true"),  # ragged
    ],
)
def test_per_label_refusals(y_true: object, y_score: object, label_count: int, name: str) -> None:
    with pytest.raises(ArgumentError) as raised:
        AveragePrecision.per_label(y_true, y_score, label_count)
    assert raised.value.param_name == name
