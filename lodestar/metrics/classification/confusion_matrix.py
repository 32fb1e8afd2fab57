"""``ConfusionMatrix``: the weight of the samples counted by (true label, predicted label).

The matrix is the common ground of the label metrics: ``Accuracy.score(cm=...)`` and
``BalancedAccuracy.score(cm=...)`` read it instead of the labels. It is counted once, by
one ``numpy.bincount`` over the (true, predicted) pairs encoded as one integer each (or,
when very many distinct labels make the cells far outnumber the samples, by adding the
samples into a matrix of zeros).
"""

from __future__ import annotations

import enum
import numbers
import operator
from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError, ArgumentNullError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray

__all__ = ["ConfusionMatrix", "Normalization"]

# The union of the labels is read off a presence table when the labels span at most
# this many values (and not many more than the samples); past it, they are sorted.
_DIRECT_TABLE_LIMIT = 1 << 22

# Up to this many cells (past four per sample), the cells are one bincount.
_SPARSE_CELLS = 1 << 20


class Normalization(enum.Enum):
    """Which sum :meth:`ConfusionMatrix.to_array` divides each cell by.

    The values are those of ``confusion_matrix(normalize=...)``, and ``to_array``
    accepts either a member or its value. The C# names ``None`` and ``True`` are
    Python keywords, so the members are spelt in capitals.
    """

    #: The cells as counted: ``normalize=None``.
    NONE = None
    #: Each cell over its row's sum, the weight of its true label: ``normalize="true"``.
    TRUE = "true"
    #: Each cell over its column's sum, the weight of its predicted label:
    #: ``normalize="pred"``.
    PRED = "pred"
    #: Each cell over the sum of the whole matrix: ``normalize="all"``.
    ALL = "all"


