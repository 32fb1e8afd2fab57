"""RocAuc.score, RocAuc.multi_class and AveragePrecision.score on large inputs, bit for
bit against scikit-learn, and their refusals."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, roc_auc_score

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import (
    AveragePrecision,
    Averaging,
    MultiClassRocOptions,
    MultiClassStrategy,
    RocAuc,
)

#: Before 1.8 scikit-learn walks tied weighted scores in another order (the declared tie_order).
TIES_FROM_18 = pytest.mark.skipif(
    not sklearn_since("1.8"), reason="scikit-learn before 1.8 orders tied weighted scores otherwise"
)


def _tied(weighted: bool, labels: int = 2, n: int = 5_000) -> tuple[np.ndarray, ...]:
    rng = np.random.default_rng(11)
    truth = rng.integers(0, labels, n)
    score = np.round(rng.random(n), 2)
    weight = rng.random(n) * (rng.random(n) > 0.1) if weighted else None
    return truth, score, weight  # type: ignore[return-value]


@TIES_FROM_18
@pytest.mark.parametrize("weighted", [True, False])
@pytest.mark.parametrize("positive", [0, 1])
def test_binary_areas_match_scikit_learn_bit_for_bit(weighted: bool, positive: int) -> None:
    truth, score, weight = _tied(weighted)
    assert RocAuc.score(truth, score, positive, weight) == roc_auc_score(
        truth == positive, score, sample_weight=weight
    )
    mine = AveragePrecision.score(truth, score, positive, weight)
    assert mine == average_precision_score(truth, score, pos_label=positive, sample_weight=weight)


@TIES_FROM_18
@pytest.mark.parametrize("strategy", list(MultiClassStrategy))
@pytest.mark.parametrize("average", [Averaging.MACRO, Averaging.WEIGHTED])
def test_multi_class_matches_scikit_learn_bit_for_bit(
    strategy: MultiClassStrategy, average: Averaging
) -> None:
    rng = np.random.default_rng(5)
    truth = rng.integers(0, 4, 3_000) * 3 - 2
    proba = np.round(rng.random((3_000, 4)), 1) + 0.01
    proba /= proba.sum(axis=1, keepdims=True)
    weight = rng.random(3_000) if strategy is MultiClassStrategy.ONE_VS_REST else None
    options = MultiClassRocOptions(strategy, average, [-2, 1, 4, 7], weight)
    mine = RocAuc.multi_class(truth, proba.ravel(), 4, **dataclasses.asdict(options))
    theirs = roc_auc_score(
        truth,
        proba,
        multi_class=strategy.value,
        average=average.value,
        labels=[-2, 1, 4, 7],
        sample_weight=weight,
    )
    assert mine == theirs


def test_the_binary_refusals() -> None:
    with pytest.raises(ArgumentError, match="Only one class"):
        RocAuc.score([0, 0, 1], [0.1, 0.2, 0.3], pos_label=2)
    with pytest.raises(ArgumentError, match="more than two labels"):
        RocAuc.score([0, 2, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ArgumentError, match="more than two labels"):
        AveragePrecision.score([0, 2, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ArgumentError, match="finite"):
        RocAuc.score([0, 1], [0.1, math.inf])


def test_the_multi_class_refusals() -> None:
    rows = [0.5, 0.25, 0.25, 0.2, 0.6, 0.2, 0.1, 0.1, 0.8]
    ovo = MultiClassStrategy.ONE_VS_ONE
    with pytest.raises(ArgumentError, match="not supported"):
        RocAuc.multi_class([0, 1, 2], rows, 3, strategy=ovo, sample_weight=[1.0, 1.0, 1.0])
    with pytest.raises(ArgumentError, match="MACRO or WEIGHTED"):
        RocAuc.multi_class([0, 1, 2], rows, 3, average=Averaging.MICRO)
    with pytest.raises(ArgumentError, match="sorted"):
        RocAuc.multi_class([0, 1, 2], rows, 3, labels=[0, 2, 1])
    with pytest.raises(ArgumentError, match="labels does not"):
        RocAuc.multi_class([0, 1, 3], rows, 3, labels=[0, 1, 2])
    with pytest.raises(ArgumentOutOfRangeError):
        RocAuc.multi_class([0, 1, 2], rows, 3, max_degree_of_parallelism=-1)
    with pytest.raises(ArgumentOutOfRangeError):
        RocAuc.multi_class([0, 0, 0], [1.0, 1.0, 1.0], 1)
