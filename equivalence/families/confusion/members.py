"""The members that count or read a confusion matrix.

``ConfusionMatrix.compute``, ``ConfusionMatrix.to_array``, ``Accuracy.score[cm]`` (the
overload that reads a matrix), ``BalancedAccuracy.score`` and
``BalancedAccuracy.score[cm]``. Every call carries labels, so the five share one
strategy, :func:`equivalence.draw.labels.label_calls`: the label set may be a subset that
drops samples, a superset with classes no sample carries, negative, far apart, repeated,
or absent from the truth.

The calls pass every argument after ``y_true`` and ``y_pred`` by keyword, under the
lodestar name; the members whose lodestar form takes a matrix are called through a
wrapper that counts it first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from equivalence.draw import labels as draw_labels, primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View
from lodestar.metrics import Accuracy, BalancedAccuracy, ConfusionMatrix

__all__ = [
    "ACCURACY_OF_MATRIX",
    "BALANCED_ACCURACY",
    "BALANCED_ACCURACY_OF_MATRIX",
    "COMPUTE",
    "MEMBERS",
    "TO_ARRAY",
]


# -- the implementations under test -------------------------------------------------


def compute_parts(cm: ConfusionMatrix) -> dict[str, Any]:
    """What a ``ConfusionMatrix`` is compared on: its labels, cells and total weight."""
    return {"labels": list(cm.labels), "cells": cm.to_array(), "total_weight": cm.total_weight}


def to_array(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """``ConfusionMatrix.compute(...).to_array(normalization)``."""
    return ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight).to_array(normalization)


def accuracy_of_matrix(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> float:
    """``Accuracy.score(cm=ConfusionMatrix.compute(...), normalize=normalize)``."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return Accuracy.score(cm=cm, normalize=normalize)


