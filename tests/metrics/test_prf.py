"""Precision, Recall, F1, FBeta and JaccardScore: refusals, the two forms, scikit-learn."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from sklearn import metrics as skm

from equivalence.versions import sklearn_since
from lodestar.errors import (
    ArgumentError,
    ArgumentNullError,
    ArgumentOutOfRangeError,
    UndefinedMetricError,
)
from lodestar.metrics import (
    F1,
    Averaging,
    ClassificationReport,
    ConfusionMatrix,
    FBeta,
    JaccardScore,
    Precision,
    Recall,
    ZeroDivision,
)

_POLICY = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: np.nan}
_AVERAGES = (*Averaging, None)

#: (lodestar score, lodestar per_class, scikit-learn function, extra keyword arguments)
Family = tuple[Callable[..., float], Callable[..., Any], Callable[..., Any], dict[str, Any]]
FAMILY: dict[str, Family] = {
    "precision": (Precision.score, Precision.per_class, skm.precision_score, {}),
    "recall": (Recall.score, Recall.per_class, skm.recall_score, {}),
    "f1": (F1.score, F1.per_class, skm.f1_score, {}),
    "fbeta_half": (FBeta.score, FBeta.per_class, skm.fbeta_score, {"beta": 0.5}),
    "fbeta_three": (FBeta.score, FBeta.per_class, skm.fbeta_score, {"beta": 3.0}),
    "fbeta_zero": (FBeta.score, FBeta.per_class, skm.fbeta_score, {"beta": 0.0}),
    "jaccard": (JaccardScore.score, JaccardScore.per_class, skm.jaccard_score, {}),
}


def sklearn_answer(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return function(*args, **kwargs)
        except (ValueError, ZeroDivisionError):
            return "refused"


def lodestar_answer(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return function(*args, **kwargs)
    except ArgumentError:
        return "refused"


def same(left: Any, right: Any) -> bool:
    if isinstance(left, str) or isinstance(right, str):
        return left == right
    a, b = np.asarray(left, dtype=np.float64), np.asarray(right, dtype=np.float64)
    return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=True))


def random_call(rng: np.random.Generator) -> tuple[Any, Any, dict[str, Any]]:
    """Labels from a few non-contiguous values, sometimes weights (negative too), labels,
    zero_division, average and pos_label."""
    n = int(rng.integers(1, 12))
    alphabet = rng.choice([-3, 0, 1, 2, 5, 9], size=int(rng.integers(1, 5)), replace=False)
    y_true = rng.choice(alphabet, n)
    y_pred = rng.choice(alphabet, n)
    kwargs: dict[str, Any] = {"zero_division": rng.choice(list(_POLICY))}
    kind = rng.integers(4)
    if kind == 1:
        kwargs["sample_weight"] = rng.integers(0, 4, n).astype(np.float64) / 4
    elif kind == 2:
        kwargs["sample_weight"] = rng.integers(-2, 4, n).astype(np.float64) / 2
    if rng.random() < 0.3:
        pool = np.union1d(alphabet, [7])
        kwargs["labels"] = rng.choice(pool, int(rng.integers(1, len(pool) + 1)), replace=False)
    kwargs["average"] = _AVERAGES[int(rng.integers(len(_AVERAGES)))]
    kwargs["pos_label"] = int(rng.choice(alphabet))
    return y_true, y_pred, kwargs


@pytest.mark.skipif(not sklearn_since("1.4"), reason="F from the counts since 1.4")
@pytest.mark.parametrize("name", sorted(FAMILY))
def test_agrees_with_scikit_learn_on_random_calls(name: str) -> None:
    score, per_class, function, extra = FAMILY[name]
    rng = np.random.default_rng(sorted(FAMILY).index(name))
    compared = 0
    for _ in range(300):
        y_true, y_pred, kwargs = random_call(rng)
        weight = kwargs.get("sample_weight")
        if weight is not None and not weight.any():
            continue  # all-zero weights: refused here, by scikit-learn from 1.9 only
        if "labels" in kwargs and not np.isin(kwargs["labels"], y_true).any():
            continue  # a label set none of which is in y_true: refused here (declared)
        policy = kwargs.pop("zero_division")
        average = kwargs.pop("average")
        if function is skm.jaccard_score and policy is ZeroDivision.NAN:
            continue  # jaccard_score takes no NaN: the harness derives that oracle
        theirs = sklearn_answer(
            function,
            y_true,
            y_pred,
            **extra,
            **kwargs,
            average=None if average is None else average.value,
            zero_division=_POLICY[policy],
        )
        if average is None:
            kwargs.pop("pos_label")
            ours = lodestar_answer(
                per_class, y_true, y_pred, **extra, **kwargs, zero_division=policy
            )
        else:
            ours = lodestar_answer(
                score, y_true, y_pred, **extra, **kwargs, average=average, zero_division=policy
            )
        assert same(ours, theirs), (y_true, y_pred, kwargs, average, policy, ours, theirs)
        compared += 1
    assert compared > 150


@pytest.mark.parametrize("name", sorted(set(FAMILY) - {"jaccard"}))
def test_the_matrix_form_gives_the_span_form(name: str) -> None:
    score, per_class, _, extra = FAMILY[name]
    rng = np.random.default_rng(7)
    for _ in range(100):
        y_true, y_pred, kwargs = random_call(rng)
        weight = kwargs.get("sample_weight")
        if weight is not None and not weight.any():
            continue
        labels, average = kwargs.pop("labels", None), kwargs.pop("average")
        if labels is not None and not np.isin(labels, y_true).any():
            continue
        cm = ConfusionMatrix.compute(y_true, y_pred, labels, weight)
        kwargs.pop("sample_weight", None)
        policy = kwargs.pop("zero_division")
        if average is None:
            span = lodestar_answer(
                per_class,
                y_true,
                y_pred,
                **extra,
                zero_division=policy,
                labels=labels,
                sample_weight=weight,
            )
            form = lodestar_answer(per_class, cm=cm, **extra, zero_division=policy)
        else:
            span = lodestar_answer(
                score,
                y_true,
                y_pred,
                **extra,
                average=average,
                zero_division=policy,
                labels=labels,
                sample_weight=weight,
                **kwargs,
            )
            form = lodestar_answer(
                score, cm=cm, **extra, average=average, zero_division=policy, **kwargs
            )
        assert same(span, form)


def test_binary_is_decided_on_the_observed_labels() -> None:
    # Two observed labels, a third requested: still binary, as in scikit-learn.
    assert Precision.score([0, 1, 1], [1, 1, 0], labels=[0, 1, 2]) == 0.5
    # One observed label, not pos_label: the zero-division value.
    assert Recall.score([0, 0], [0, 0]) == 0.0
    assert Recall.score([0, 0], [0, 0], zero_division=ZeroDivision.ONE) == 1.0
    assert math.isnan(F1.score([0, 0], [0, 0], zero_division=ZeroDivision.NAN))
    with pytest.raises(UndefinedMetricError):
        Precision.score([0, 0], [0, 0], zero_division=ZeroDivision.THROW)
    # pos_label outside the labels a matrix was restricted to, yet observed.
    cm = ConfusionMatrix.compute([0, 1, 1], [0, 1, 0], labels=[0])
    assert Recall.score(cm=cm, pos_label=1) == 0.5
    with pytest.raises(ArgumentError, match="has 3 labels") as info:
        Precision.score([0, 1, 2], [0, 1, 2])
    assert info.value.param_name == "average"
    with pytest.raises(ArgumentError) as info:
        Precision.score([0, 2], [0, 2])
    assert info.value.param_name == "pos_label"


def test_averages_skip_nan_and_fall_back_on_zero_support() -> None:
    # Class 2 is never predicted: precision NaN there, skipped by macro and weighted.
    kwargs = {"zero_division": ZeroDivision.NAN}
    assert Precision.score([0, 1, 2], [0, 1, 1], average="macro", **kwargs) == 0.75
    assert Precision.score([0, 1, 2], [0, 1, 1], average="weighted", **kwargs) == 0.75
    # Supports summing to zero: the plain mean of the per-class scores.
    weights = [1.0, -1.0, 2.0]
    per_class = Recall.per_class([0, 1, 2], [0, 1, 0], sample_weight=weights)
    assert per_class.tolist() == [1.0, 1.0, 0.0]
    assert Recall.score(
        [0, 1, 2], [0, 1, 0], average=Averaging.WEIGHTED, sample_weight=[1.0, -1.0, 0.0]
    ) == pytest.approx(2 / 3, abs=0)
    # Jaccard keeps NaN, as scikit-learn's _average does.
    assert math.isnan(
        JaccardScore.score(
            [0, 1], [0, 0], average="macro", labels=[0, 1, 7], zero_division=ZeroDivision.NAN
        )
    )


def test_f_from_the_counts_and_beta_bounds() -> None:
    assert FBeta.score([0, 1, 1, 1], [1, 1, 0, 0], beta=0.0) == Precision.score(
        [0, 1, 1, 1], [1, 1, 0, 0]
    )
    assert F1.score([0, 1, 1, 1], [1, 1, 0, 0]) == 0.4  # 2 tp / (2 tp + fp + fn) = 2/5
    for bad in (math.inf, math.nan, -0.5):
        with pytest.raises(ArgumentOutOfRangeError) as info:
            FBeta.score([0, 1], [0, 1], beta=bad)
        assert info.value.param_name == "beta"
    with pytest.raises(ArgumentError):
        FBeta.per_class([0, 1], [0, 1], beta="1")
    with pytest.raises(TypeError):
        FBeta.score([0, 1], [0, 1])


def test_refusals_name_the_argument() -> None:
    with pytest.raises(ArgumentOutOfRangeError) as out_of_range:
        Precision.score([0, 1], [0, 1], average="samples")
    assert out_of_range.value.param_name == "average"
    with pytest.raises(ArgumentError) as policy:
        Recall.score([0, 1], [0, 1], zero_division=0.0)
    assert policy.value.param_name == "zero_division"
    with pytest.raises(ArgumentError) as label:
        F1.score([0, 1], [0, 1], pos_label=True)
    assert label.value.param_name == "pos_label"
    with pytest.raises(ArgumentNullError):
        Precision.per_class(cm=None)
    with pytest.raises(ArgumentError) as both:
        Precision.score([0, 1], [0, 1], cm=ConfusionMatrix.compute([0, 1], [0, 1]))
    assert both.value.param_name == "cm"
    with pytest.raises(ArgumentError) as weights:
        Recall.per_class([0, 1], [0, 1], sample_weight=[0.0, 0.0])
    assert weights.value.param_name == "sample_weight"
    with pytest.raises(ArgumentError) as zero_sum:
        JaccardScore.score([0, 1, 2], [0, 1, 2], average="weighted", sample_weight=[1.0, -1.0, 0.0])
    assert zero_sum.value.param_name == "average"


def test_inputs_are_not_mutated_and_scores_are_floats() -> None:
    y_true = np.array([0, 1, 2, 2])
    y_pred = np.array([0, 2, 2, 1])
    weight = np.array([1.0, 2.0, 0.5, 1.0])
    before = (y_true.copy(), y_pred.copy(), weight.copy())
    value = F1.score(y_true, y_pred, average="macro", sample_weight=weight)
    assert type(value) is float
    per_class = Precision.per_class(y_true, y_pred, sample_weight=weight)
    assert per_class.dtype == np.float64 and per_class.flags.writeable
    for array, copy in zip((y_true, y_pred, weight), before, strict=True):
        assert np.array_equal(array, copy)


def test_the_report_reads_a_matrix_as_the_labels() -> None:
    y_true, y_pred = [0, 1, 2, 2, 5], [0, 2, 2, 1, 5]
    for labels in (None, [2, 0], [5, 1, 0]):
        cm = ConfusionMatrix.compute(y_true, y_pred, labels, [1.0, 2.0, 0.5, 1.0, 3.0])
        from_matrix = ClassificationReport.compute(cm=cm, zero_division=ZeroDivision.NAN)
        from_labels = ClassificationReport.compute(
            y_true, y_pred, None, ZeroDivision.NAN, labels, [1.0, 2.0, 0.5, 1.0, 3.0]
        )
        assert from_matrix.to_text(4) == from_labels.to_text(4)
        assert (from_matrix.micro_average is None) == (from_labels.micro_average is None)
    with pytest.raises(ArgumentError) as info:
        ClassificationReport.compute(cm=ConfusionMatrix.compute([0], [0]), labels=[0])
    assert info.value.param_name == "cm"
