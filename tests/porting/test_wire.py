"""The JSON wire format: encoding, what is not sent, structured answers, refusals."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from equivalence.members import REGISTRY
from equivalence.model import Call, distance
from equivalence.ports import wire
from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import ClassificationReport, ConfusionMatrix
from lodestar.metrics.classification.classification_report import ZeroDivision
from lodestar.metrics.classification.confusion_matrix import Normalization

TOP_K = REGISTRY["TopKAccuracy.score"]


def test_a_request_names_the_member_and_its_arguments_by_python_name() -> None:
    call = Call(([0, 1], [0.9, 0.1, 0.2, 0.8], 2), {"k": 1})
    line = wire.dumps(wire.request(TOP_K, call))
    assert line == (
        '{"member": "TopKAccuracy.score", "csharp": "TopKAccuracy.Score", "arguments": '
        '{"y_true": [0, 1], "y_score": [0.9, 0.1, 0.2, 0.8], "class_count": 2, "k": 1}}'
    )


def test_numbers_round_trip_and_non_finite_ones_are_strings() -> None:
    values = [0.1, 1.0, -0.0, 5e-324, 1.7976931348623157e308, math.nan, math.inf, -math.inf]
    encoded = wire.encode(values)
    assert encoded[-3:] == ["NaN", "Infinity", "-Infinity"]
    text = wire.dumps(encoded)
    assert "1.0" in text and 'NaN"' in text
    back = [wire.decode_number(item) for item in json.loads(text)]
    assert distance(back, values) == 0
    assert math.copysign(1.0, back[2]) == -1.0


def test_a_port_s_line_is_read_strictly() -> None:
    # what Python's reader alone would let through, each named
    for text, says in (
        ('{"value": NaN}', 'bare token NaN is not JSON; write it as the string "NaN"'),
        ('{"value": [1.0, -Infinity]}', "bare token -Infinity"),
        ('{"value": 1e400}', "the number 1e400 is past the doubles' range"),
        ('{"value": -1.8e308}', "the number -1.8e308 is past"),
        ('{"value": ' + "9" * 309 + "}", "the integer 999"),
        (f'{{"value": {2**1024 - 2**969}}}', "the integer 179"),  # a double would round it up
    ):
        with pytest.raises(wire.NotADouble, match=says.replace("(", r"\(")):
            wire.loads(text)
    with pytest.raises(json.JSONDecodeError):
        wire.loads('{"value": 1.0')
    # the largest double, the smallest subnormal, an underflow to zero, a big integer a
    # double holds, and the strings: read as they are
    read = wire.loads("[1.7976931348623157e308, 5e-324, 1e-400, " + "9" * 308 + ', "NaN"]')
    assert read[:3] == [1.7976931348623157e308, 5e-324, 0.0]
    assert read[3] == int("9" * 308) and read[4] == "NaN"


def test_enums_are_their_names_none_is_null_and_blocks_are_nested_lists() -> None:
    assert wire.encode(Normalization.PRED) == "PRED"
    assert wire.encode(ZeroDivision.THROW) == "THROW"
    assert wire.encode(None) is None
    block = np.array([[0.5, 0.25], [1.0, 0.0]])
    assert wire.encode(block) == [[0.5, 0.25], [1.0, 0.0]]
    assert wire.encode(np.int64(3)) == 3 and type(wire.encode(np.int64(3))) is int


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ((0, 1), "tuple"),
        (iter([0, 1]), "iterator"),
        ((x for x in [0, 1]), "iterator"),
        (np.asarray([0.5, 0.5], dtype=np.float32), "float32 array"),
        (np.asarray([0, 1], dtype=np.int8), "int8 array"),
        (np.asfortranarray(np.ones((2, 2))), "not C-contiguous"),
        (np.ones((2, 4))[:, ::2], "not C-contiguous"),
        (np.asarray(1.0), "0-dimensional"),
        (np.float32(0.5), "float32 scalar"),
        (np.dtype(np.float64), "JSON has no form"),
        ([0, "NaN"], "reads as a number"),
        ({0, 1}, "JSON has no form"),
    ],
)
def test_a_call_json_cannot_carry_is_not_sent(value: object, reason: str) -> None:
    call = Call(([0, 1], [0.5, 0.5, 0.5, 0.5], 2), {"sample_weight": value})
    found = wire.unsendable(TOP_K, call)
    assert found is not None and reason in found and found.startswith("sample_weight")


def test_a_read_only_array_is_not_sent() -> None:
    frozen = np.array([1.0, 2.0])
    frozen.flags.writeable = False
    call = Call(([0, 1], [0.5, 0.5, 0.5, 0.5], 2), {"sample_weight": frozen})
    assert "read-only" in str(wire.unsendable(TOP_K, call))


@pytest.mark.parametrize(
    "value",
    [None, [], [1.0, 2.0], np.array([1.0, 2.0]), np.array([1, 2]), np.array([True, False])],
)
def test_the_forms_json_reads_back_the_same_are_sent(value: object) -> None:
    call = Call(([0, 1], np.array([[0.5, 0.5], [0.5, 0.5]]), np.int64(2)), {"sample_weight": value})
    assert wire.unsendable(TOP_K, call) is None


def test_a_confusion_matrix_round_trips_through_its_json_form() -> None:
    member = REGISTRY["ConfusionMatrix.compute"]
    cm = ConfusionMatrix.compute([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2], sample_weight=[1.5] * 6)
    form = json.loads(wire.dumps(wire.encode_result(member, cm)))
    assert form == {
        "labels": [0, 1, 2],
        "cells": [[3.0, 0.0, 0.0], [0.0, 0.0, 1.5], [1.5, 0.0, 3.0]],
        "total_weight": 9.0,
    }
    assert member.project is not None
    assert distance(member.project(wire.decode_result(member, form)), member.project(cm)) == 0


def test_a_classification_report_round_trips_through_its_json_form() -> None:
    member = REGISTRY["ClassificationReport.compute"]
    report = ClassificationReport.compute(
        [0, 1, 2, 2], [0, 2, 2, 1], target_names=["a", "b", "c"], labels=[0, 1, 2]
    )
    form = json.loads(wire.dumps(wire.encode_result(member, report)))
    assert form["classes"][0] == {
        "label": 0,
        "name": "a",
        "precision": 1.0,
        "recall": 1.0,
        "f1": 1.0,
        "support": 1.0,
    }
    assert form["micro_average"] is None and form["accuracy"] == 0.5
    assert member.project is not None
    assert distance(member.project(wire.decode_result(member, form)), member.project(report)) == 0


@pytest.mark.parametrize(
    ("member", "value"),
    [
        ("TopKAccuracy.score", "0.5"),
        ("TopKAccuracy.score", True),
        ("ConfusionMatrix.compute", {"labels": [0], "cells": [[1.0]]}),
        ("ConfusionMatrix.compute", {"labels": [0.5], "cells": [[1.0]], "total_weight": 1}),
        ("ClassificationReport.to_text", 1.0),
    ],
)
def test_a_value_not_in_the_members_form_is_refused(member: str, value: object) -> None:
    with pytest.raises(ValueError):
        wire.decode_result(REGISTRY[member], value)


def test_error_names_in_either_spelling_map_to_lodestar_errors() -> None:
    assert wire.ERRORS["ArgumentException"] is ArgumentError
    assert wire.ERRORS["ArgumentOutOfRangeError"] is ArgumentOutOfRangeError
    assert wire.ERRORS["UndefinedMetricException"] is UndefinedMetricError
    assert wire.family(TOP_K, ArgumentOutOfRangeError) == "ArgumentError"
