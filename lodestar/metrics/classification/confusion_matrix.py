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
from dataclasses import dataclass
from typing import Any, final

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError, ArgumentNullError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import BoolArray, FloatArray, IntArray

__all__ = ["ConfusionMatrix", "Normalization", "Tallies"]

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


@dataclass(frozen=True)
class Tallies:
    """What a matrix counted besides its cells: the totals the precision/recall family
    reads (``Lodestar.Metrics.ConfusionMatrix``'s internal state).

    The labels are extended: the matrix's own labels first, then every other label
    observed in ``y_true`` or ``y_pred``, ascending. Each total is per extended label,
    taken over every sample (a sample whose other label lies outside the matrix still
    counts), adding the weights in sample order as scikit-learn's ``bincount`` does:

    * ``tp``: the weight of the samples predicted right; integers when unweighted,
      and a float zero array when no sample at all is right (scikit-learn's
      "pathological case", which decides how a report prints its supports);
    * ``pred_total``, ``true_total``: the weight predicted as, and truly, each label.
    """

    #: The matrix's labels, then the other observed labels, ascending.
    labels: IntArray
    #: How many of :attr:`labels` are the matrix's own.
    size: int
    tp: npt.NDArray[Any]
    pred_total: npt.NDArray[Any]
    true_total: npt.NDArray[Any]
    #: Per extended label: whether it occurs in ``y_true`` or ``y_pred``.
    observed: BoolArray
    #: Whether some sample, of any label, was predicted right.
    any_correct: bool
    #: Whether ``sample_weight`` was given.
    weighted: bool
    #: Whether ``labels`` was given (and not empty).
    explicit: bool

    @property
    def dropped(self) -> bool:
        """Whether some observed label lies outside the matrix's labels."""
        return len(self.labels) > self.size


@final
class ConfusionMatrix:
    """The mirror of ``Lodestar.Metrics.ConfusionMatrix`` and of
    ``sklearn.metrics.confusion_matrix``.

    Row ``i`` holds the samples whose true label is ``labels[i]``, column ``j`` those
    predicted as ``labels[j]``. Cells are ``float`` weights (sample counts when no
    weight was given). Built by :meth:`compute` only, and immutable.
    """

    __slots__ = ("_cells", "_labels", "_tallies", "_total")

    _cells: FloatArray
    _labels: tuple[int, ...]
    _tallies: Tallies
    _total: float

    def __init__(self) -> None:
        raise TypeError("ConfusionMatrix has no public constructor; call ConfusionMatrix.compute.")

    @classmethod
    def _of(cls, cells: FloatArray, labels: IntArray, tallies: Tallies) -> ConfusionMatrix:
        matrix = object.__new__(cls)
        cells.flags.writeable = False
        for array in (tallies.labels, tallies.tp, tallies.pred_total, tallies.true_total):
            array.flags.writeable = False
        matrix._cells = cells
        matrix._labels = tuple(int(label) for label in labels)
        matrix._tallies = tallies
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

        explicit = requested is not None and requested.size > 0
        if not explicit:
            order, true_code, pred_code = _sorted_union(truth, predicted)
            extra = order[:0]
        else:
            assert requested is not None
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
            extra = _extend(truth, true_code, predicted, pred_code, len(order))
        cells = _count(true_code, pred_code, len(order), weight)
        tallies = _tally(cells, order, extra, true_code, pred_code, weight, explicit)
        return ConfusionMatrix._of(cells, order, tallies)


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


def _extend(
    truth: IntArray, true_code: IntArray, predicted: IntArray, pred_code: IntArray, size: int
) -> IntArray:
    """The observed labels outside the ``size`` requested ones, ascending; the codes of
    their samples (``size`` on entry) are rewritten in place to ``size`` + their rank."""
    true_out = true_code == size
    pred_out = pred_code == size
    if not (true_out.any() or pred_out.any()):
        return truth[:0]
    extra: IntArray = np.unique(np.concatenate([truth[true_out], predicted[pred_out]]))
    true_code[true_out] += np.searchsorted(extra, truth[true_out])
    pred_code[pred_out] += np.searchsorted(extra, predicted[pred_out])
    return extra


def _tally(
    cells: FloatArray,
    order: IntArray,
    extra: IntArray,
    true_code: IntArray,
    pred_code: IntArray,
    weight: FloatArray | None,
    explicit: bool,
) -> Tallies:
    """The totals of every extended label, as scikit-learn's ``multilabel_confusion_matrix``
    counts them: three bincounts over the samples, in sample order.

    Unweighted, with no label outside the matrix, they are read off the cells instead:
    whole counts are exact in any order.
    """
    size = len(order)
    labels = np.concatenate([order, extra]) if extra.size else order.copy()
    bins = len(labels)
    if weight is None and not extra.size:
        whole = cells.astype(np.int64)
        tp = np.diagonal(whole).copy()
        pred_total = whole.sum(axis=0)
        true_total = whole.sum(axis=1)
        any_correct = bool(tp.any())
        observed = (pred_total + true_total) > 0 if explicit else np.ones(bins, np.bool_)
    else:
        right = true_code == pred_code
        any_correct = bool(right.any())
        if extra.size:
            tp = np.bincount(
                true_code[right],
                weights=None if weight is None else weight[right],
                minlength=bins,
            )
        else:
            tp = np.diagonal(cells).copy()
        pred_total = np.bincount(pred_code, weights=weight, minlength=bins)[:bins]
        true_total = np.bincount(true_code, weights=weight, minlength=bins)[:bins]
        observed = np.ones(bins, np.bool_)
        if explicit:
            observed[:size] = False
            observed[true_code[true_code < size]] = True
            observed[pred_code[pred_code < size]] = True
    if not any_correct:
        tp = np.zeros(bins, dtype=np.float64)
    return Tallies(
        labels=labels,
        size=size,
        tp=tp,
        pred_total=pred_total,
        true_total=true_total,
        observed=observed,
        any_correct=any_correct,
        weighted=weight is not None,
        explicit=explicit,
    )


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


def matrix_tallies(cm: ConfusionMatrix) -> Tallies:
    """The totals ``cm`` counted over every observed label, for the precision/recall
    family."""
    return cm._tallies


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
