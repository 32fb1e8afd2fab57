"""``ClassificationReport``: precision, recall, F1 and support per class, with the averages.

The report is counted once, with ``np.bincount`` over the label indices, in the order and
with the arithmetic ``sklearn.metrics.classification_report`` uses (1.9), so that every
number is the same double and the text is the same string, character for character.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError, UndefinedMetricError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray

__all__ = ["AverageRow", "ClassRow", "ClassificationReport", "ZeroDivision"]

#: The most decimal places :meth:`ClassificationReport.to_text` renders: the precision
#: .NET's ``"F"`` format stops at. A table that wide is already billions of characters.
MOST_DIGITS = 999_999_999

_COLUMN = 9
_HEADERS = ("precision", "recall", "f1-score", "support")
_LONGEST_AVERAGE = "weighted avg"


class ZeroDivision(enum.Enum):
    """What a score whose denominator is zero becomes: ``Lodestar.Metrics.ZeroDivision``.

    ``ZERO`` is scikit-learn's ``zero_division="warn"`` (or ``0.0``) without the warning,
    ``ONE`` is ``1.0`` and ``NAN`` is ``np.nan``. ``THROW`` has no scikit-learn value: it
    raises :class:`~lodestar.errors.UndefinedMetricError` exactly where scikit-learn's
    default would warn.
    """

    ZERO = "zero"
    ONE = "one"
    NAN = "nan"
    THROW = "throw"

    def __repr__(self) -> str:
        return f"ZeroDivision.{self.name}"


@dataclass(frozen=True)
class ClassRow:
    """One class's line of a report: ``Lodestar.Metrics.ClassRow``.

    ``name`` is the entry of ``target_names`` for this label, or ``None`` when no names
    were given (the line is then headed by the label itself).
    """

    label: int
    name: str | None
    precision: float
    recall: float
    f1: float
    support: float

    @property
    def heading(self) -> str:
        """What the line is headed by: the name, or the label written as an integer."""
        return self.name if self.name is not None else str(self.label)


@dataclass(frozen=True)
class AverageRow:
    """An averaged line of a report (``micro avg``, ``macro avg``, ``weighted avg``):
    ``Lodestar.Metrics.AverageRow``."""

    name: str
    precision: float
    recall: float
    f1: float
    support: float


class _Undefined(Exception):
    """Raised inside the arithmetic when ``ZeroDivision.THROW`` meets a zero denominator."""


class ClassificationReport:
    """The mirror of ``Lodestar.Metrics.ClassificationReport`` and
    ``sklearn.metrics.classification_report``.

    Built by :meth:`compute`; read through :attr:`classes`, :attr:`accuracy`,
    :attr:`micro_average`, :attr:`macro_average`, :attr:`weighted_average` and
    :attr:`total_support`; rendered by :meth:`to_text` (and ``str``).
    """

    __slots__ = (
        "_classes",
        "_macro",
        "_micro",
        "_micro_shown",
        "_total_support",
        "_weighted",
        "_whole_support",
    )

    _classes: tuple[ClassRow, ...]
    _micro: AverageRow
    _micro_shown: bool
    _macro: AverageRow
    _weighted: AverageRow
    _total_support: float
    _whole_support: bool

    def __init__(self) -> None:
        raise TypeError(
            "ClassificationReport has no public constructor; call ClassificationReport.compute."
        )

    @classmethod
    def _of(
        cls,
        classes: tuple[ClassRow, ...],
        micro: AverageRow,
        micro_shown: bool,
        macro: AverageRow,
        weighted: AverageRow,
        total_support: float,
        whole_support: bool,
    ) -> ClassificationReport:
        """A report of these parts. ``micro`` is always computed (the accuracy line reads
        it); ``micro_shown`` says whether it is a line of its own. ``whole_support`` says
        whether scikit-learn's counts were integers, which decides how supports print."""
        report = object.__new__(cls)
        report._classes = classes
        report._micro = micro
        report._micro_shown = micro_shown
        report._macro = macro
        report._weighted = weighted
        report._total_support = total_support
        report._whole_support = whole_support
        return report

    # -- the structure ------------------------------------------------------------

    @property
    def classes(self) -> tuple[ClassRow, ...]:
        """One row per label, in the label order (``labels`` as given, else sorted)."""
        return self._classes

    @property
    def accuracy(self) -> float:
        """The figure of the ``accuracy`` line: the weight predicted correctly over the
        weight predicted into the label set (scikit-learn's micro-averaged precision).

        When every observed label is in the set this is the accuracy over all samples.
        When a label subset leaves samples out, scikit-learn prints no accuracy line; the
        value is then :attr:`micro_average`'s precision.
        """
        return self._micro.precision

    @property
    def micro_average(self) -> AverageRow | None:
        """The ``micro avg`` line, present exactly when ``labels`` left out a label
        that occurs in ``y_true`` or ``y_pred``; ``None`` otherwise."""
        return self._micro if self._micro_shown else None

    @property
    def macro_average(self) -> AverageRow:
        """The ``macro avg`` line: the unweighted mean of the per-class scores."""
        return self._macro

    @property
    def weighted_average(self) -> AverageRow:
        """The ``weighted avg`` line: the per-class scores weighted by their support."""
        return self._weighted

    @property
    def total_support(self) -> float:
        """The summed support of the rows: the weight whose true label is in the set."""
        return self._total_support

    def __repr__(self) -> str:
        rows = ", ".join(row.heading for row in self._classes)
        return f"ClassificationReport(classes=[{rows}], accuracy={self.accuracy!r})"

    # -- building it --------------------------------------------------------------

    @staticmethod
    def compute(
        y_true: Any,
        y_pred: Any,
        target_names: Iterable[str] | None = None,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
    ) -> ClassificationReport:
        """Counts the labels once and builds every row of the report.

        See ``docs/reference/metrics/classification/classificationreport-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty; a
                label is not an integer; ``labels`` lists a label twice, or none of its
                labels occurs in ``y_true``; ``target_names`` is not one string per label;
                ``zero_division`` is not a :class:`ZeroDivision`; ``sample_weight`` is
                neither empty nor one finite value per sample, or is zero throughout.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and some score has a
                zero denominator.
        """
        policy = _policy(zero_division)
        truth = _inputs.labels(y_true, "y_true")
        predicted = _inputs.labels(y_pred, "y_pred")
        _inputs.same_length(truth, "y_true", predicted, "y_pred")
        _inputs.nonempty(truth, "y_true")
        requested = None if labels is None else _inputs.labels(labels, "labels")
        if requested is not None and requested.size == 0:
            requested = None
        if requested is not None:
            _distinct(requested)
            _some_in_truth(requested, truth)
        weight = _inputs.weights(sample_weight, len(truth))
        _inputs.nonzero_weights(weight)

        present = np.union1d(truth, predicted)
        order = present if requested is None else requested
        names = _target_names(target_names, len(order))
        micro_shown = requested is not None and not bool(np.isin(present, requested).all())

        tp, pred_sum, true_sum = _counts(truth, predicted, order, weight)
        try:
            return _build(tp, pred_sum, true_sum, order, names, policy, micro_shown)
        except _Undefined as undefined:
            raise UndefinedMetricError(str(undefined)) from None

    # -- the text -----------------------------------------------------------------

    def to_text(self, digits: int = 2) -> str:
        """The table ``classification_report(..., digits=digits)`` prints.

        See ``docs/reference/metrics/classification/classificationreport-totext.md``.

        Raises:
            ArgumentOutOfRangeError: ``digits`` is negative or above
                :data:`MOST_DIGITS` (999,999,999).
            ArgumentError: ``digits`` is not an integer.
        """
        digits = _inputs.count(digits, "digits", 0)
        if digits > MOST_DIGITS:
            raise ArgumentOutOfRangeError(
                f"digits is {digits}; it must be at most {MOST_DIGITS}, the most decimal "
                "places a fixed-point format takes.",
                "digits",
                digits,
            )
        headings = [row.heading for row in self._classes]
        width = max(max((len(h) for h in headings), default=0), len(_LONGEST_AVERAGE), digits)
        lines = [f"{'':>{width}} " + "".join(f" {h:>{_COLUMN}}" for h in _HEADERS), ""]
        for heading, row in zip(headings, self._classes, strict=True):
            lines.append(
                self._line(heading, width, digits, row.precision, row.recall, row.f1, row.support)
            )
        lines.append("")
        if self._micro_shown:
            micro = self._micro
            lines.append(
                self._line(
                    micro.name,
                    width,
                    digits,
                    micro.precision,
                    micro.recall,
                    micro.f1,
                    micro.support,
                )
            )
        else:
            blank = " " * _COLUMN
            lines.append(
                f"{'accuracy':>{width}}  {blank} {blank} {self._micro.f1:>{_COLUMN}.{digits}f}"
                f" {self._support_text(self._total_support):>{_COLUMN}}"
            )
        for average in (self._macro, self._weighted):
            lines.append(
                self._line(
                    average.name,
                    width,
                    digits,
                    average.precision,
                    average.recall,
                    average.f1,
                    average.support,
                )
            )
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        """The two-digit table: ``to_text(2)``."""
        return self.to_text(2)

    def _line(
        self,
        heading: str,
        width: int,
        digits: int,
        precision: float,
        recall: float,
        f1: float,
        support: float,
    ) -> str:
        scores = "".join(f" {value:>{_COLUMN}.{digits}f}" for value in (precision, recall, f1))
        return f"{heading:>{width}} {scores} {self._support_text(support):>{_COLUMN}}"

    def _support_text(self, support: float) -> str:
        """A support as scikit-learn prints it: an integer when it counted an integer
        array, else the float's shortest repr (``4.0``, ``1e+16``)."""
        return str(int(support)) if self._whole_support else repr(support)


