"""The exact average precision of a label matrix: ``AveragePrecision.per_label`` and
``AveragePrecision.score[matrix]``, column by column over the exact binary step sum of
:mod:`equivalence.families.areas.exact`.

MACRO is the exact mean of the columns; WEIGHTED their mean weighted by each label's
exact positive weight (0 when those total within ``1e-8`` of zero, a label weighing
nothing counted as 0); MICRO, and any averaging over a single label, the step sum of the
whole matrix read as one column, each row's weight repeated along it. The refusals are
lodestar's own checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from equivalence.arith import Approx, exact, total
from equivalence.families.areas.exact import average_precision, mean
from lodestar.metrics import AveragePrecision, Averaging, _inputs
from lodestar.metrics._label_matrix import label_matrix

__all__ = ["EVALUATORS"]


def _read(y_true: Any, y_score: Any, label_count: int, sample_weight: Any) -> Any:
    relevant = label_matrix(y_true, label_count, "y_true").astype(np.int64)
    scores = _inputs._finite_floats(y_score, "y_score").reshape(relevant.shape)
    weight = _inputs.weights(sample_weight, len(relevant))
    return relevant, scores, None if weight is None else weight.tolist()


def per_label(y_true: Any, y_score: Any, label_count: int, sample_weight: Any = None) -> Any:
    AveragePrecision.per_label(y_true, y_score, label_count, sample_weight)
    relevant, scores, weight = _read(y_true, y_score, label_count, sample_weight)
    return [
        average_precision(relevant[:, c].tolist(), scores[:, c].tolist(), 1, weight)
        for c in range(label_count)
    ]


def score(
    y_true: Any,
    y_score: Any,
    label_count: int,
    averaging: Any = Averaging.MACRO,
    sample_weight: Any = None,
) -> Any:
    # lodestar's own refusals (the C# overload's parameters, by name)
    AveragePrecision.score(
        y_true, y_score, sample_weight=sample_weight, label_count=label_count, averaging=averaging
    )
    mode = Averaging(averaging)
    relevant, scores, weight = _read(y_true, y_score, label_count, sample_weight)
    if mode is Averaging.MICRO or label_count == 1:
        repeated = None if weight is None else np.repeat(weight, label_count).tolist()
        return average_precision(relevant.ravel().tolist(), scores.ravel().tolist(), 1, repeated)
    each = per_label(y_true, y_score, label_count, sample_weight)
    if mode is Averaging.MACRO:
        return mean(each, None)
    ws = [1.0] * len(relevant) if weight is None else weight
    totals: list[Approx] = [
        total(exact(w) for w, r in zip(ws, relevant[:, c].tolist(), strict=True) if r)
        for c in range(label_count)
    ]
    if abs(float(total(totals).exact)) <= 1e-08:
        return exact(0)
    return mean(each, totals)


EVALUATORS: dict[str, Callable[..., Any]] = {
    "AveragePrecision.per_label": per_label,
    "AveragePrecision.score[matrix]": score,
}