@final
class ConfusionMatrix:
    """The mirror of ``Lodestar.Metrics.ConfusionMatrix`` and of
    ``sklearn.metrics.confusion_matrix``.

    Row ``i`` holds the samples whose true label is ``labels[i]``, column ``j`` those
    predicted as ``labels[j]``. Cells are ``float`` weights (sample counts when no
    weight was given). Built by :meth:`compute` only, and immutable.
    """

    __slots__ = ("_cells", "_labels", "_total")

    _cells: FloatArray
    _labels: tuple[int, ...]
    _total: float

    def __init__(self) -> None:
        raise TypeError("ConfusionMatrix has no public constructor; call ConfusionMatrix.compute.")

    @classmethod
    def _of(cls, cells: FloatArray, labels: IntArray) -> ConfusionMatrix:
        matrix = object.__new__(cls)
        cells.flags.writeable = False
        matrix._cells = cells
        matrix._labels = tuple(int(label) for label in labels)
        matrix._total = float(cells.sum())
        return matrix

    @property
    def labels(self) -> tuple[int, ...]:
        """The labels in the order of the rows and of the columns.

        The ascending union of ``y_true`` and ``y_pred`` when ``labels`` was omitted;
        otherwise the caller's ``labels``, in the caller's order.
        """
        return self._labels

    @property
    def total_weight(self) -> float:
        """The weight the matrix holds: the sum of its cells.

        That is the number of samples counted when there are no weights. A sample whose
        true or predicted label is not in :attr:`labels` is not counted.
        """
        return self._total

    def __getitem__(self, index: tuple[int, int]) -> float:
        """``cm[i, j]``: the weight of the samples truly ``labels[i]`` and predicted
        ``labels[j]``. The indices are positions in :attr:`labels`, not label values."""
        if not isinstance(index, tuple) or len(index) != 2:
            raise TypeError(
                "a ConfusionMatrix is indexed by two positions, cm[true_index, predicted_index]"
            )
        row = self._position(index[0], "true_index")
        column = self._position(index[1], "predicted_index")
        return float(self._cells[row, column])

    def _position(self, value: Any, name: str) -> int:
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} is {value!r}; a position in labels must be an integer")
        position = operator.index(value)
        if not 0 <= position < len(self._labels):
            raise IndexError(
                f"{name} is {position}; it must lie in [0, {len(self._labels)}), "
                "a position in labels"
            )
        return position

    def to_array(
        self, normalization: Normalization | str | None = Normalization.NONE
    ) -> FloatArray:
        """The cells as a new ``(k, k)`` ``float64`` array, as counted or divided by a sum.

        A row, column or total whose sum is zero is divided as scikit-learn divides it,
        then passed through ``numpy.nan_to_num``: ``0/0`` gives ``0``, and a non-zero
        cell over a zero sum (possible only with negative weights) gives the largest
        finite double of its sign. See
        ``docs/reference/metrics/classification/confusionmatrix-toarray.md``.

        Raises:
            ArgumentOutOfRangeError: ``normalization`` is neither a :class:`Normalization`
                nor one of ``None``, ``"true"``, ``"pred"``, ``"all"``.
        """
        mode = _normalization(normalization)
        cells = self._cells
        if mode is Normalization.NONE:
            raw: FloatArray = cells.copy()
            return raw
        with np.errstate(divide="ignore", invalid="ignore"):
            if mode is Normalization.TRUE:
                scaled = cells / cells.sum(axis=1, keepdims=True)
            elif mode is Normalization.PRED:
                scaled = cells / cells.sum(axis=0, keepdims=True)
            else:
                scaled = cells / cells.sum()
        result: FloatArray = np.nan_to_num(scaled, copy=False)
        return result

    def __repr__(self) -> str:
        return f"ConfusionMatrix(labels={list(self._labels)}, cells={self._cells.tolist()})"

    @staticmethod
    def compute(
        y_true: Any,
        y_pred: Any,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> ConfusionMatrix:
        """Counts each sample into the cell of its (true, predicted) pair of labels.

        ``labels`` fixes the rows and columns and their order; ``None`` or an empty
        sequence means the ascending union of both inputs. A sample whose true or
        predicted label is not in ``labels`` is counted nowhere. See
        ``docs/reference/metrics/classification/confusionmatrix-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                zero throughout; ``labels`` names a label twice, or none of its labels
                occurs in ``y_true``; a label is not an integer.
        """
        truth = _inputs.labels(y_true, "y_true")
        predicted = _inputs.labels(y_pred, "y_pred")
        _inputs.same_length(truth, "y_true", predicted, "y_pred")
        _inputs.nonempty(truth, "y_true")
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.nonzero_weights(weight)
        requested = None if labels is None else _inputs.labels(labels, "labels")

        if requested is None or requested.size == 0:
            order, true_code, pred_code = _sorted_union(truth, predicted)
        else:
            order = requested
            _distinct(order)
            true_code = _positions(order, truth)
            pred_code = _positions(order, predicted)
            if not (true_code < len(order)).any():
                raise ArgumentError(
                    f"labels is {_inputs._show(order.tolist())}, and none of them occurs in "
                    "y_true; at least one label specified must be in y_true.",
                    "labels",
                )
        return ConfusionMatrix._of(_count(true_code, pred_code, len(order), weight), order)


def _normalization(value: Any) -> Normalization:
    if isinstance(value, Normalization):
        return value
    if value is None or (isinstance(value, str) and value in ("true", "pred", "all")):
        return Normalization(value)
    raise ArgumentOutOfRangeError(
        f"normalization is {_inputs._show(value)}; it must be a Normalization "
        "(NONE, TRUE, PRED, ALL) or one of None, 'true', 'pred', 'all'.",
        "normalization",
        value,
    )


def _sorted_union(truth: IntArray, predicted: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """The ascending union of both label arrays, and each sample's position in it.

    A dense range of labels is read off a presence table, in time linear in the samples
    and the range; a sparse one is sorted.
    """
    low = min(int(truth.min()), int(predicted.min()))
    high = max(int(truth.max()), int(predicted.max()))
    span = high - low + 1
    if span <= min(_DIRECT_TABLE_LIMIT, 4 * len(truth) + 1024):
        true_offset = truth - low
        pred_offset = predicted - low
        present = np.zeros(span, dtype=np.bool_)
        present[true_offset] = True
        present[pred_offset] = True
        if present.all():  # every label in the range occurs: the offsets are the positions
            return np.arange(low, high + 1, dtype=np.int64), true_offset, pred_offset
        rank = np.cumsum(present) - 1
        union = np.flatnonzero(present).astype(np.int64) + low
        return union, rank[true_offset], rank[pred_offset]
    union, inverse = np.unique(np.concatenate([truth, predicted]), return_inverse=True)
    inverse = inverse.reshape(-1)
    return union, inverse[: len(truth)], inverse[len(truth) :]


def _distinct(requested: IntArray) -> None:
    """Refuses a label named twice in ``labels``."""
    ordered = np.sort(requested)
    repeated = ordered[1:] == ordered[:-1]
    if repeated.any():
        value = int(ordered[1:][np.argmax(repeated)])
        raise ArgumentError(
            f"labels holds {value} more than once; each label may be listed only once.",
            "labels",
        )


def _positions(requested: IntArray, values: IntArray) -> IntArray:
    """Each value's position in ``requested``, or ``len(requested)`` when it is not there."""
    order = np.argsort(requested, kind="stable")
    ordered = requested[order]
    found = np.minimum(np.searchsorted(ordered, values), len(ordered) - 1)
    positions: IntArray = np.where(ordered[found] == values, order[found], len(ordered))
    return positions


_COUNT_BLOCK = 1 << 16


def _count(
    true_code: IntArray, pred_code: IntArray, size: int, weight: FloatArray | None
) -> FloatArray:
    """The ``size × size`` cells from one ``bincount`` over ``true × size + predicted``.

    A code of ``size`` stands for "not in labels": those samples are left out first.
    Each cell adds its samples' weights in sample order, as scikit-learn's sparse matrix
    sums its duplicate entries, so the cells carry the same bits.
    """
    kept = (true_code < size) & (pred_code < size)
    if not kept.all():
        true_code, pred_code = true_code[kept], pred_code[kept]
        weight = None if weight is None else weight[kept]
    if weight is None and size * size <= _SPARSE_CELLS:
        # Whole counts add up exactly in any order, so they are taken a block at a time,
        # each block's codes small enough to stay in cache.
        counts = np.zeros(size * size, dtype=np.int64)
        for start in range(0, len(true_code), _COUNT_BLOCK):
            block = true_code[start : start + _COUNT_BLOCK] * size
            block += pred_code[start : start + _COUNT_BLOCK]
            counts += np.bincount(block, minlength=size * size)
        return counts.reshape(size, size).astype(np.float64)
    codes = true_code * size + pred_code
    if size * size <= 4 * len(codes) + _SPARSE_CELLS:
        bins = np.bincount(codes, weights=weight, minlength=size * size)
        cells: FloatArray = bins.reshape(size, size).astype(np.float64, copy=False)
        return cells
    # Far more cells than samples (many distinct labels): bincount would spend its time
    # clearing the output, so the samples are added into zeros, still in sample order.
    cells = np.zeros((size, size))
    np.add.at(cells.reshape(-1), codes, 1.0 if weight is None else weight)
    return cells


def matrix_cells(cm: ConfusionMatrix) -> FloatArray:
    """The read-only cells of ``cm``, for the metrics that read a matrix."""
    return cm._cells


class _Omitted(enum.Enum):
    """An argument left out, told apart from one given as ``None``."""

    TOKEN = "omitted"


#: The default of an argument whose omission selects an overload.
OMITTED = _Omitted.TOKEN


def matrix_form(
    member: str,
    cm: Any,
    y_true: Any,
    y_pred: Any,
    **others: Any,
) -> ConfusionMatrix | None:
    """Which of a metric's two forms was called: the matrix for ``cm=``, else ``None``.

    ``others`` are the span form's optional arguments, which must be left at ``None``
    when ``cm`` is given.

    Raises:
        TypeError: neither ``cm`` nor both of ``y_true`` and ``y_pred`` were given.
        ArgumentError: ``cm`` was given with an argument of the other form, or is not
            a :class:`ConfusionMatrix`.
        ArgumentNullError: ``cm`` is ``None``.
    """
    if cm is OMITTED:
        if y_true is OMITTED or y_pred is OMITTED:
            raise TypeError(f"{member}() takes y_true and y_pred, or cm=")
        return None
    given = [
        name for name, value in (("y_true", y_true), ("y_pred", y_pred)) if value is not OMITTED
    ]
    given += [name for name, value in others.items() if value is not None]
    if given:
        raise ArgumentError(
            f"cm was given with {', '.join(given)}; pass a ConfusionMatrix, or the labels "
            "to count one, not both.",
            "cm",
        )
    if cm is None:
        raise ArgumentNullError("cm")
    if not isinstance(cm, ConfusionMatrix):
        raise ArgumentError(f"cm is a {type(cm).__name__}; a ConfusionMatrix is required.", "cm")
    return cm
