"""``MultilabelConfusionMatrix``: one 2x2 :class:`ConfusionMatrix` per label, or per row.

Each entry is an ordinary confusion matrix over the labels ``0`` and ``1``, its cells
``[[tn, fp], [fn, tp]]``. The four counts are scikit-learn's: the true positives, the
predicted and the true totals are each one weighted count (added in sample order), then
``fp = predicted - tp``, ``fn = true - tp`` and ``tn = total - tp - fp - fn``, so the
cells carry the bits ``multilabel_confusion_matrix`` gives.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, overload

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray
from lodestar.metrics._label_matrix import label_matrix_pair
from lodestar.metrics.classification.confusion_matrix import (
    ConfusionMatrix,
    Tallies,
    _sorted_union,
)

__all__ = ["MultilabelConfusionMatrix", "Stack"]

_BINARY = np.array([0, 1], dtype=np.int64)


class Stack(Sequence[ConfusionMatrix]):
    """The matrices :meth:`MultilabelConfusionMatrix.compute` returns, in order: a
    read-only sequence of :class:`ConfusionMatrix` (the C# array), each entry built from the
    stacked cells when it is read, so that a stack of a million rows costs its cells only.
    """

    __slots__ = ("_cells", "_weighted")

    def __init__(self, cells: FloatArray, weighted: bool) -> None:
        cells.flags.writeable = False
        self._cells, self._weighted = cells, weighted

    def __len__(self) -> int:
        return len(self._cells)

    @overload
    def __getitem__(self, index: int) -> ConfusionMatrix: ...

    @overload
    def __getitem__(self, index: slice) -> list[ConfusionMatrix]: ...

    def __getitem__(self, index: int | slice) -> ConfusionMatrix | list[ConfusionMatrix]:
        if isinstance(index, slice):
            return [_entry(block.copy(), self._weighted) for block in self._cells[index]]
        return _entry(self._cells[operator.index(index)].copy(), self._weighted)

    def to_array(self) -> FloatArray:
        """Every entry's cells as a new ``(len, 2, 2)`` array, scikit-learn's layout."""
        cells: FloatArray = self._cells.copy()
        return cells

    def __repr__(self) -> str:
        return repr(list(self))


def _stack(tp: Any, pred_total: Any, true_total: Any, total: Any, weighted: bool) -> Stack:
    """One two-label matrix per entry of the totals, scikit-learn's subtractions taken."""
    fp = pred_total - tp
    fn = true_total - tp
    tn = total - tp - fp - fn
    cells = np.stack([tn, fp, fn, tp], axis=1).astype(np.float64).reshape(-1, 2, 2)
    return Stack(cells, weighted)


def _entry(cells: FloatArray, weighted: bool) -> ConfusionMatrix:
    diagonal = np.diagonal(cells).copy()
    tallies = Tallies(
        labels=_BINARY.copy(),
        size=2,
        tp=diagonal,
        pred_total=cells.sum(axis=0),
        true_total=cells.sum(axis=1),
        observed=np.ones(2, np.bool_),
        any_correct=bool(diagonal.any()),
        weighted=weighted,
        explicit=True,
    )
    return ConfusionMatrix._of(cells, _BINARY.copy(), tallies)


def _weighted_count(rows: Any, columns: Any, weight: FloatArray | None, bins: int) -> Any:
    """The entries at ``(rows, columns)`` counted per column, each weighing its row's weight,
    added in row-major order."""
    return np.bincount(columns, weights=None if weight is None else weight[rows], minlength=bins)


class MultilabelConfusionMatrix:
    """The mirror of ``Lodestar.Metrics.MultilabelConfusionMatrix`` and
    ``sklearn.metrics.multilabel_confusion_matrix``."""

    @staticmethod
    def compute(
        y_true: Any,
        y_pred: Any,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        label_count: Any = None,
        samplewise: bool = False,
    ) -> Stack:
        """One 2x2 matrix per class, per label of a matrix, or per row.

        Two forms, the two C# overloads: one integer label per sample, one matrix per
        class of ``labels`` (the ascending union of both inputs when omitted or empty;
        a class named twice is reported twice, as the C# code and scikit-learn do);
        or, with ``label_count``, a boolean label matrix, one matrix per label or, with
        ``samplewise``, per row. See
        ``docs/reference/metrics/classification/multilabelconfusionmatrix-compute.md``.

        Raises:
            ArgumentError: the inputs differ in length or shape, or are empty; a label is
                not an integer, or a matrix not boolean; ``labels`` is given with
                ``label_count``; ``samplewise`` is asked of single-label
                input; ``label_count`` is below 1; ``sample_weight`` is neither empty nor
                one finite value per sample, or is all zero.
        """
        samplewise = _inputs.flag(samplewise, "samplewise")
        if label_count is None:
            if samplewise:
                raise ArgumentError(
                    "Samplewise metrics are not available outside of multilabel classification.",
                    "samplewise",
                )
            return _per_class(y_true, y_pred, labels, sample_weight)
        if labels is not None:
            raise ArgumentError("labels is not a parameter of the label-matrix form.", "labels")
        truth, predicted, weight = label_matrix_pair(y_true, y_pred, label_count, sample_weight)
        rows, count = truth.shape
        weighted = weight is not None
        if samplewise:

            def per_row(block: Any) -> Any:
                counts = np.count_nonzero(block, axis=1)
                return counts if weight is None else counts * weight

            total = count if weight is None else weight * count
            return _stack(
                per_row(truth & predicted), per_row(predicted), per_row(truth), total, weighted
            )

        def per_label(block: Any) -> Any:
            at_rows, at_columns = np.nonzero(block)
            return _weighted_count(at_rows, at_columns, weight, count)

        total = rows if weight is None else np.sum(weight)
        return _stack(
            per_label(truth & predicted), per_label(predicted), per_label(truth), total, weighted
        )


def _per_class(y_true: Any, y_pred: Any, labels: Any, sample_weight: Any) -> Stack:
    """One matrix per class: the classes of ``labels`` then every other observed one,
    counted by three ``bincount`` over the samples, the requested ones kept."""
    truth, predicted, weight = _inputs.label_pair(y_true, y_pred, sample_weight)
    requested = None if labels is None else _inputs.labels(labels, "labels")
    union, true_code, pred_code = _sorted_union(truth, predicted)
    bins = len(union)
    if requested is not None and requested.size:
        union = np.union1d(union, requested)
        true_code = np.searchsorted(union, truth)
        pred_code = np.searchsorted(union, predicted)
        bins = len(union)
        keep = np.searchsorted(union, requested)
    else:
        keep = np.arange(bins)
    right = true_code == pred_code
    tp: Any = np.zeros(bins)
    if right.any():
        tp = np.bincount(
            true_code[right], weights=None if weight is None else weight[right], minlength=bins
        )
    pred_total = np.bincount(pred_code, weights=weight, minlength=bins)
    true_total = np.bincount(true_code, weights=weight, minlength=bins)
    total = len(truth) if weight is None else np.sum(weight)
    return _stack(tp[keep], pred_total[keep], true_total[keep], total, weight is not None)
