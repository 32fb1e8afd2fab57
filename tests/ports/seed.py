"""Ports of the seed members: ``TopKAccuracy.score``, ``Accuracy.score``,
``BrierScore.multi_class``."""

from __future__ import annotations

from typing import Any

from lodestar.errors import ArgumentError
from lodestar.metrics import Accuracy, BrierScore, TopKAccuracy
from lodestar.metrics.classification.confusion_matrix import OMITTED
from tests.ports._common import (
    ZERO_SUM,
    numbers,
    read_labels,
    refuse_as_lodestar,
    weighted_mean,
    weighted_total,
    weights,
)

__all__ = ["accuracy", "brier_multi_class", "top_k_accuracy"]


def top_k_accuracy(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """``TopKAccuracy.score``: a sample is a hit when fewer than ``k`` classes rank above
    its true class, a class ranking above it when its score is higher, or equal at a
    higher index."""
    args, _ = refuse_as_lodestar(
        TopKAccuracy.score, y_true, y_score, class_count, k, normalize, sample_weight
    )
    y_true, y_score, class_count, k, normalize, sample_weight = args
    truth = read_labels(y_true)
    scores = numbers(y_score)
    weight = weights(sample_weight, len(truth))
    hits: list[float] = []
    for sample, true_class in enumerate(truth):
        row = scores[sample * class_count : (sample + 1) * class_count]
        own = row[true_class]
        above = 0
        for column, score in enumerate(row):
            if score > own or (score == own and column > true_class):
                above += 1
        hits.append(1.0 if above < k else 0.0)
    if normalize:
        return weighted_mean(hits, weight)
    return weighted_total(hits, weight)


def accuracy(
    y_true: Any = OMITTED,
    y_pred: Any = OMITTED,
    normalize: bool = True,
    sample_weight: Any = None,
    *,
    cm: Any = OMITTED,
) -> float:
    """``Accuracy.score``: the (weighted) share of samples whose prediction is right; in
    the matrix form, the diagonal over the total."""
    if cm is not OMITTED:
        Accuracy.score(y_true, y_pred, normalize, sample_weight, cm=cm)
        size = len(cm.labels)
        diagonal = 0.0
        total = 0.0
        for row in range(size):
            for column in range(size):
                cell = cm[row, column]
                total += cell
                if row == column:
                    diagonal += cell
        if not normalize:
            return diagonal
        if total == 0.0:
            raise ArgumentError(ZERO_SUM, "cm")
        return diagonal / total
    args, _ = refuse_as_lodestar(Accuracy.score, y_true, y_pred, normalize, sample_weight)
    y_true, y_pred, normalize, sample_weight = args
    truth = read_labels(y_true)
    predicted = read_labels(y_pred)
    weight = weights(sample_weight, len(truth))
    correct = [1.0 if t == p else 0.0 for t, p in zip(truth, predicted, strict=True)]
    if normalize:
        return weighted_mean(correct, weight)
    return weighted_total(correct, weight)


def brier_multi_class(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """``BrierScore.multi_class``: the (weighted) mean over samples of the squared
    distance between the row and the one-hot truth, halved on request."""
    args, _ = refuse_as_lodestar(
        BrierScore.multi_class, y_true, y_proba, class_count, scale_by_half, sample_weight
    )
    y_true, y_proba, class_count, scale_by_half, sample_weight = args
    truth = read_labels(y_true)
    proba = numbers(y_proba)
    weight = weights(sample_weight, len(truth))
    distances: list[float] = []
    for sample, true_class in enumerate(truth):
        distance = 0.0
        for column in range(class_count):
            target = 1.0 if column == true_class else 0.0
            gap = target - proba[sample * class_count + column]
            distance += gap * gap
        distances.append(distance)
    score = weighted_mean(distances, weight)
    return score * 0.5 if scale_by_half else score