# -- checks ---------------------------------------------------------------------------


def _policy(zero_division: Any) -> ZeroDivision:
    if isinstance(zero_division, ZeroDivision):
        return zero_division
    shown = repr(zero_division)
    raise ArgumentError(
        f"zero_division is {shown if len(shown) <= 60 else shown[:57] + '...'}; it must be "
        "ZeroDivision.ZERO, ONE, NAN or THROW.",
        "zero_division",
    )


def _distinct(requested: IntArray) -> None:
    """Refuses a label listed twice, as the C# label index does."""
    ordered = np.sort(requested)
    repeated = ordered[1:] == ordered[:-1]
    if repeated.any():
        value = int(ordered[1:][np.argmax(repeated)])
        raise ArgumentError(
            f"labels holds {value} more than once; each label may be listed only once.",
            "labels",
        )


def _some_in_truth(requested: IntArray, truth: IntArray) -> None:
    """Refuses a label set none of whose labels occurs in ``y_true``, as C# does."""
    if not np.isin(requested, truth).any():
        raise ArgumentError(
            f"labels is {_inputs._show(requested.tolist())}, and none of them occurs in "
            "y_true; at least one label specified must be in y_true.",
            "labels",
        )


def _target_names(target_names: Any, count: int) -> list[str] | None:
    """One string per label, or ``None``; a lone string or a non-string entry is refused."""
    if target_names is None:
        return None
    if isinstance(target_names, (str, bytes)):
        raise ArgumentError(
            f"target_names is the string {target_names!r}; a sequence of names is required.",
            "target_names",
        )
    try:
        names = list(target_names)
    except TypeError:
        raise ArgumentError(
            f"target_names is {target_names!r}; a sequence of names is required.",
            "target_names",
        ) from None
    for position, name in enumerate(names):
        if not isinstance(name, str):
            raise ArgumentError(
                f"target_names[{position}] is {name!r}; every name must be a string.",
                "target_names",
            )
    if len(names) != count:
        raise ArgumentError(
            f"target_names has {len(names)} entries but there are {count} labels.",
            "target_names",
        )
    return [str(name) for name in names]


