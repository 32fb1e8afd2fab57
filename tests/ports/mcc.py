"""Port of ``MatthewsCorrelation.score``, in the C# library's order of operations."""

from __future__ import annotations

import math
from typing import Any

from lodestar.errors import UndefinedMetricError
from lodestar.metrics import MatthewsCorrelation, ZeroDivision
from lodestar.metrics.classification.confusion_matrix import OMITTED
from tests.ports._common import refuse_as_lodestar
from tests.ports.confusion import confusion_cells

__all__ = ["matthews_correlation"]

_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


def matthews_correlation(
    y_true: Any = OMITTED,
    y_pred: Any = OMITTED,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
    *,
    cm: Any = OMITTED,
) -> float:
    """``MatthewsCorrelation.score`` as the C# code computes it: the row sums, column sums,
    trace and total in one row-major pass, the three dot products in one loop, each sum
    left to right; the root of a negative product is NaN."""
    if cm is not OMITTED:
        MatthewsCorrelation.score(y_true, y_pred, zero_division, labels, sample_weight, cm=cm)
        size = len(cm.labels)
        cells = [[cm[row, column] for column in range(size)] for row in range(size)]
    else:
        args, _ = refuse_as_lodestar(
            MatthewsCorrelation.score, y_true, y_pred, zero_division, labels, sample_weight
        )
        y_true, y_pred, zero_division, labels, sample_weight = args
        _, cells = confusion_cells(y_true, y_pred, labels, sample_weight)
    size = len(cells)
    rows, columns, trace, total = [0.0] * size, [0.0] * size, 0.0, 0.0
    for row in range(size):
        for column in range(size):
            cell = cells[row][column]
            rows[row] += cell
            columns[column] += cell
            total += cell
            if row == column:
                trace += cell
    crossed = true_squares = pred_squares = 0.0
    for index in range(size):
        crossed += rows[index] * columns[index]
        true_squares += rows[index] * rows[index]
        pred_squares += columns[index] * columns[index]
    product = (total * total - true_squares) * (total * total - pred_squares)
    if product == 0.0:
        if zero_division is ZeroDivision.THROW:
            raise UndefinedMetricError()
        return _VALUE[zero_division]
    if not product > 0.0:  # negative, or NaN
        return math.nan
    return (trace * total - crossed) / math.sqrt(product)
