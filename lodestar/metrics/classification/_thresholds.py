"""The walk over distinct thresholds that every binary curve and area is built from.

One pass, as scikit-learn's ``confusion_matrix_at_thresholds`` (formerly
``_binary_clf_curve``) makes it: samples of zero weight are set aside, the rest are put in
descending order of score (ties kept in sample order, a stable sort), and at the last
sample of each run of equal scores the weight seen so far is read off, split into the
positive class and the rest. The counts are running sums in that order, so with weights
they carry the same bits as scikit-learn 1.8 and later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import BoolArray, FloatArray, IntArray

__all__ = ["Walk", "binary_scores", "walk"]


@dataclass(frozen=True)
class Walk:
    """One point per distinct score, in descending order of score: ``true_positives``
    and ``false_positives`` are the weight of the samples scoring at least
    ``thresholds[i]``, of the positive class and of every other label."""

    true_positives: FloatArray
    false_positives: FloatArray
    thresholds: FloatArray


def binary_scores(
    y_true: Any, y_score: Any, sample_weight: Any
) -> tuple[IntArray, FloatArray, FloatArray | None]:
    """Labels, one finite score per sample and the weights of a binary curve, checked.

    Refuses inputs of different lengths, no sample, a NaN or infinite score or weight,
    and weights that are zero throughout.
    """
    truth = _inputs.labels(y_true, "y_true")
    score = _inputs._finite_floats(y_score, "y_score")
    if score.ndim != 1:
        raise ArgumentError(
            f"y_score must be one-dimensional; it has shape {score.shape}.", "y_score"
        )
    _inputs.same_length(truth, "y_true", score, "y_score")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonempty(truth, "y_true")
    _inputs.nonzero_weights(weight)
    return truth, score, weight


def walk(truth: IntArray, score: FloatArray, positive: int, weight: FloatArray | None) -> Walk:
    """The cumulative counts at each distinct score, highest score first."""
    if weight is not None and not weight.all():
        kept = weight != 0
        truth, score, weight = truth[kept], score[kept], weight[kept]
    hit = truth == positive
    if weight is None:
        return _counted(hit, score)
    order = np.argsort(-score, kind="stable")
    ordered = score[order]
    last = _last_of_each_tie(ordered)
    ordered_hit = hit[order].astype(np.float64)
    ordered_weight = weight[order]
    true_positives = np.cumsum(ordered_hit * ordered_weight)[last]
    false_positives = np.cumsum((1.0 - ordered_hit) * ordered_weight)[last]
    return Walk(true_positives, false_positives, ordered[last])


def _last_of_each_tie(ordered: FloatArray) -> IntArray:
    return np.append(np.flatnonzero(np.diff(ordered)), ordered.size - 1)


def _counted(hit: BoolArray, score: FloatArray) -> Walk:
    """The unweighted walk, where the counts are whole numbers and the order inside a tie
    cannot change them: the scores are sorted by value only (no stable sort of indices),
    and the positives at or above each threshold are counted by a binary search among the
    positives' sorted scores. ``fp = index + 1 - tp``, exactly as scikit-learn has it."""
    ordered = np.sort(score)[::-1]
    last = _last_of_each_tie(ordered)
    thresholds = ordered[last]
    positives = np.sort(score[hit])
    true_positives = (positives.size - np.searchsorted(positives, thresholds)).astype(np.float64)
    false_positives = (last + 1.0) - true_positives
    zero = np.flatnonzero(thresholds == 0)
    if zero.size:  # 0.0 and -0.0 tie: the threshold is the last of them in sample order
        thresholds[zero] = score[np.flatnonzero(score == 0)[-1]]
    return Walk(true_positives, false_positives, thresholds)


def rate(counts: FloatArray, total: float) -> FloatArray:
    """``counts / total``, or NaN throughout when the total is not positive (no sample
    of the class, or weights that cancel), as scikit-learn answers it."""
    if total <= 0:
        return np.full(counts.shape, np.nan)
    result: FloatArray = counts / total
    return result


def bends(first: FloatArray, second: FloatArray) -> Any:
    """The points to keep when ``drop_intermediate`` is set: both ends, and every point
    where the second difference (``np.diff(x, 2)``, a difference of differences) of
    either count is not zero."""
    keep = np.ones(first.size, dtype=bool)
    if first.size > 2:
        keep[1:-1] = (np.diff(first, 2) != 0) | (np.diff(second, 2) != 0)
    return keep
