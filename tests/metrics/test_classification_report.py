from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pytest
from sklearn.metrics import classification_report

from equivalence.versions import sklearn_since
from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import AverageRow, ClassificationReport, ClassRow, ZeroDivision

TRIAGE_TRUE = [0, 0, 1, 1, 2, 2, 2]
TRIAGE_PRED = [0, 1, 1, 1, 2, 2, 0]
TRIAGE_NAMES = ["urgent", "normal", "spam"]

#: Before 1.4 scikit-learn's F1 came from the divided precision and recall (the declared
#: divergence ``f_score_from_precision_and_recall``).
since_14 = pytest.mark.skipif(not sklearn_since("1.4"), reason="F1 from the counts since 1.4")

_SKLEARN_POLICY = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: np.nan}


def sklearn_text(y_true: Any, y_pred: Any, **kwargs: Any) -> str:
    policy = kwargs.pop("zero_division", ZeroDivision.ZERO)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text: str = classification_report(
            y_true, y_pred, zero_division=_SKLEARN_POLICY[policy], **kwargs
        )
    return text


def test_the_triage_example() -> None:
    report = ClassificationReport.compute(TRIAGE_TRUE, TRIAGE_PRED, TRIAGE_NAMES)
    spam = report.classes[2]
    assert spam == ClassRow(2, "spam", 1.0, 0.6666666666666666, 0.8, 3.0)
    assert report.accuracy == 0.7142857142857143
    assert report.micro_average is None
    assert report.macro_average == AverageRow(
        "macro avg", 0.7222222222222222, 0.7222222222222222, 0.7000000000000001, 7.0
    )
    assert report.weighted_average.precision == 0.7619047619047619
    assert report.total_support == 7.0


def test_rows_follow_the_sorted_union_or_the_given_labels() -> None:
    report = ClassificationReport.compute([5, -2, 9], [9, -2, 40])
    assert [row.label for row in report.classes] == [-2, 5, 9, 40]
    assert all(row.name is None for row in report.classes)
    given = ClassificationReport.compute([5, -2, 9], [9, -2, 40], labels=[9, -2])
    assert [row.heading for row in given.classes] == ["9", "-2"]


@pytest.mark.parametrize(
    ("y_true", "y_pred", "kwargs"),
    [
        (TRIAGE_TRUE, TRIAGE_PRED, {"target_names": TRIAGE_NAMES}),
        ([1, 1, 1], [1, 1, 0], {"labels": [1, 2, 3]}),
        ([0, 1, 2, 2, 0], [0, 1, 1, 2, 2], {"labels": [0, 1]}),
        pytest.param([0, 1, 1], [0, 0, 0], {"zero_division": ZeroDivision.NAN}, marks=since_14),
        ([0, 1, 1], [0, 0, 0], {"zero_division": ZeroDivision.ONE, "digits": 4}),
        ([0, 1], [1, 0], {}),
        ([0, 1, 1, 2], [0, 1, 2, 2], {"sample_weight": [1e16, 1.0, 1.0, 1.0]}),
        pytest.param(
            [0, 1, 1, 2], [0, 1, 2, 2], {"sample_weight": [1.0, -1.0, 2.0, -2.0]}, marks=since_14
        ),
        ([0, 1, 1, 2], [0, 1, 2, 2], {"digits": 0}),
        ([0, 1, 1, 2], [0, 1, 2, 2], {"digits": 13}),
        ([0, 1], [0, 1], {"target_names": ["a name longer than the averages", "b"]}),
        pytest.param([0, 1], [0, 0], {"labels": [0], "sample_weight": [0.0, -1.0]}, marks=since_14),
    ],
)
def test_text_is_scikit_learns(y_true: Any, y_pred: Any, kwargs: dict[str, Any]) -> None:
    digits = kwargs.pop("digits", 2)
    report = ClassificationReport.compute(
        y_true,
        y_pred,
        kwargs.get("target_names"),
        kwargs.get("zero_division", ZeroDivision.ZERO),
        kwargs.get("labels"),
        kwargs.get("sample_weight"),
    )
    assert report.to_text(digits) == sklearn_text(y_true, y_pred, digits=digits, **kwargs)


def test_str_is_the_two_digit_table() -> None:
    report = ClassificationReport.compute(TRIAGE_TRUE, TRIAGE_PRED)
    assert str(report) == report.to_text() == report.to_text(2)


def test_a_micro_row_only_when_labels_leave_an_observed_label_out() -> None:
    y_true, y_pred = [0, 1, 2, 2, 0], [0, 1, 1, 2, 2]
    assert ClassificationReport.compute(y_true, y_pred).micro_average is None
    assert ClassificationReport.compute(y_true, y_pred, labels=[2, 0, 1, 7]).micro_average is None
    micro = ClassificationReport.compute(y_true, y_pred, labels=[0, 1]).micro_average
    assert micro == AverageRow(
        "micro avg", 0.6666666666666666, 0.6666666666666666, 0.6666666666666666, 3.0
    )


def test_support_prints_as_float_when_weighted_or_when_nothing_is_right() -> None:
    nothing_right = ClassificationReport.compute([0, 1], [1, 0]).to_text()
    assert nothing_right.splitlines()[2].endswith("1.0")
    weighted = ClassificationReport.compute([0, 1], [0, 1], sample_weight=[1, 1]).to_text()
    assert weighted.splitlines()[2].endswith("1.0")
    # One correct sample outside the requested labels keeps the counts integral.
    outside = ClassificationReport.compute([0, 1, 2, 2], [1, 0, 2, 2], labels=[0, 1]).to_text()
    assert outside.splitlines()[2].endswith(" 1")
    assert outside == sklearn_text([0, 1, 2, 2], [1, 0, 2, 2], labels=[0, 1])


