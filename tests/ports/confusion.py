"""Port of the confusion family's ``BalancedAccuracy.score``."""

from __future__ import annotations

import math
from typing import Any

from lodestar.metrics import BalancedAccuracy
from lodestar.metrics.classification.confusion_matrix import OMITTED
from tests.ports._common import divide, read_labels, refuse_as_lodestar, running_sum, weights

__all__ = ["balanced_accuracy", "confusion_cells"]


def confusion_cells(
    y_true: Any, y_pred: Any, requested: Any, sample_weight: Any
) -> tuple[list[int], list[list[float]]]:
    """The labels and the cells of the confusion matrix, each cell its samples' weights
    added in sample order. A sample with a label outside the labels is not counted."""
    truth = read_labels(y_true)
    predicted = read_labels(y_pred)
    weight = weights(sample_weight, len(truth))
    order = [] if requested is None else read_labels(requested)
    if not order:
        order = sorted(set(truth) | set(predicted))
    position = {label: index for index, label in enumerate(order)}
    cells = [[0.0] * len(order) for _ in order]
    for sample, (t, p) in enumerate(zip(truth, predicted, strict=True)):
        if t in position and p in position:
            cells[position[t]][position[p]] += 1.0 if weight is None else weight[sample]
    return order, cells


def balanced_accuracy(
    y_true: Any = OMITTED,
    y_pred: Any = OMITTED,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
    *,
    cm: Any = OMITTED,
) -> float:
    """``BalancedAccuracy.score``: the mean over the classes of diagonal / row sum,
    leaving out a class whose row sum and diagonal are both zero; ``adjusted`` maps
    chance, one over the number of classes kept, to zero."""
    if cm is not OMITTED:
        BalancedAccuracy.score(y_true, y_pred, adjusted, labels, sample_weight, cm=cm)
        size = len(cm.labels)
        cells = [[cm[row, column] for column in range(size)] for row in range(size)]
    else:
        args, _ = refuse_as_lodestar(
            BalancedAccuracy.score, y_true, y_pred, adjusted, labels, sample_weight
        )
        y_true, y_pred, adjusted, labels, sample_weight = args
        _, cells = confusion_cells(y_true, y_pred, labels, sample_weight)
    recalls: list[float] = []
    for index, row in enumerate(cells):
        recall = divide(row[index], running_sum(row))
        if not math.isnan(recall):
            recalls.append(recall)
    if not recalls:
        return math.nan
    score = running_sum(recalls) / len(recalls)
    if adjusted:
        chance = 1.0 / len(recalls)
        score = divide(score - chance, 1.0 - chance)
    return score
