"""The exception types mirror the C# ones, base classes included."""

from __future__ import annotations

import pickle

import pytest

from lodestar.errors import (
    ArgumentError,
    ArgumentNullError,
    ArgumentOutOfRangeError,
    InvalidOperationError,
    UndefinedMetricError,
)


def test_undefined_metric_is_an_invalid_operation_not_an_argument_refusal() -> None:
    # C#: UndefinedMetricException : InvalidOperationException.
    assert issubclass(UndefinedMetricError, InvalidOperationError)
    assert issubclass(InvalidOperationError, RuntimeError)
    assert not issubclass(UndefinedMetricError, (ValueError, ArithmeticError))


def test_undefined_metric_messages() -> None:
    assert str(UndefinedMetricError()) == UndefinedMetricError.DEFAULT_MESSAGE
    assert str(UndefinedMetricError("Recall is undefined.")) == "Recall is undefined."
    copy = pickle.loads(pickle.dumps(UndefinedMetricError("Recall is undefined.")))
    assert type(copy) is UndefinedMetricError and str(copy) == "Recall is undefined."


@pytest.mark.parametrize(
    ("error", "base"),
    [
        (ArgumentError("bad.", "x"), ValueError),
        (ArgumentOutOfRangeError("bad.", "x", 3), ArgumentError),
        (ArgumentNullError("x"), ArgumentError),
    ],
)
def test_argument_errors_keep_their_bases_and_survive_pickling(
    error: ArgumentError, base: type[Exception]
) -> None:
    assert isinstance(error, base)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and str(copy) == str(error)
