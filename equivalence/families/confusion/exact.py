"""Exact confusion matrices, accuracy from a matrix and balanced accuracy: all rational.

A confusion-matrix cell is a sum of weights (a count unweighted), exact in float64 for
whole-number weights and otherwise within the summation bound of
:func:`~equivalence.arith.total`; the matrix's total adds the cells. Accuracy is
(:mod:`equivalence.families.classification.exact`) ``Σ w·[t = p] / Σ w``; from a matrix, the
diagonal over the total. Balanced accuracy is
the mean of ``cellᵢᵢ / rowᵢ`` over the rows that have weight, so its bound is the
quotient rule's, ``(ê_cell + |recall|·ê_row) / |row| + u·|recall|``, carried through the
mean; ``adjusted`` maps ``score`` to ``(score - 1/k) / (1 - 1/k)``.

Where a row or total is zero exactly, the answer is the constant the contract gives
(``0`` for ``0/0`` after ``nan_to_num``, an infinity for a recall over a zero row); where
rounding decides whether it is zero, the cell is any value (or the call either outcome).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import ANY, Ambiguous, Approx, Exactly, Refuses, exact, nonzero, total
from lodestar.metrics import _inputs
from lodestar.metrics.classification.confusion_matrix import ConfusionMatrix, Normalization

__all__ = ["EVALUATORS", "counted_cells"]

_LARGEST = float(np.finfo(np.float64).max)


def counted_cells(
    y_true: Any, y_pred: Any, labels: Any, sample_weight: Any
) -> tuple[list[int], list[list[Approx]]]:
    """The labels lodestar's own checks give the matrix, and its cells counted exactly."""
    order = list(ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight).labels)
    truth = _inputs.labels(y_true, "y_true").tolist()
    predicted = _inputs.labels(y_pred, "y_pred").tolist()
    weight = _inputs.weights(sample_weight, len(truth))
    weights = [1.0] * len(truth) if weight is None else weight.tolist()
    position = {label: index for index, label in enumerate(order)}
    members: list[list[list[float]]] = [[[] for _ in order] for _ in order]
    for t, p, w in zip(truth, predicted, weights, strict=True):
        if t in position and p in position:
            members[position[t]][position[p]].append(w)
    return order, [[total(exact(w) for w in cell) for cell in row] for row in members]


def compute(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> dict[str, Any]:
    order, cells = counted_cells(y_true, y_pred, labels, sample_weight)
    return {
        "labels": order,
        "cells": cells,
        "total_weight": total(cell for row in cells for cell in row),
    }


def _scaled(cell: Approx, by: Approx) -> Approx | Exactly:
    """``cell / by`` passed through ``nan_to_num``."""
    try:
        if nonzero(by):
            return cell / by
        if not nonzero(cell):
            return Exactly(0.0)
    except Ambiguous:
        return ANY
    return Exactly(math.copysign(_LARGEST, float(cell.exact)))


def to_array(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> list[list[Any]]:
    mode = Normalization(None) if normalization is None else None
    if mode is None:
        if isinstance(normalization, Normalization):
            mode = normalization
        elif isinstance(normalization, str) and normalization in ("true", "pred", "all"):
            mode = Normalization(normalization)
        else:
            raise Refuses(f"normalization {normalization!r}")
    _, cells = counted_cells(y_true, y_pred, labels, sample_weight)
    size = len(cells)
    if mode is Normalization.NONE:
        return [list(row) for row in cells]
    if mode is Normalization.TRUE:
        sums = [total(row) for row in cells]
        return [[_scaled(cells[i][j], sums[i]) for j in range(size)] for i in range(size)]
    if mode is Normalization.PRED:
        sums = [total(cells[i][j] for i in range(size)) for j in range(size)]
        return [[_scaled(cells[i][j], sums[j]) for j in range(size)] for i in range(size)]
    whole = total(cell for row in cells for cell in row)
    return [[_scaled(cell, whole) for cell in row] for row in cells]


def accuracy_of_matrix(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> Approx:
    normalize = _inputs.flag(normalize, "normalize")
    _, cells = counted_cells(y_true, y_pred, labels, sample_weight)
    diagonal = total(cells[i][i] for i in range(len(cells)))
    if not normalize:
        return diagonal
    whole = total(cell for row in cells for cell in row)
    if not nonzero(whole):
        raise Refuses("the matrix weighs nothing")
    return diagonal / whole


def balanced_accuracy(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> Approx | Exactly:
    adjusted = _inputs.flag(adjusted, "adjusted")
    _, cells = counted_cells(y_true, y_pred, labels, sample_weight)
    recalls: list[Approx] = []
    infinite: list[float] = []
    for i, row in enumerate(cells):
        weight, hit = total(row), cells[i][i]
        if nonzero(weight):
            recalls.append(hit / weight)
        elif nonzero(hit):
            infinite.append(math.copysign(math.inf, float(hit.exact)))
    kept = len(recalls) + len(infinite)
    if kept == 0:
        return Exactly(math.nan)
    if infinite:
        signs = set(infinite)
        score = math.nan if len(signs) == 2 else signs.pop()
        return Exactly(score)  # adjusted or not: (±inf - c) / (1 - c) keeps it
    mean = total(recalls) / exact(kept)
    if not adjusted:
        return mean
    chance = exact(1) / exact(kept)
    spread = 1 - chance
    if kept == 1:  # (score - 1) / 0: NaN, or an infinity of the sign of score - 1
        if not nonzero(mean - chance):
            return Exactly(math.nan)
        return Exactly(math.copysign(math.inf, float(mean.exact - 1)))
    return (mean - chance) / spread


EVALUATORS: dict[str, Callable[..., Any]] = {
    "ConfusionMatrix.compute": compute,
    "ConfusionMatrix.to_array": to_array,
    "Accuracy.score[cm]": accuracy_of_matrix,
    "BalancedAccuracy.score": balanced_accuracy,
    "BalancedAccuracy.score[cm]": balanced_accuracy,
}