# -- counting -------------------------------------------------------------------------

Counts = npt.NDArray[Any]


def _counts(
    truth: IntArray, predicted: IntArray, order: IntArray, weight: FloatArray | None
) -> tuple[Counts, Counts, Counts]:
    """True positives, predicted totals and true totals of each label in ``order``.

    Every observed label gets a bin, requested or not, so that a sample whose other
    label lies outside the set still counts in its requested label's total. The totals
    are then rebuilt as scikit-learn's one-vs-rest matrices rebuild them,
    ``tp + (total - tp)``: an integer array when nothing is weighted and some sample is
    right, a float array otherwise (weighted, or no sample right at all).
    """
    known = np.union1d(np.union1d(truth, predicted), order)
    true_index = np.searchsorted(known, truth)
    pred_index = np.searchsorted(known, predicted)
    bins = len(known)
    right = true_index == pred_index
    if right.any():
        tp = np.bincount(
            true_index[right], weights=None if weight is None else weight[right], minlength=bins
        )
    else:
        tp = np.zeros(bins, dtype=np.float64)
    pred_total = np.bincount(pred_index, weights=weight, minlength=bins)
    true_total = np.bincount(true_index, weights=weight, minlength=bins)

    chosen = np.searchsorted(known, order)
    tp, pred_total, true_total = tp[chosen], pred_total[chosen], true_total[chosen]
    if tp.dtype != pred_total.dtype:
        tp = tp.astype(np.float64)
    return tp, tp + (pred_total - tp), tp + (true_total - tp)