def balanced_accuracy_of_matrix(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """``BalancedAccuracy.score(cm=ConfusionMatrix.compute(...), adjusted=adjusted)``."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return BalancedAccuracy.score(cm=cm, adjusted=adjusted)


@primitives.composite
def _compute_calls(draw: primitives.Draw, scenario: str) -> Call:
    return draw_labels.keyword_call(draw, scenario, {})


NORMALIZATIONS = (None, "true", "pred", "all")


@primitives.composite
def _to_array_calls(draw: primitives.Draw, scenario: str) -> Call:
    if scenario == "bad_normalization":
        bad = primitives.pick(draw, ("rows", "True", "", 1, True))
        call = draw_labels.keyword_call(draw, "valid", {})
        return Call(call.args, {**call.kwargs, "normalization": bad})
    mode = primitives.pick(draw, NORMALIZATIONS)
    if scenario in ("zero_sum_row", "labels_subset") and primitives.flip(draw):
        mode = "true"
    return draw_labels.keyword_call(draw, scenario, {"normalization": mode})


@primitives.composite
def _accuracy_calls(draw: primitives.Draw, scenario: str) -> Call:
    if scenario == "zero_total":
        samples = 1 + primitives.index(draw, 4)
        truth = draw(primitives.labels(samples, 0, 2))
        predicted = list(truth)
        weight = [float(primitives.pick(draw, (1, 2, 3))) for _ in truth]
        if primitives.flip(draw):
            # the kept samples weigh nothing, the dropped one does
            kwargs: dict[str, Any] = {
                "labels": [0, 1, 2],
                "sample_weight": [0.0] * samples + [1.0],
                "normalize": True,
            }
            return Call(([*truth, 0], [*predicted, 5]), kwargs)
        truth, predicted = [*truth, *truth], [*predicted, *predicted]
        return Call(
            (truth, predicted),
            {"sample_weight": [*weight, *(-w for w in weight)], "normalize": True},
        )
    return draw_labels.keyword_call(draw, scenario, {"normalize": primitives.flip(draw)})


@primitives.composite
def _balanced_calls(draw: primitives.Draw, scenario: str) -> Call:
    if scenario == "one_class_kept":
        value = primitives.pick(draw, draw_labels.SPREAD)
        samples = 1 + primitives.index(draw, 5)
        predicted = [
            value if primitives.flip(draw) else primitives.pick(draw, draw_labels.SPREAD)
            for _ in range(samples)
        ]
        return Call(([value] * samples, predicted), {"adjusted": True})
    if scenario == "no_class_kept":
        first, second = primitives.subset(draw, draw_labels.SPREAD, 2)
        size = primitives.pick(draw, (1.0, 3.0))
        return Call(
            ([first, first], [second, second]),
            {"adjusted": primitives.flip(draw), "sample_weight": [size, -size]},
        )
    return draw_labels.keyword_call(draw, scenario, {"adjusted": primitives.flip(draw)})


# -- the oracles --------------------------------------------------------------------


def _sklearn_matrix(v: View, normalize: Any = None) -> Any:
    from sklearn.metrics import confusion_matrix

    return confusion_matrix(
        *v.args[:2],
        labels=draw_labels.given_labels(v),
        sample_weight=v.unweighted,
        normalize=normalize,
    )


def _compute_oracle(v: View) -> dict[str, Any]:
    """``confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)``.

    An empty ``labels`` or ``sample_weight`` is passed as ``None``, the C# reading of an
    empty span. The labels of the rows are ``labels`` when given, else
    ``unique_labels(y_true, y_pred)``, the set scikit-learn's matrix is built over; the
    total weight is the sum of the matrix.
    """
    from sklearn.utils.multiclass import unique_labels

    cells = np.asarray(_sklearn_matrix(v))
    labels = draw_labels.given_labels(v)
    order = unique_labels(*v.args[:2]) if labels is None else labels
    return {
        "labels": np.asarray(order).tolist(),
        "cells": cells.astype(np.float64),
        "total_weight": float(cells.sum()),
    }


def _to_array_oracle(v: View) -> Any:
    """``confusion_matrix(..., normalize=normalization)`` as ``float64``."""
    return np.asarray(_sklearn_matrix(v, normalize=v["normalization"]), dtype=np.float64)


def _accuracy_oracle(v: View) -> float:
    """Accuracy over the samples ``confusion_matrix`` kept: its trace over its sum.

    With ``normalize=False``, the trace. A zero sum is refused as ``numpy.average``
    refuses it inside ``accuracy_score``.
    """
    cells = _sklearn_matrix(v)
    trace = np.trace(cells)
    if v.flag("normalize") is False:
        return float(trace)
    total = cells.sum()
    if total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(trace / total)


def _balanced_oracle(v: View) -> float:
    """``balanced_accuracy_score(y_true, y_pred, sample_weight=..., adjusted=...)``.

    scikit-learn's function takes no ``labels``. When the call gives some, its own
    steps are taken on ``confusion_matrix(..., labels=labels)``: each diagonal cell
    over its row sum, the NaN rows dropped, the mean, and the adjustment by the number
    of rows kept.
    """
    from sklearn.metrics import balanced_accuracy_score, confusion_matrix

    adjusted, weight, labels = v["adjusted"], v.unweighted, draw_labels.given_labels(v)
    if labels is None:
        return float(balanced_accuracy_score(*v.args[:2], sample_weight=weight, adjusted=adjusted))
    matrix = confusion_matrix(*v.args[:2], labels=labels, sample_weight=weight)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_class = np.diag(matrix) / matrix.sum(axis=1)
    per_class = per_class[~np.isnan(per_class)]
    score = np.mean(per_class)
    if adjusted:
        chance = 1 / len(per_class)
        score -= chance
        score /= 1 - chance
    return float(score)


# -- the members --------------------------------------------------------------------


COMPUTE = Member(
    name="ConfusionMatrix.compute",
    csharp="ConfusionMatrix.Compute",
    page="reference/metrics/classification/confusionmatrix-compute.md",
    implementation=ConfusionMatrix.compute,
    oracle=_compute_oracle,
    oracle_call="confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight), "
    "with labels or unique_labels(y_true, y_pred) for its rows",
    since="1.3",
    scenarios=draw_labels.scenarios_of(_compute_calls),
    edges=draw_labels.COMMON_EDGES,
    divergences=draw_labels.COMMON_DIVERGENCES,
    project=compute_parts,
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {"labels": [1, 0], "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0]},
    ),
)


def _mode_is(mode: Any) -> Callable[[View], bool]:
    return lambda v: bool(v["normalization"] == mode)


def _normalizers(v: View) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """The cells, and the sums the call's normalization divides them by (broadcast)."""
    cells, mode = v.derived(draw_labels.cells_of), v["normalization"]
    if cells is None or mode not in ("true", "pred", "all"):
        return None
    sums = {"true": cells.sum(axis=1)[:, None], "pred": cells.sum(axis=0)[None, :]}
    return cells, sums.get(mode, cells.sum()[None, None])


def _zero_normalizer(v: View) -> bool:
    """A row, column or total dividing to 0/0 under the call's normalization."""
    parts = v.derived(_normalizers)
    return parts is not None and bool((parts[1] == 0).any())


def _cancelling_normalizer(v: View) -> bool:
    """A non-zero cell over a zero sum: what scikit-learn turns into the largest double."""
    parts = v.derived(_normalizers)
    return parts is not None and bool(((parts[1] == 0) & (parts[0] != 0)).any())


def _bad_normalization(v: View) -> bool:
    mode = v["normalization"]
    return not (mode is None or (isinstance(mode, str) and mode in NORMALIZATIONS))


