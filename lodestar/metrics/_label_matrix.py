"""The label-matrix checks: two boolean blocks of ``rows x label_count``, one weight a row.

A label matrix holds, for each sample (a row) and each label (a column), whether the label
applies. It is accepted flat and row-major with ``label_count`` (the C# form) or as a 2-D
array of shape ``(rows, label_count)``. The weights are one per **row**, not per entry.
"""

from __future__ import annotations

from typing import Any

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import BoolArray, FloatArray

__all__ = ["label_matrix", "label_matrix_pair"]


def label_matrix(value: Any, label_count: int, name: str) -> BoolArray:
    """A boolean block as a ``(rows, label_count)`` array, refusing any other dtype and a
    size that is not a whole number of rows."""
    array = _inputs._as_array(value, name)
    if array.dtype.kind != "b":
        raise ArgumentError(
            f"{name} holds values of type {array.dtype}; a label matrix holds booleans.", name
        )
    if array.ndim == 2 and array.shape[1] == label_count:
        return _inputs._readonly(array)
    if array.ndim == 1 and array.size % label_count == 0:
        return _inputs._readonly(array.reshape(-1, label_count))
    raise ArgumentError(
        f"{name} has shape {array.shape}, which is not a whole number of rows of {label_count}.",
        name,
    )


def label_matrix_pair(
    y_true: Any, y_pred: Any, label_count: Any, sample_weight: Any
) -> tuple[BoolArray, BoolArray, FloatArray | None]:
    """``y_true`` and ``y_pred`` as two label matrices of the same shape, and the weights,
    one finite value per row (``None`` when unweighted), not all zero.

    Raises:
        ArgumentError: ``label_count`` is not an integer of at least 1; a block is not
            boolean or not a whole number of rows; the blocks differ in shape or are
            empty; the weights are not one finite value per row, or are all zero.
    """
    count = _inputs.count(label_count, "label_count", 1, error=ArgumentError)
    truth = label_matrix(y_true, count, "y_true")
    predicted = label_matrix(y_pred, count, "y_pred")
    if truth.shape != predicted.shape:
        raise ArgumentError(
            f"y_true holds {truth.shape[0]} rows and y_pred holds {predicted.shape[0]}; "
            "they must agree.",
            "y_pred",
        )
    _inputs.nonempty(truth, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonzero_weights(weight)
    return truth, predicted, weight
