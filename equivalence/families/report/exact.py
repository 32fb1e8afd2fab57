"""Exact classification reports: every figure rational, the text rendered from them.

Per class, ``tp``, the predicted weight and the true weight are sums of weights (the
predicted and true totals rebuilt as ``tp + (total - tp)``, as scikit-learn's one-vs-rest
matrices give them, two more roundings); precision ``tp / predicted``, recall
``tp / true`` and F1 ``2·tp / (true + predicted)`` follow the quotient rule of
:mod:`~equivalence.arith`. A zero denominator gives the ``zero_division`` constant
exactly; one whose zero-ness rounding decides gives any value. The macro average is the
mean of the scores that are not NaN, the weighted average ``Σ score·support / Σ support``
(unweighted when the supports sum to zero), each bound carried through.

The text is judged token by token: it is rendered three times, from the exact figures
rounded to the nearest double, and from the exact figures moved down and up by their
bounds. Each token of the answer (numbers and the spaces between them) must be one of the
three renderings' tokens at its place, or a number written in the same form that lies
between the lower and the upper one: so a figure rounded to ``digits`` may come out
either way only where its exact value lies within its bound of a rounding boundary, and
the layout must be the contract's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from equivalence.arith import ANY, Ambiguous, Approx, Exactly, Refuses, exact, nonzero, total
from lodestar.errors import UndefinedMetricError
from lodestar.metrics import _inputs
from lodestar.metrics.classification.classification_report import (
    AverageRow,
    ClassificationReport,
    ClassRow,
    ZeroDivision,
)

__all__ = ["EVALUATORS"]

Leaf = Approx | Exactly


def _as_approx(value: Leaf) -> Approx | None:
    """A leaf as a quantity to compute with; ``None`` for NaN."""
    if isinstance(value, Approx):
        return value
    if math.isnan(value.value):
        return None
    return exact(value.value)


def _divide(numerator: Approx, denominator: Approx, policy: ZeroDivision) -> Leaf:
    try:
        if nonzero(denominator):
            return numerator / denominator
    except Ambiguous:
        return ANY
    constant = {ZeroDivision.ZERO: 0.0, ZeroDivision.ONE: 1.0}.get(policy, math.nan)
    return Exactly(constant)


def _scores(tp: Approx, predicted: Approx, true: Approx, policy: ZeroDivision) -> list[Leaf]:
    return [
        _divide(tp, predicted, policy),
        _divide(tp, true, policy),
        _divide(Approx(tp.exact * 2, tp.error * 2), true + predicted, policy),
    ]


def _average(values: list[Leaf], weights: list[Approx] | None) -> Leaf:
    kept = [(i, _as_approx(v)) for i, v in enumerate(values)]
    present = [(i, v) for i, v in kept if v is not None]
    if not present:
        return Exactly(math.nan)
    if weights is not None:
        chosen = [weights[i] for i, _ in present]
        denominator = total(chosen)
        try:
            if nonzero(denominator):
                return total(v * w for (_, v), w in zip(present, chosen, strict=True)) / denominator
        except Ambiguous:
            return ANY
    return total(v for _, v in present) / exact(len(present))


class _Parts:
    """A report's figures as leaves, laid out as lodestar's report is."""

    def __init__(
        self,
        y_true: Any,
        y_pred: Any,
        target_names: Any,
        zero_division: Any,
        labels: Any,
        sample_weight: Any,
    ) -> None:
        try:
            report = ClassificationReport.compute(
                y_true, y_pred, target_names, zero_division, labels, sample_weight
            )
        except UndefinedMetricError as error:
            raise Refuses(str(error)) from None
        self.report = report
        policy = zero_division
        truth = _inputs.labels(y_true, "y_true").tolist()
        predicted = _inputs.labels(y_pred, "y_pred").tolist()
        weight = _inputs.weights(sample_weight, len(truth))
        weights = [1.0] * len(truth) if weight is None else weight.tolist()
        self.whole_support = weight is None and any(
            t == p for t, p in zip(truth, predicted, strict=True)
        )
        self.rows: list[list[Leaf]] = []
        tps, pred_sums, true_sums = [], [], []
        for row in report.classes:
            label = row.label
            tp = total(
                exact(w)
                for t, p, w in zip(truth, predicted, weights, strict=True)
                if t == p == label
            )
            pred_total = total(
                exact(w) for p, w in zip(predicted, weights, strict=True) if p == label
            )
            true_total = total(exact(w) for t, w in zip(truth, weights, strict=True) if t == label)
            pred_sum, true_sum = tp + (pred_total - tp), tp + (true_total - tp)
            tps.append(tp)
            pred_sums.append(pred_sum)
            true_sums.append(true_sum)
            self.rows.append([*_scores(tp, pred_sum, true_sum, policy), true_sum])
        self.total = total(true_sums)
        micro = _scores(total(tps), total(pred_sums), total(true_sums), policy)
        self.micro = [_average([score], None) for score in micro] + [self.total]
        columns = list(zip(*[row[:3] for row in self.rows], strict=True))
        self.macro = [_average(list(c), None) for c in columns] + [self.total]
        self.weighted = [_average(list(c), true_sums) for c in columns] + [self.total]

    def as_dict(self) -> dict[Any, Any]:
        def scores(values: list[Leaf]) -> dict[str, Leaf]:
            return dict(zip(("precision", "recall", "f1-score", "support"), values, strict=True))

        result: dict[Any, Any] = {
            row.heading: scores(values)
            for row, values in zip(self.report.classes, self.rows, strict=True)
        }
        if self.report.micro_average is None:
            result["accuracy"] = {"precision": self.micro[0]}
        else:
            result["micro avg"] = scores(self.micro)
        result["macro avg"] = scores(self.macro)
        result["weighted avg"] = scores(self.weighted)
        if "accuracy" in result:
            result["accuracy"] = result["accuracy"]["precision"]
        return result

    def rendered(self, shift: int, digits: Any) -> str:
        """The text from the figures moved by ``shift`` times their bounds."""

        def value(leaf: Leaf) -> float:
            if isinstance(leaf, Exactly):
                return leaf.value
            if leaf.unbounded:
                return _WILD
            return float(leaf.exact) + shift * leaf.error

        def average(name: str, values: list[Leaf]) -> AverageRow:
            return AverageRow(name, *(value(v) for v in values))

        classes = tuple(
            ClassRow(row.label, row.name, *(value(v) for v in values))
            for row, values in zip(self.report.classes, self.rows, strict=True)
        )
        report = ClassificationReport._of(
            classes=classes,
            micro=average("micro avg", self.micro),
            micro_shown=self.report.micro_average is not None,
            macro=average("macro avg", self.macro),
            weighted=average("weighted avg", self.weighted),
            total_support=value(self.total),
            whole_support=self.whole_support,
        )
        return report.to_text(digits)


#: The figure rendered where any value is faithful; its text matches any number.
_WILD = 987654.0
_TOKENS = re.compile(r"(\s+)")


def _number(token: str) -> float | None:
    try:
        return float(token)
    except ValueError:
        return None


def _between(value: float | None, low: float | None, high: float | None) -> bool:
    if value is None or low is None or high is None:
        return False
    return min(low, high) <= value <= max(low, high)


def _decimals(token: str) -> int:
    return len(token.split(".", 1)[1]) if "." in token else -1


def _same_form(mine: str, *rendered: str) -> bool:
    """Whether a number is written as the renderings write it: as many decimals where
    they agree (a fixed ``digits``), and a point exactly where they have one."""
    places = {_decimals(token) for token in rendered}
    if len(places) == 1:
        return _decimals(mine) in places
    return ("." in mine) == ("." in rendered[1])


def _text_judge(low: str, middle: str, high: str) -> Callable[[Any, str, Any], None]:
    def judge(answer: Any, where: str, result: Any) -> None:
        if not isinstance(answer, str):
            result.fail(f"{where}: {answer!r} is not text")
            return
        tokens = [_TOKENS.split(text) for text in (answer, low, middle, high)]
        if len({len(t) for t in tokens}) != 1:
            if answer not in (low, middle, high):
                result.fail(f"{where}: the text's layout differs from the contract's")
            return
        rows = list(zip(*tokens, strict=True))
        for index, (mine, down, near, up) in enumerate(rows):
            if mine in (down, near, up) or near.startswith("987654"):
                if near.startswith("987654"):
                    result.unbounded += 1
                continue
            if not mine.strip() and index + 1 < len(rows):
                # right-aligned padding before a number written wider or narrower (a
                # signed zero, a figure rounded across a power of ten): the column's
                # width must hold
                following = rows[index + 1]
                if any(
                    len(mine) + len(following[0]) == len(space) + len(number)
                    for space, number in zip(rows[index][1:], following[1:], strict=True)
                ):
                    continue
            value, lowest, highest = _number(mine), _number(down), _number(up)
            if _between(value, lowest, highest) and _same_form(mine, down, near, up):
                continue
            result.fail(f"{where}: {mine!r} where the contract renders {near!r}")
            return

    return judge


def compute(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> dict[Any, Any]:
    return _Parts(y_true, y_pred, target_names, zero_division, labels, sample_weight).as_dict()


def to_text(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
    digits: Any = 2,
) -> Callable[[Any, str, Any], None]:
    parts = _Parts(y_true, y_pred, target_names, zero_division, labels, sample_weight)
    parts.report.to_text(digits)  # the checks of digits
    return _text_judge(*(parts.rendered(shift, digits) for shift in (-1, 0, 1)))


EVALUATORS: dict[str, Callable[..., Any]] = {
    "ClassificationReport.compute": compute,
    "ClassificationReport.compute[cm]": compute,
    "ClassificationReport.to_text": to_text,
}
