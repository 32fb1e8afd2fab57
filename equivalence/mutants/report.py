"""Seeded porting bugs of ``ClassificationReport.compute`` and ``ClassificationReport.to_text``.

Each is a mistake a port is likely to make, several of them what the C# library itself
does: F1 from the rounded-off precision and recall, the averages of a plain loop, the
support of the requested sub-matrix only, the table's layout rules half remembered.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from equivalence.mutants.model import Mutant
from lodestar.errors import ArgumentOutOfRangeError
from lodestar.metrics import _inputs
from lodestar.metrics.classification.classification_report import (
    MOST_DIGITS,
    AverageRow,
    ClassificationReport,
    ZeroDivision,
)

__all__ = ["MUTANTS"]

_POLICY_VALUE = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


def _rebuild(report: ClassificationReport, **changes: Any) -> ClassificationReport:
    """A copy of ``report`` with some of its parts replaced."""
    parts: dict[str, Any] = {
        "classes": report.classes,
        "micro": report._micro,
        "micro_shown": report._micro_shown,
        "macro": report.macro_average,
        "weighted": report.weighted_average,
        "total_support": report.total_support,
        "whole_support": report._whole_support,
    }
    parts.update(changes)
    return ClassificationReport._of(**parts)


def _weighted_mean(values: list[float], supports: list[float]) -> float:
    """scikit-learn's weighted average of the rows, NaN rows left out."""
    kept = [(v, w) for v, w in zip(values, supports, strict=True) if not math.isnan(v)]
    if not kept:
        return math.nan
    a = np.array([v for v, _ in kept])
    w = np.array([s for _, s in kept])
    return float(np.average(a, weights=w)) if w.sum() != 0 else float(np.mean(a))


