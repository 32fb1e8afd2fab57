"""``AveragePrecision``: the step sum over the precision-recall curve."""

from __future__ import annotations

from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import BoolArray, FloatArray, IntArray
from lodestar.metrics._label_matrix import label_matrix
from lodestar.metrics.classification import _thresholds
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.log_loss import positive_label

__all__ = ["AveragePrecision", "step_sum"]


def step_sum(points: _thresholds.Walk) -> float:
    """``-sum(diff(recall) * precision[:-1])`` over scikit-learn's reversed curve, clipped
    at zero: each step in recall times the precision where it is taken."""
    tps, fps = points.true_positives, points.false_positives
    predicted = tps + fps
    precision = np.zeros_like(tps)
    np.divide(tps, predicted, out=precision, where=predicted != 0)
    recall = tps / tps[-1] if tps[-1] != 0 else np.ones_like(tps)
    steps = np.diff(np.concatenate((recall[::-1], [0.0])))
    return max(0.0, float(-np.sum(steps * precision[::-1])))


def _binary_labels(truth: IntArray, positive: int) -> None:
    """Refuses three labels or more; two that leave ``positive`` out are the no-positive case."""
    low, high = truth.min(), truth.max()
    if low != high and ((truth != low) & (truth != high)).any():
        raise ArgumentError(
            "y_true holds more than two labels; the binary average precision needs two at most.",
            "y_true",
        )


@final
class AveragePrecision:
    """The mirror of ``Lodestar.Metrics.AveragePrecision`` and of
    ``sklearn.metrics.average_precision_score``."""

    def __init__(self) -> None:
        raise TypeError("AveragePrecision is a static class; call AveragePrecision.score.")

    @staticmethod
    def score(
        y_true: Any,
        y_score: Any,
        pos_label: int = 1,
        sample_weight: Any = None,
        *,
        label_count: Any = None,
        averaging: Any = Averaging.MACRO,
    ) -> float:
        """The average precision of one score per sample, ``pos_label`` positive; or,
        with ``label_count``, of a label matrix, its labels' scores combined by
        ``averaging``.

        Binary form: ``0.0`` when no sample carries ``pos_label`` (or its weight totals
        zero). Matrix form (the second C# overload): ``y_true`` a boolean label matrix and
        ``y_score`` a score matrix of the same shape, each flat and row-major with
        ``label_count`` or 2-D, one weight per row; ``averaging`` is ``MACRO`` (the plain
        mean of :meth:`per_label`), ``WEIGHTED`` (their mean weighted by each label's
        positive weight; ``0.0`` when those total within ``1e-8`` of zero) or ``MICRO``
        (every entry one sample of one binary problem, a row's weight repeated along it).
        See ``docs/reference/metrics/ranking/averageprecision-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_score`` differ in length or shape or are
                empty; a label or ``pos_label`` is not an integer; ``y_true`` holds three
                labels or more; a score is NaN or infinite; ``sample_weight`` is neither
                empty nor one finite value per sample (per row), or is zero throughout;
                a label matrix is not boolean or not a whole number of rows;
                ``label_count`` is not an integer of at least 1; ``averaging`` or a
                ``pos_label`` other than 1 is given without, or with, ``label_count``.
            ArgumentOutOfRangeError: ``averaging`` is ``Averaging.BINARY`` or not an
                :class:`Averaging`.
        """
        if label_count is not None:
            if not (isinstance(pos_label, int) and not isinstance(pos_label, bool)) or (
                pos_label != 1
            ):
                raise ArgumentError(
                    f"pos_label is {pos_label!r}; over a label matrix the positive label is "
                    "True, so pos_label must be left at 1.",
                    "pos_label",
                )
            mode = _matrix_averaging(averaging)
            relevant, scores, rows_weight = _matrices(y_true, y_score, label_count, sample_weight)
            return _combined(relevant, scores, rows_weight, mode)
        if averaging is not Averaging.MACRO:
            raise ArgumentError(
                f"averaging is {averaging!r}, but the scores of one column have nothing to "
                "average; pass label_count for a label matrix.",
                "averaging",
            )
        positive = positive_label(pos_label)
        truth, score, weight = _thresholds.binary_scores(y_true, y_score, sample_weight)
        _binary_labels(truth, positive)
        return step_sum(_thresholds.walk(truth, score, positive, weight))

    @staticmethod
    def per_label(
        y_true: Any, y_score: Any, label_count: Any, sample_weight: Any = None
    ) -> FloatArray:
        """One average precision per label (column) of a label matrix, in column order.

        Each is what :meth:`score` gives for that column alone, ``True`` positive; a label
        no sample carries scores ``0.0``. See
        ``docs/reference/metrics/ranking/averageprecision-perlabel.md``.

        Raises:
            ArgumentError: ``label_count`` is not an integer of at least 1; ``y_true`` is
                not a boolean matrix, or either block is not a whole number of rows of
                ``label_count``; the blocks differ in shape or are empty; a score is NaN
                or infinite; ``sample_weight`` is neither empty nor one finite value per
                row, or is zero throughout.
        """
        truth, scores, weight = _matrices(y_true, y_score, label_count, sample_weight)
        return _per_label(truth, scores, weight)