def test_zero_division_policies() -> None:
    y_true, y_pred = [0, 1, 1], [0, 0, 0]
    rows = {
        policy: ClassificationReport.compute(y_true, y_pred, zero_division=policy).classes[1]
        for policy in (ZeroDivision.ZERO, ZeroDivision.ONE, ZeroDivision.NAN)
    }
    assert rows[ZeroDivision.ZERO].precision == 0.0
    assert rows[ZeroDivision.ONE].precision == 1.0
    assert math.isnan(rows[ZeroDivision.NAN].precision)
    # F1 comes from the counts: no true positive and some support is 0, not the policy.
    assert rows[ZeroDivision.NAN].f1 == 0.0
    nan_report = ClassificationReport.compute(y_true, y_pred, zero_division=ZeroDivision.NAN)
    assert nan_report.macro_average.precision == 0.3333333333333333  # the NaN row left out


def test_throw_refuses_an_undefined_score_and_nothing_else() -> None:
    with pytest.raises(UndefinedMetricError):
        ClassificationReport.compute([0, 1, 1], [0, 0, 0], zero_division=ZeroDivision.THROW)
    report = ClassificationReport.compute([0, 1], [0, 1], zero_division=ZeroDivision.THROW)
    assert report.accuracy == 1.0


def test_empty_labels_mean_no_label_set() -> None:
    assert ClassificationReport.compute([0, 1], [0, 0], labels=[]).to_text() == sklearn_text(
        [0, 1], [0, 0]
    )


def test_whole_float_labels_are_integers() -> None:
    report = ClassificationReport.compute([1.0, 2.0], [1, 2], labels=np.array([2.0, 1.0]))
    assert [row.heading for row in report.classes] == ["2", "1"]


def test_weights_summing_to_zero_fall_back_to_the_plain_mean() -> None:
    report = ClassificationReport.compute([0, 1], [0, 1], sample_weight=[1.0, -1.0])
    assert report.total_support == 0.0
    assert report.weighted_average.precision == 1.0


@pytest.mark.parametrize(
    ("arguments", "name", "sentence"),
    [
        ({"y_true": [0, 1], "y_pred": [0]}, "y_pred", "they must agree"),
        ({"y_true": [], "y_pred": []}, "y_true", "empty"),
        ({"y_true": [0, 0.5], "y_pred": [0, 1]}, "y_true", "fractional"),
        ({"y_true": [True, False], "y_pred": [0, 1]}, "y_true", "booleans"),
        ({"labels": [0, 0.5]}, "labels", "fractional"),
        ({"labels": [1, 0, 1]}, "labels", "more than once"),
        ({"labels": [7, 8]}, "labels", "none of them occurs in y_true"),
        ({"target_names": ["only one"]}, "target_names", "2 labels"),
        ({"target_names": "ab"}, "target_names", "string"),
        ({"target_names": [0, 1]}, "target_names", "must be a string"),
        ({"zero_division": "warn"}, "zero_division", "ZeroDivision"),
        ({"zero_division": 1.0}, "zero_division", "ZeroDivision"),
        ({"sample_weight": [1.0, math.nan]}, "sample_weight", "finite"),
        ({"sample_weight": [0.0, 0.0]}, "sample_weight", "non-zero"),
        ({"sample_weight": [1.0]}, "sample_weight", "they must agree"),
    ],
)
def test_compute_refusals(arguments: dict[str, Any], name: str, sentence: str) -> None:
    call = {"y_true": [0, 1], "y_pred": [0, 1], **arguments}
    with pytest.raises(ArgumentError) as raised:
        ClassificationReport.compute(**call)
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


@pytest.mark.parametrize(
    ("digits", "error"),
    [
        (-1, ArgumentOutOfRangeError),
        (1_000_000_000, ArgumentOutOfRangeError),
        (2.0, ArgumentError),
        (True, ArgumentError),
        ("2", ArgumentError),
        (None, ArgumentError),
    ],
)
def test_digits_refusals(digits: Any, error: type[ArgumentError]) -> None:
    report = ClassificationReport.compute([0, 1], [0, 1])
    with pytest.raises(error) as raised:
        report.to_text(digits)
    assert type(raised.value) is error
    assert raised.value.param_name == "digits"


def test_a_numpy_integer_is_a_digit_count() -> None:
    report = ClassificationReport.compute([0, 1], [0, 1])
    assert report.to_text(np.int64(3)) == report.to_text(3)


def test_inputs_are_left_alone() -> None:
    y_true = np.array([0, 1, 2, 2])
    y_pred = np.array([0, 2, 2, 1])
    labels = np.array([2, 0])
    weight = np.array([1.0, 2.0, 0.5, -1.0])
    names = ["two", "zero"]
    copies = [a.copy() for a in (y_true, y_pred, labels, weight)]
    ClassificationReport.compute(y_true, y_pred, names, ZeroDivision.NAN, labels, weight)
    for before, after in zip(copies, (y_true, y_pred, labels, weight), strict=True):
        assert np.array_equal(before, after) and after.flags.writeable
    assert names == ["two", "zero"]


def test_rows_are_frozen() -> None:
    row = ClassificationReport.compute([0, 1], [0, 1]).classes[0]
    with pytest.raises(AttributeError):
        row.precision = 0.5  # type: ignore[misc]


def test_there_is_no_public_constructor() -> None:
    with pytest.raises(TypeError):
        ClassificationReport()
