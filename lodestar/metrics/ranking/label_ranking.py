"""``CoverageError``, ``LabelRankingLoss`` and ``LabelRankingAveragePrecision``: how well
each sample's scores rank its relevant labels above the others.

All three read a label matrix (whether each label of a sample is relevant) beside a score
matrix of the same shape, and rank a sample's labels by descending score, every member of
a tied group taking the group's worst rank: the rank of label ``j`` is the number of the
row's scores at least as high as ``s_j``. Nothing orders equal scores, so nothing here
can order them wrongly.

* coverage: the largest rank of a relevant label, which is the number of scores at least
  as high as the lowest relevant one (0 for a row with nothing relevant);
* ranking loss: the share of (relevant, irrelevant) pairs where the irrelevant label
  scores at least as high, ``Σ (rank_r - L_r) / (P · (width - P))`` over the relevant
  labels ``r`` (``L_r``: the rank of ``r`` among the relevant labels alone, ``P`` of
  them), 0 for a row where every or no label is relevant;
* label ranking average precision: the mean of ``L_r / rank_r`` over the relevant labels,
  1 for a row where every or no label is relevant.

The arithmetic is scikit-learn's where it decides the bits: a row's precisions are added
in label order by a pairwise sum over exactly that row's relevant labels, and the rows'
scores are added left to right and divided by the total weight directly (so weights
summing to zero give an infinity or NaN, not a refusal, as there).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator
from typing import Any, cast

import numpy as np

from lodestar.metrics import _inputs
from lodestar.metrics._inputs import ArgumentError, BoolArray, FloatArray, IntArray
from lodestar.metrics.ranking.dcg import _rows

__all__ = ["CoverageError", "LabelRankingAveragePrecision", "LabelRankingLoss"]

# Ranks are computed a block of rows at a time, at most this many values each.
_BLOCK_ELEMENTS = 1 << 16

_BINARY = "binary format is not supported"
_DIFFERENT_SHAPE = "y_true and y_score have different shape."


class CoverageError:
    """How far down the ranked labels a sample must be read to see every relevant one.

    The mirror of ``Lodestar.Metrics.CoverageError`` and of
    ``sklearn.metrics.coverage_error``.
    """

    @staticmethod
    def score(y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None) -> float:
        """The mean over the samples of the largest rank of a relevant label.

        A sample with no relevant label counts 0. See
        ``docs/reference/metrics/ranking/coverageerror-score.md``.

        Raises:
            ArgumentError: ``label_count`` is below 2 (exactly 1 with scikit-learn's
                sentence); ``y_true`` and ``y_score`` hold different numbers of values, or
                not a whole number of rows of ``label_count``; ``y_true`` holds anything
                but booleans or 0 and 1; ``sample_weight`` is neither empty nor one value
                per row, or sums to zero; any value is NaN, infinite or not a number.
        """
        relevant, scores, weight = _matrices(y_true, y_score, label_count, sample_weight, False)
        # A row with nothing relevant has an infinite lowest relevant score, and no finite
        # score reaches it.
        lowest = np.where(relevant, scores, np.inf).min(axis=1)
        coverage = np.count_nonzero(scores >= lowest[:, np.newaxis], axis=1)
        return _inputs.weighted_mean(coverage, weight)


class LabelRankingLoss:
    """The share of (relevant, irrelevant) label pairs a sample's scores order wrongly.

    The mirror of ``Lodestar.Metrics.LabelRankingLoss`` and of
    ``sklearn.metrics.label_ranking_loss``.
    """

    @staticmethod
    def score(y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None) -> float:
        """The mean over the samples of the share of pairs whose irrelevant label scores
        at least as high as the relevant one, in ``[0, 1]`` for non-negative weights.

        A sample where every or no label is relevant counts 0. See
        ``docs/reference/metrics/ranking/labelrankingloss-score.md``.

        Raises:
            ArgumentError: as :meth:`CoverageError.score`.
        """
        relevant, scores, weight = _matrices(y_true, y_score, label_count, sample_weight, False)
        positives = np.count_nonzero(relevant, axis=1)
        wrong = np.zeros(len(scores), dtype=np.int64)
        for block, (rank, own) in _ranks(relevant, scores, positives):
            # Each relevant label is outscored (or tied) by rank - own irrelevant labels.
            wrong[block] = np.where(relevant[block], rank - own, 0).sum(axis=1)
        pairs = positives * (label_count - positives)
        loss = np.zeros(len(scores))
        ordered = pairs > 0
        loss[ordered] = wrong[ordered] / pairs[ordered]
        return _inputs.weighted_mean(loss, weight)


class LabelRankingAveragePrecision:
    """The mean, over the relevant labels, of the share of the labels ranked at or above
    each that are relevant.

    The mirror of ``Lodestar.Metrics.LabelRankingAveragePrecision`` and of
    ``sklearn.metrics.label_ranking_average_precision_score``.
    """

    @staticmethod
    def score(y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None) -> float:
        """The mean over the samples of each sample's average precision, in ``[0, 1]`` for
        non-negative weights.

        A sample where every or no label is relevant scores 1, a single label column
        included. Weights summing to zero are divided by all the same: the answer is then
        an infinity, or NaN. See
        ``docs/reference/metrics/ranking/labelrankingaverageprecision-score.md``.

        Raises:
            ArgumentError: ``label_count`` is below 1; ``y_true`` and ``y_score`` hold
                different numbers of values, or not a whole number of rows of
                ``label_count``; ``y_true`` holds anything but booleans or 0 and 1;
                ``sample_weight`` is neither empty nor one value per row; any value is
                NaN, infinite or not a number.
        """
        relevant, scores, weight = _matrices(y_true, y_score, label_count, sample_weight, True)
        positives = np.count_nonzero(relevant, axis=1)
        precision = np.ones(len(scores))
        for block, (rank, own) in _ranks(relevant, scores, positives):
            ratios = np.where(relevant[block], own / rank, 0.0)
            mine, counts = relevant[block], positives[block]
            for count in np.unique(counts[(counts > 0) & (counts < label_count)]):
                rows = np.flatnonzero(counts == count)
                # The row's ratios in label order, summed over exactly its own count.
                taken = ratios[rows][mine[rows]].reshape(len(rows), count)
                precision[block.start + rows] = taken.sum(axis=1) / count
        if weight is not None:
            precision *= weight
        total = np.cumsum(precision)[-1]  # added left to right, as a running total
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(total / (len(scores) if weight is None else np.sum(weight)))


# -- checking the arguments -------------------------------------------------------------


def _matrices(
    y_true: Any, y_score: Any, label_count: Any, sample_weight: Any, single_label: bool
) -> tuple[BoolArray, FloatArray, FloatArray | None]:
    """The label matrix, the score matrix (both ``(rows, label_count)``) and the weights."""
    _inputs.count(label_count, "label_count", -(2**63), ArgumentError)
    if label_count < 1:
        raise ArgumentError(
            f"label_count is {label_count}; a label matrix needs at least 1 label.",
            "label_count",
        )
    if label_count == 1 and not single_label:
        raise ArgumentError(_BINARY, "label_count")
    truth = _label_matrix(y_true, "y_true")
    scores = _inputs._finite_floats(y_score, "y_score")
    _inputs.same_size(truth, "y_true", scores, "y_score", _DIFFERENT_SHAPE)
    relevant = cast(BoolArray, _rows(cast(FloatArray, truth), label_count, "y_true"))
    rows = _rows(scores, label_count, "y_score")
    return relevant, rows, _inputs.weights(sample_weight, len(rows))


def _label_matrix(value: Any, name: str) -> BoolArray:
    """Booleans, or numbers that are each 0 or 1, as a boolean array of the same shape."""
    array = _inputs._as_array(value, name)
    if array.dtype.kind == "b":
        return array
    if array.dtype.kind == "O":
        for item in array.ravel():
            if not isinstance(item, (bool, np.bool_, numbers.Real)):
                raise ArgumentError(f"{name} holds {item!r}; it must hold booleans.", name)
        array = array.astype(np.float64)
    elif array.dtype.kind not in "iuf":
        raise ArgumentError(f"{name} holds {array.dtype} values; it must hold booleans.", name)
    relevant: BoolArray = array == 1
    stray = ~relevant & (array != 0)
    if stray.any():
        bad = array[stray].flat[0]
        raise ArgumentError(
            f"{name} holds {_inputs._show(bad)}; a label matrix holds booleans, or 0 and 1.",
            name,
        )
    return relevant


# -- the ranks -----------------------------------------------------------------------------


def _ranks(
    relevant: BoolArray, scores: FloatArray, positives: IntArray
) -> Iterator[tuple[slice, tuple[IntArray, IntArray]]]:
    """For each block of rows, ``(block, (rank, own))``: each label's rank among the row's
    labels and among its relevant labels alone (meaningful at the relevant labels), both
    ``rows x width`` in label order.

    A row is sorted once; a label's rank is the width less the number of scores strictly
    below it, which is the position where its group of equal scores starts, and its rank
    among the relevant labels is ``P`` less the relevant labels before that position.
    """
    rows, width = scores.shape
    step = max(1, _BLOCK_ELEMENTS // width)
    positions = np.arange(width)
    for start in range(0, rows, step):
        block = slice(start, start + step)
        order = np.argsort(scores[block], axis=1)
        ordered = np.take_along_axis(scores[block], order, axis=1)
        chosen = np.take_along_axis(relevant[block], order, axis=1)
        starts = np.ones(ordered.shape, dtype=np.bool_)
        starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
        first = np.maximum.accumulate(np.where(starts, positions, 0), axis=1)
        before: IntArray = np.cumsum(chosen, axis=1) - chosen
        below: IntArray = np.take_along_axis(before, first, axis=1)
        rank, own = np.empty_like(first), np.empty_like(first)
        np.put_along_axis(rank, order, width - first, axis=1)
        np.put_along_axis(own, order, positives[block, np.newaxis] - below, axis=1)
        yield block, (rank, own)