def _divide(numerator: Counts, denominator: Counts, policy: ZeroDivision, what: str) -> FloatArray:
    """``numerator / denominator``, with the policy's value where the denominator is 0."""
    zero = denominator == 0
    safe = denominator.astype(np.float64, copy=True)
    safe[zero] = 1.0
    result: FloatArray = numerator.astype(np.float64) / safe
    if zero.any():
        if policy is ZeroDivision.THROW:
            raise _Undefined(
                f"{what} is undefined: a denominator is zero (no sample contributes to it). "
                "Pass ZeroDivision.ZERO, ONE or NAN for a value instead."
            )
        result[zero] = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, np.nan)
    return result


def _scores(
    tp: Counts, pred_sum: Counts, true_sum: Counts, policy: ZeroDivision
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Precision, recall and F1, F1 straight from the counts: ``2 tp / (true + pred)``."""
    precision = _divide(tp, pred_sum, policy, "Precision")
    recall = _divide(tp, true_sum, policy, "Recall")
    both = 1.0 * true_sum.astype(np.float64) + pred_sum.astype(np.float64)
    f1 = _divide(2.0 * tp.astype(np.float64), both, policy, "F-score")
    return precision, recall, f1


def _nan_average(values: FloatArray, weights: Counts | None) -> float:
    """The mean of the values that are not NaN, weighted when ``weights`` is given;
    unweighted when those weights sum to zero; NaN when every value is NaN."""
    missing = np.isnan(values)
    if values.size == 0 or missing.all():
        return float("nan")
    if weights is None:
        return float(np.nanmean(values))
    kept, kept_weights = values[~missing], weights[~missing]
    try:
        return float(np.average(kept, weights=kept_weights))
    except ZeroDivisionError:
        return float(np.average(kept))


def _build(
    tp: Counts,
    pred_sum: Counts,
    true_sum: Counts,
    order: IntArray,
    names: list[str] | None,
    policy: ZeroDivision,
    micro_shown: bool,
) -> ClassificationReport:
    precision, recall, f1 = _scores(tp, pred_sum, true_sum, policy)
    micro = _scores(
        np.sum(tp).reshape(1), np.sum(pred_sum).reshape(1), np.sum(true_sum).reshape(1), policy
    )
    total = float(np.sum(true_sum))

    classes = tuple(
        ClassRow(
            label=int(order[i]),
            name=None if names is None else names[i],
            precision=float(precision[i]),
            recall=float(recall[i]),
            f1=float(f1[i]),
            support=float(true_sum[i]),
        )
        for i in range(len(order))
    )

    def average(name: str, scores: tuple[FloatArray, ...], weights: Counts | None) -> AverageRow:
        p, r, f = (_nan_average(score, weights) for score in scores)
        return AverageRow(name, p, r, f, total)

    return ClassificationReport._of(
        classes=classes,
        micro=average("micro avg", micro, None),
        micro_shown=micro_shown,
        macro=average("macro avg", (precision, recall, f1), None),
        weighted=average("weighted avg", (precision, recall, f1), true_sum),
        total_support=total,
        whole_support=true_sum.dtype.kind in "iu",
    )