TO_ARRAY = Member(
    name="ConfusionMatrix.to_array",
    csharp="ConfusionMatrix.ToArray",
    page="reference/metrics/classification/confusionmatrix-toarray.md",
    implementation=to_array,
    oracle=_to_array_oracle,
    oracle_call="confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight, "
    "normalize=normalization)",
    since="1.3",
    scenarios=draw_labels.scenarios_of(_to_array_calls, ("bad_normalization",)),
    edges=(
        *draw_labels.COMMON_EDGES,
        *(
            Edge(f"normalize_{mode}", f"normalization {mode!r}", _mode_is(mode))
            for mode in NORMALIZATIONS
        ),
        Edge("zero_normalizer", "a row, column or total of zero under the mode", _zero_normalizer),
        Edge(
            "cancelling_normalizer",
            "a non-zero cell over a zero sum (negative weights)",
            _cancelling_normalizer,
        ),
        Edge("bad_normalization", "a normalization that is none of the four", _bad_normalization),
    ),
    divergences=draw_labels.COMMON_DIVERGENCES,
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {
            "labels": [1, 0],
            "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
            "normalization": "true",
        },
    ),
)

ACCURACY_OF_MATRIX = Member(
    name="Accuracy.score[cm]",
    csharp="Accuracy.Score(ConfusionMatrix)",
    page="reference/metrics/classification/accuracy-score.md",
    implementation=accuracy_of_matrix,
    oracle=_accuracy_oracle,
    oracle_call="cm = confusion_matrix(y_true, y_pred, labels=labels, "
    "sample_weight=sample_weight); trace(cm) / cm.sum(), or trace(cm) with normalize=False",
    since="1.3",
    scenarios=draw_labels.scenarios_of(_accuracy_calls, ("zero_total",)),
    edges=(
        *draw_labels.COMMON_EDGES,
        Edge(
            "zero_total",
            "a matrix whose weight sums to zero",
            lambda v: (cells := v.derived(draw_labels.cells_of)) is not None and cells.sum() == 0,
        ),
        Edge("count", "normalize=False", lambda v: v.flag("normalize") is False),
    ),
    divergences=draw_labels.COMMON_DIVERGENCES,
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {
            "labels": [1, 0],
            "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
            "normalize": True,
        },
    ),
)

BALANCED_EDGES = (
    *draw_labels.COMMON_EDGES,
    Edge("adjusted", "adjusted=True", draw_labels.is_adjusted),
    Edge(
        "one_class_kept",
        "adjusted with a single class kept: NaN or an infinity",
        lambda v: draw_labels.is_adjusted(v) and v.derived(draw_labels.kept_rows) == 1,
    ),
    Edge("no_class_kept", "adjusted with no class kept", draw_labels.no_class_kept),
)

BALANCED_DIVERGENCES = (
    *draw_labels.COMMON_DIVERGENCES,
    Divergence(
        name="no_class_kept",
        kind="widening",
        summary=(
            "With adjusted=True and no class kept (every true class's weights cancel to a "
            "zero row), lodestar answers NaN, the unadjusted result; scikit-learn computes "
            "1 / 0 in Python and raises ZeroDivisionError."
        ),
        applies=draw_labels.no_class_kept,
        expected=lambda v: float("nan"),
    ),
)

BALANCED_EXTRA = ("one_class_kept", "no_class_kept")

BALANCED_ACCURACY = Member(
    name="BalancedAccuracy.score",
    csharp="BalancedAccuracy.Score",
    page="reference/metrics/classification/balancedaccuracy-score.md",
    implementation=BalancedAccuracy.score,
    oracle=_balanced_oracle,
    oracle_call="balanced_accuracy_score(y_true, y_pred, sample_weight=sample_weight, "
    "adjusted=adjusted); its steps on confusion_matrix(..., labels=labels) when labels are given",
    since="1.3",
    scenarios=draw_labels.scenarios_of(_balanced_calls, BALANCED_EXTRA),
    edges=BALANCED_EDGES,
    divergences=BALANCED_DIVERGENCES,
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {
            "adjusted": False,
            "labels": [1, 0],
            "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
        },
    ),
)

BALANCED_ACCURACY_OF_MATRIX = replace(
    BALANCED_ACCURACY,
    name="BalancedAccuracy.score[cm]",
    csharp="BalancedAccuracy.Score(ConfusionMatrix)",
    implementation=balanced_accuracy_of_matrix,
    oracle_call="balanced_accuracy_score's steps on confusion_matrix(y_true, y_pred, "
    "labels=labels, sample_weight=sample_weight)",
)

MEMBERS = (COMPUTE, TO_ARRAY, ACCURACY_OF_MATRIX, BALANCED_ACCURACY, BALANCED_ACCURACY_OF_MATRIX)
