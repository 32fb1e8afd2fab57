"""``ClassificationReport``: precision, recall, F1 and support per class, with the averages.

The report reads a :class:`ConfusionMatrix` (counted once, by ``np.bincount``) and divides
and averages through the precision/recall module, in the order and with the arithmetic
``sklearn.metrics.classification_report`` uses (1.9), so that every number is the same
double and the text is the same string, character for character.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray
from lodestar.metrics.classification import _prf
from lodestar.metrics.classification._prf import Counts, Metric
from lodestar.metrics.classification.confusion_matrix import (
    OMITTED,
    ConfusionMatrix,
    matrix_form,
    matrix_tallies,
)
from lodestar.metrics.classification.zero_division import ZeroDivision

__all__ = ["AverageRow", "ClassRow", "ClassificationReport", "ZeroDivision"]

#: The most decimal places :meth:`ClassificationReport.to_text` renders: the precision
#: .NET's ``"F"`` format stops at. A table that wide is already billions of characters.
MOST_DIGITS = 999_999_999

_COLUMN = 9
_HEADERS = ("precision", "recall", "f1-score", "support")
_LONGEST_AVERAGE = "weighted avg"


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
        y_true: Any = OMITTED,
        y_pred: Any = OMITTED,
        target_names: Iterable[str] | None = None,
        zero_division: ZeroDivision = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        *,
        cm: Any = OMITTED,
    ) -> ClassificationReport:
        """Builds every row of the report from one confusion matrix.

        Two forms, the two C# overloads: ``compute(y_true, y_pred, target_names,
        zero_division, labels, sample_weight)`` counts the matrix;
        ``compute(cm=matrix, target_names=..., zero_division=...)`` reads one already
        counted, with the labels, weights and label set it was counted with. Both give
        the same report. See
        ``docs/reference/metrics/classification/classificationreport-compute.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_pred`` differ in length or are empty; a
                label is not an integer; ``labels`` lists a label twice, or none of its
                labels occurs in ``y_true``; ``target_names`` is not one string per label;
                ``zero_division`` is not a :class:`ZeroDivision`; ``sample_weight`` is
                neither empty nor one finite value per sample, or is zero throughout. In
                the matrix form: ``cm`` is given with ``y_true``, ``y_pred``, ``labels``
                or ``sample_weight``, or is not a ``ConfusionMatrix``.
            ArgumentNullError: ``cm`` is ``None``.
            TypeError: neither ``cm`` nor both label arrays were given.
            UndefinedMetricError: ``zero_division`` is ``THROW`` and some score has a
                zero denominator.
        """
        policy = _prf.policy(zero_division)
        matrix = matrix_form(
            "ClassificationReport.compute",
            cm,
            y_true,
            y_pred,
            labels=labels,
            sample_weight=sample_weight,
        )
        if matrix is None:
            matrix = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        tallies = matrix_tallies(matrix)
        order = tallies.labels[: tallies.size]
        names = _target_names(target_names, len(order))
        micro_shown = tallies.explicit and tallies.dropped

        tp, fp, fn = _prf.counts(tallies)
        return _build(tp, fp, fn, order, names, policy, micro_shown)

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


def _build(
    tp: Counts,
    fp: Counts,
    fn: Counts,
    order: IntArray,
    names: list[str] | None,
    policy: ZeroDivision,
    micro_shown: bool,
) -> ClassificationReport:
    precision, recall, f1 = (
        _prf.scores(metric, tp, fp, fn, policy)
        for metric in (Metric.PRECISION, Metric.RECALL, Metric.F)
    )
    micro = tuple(
        _prf.scores(metric, tp, fp, fn, policy, micro=True)
        for metric in (Metric.PRECISION, Metric.RECALL, Metric.F)
    )
    true_sum = tp + fn
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
        p, r, f = (_prf.nan_average(score, weights) for score in scores)
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