def _nan_mean(values: list[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return float(np.mean(kept)) if kept else math.nan


# -- ClassificationReport.compute ----------------------------------------------------------


def compute_textbook_f1(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """F1 as ``2 p r / (p + r)`` from the already-divided precision and recall."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    fallback = _POLICY_VALUE.get(zero_division, 0.0)

    def f1(p: float, r: float) -> float:
        return fallback if p + r == 0 else 2 * p * r / (p + r)

    rows = tuple(replace(row, f1=f1(row.precision, row.recall)) for row in report.classes)
    values = [row.f1 for row in rows]
    supports = [row.support for row in rows]
    micro = report._micro
    return _rebuild(
        report,
        classes=rows,
        micro=replace(micro, f1=f1(micro.precision, micro.recall)),
        macro=replace(report.macro_average, f1=_nan_mean(values)),
        weighted=replace(report.weighted_average, f1=_weighted_mean(values, supports)),
    )


def compute_micro_row_whenever_labels_given(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """A micro avg row whenever ``labels`` is given, not only when it leaves one out."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    given = labels is not None and len(labels) > 0
    return _rebuild(report, micro_shown=given or report.micro_average is not None)


def compute_support_of_the_sub_matrix(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """Counts only the samples whose true and predicted labels are both in ``labels``."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    if report.micro_average is None:
        return report
    truth, predicted = np.asarray(y_true), np.asarray(y_pred)
    keep = np.isin(truth, labels) & np.isin(predicted, labels)
    weight = (
        None
        if sample_weight is None or len(sample_weight) == 0
        else np.asarray(sample_weight)[keep]
    )
    inner = ClassificationReport.compute(
        truth[keep], predicted[keep], target_names, zero_division, labels, weight
    )
    return _rebuild(inner, micro_shown=True)


def compute_weighted_zero_support_is_zero(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """The weighted average is 0 when the supports sum to zero (a plain loop's guard)."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    if sum(row.support for row in report.classes) != 0:
        return report
    return _rebuild(report, weighted=AverageRow("weighted avg", 0.0, 0.0, 0.0, 0.0))


def compute_nan_kept_in_macro(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """The macro average is the plain mean, so one NaN row makes it NaN."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    rows = report.classes

    def mean(values: list[float]) -> float:
        return sum(values) / len(values)

    macro = AverageRow(
        "macro avg",
        mean([r.precision for r in rows]),
        mean([r.recall for r in rows]),
        mean([r.f1 for r in rows]),
        report.total_support,
    )
    return _rebuild(report, macro=macro)


def compute_throw_ignored(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """``THROW`` is read as ``ZERO``: undefined scores become 0 without a word."""
    if zero_division is ZeroDivision.THROW:
        zero_division = ZeroDivision.ZERO
    return ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )


def compute_accuracy_over_counted_samples(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """Accuracy as the diagonal over the total weight, divided without a zero guard."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    truth = _inputs.labels(y_true, "y_true")
    predicted = _inputs.labels(y_pred, "y_pred")
    weight = _inputs.weights(sample_weight, len(truth))
    w = np.ones(len(truth)) if weight is None else weight
    with np.errstate(all="ignore"):
        accuracy = float(np.float64(w[truth == predicted].sum()) / w.sum())
    return _rebuild(report, micro=replace(report._micro, precision=accuracy))


# -- ClassificationReport.to_text -----------------------------------------------------------


def _render(
    report: ClassificationReport,
    digits: Any,
    *,
    name_floor: bool = True,
    digits_widen: bool = True,
    number: Callable[[float, int], str] | None = None,
    whole_support: Callable[[ClassificationReport], bool] | None = None,
    accuracy_scores: bool = False,
) -> str:
    """The table, with the layout rules switchable one by one."""
    digits = _inputs.count(digits, "digits", 0)
    if digits > MOST_DIGITS:
        raise ArgumentOutOfRangeError(f"digits is {digits}.", "digits", digits)
    headings = [row.heading for row in report.classes]
    width = max((len(h) for h in headings), default=0)
    if name_floor:
        width = max(width, len("weighted avg"))
    if digits_widen:
        width = max(width, digits)
    number = number or (lambda value, places: f"{value:.{places}f}")
    whole = report._whole_support if whole_support is None else whole_support(report)

    def support(value: float) -> str:
        return str(int(value)) if whole else repr(value)

    def line(name: str, p: float, r: float, f: float, s: float) -> str:
        cells = "".join(f" {number(v, digits):>9}" for v in (p, r, f))
        return f"{name:>{width}} {cells} {support(s):>9}"

    header = f"{'':>{width}} " + "".join(
        f" {h:>9}" for h in ("precision", "recall", "f1-score", "support")
    )
    lines = [header, ""]
    lines += [
        line(row.heading, row.precision, row.recall, row.f1, row.support) for row in report.classes
    ]
    lines.append("")
    micro = report._micro
    if report.micro_average is not None:
        lines.append(line("micro avg", micro.precision, micro.recall, micro.f1, micro.support))
    elif accuracy_scores:
        lines.append(line("accuracy", micro.precision, micro.recall, micro.f1, micro.support))
    else:
        blank = " " * 9
        lines.append(
            f"{'accuracy':>{width}}  {blank} {blank} {number(micro.f1, digits):>9}"
            f" {support(report.total_support):>9}"
        )
    for average in (report.macro_average, report.weighted_average):
        lines.append(
            line(average.name, average.precision, average.recall, average.f1, average.support)
        )
    return "\n".join(lines) + "\n"


def _text_mutant(**knobs: Any) -> Callable[..., str]:
    def render(
        y_true: Any,
        y_pred: Any,
        target_names: Any = None,
        zero_division: Any = ZeroDivision.ZERO,
        labels: Any = None,
        sample_weight: Any = None,
        digits: Any = 2,
    ) -> str:
        report = ClassificationReport.compute(
            y_true, y_pred, target_names, zero_division, labels, sample_weight
        )
        return _render(report, digits, **knobs)

    return render


def _truncated(value: float, places: int) -> str:
    if math.isnan(value):
        return "nan"
    scale = 10**places
    return f"{math.trunc(value * scale) / scale:.{places}f}"


def _dotnet_nan(value: float, places: int) -> str:
    return "NaN" if math.isnan(value) else f"{value:.{places}f}"


def text_float_support_only_when_weighted(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
    digits: Any = 2,
) -> str:
    """Supports print as floats when weights are given, and only then: a report where no
    sample is right prints ``2`` where scikit-learn's float counts print ``2.0``."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    weighted = sample_weight is not None and len(sample_weight) > 0
    return _render(report, digits, whole_support=lambda _: not weighted)


MUTANTS = (
    Mutant(
        "ClassificationReport.compute",
        "textbook_f1",
        "F1 from the divided precision and recall, 2 p r / (p + r)",
        compute_textbook_f1,
    ),
    Mutant(
        "ClassificationReport.compute",
        "micro_row_whenever_labels_given",
        "a micro avg row whenever labels is given, a superset included",
        compute_micro_row_whenever_labels_given,
    ),
    Mutant(
        "ClassificationReport.compute",
        "support_of_the_sub_matrix",
        "only samples with both labels in the set are counted",
        compute_support_of_the_sub_matrix,
    ),
    Mutant(
        "ClassificationReport.compute",
        "weighted_zero_support_is_zero",
        "the weighted average is 0 when the supports sum to zero",
        compute_weighted_zero_support_is_zero,
    ),
    Mutant(
        "ClassificationReport.compute",
        "nan_kept_in_macro",
        "the macro average keeps NaN rows",
        compute_nan_kept_in_macro,
    ),
    Mutant(
        "ClassificationReport.compute",
        "throw_ignored",
        "ZeroDivision.THROW answers as ZERO",
        compute_throw_ignored,
    ),
    Mutant(
        "ClassificationReport.compute",
        "accuracy_over_counted_samples",
        "accuracy as the diagonal over the total weight, unguarded",
        compute_accuracy_over_counted_samples,
    ),
    Mutant(
        "ClassificationReport.to_text",
        "support_always_integer",
        "supports always print as integers",
        _text_mutant(whole_support=lambda _: True),
    ),
    Mutant(
        "ClassificationReport.to_text",
        "float_support_only_when_weighted",
        "float supports only for weighted input, not when no sample is right",
        text_float_support_only_when_weighted,
    ),
    Mutant(
        "ClassificationReport.to_text",
        "width_ignores_digits",
        "the name column is not widened by digits",
        _text_mutant(digits_widen=False),
    ),
    Mutant(
        "ClassificationReport.to_text",
        "width_from_names_only",
        "the name column is as wide as the longest name, 'weighted avg' forgotten",
        _text_mutant(name_floor=False),
    ),
    Mutant(
        "ClassificationReport.to_text",
        "nan_spelled_dotnet",
        "NaN printed as .NET spells it",
        _text_mutant(number=_dotnet_nan),
    ),
    Mutant(
        "ClassificationReport.to_text",
        "accuracy_row_with_scores",
        "the accuracy row prints precision and recall too",
        _text_mutant(accuracy_scores=True),
    ),
    Mutant(
        "ClassificationReport.to_text",
        "truncated_scores",
        "scores cut to digits places instead of rounded",
        _text_mutant(number=_truncated),
    ),
)
