"""Port of the report family's ``ClassificationReport.compute``."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lodestar.errors import UndefinedMetricError
from lodestar.metrics import ClassificationReport, ZeroDivision
from tests.ports._common import read_labels, refuse_as_lodestar, running_sum, weights

__all__ = ["Average", "Report", "Row", "classification_report"]

_POLICY = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0, ZeroDivision.NAN: math.nan}


@dataclass(frozen=True)
class Row:
    """One class's line."""

    heading: str
    precision: float
    recall: float
    f1: float
    support: float


@dataclass(frozen=True)
class Average:
    """An averaged line."""

    name: str
    precision: float
    recall: float
    f1: float
    support: float


@dataclass(frozen=True)
class Report:
    """What the report's readers read: the class lines, the averages and the accuracy."""

    classes: tuple[Row, ...]
    accuracy: float
    micro_average: Average | None
    macro_average: Average
    weighted_average: Average


def _ratio(numerator: float, denominator: float, policy: ZeroDivision, what: str) -> float:
    if denominator != 0.0:
        return numerator / denominator
    if policy is ZeroDivision.THROW:
        raise UndefinedMetricError(f"{what} is undefined: a denominator is zero.")
    return _POLICY[policy]


def _scores(
    tp: float, predicted: float, true: float, policy: ZeroDivision
) -> tuple[float, float, float]:
    """Precision, recall and F1 (``2 tp / (true + predicted)``) of one set of counts."""
    return (
        _ratio(tp, predicted, policy, "Precision"),
        _ratio(tp, true, policy, "Recall"),
        _ratio(2.0 * tp, true + predicted, policy, "F-score"),
    )


def _mean(values: list[float], weight: list[float] | None) -> float:
    """The mean of the values that are not NaN, weighted if asked (unweighted when the
    weights kept sum to zero); NaN when no value is left."""
    kept = [index for index, value in enumerate(values) if not math.isnan(value)]
    if not kept:
        return math.nan
    if weight is not None:
        total = running_sum(weight[index] for index in kept)
        if total != 0.0:
            return running_sum(weight[index] * values[index] for index in kept) / total
    return running_sum(values[index] for index in kept) / len(kept)


def classification_report(
    y_true: Any,
    y_pred: Any,
    target_names: Iterable[str] | None = None,
    zero_division: ZeroDivision = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> Report:
    """``ClassificationReport.compute``: precision, recall, F1 and support of each label,
    their micro, macro and support-weighted averages."""
    args, _ = refuse_as_lodestar(
        ClassificationReport.compute,
        y_true,
        y_pred,
        target_names,
        zero_division,
        labels,
        sample_weight,
    )
    y_true, y_pred, target_names, policy, requested, sample_weight = args
    truth = read_labels(y_true)
    predicted = read_labels(y_pred)
    weight = weights(sample_weight, len(truth))
    present = sorted(set(truth) | set(predicted))
    order = [] if requested is None else read_labels(requested)
    micro_shown = bool(order) and not set(present) <= set(order)
    if not order:
        order = present
    names = None if target_names is None else [str(name) for name in target_names]

    position = {label: index for index, label in enumerate(order)}
    tp = [0.0] * len(order)
    predicted_total = [0.0] * len(order)
    true_total = [0.0] * len(order)
    for sample, (t, p) in enumerate(zip(truth, predicted, strict=True)):
        w = 1.0 if weight is None else weight[sample]
        if t in position:
            true_total[position[t]] += w
            if t == p:
                tp[position[t]] += w
        if p in position:
            predicted_total[position[p]] += w

    rows = []
    per_class: list[tuple[float, float, float]] = []
    for index, label in enumerate(order):
        scores = _scores(tp[index], predicted_total[index], true_total[index], policy)
        per_class.append(scores)
        heading = names[index] if names is not None else str(label)
        rows.append(Row(heading, *scores, true_total[index]))

    support = running_sum(true_total)
    micro = _scores(running_sum(tp), running_sum(predicted_total), support, policy)
    columns = [[scores[column] for scores in per_class] for column in range(3)]
    precision, recall, f1 = columns
    macro = Average(
        "macro avg", _mean(precision, None), _mean(recall, None), _mean(f1, None), support
    )
    weighted = Average(
        "weighted avg",
        _mean(precision, true_total),
        _mean(recall, true_total),
        _mean(f1, true_total),
        support,
    )
    return Report(
        classes=tuple(rows),
        accuracy=micro[0],
        micro_average=Average("micro avg", *micro, support) if micro_shown else None,
        macro_average=macro,
        weighted_average=weighted,
    )