def _matrix_averaging(averaging: Any) -> Averaging:
    """``averaging`` as MICRO, MACRO or WEIGHTED; BINARY has no meaning over a matrix."""
    mode = _inputs.choice(
        Averaging, averaging, "averaging", " For one score per label, call per_label."
    )
    if mode is Averaging.BINARY:
        raise ArgumentOutOfRangeError(
            "averaging is Averaging.BINARY, which scores one positive label of two and has "
            "no meaning over a label matrix.",
            "averaging",
            averaging,
        )
    return mode


def _matrices(
    y_true: Any, y_score: Any, label_count: Any, sample_weight: Any
) -> tuple[BoolArray, FloatArray, FloatArray | None]:
    """The label matrix and the score matrix, both ``(rows, label_count)``, and the
    weights, one finite value per row (``None`` when unweighted), not all zero."""
    count = _inputs.count(label_count, "label_count", 1, error=ArgumentError)
    truth = label_matrix(y_true, count, "y_true")
    flat = _inputs._finite_floats(y_score, "y_score")
    if flat.ndim == 2 and flat.shape[1] == count:
        scores = flat
    elif flat.ndim == 1 and flat.size % count == 0:
        scores = flat.reshape(-1, count)
    else:
        raise ArgumentError(
            f"y_score has shape {flat.shape}, which is not a whole number of rows of {count}.",
            "y_score",
        )
    if truth.shape != scores.shape:
        raise ArgumentError(
            f"y_true holds {truth.shape[0]} rows and y_score holds {scores.shape[0]}; "
            "y_true and y_score have different shape.",
            "y_score",
        )
    _inputs.nonempty(truth, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonzero_weights(weight)
    return truth, scores, weight


def _column(truth: BoolArray, scores: FloatArray, weight: FloatArray | None) -> float:
    """The binary average precision of one column (or of the whole matrix, ravelled)."""
    return step_sum(_thresholds.walk(truth.view(np.int8), scores, 1, weight))


def _per_label(truth: BoolArray, scores: FloatArray, weight: FloatArray | None) -> FloatArray:
    return np.array(
        [_column(truth[:, c], scores[:, c], weight) for c in range(truth.shape[1])],
        dtype=np.float64,
    )


def _combined(
    truth: BoolArray, scores: FloatArray, weight: FloatArray | None, mode: Averaging
) -> float:
    """The three averages, as scikit-learn's ``_average_binary_score`` makes them. One
    label is a binary problem to scikit-learn: every averaging is that column's score,
    with no mean taken (a weighted mean of one value can round)."""
    if mode is Averaging.MICRO or truth.shape[1] == 1:
        repeated = None if weight is None else np.repeat(weight, truth.shape[1])
        return _column(truth.reshape(-1), scores.reshape(-1), repeated)
    if mode is Averaging.MACRO:
        return float(np.average(_per_label(truth, scores, weight)))
    # WEIGHTED: each label's positive weight, summed down the rows (a 0/1 matrix times
    # the weights, as scikit-learn multiplies them), and 0 before any score when those
    # total within 1e-8 of zero (numpy.isclose against 0).
    totals = (
        np.sum(truth, axis=0)
        if weight is None
        else np.sum(np.multiply(truth.astype(np.float64), weight[:, np.newaxis]), axis=0)
    )
    if abs(totals.sum()) <= 1e-08:
        return 0.0
    each = _per_label(truth, scores, weight)
    each[totals == 0] = 0.0
    return float(np.average(each, weights=totals))
