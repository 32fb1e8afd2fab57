"""The members that count or read a confusion matrix.

``ConfusionMatrix.compute``, ``ConfusionMatrix.to_array``, ``Accuracy.score[cm]`` (the
overload that reads a matrix), ``BalancedAccuracy.score`` and
``BalancedAccuracy.score[cm]``. Every call carries labels, so the five share one
strategy: the label set may be a subset that drops samples, a superset with classes no
sample carries, negative, far apart, repeated, or absent from the truth.

The calls pass every argument after ``y_true`` and ``y_pred`` by keyword, under the
lodestar name; the members whose lodestar form takes a matrix are called through a
wrapper that counts it first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View, as_labels
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


# -- reading a call back (each reading once per call, through View.derived) ------------


def _samples(v: View) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """``y_true`` and ``y_pred`` as integers when both are well formed and non-empty."""
    truth, predicted = v.truth, v.predicted
    if truth is None or predicted is None or len(truth) != len(predicted) or not len(truth):
        return None
    return truth, predicted


def _given_labels(v: View) -> Any:
    """``labels`` as passed, ``None`` when omitted or empty (the C# empty span)."""
    labels = v["labels"]
    return None if labels is None or len(labels) == 0 else labels


def _requested(v: View) -> np.ndarray[Any, Any] | None:
    """The ``labels`` argument as integers, ``None`` when omitted, empty or malformed."""
    given = _given_labels(v)
    return None if given is None else as_labels(given)


def _order(v: View) -> list[int] | None:
    """The rows of the matrix: the labels given, or the sorted union."""
    samples = v.derived(_samples)
    if samples is None:
        return None
    requested = v.derived(_requested)
    if requested is not None:
        return [int(label) for label in requested]
    if _given_labels(v) is not None:
        return None
    return sorted({int(label) for label in np.concatenate(samples)})


def _cells(v: View) -> np.ndarray[Any, Any] | None:
    """The matrix counted sample by sample, for the edges; ``None`` on malformed input."""
    samples, order, weight = v.derived(_samples), v.derived(_order), v.weight
    if samples is None or order is None or len(set(order)) != len(order):
        return None
    truth = samples[0]
    if weight is not None and (len(weight) != len(truth) or not v.finite_weight):
        return None
    lookup, size = {label: index for index, label in enumerate(order)}, len(order)
    at = np.array([[lookup.get(x, -1) for x in side.tolist()] for side in samples]).reshape(2, -1)
    kept, counts = (at >= 0).all(axis=0), np.ones(len(truth)) if weight is None else weight
    # bincount adds each sample's weight in turn, as counting them one by one would
    cells = np.bincount((at[0] * size + at[1])[kept], counts[kept], size * size)
    return cells.reshape(size, size)


def _kept(v: View) -> int | None:
    """How many rows balanced accuracy keeps: those whose sum is not zero, or whose
    diagonal is not zero either (x/0 is an infinity, kept; 0/0 is NaN, dropped)."""
    cells = v.derived(_cells)
    if cells is None:
        return None
    return int(((cells.sum(axis=1) != 0) | (np.diag(cells) != 0)).sum())


def _adjusted(v: View) -> bool:
    """``adjusted=True``, given as a bool or a NumPy bool."""
    return v.flag("adjusted") is True


def _drops_samples(v: View) -> bool:
    samples, requested = v.derived(_samples), v.derived(_requested)
    if samples is None or requested is None:
        return False
    return not {*samples[0].tolist(), *samples[1].tolist()} <= set(requested.tolist())


def _absent_from_truth(v: View) -> bool:
    order, samples = v.derived(_order), v.derived(_samples)
    return order is not None and samples is not None and not set(order) <= set(samples[0].tolist())


def _duplicate_labels(v: View) -> bool:
    requested = v.derived(_requested)
    return requested is not None and len(set(requested.tolist())) != len(requested)


def _fractional_labels_argument(v: View) -> bool:
    return _given_labels(v) is not None and v.derived(_requested) is None


def _no_class_kept(v: View) -> bool:
    return _adjusted(v) and v.derived(_kept) == 0


def _samples_are(test: Callable[[Any, Any], bool]) -> Callable[[View], bool]:
    return lambda v: (parts := v.derived(_samples)) is not None and test(*parts)


COMMON_EDGES = (
    Edge(
        "labels_drop_samples", "labels leave out a sample's true or predicted label", _drops_samples
    ),
    Edge(
        "non_contiguous_labels",
        "labels other than 0, 1, ..., k-1",
        lambda v: (order := v.derived(_order)) is not None and order != list(range(len(order))),
    ),
    Edge("negative_labels", "a true label below zero", _samples_are(lambda t, p: (t < 0).any())),
    Edge(
        "never_predicted",
        "a true class no sample is predicted as",
        _samples_are(lambda t, p: not set(t.tolist()) <= set(p.tolist())),
    ),
    Edge("absent_from_truth", "a class in the matrix with no true sample", _absent_from_truth),
    *shared.edges("single_sample", "length_mismatch", "fractional_label"),
    Edge("duplicate_labels", "labels naming a label twice", _duplicate_labels),
    Edge(
        "no_label_in_truth",
        "labels none of which occurs in y_true",
        lambda v: (
            (requested := v.derived(_requested)) is not None
            and _samples_are(lambda t, p: set(t.tolist()).isdisjoint(requested.tolist()))(v)
        ),
    ),
    Edge(
        "empty_labels",
        "labels given as an empty sequence",
        lambda v: v["labels"] is not None and len(v["labels"]) == 0,
    ),
    Edge("fractional_labels_argument", "a fractional value in labels", _fractional_labels_argument),
    *shared.edges("negative_weight", "zero_sum_weight"),
    Edge(
        "zero_sum_row",
        "a true class whose weights cancel",
        lambda v: (
            (cells := v.derived(_cells)) is not None
            and bool(((cells.sum(axis=1) == 0) & (cells != 0).any(axis=1)).any())
        ),
    ),
    *shared.edges("empty"),
    *shared.edges("non_finite_weight", "all_zero_weight", "wrong_weight_length"),
)

COMMON_DIVERGENCES = (
    Divergence(
        name="duplicate_labels",
        kind="narrowing",
        summary=(
            "labels naming a label twice are refused, as the C# page says; scikit-learn "
            "answers, with an empty row and column for the first occurrence."
        ),
        applies=_duplicate_labels,
    ),
    Divergence(
        name="fractional_labels_argument",
        kind="narrowing",
        summary=(
            "A fractional value in labels is refused, as any non-integer label is; "
            "scikit-learn answers, with an empty row and column for it."
        ),
        applies=_fractional_labels_argument,
    ),
    shared.empty_input(
        until="1.8", answered="an empty or all-zero matrix (NaN for balanced accuracy)"
    ),
    shared.non_finite_weight(
        until="1.8",
        answered=(
            "a matrix passed through np.nan_to_num: a NaN weight counted 0 and an infinite "
            "one the largest double, 1.797e308 (negative for -inf)"
        ),
    ),
    shared.all_zero_weight(until="1.9", answered="an all-zero matrix (NaN for balanced accuracy)"),
)


# -- the calls ----------------------------------------------------------------------

#: Label values far apart, negative and past 32 bits, for non-contiguous label sets.
SPREAD = (-1000, -7, -1, 0, 2, 3, 10, 2**40)

COMMON_SCENARIOS = (
    *("valid", "weighted", "labels_subset", "labels_superset", "never_predicted"),
    *("absent_from_truth", "single", "zero_sum_weight", "zero_sum_row", "duplicate_labels"),
    *("no_label_in_truth", "empty_labels", "empty", "length_mismatch", "fractional_label"),
    *("fractional_labels_argument", "non_finite_weight", "all_zero_weight"),
    *("wrong_weight_length",),
)


def _domain(draw: r.Draw, size: int, spread: int) -> list[int]:
    """``size`` distinct class values: 0..size-1, or drawn from :data:`SPREAD`."""
    return sorted(r.subset(draw, SPREAD, size)) if spread else list(range(size))


@r.composite
def _label_calls(draw: r.Draw, scenario: str) -> tuple[list[Any], list[Any], Any, Any]:
    """``(y_true, y_pred, labels, sample_weight)``, ``None`` meaning "leave out"."""
    classes, spread, samples, ordered, weighted = r.integers(
        draw, (1, 5), (0, 1), (1, 9), (0, 1), (0, 1)
    )
    domain = _domain(draw, classes + 1, spread)
    values = domain[:classes]
    samples = {"single": 1, "empty": 0}.get(scenario, samples)
    truth: list[Any] = draw(r.table(samples, tuple(values))).tolist()
    # Agreement is the interesting case: copy some of the truth into the prediction.
    drawn, copied = draw(r.table(samples, tuple(values))).tolist(), draw(r.codes(samples))
    predicted: list[Any] = [t if c % 2 else p for t, p, c in zip(truth, drawn, copied, strict=True)]
    labels: Any = None
    weight: Any = None
    unseen = domain[classes]
    if scenario in ("valid", "weighted", "single") and ordered:
        labels = r.permutation(draw, values)
    if scenario == "labels_subset":
        chosen = r.subset(draw, values)
        if not set(chosen) & set(truth):
            chosen.append(truth[0])
        labels = r.permutation(draw, chosen)
        # One sample is sure to be dropped while its true class keeps its row.
        outside = [value for value in domain if value not in chosen]
        truth = [*truth, r.pick(draw, chosen)]
        predicted = [*predicted, r.pick(draw, outside)]
        samples += 1
    if scenario in ("weighted", "single", "labels_subset", "labels_superset") or (
        scenario == "valid" and weighted
    ):
        weight = draw(r.weights(samples))
    if scenario == "labels_superset":
        labels = r.permutation(draw, [*values, unseen])
    if scenario == "never_predicted":
        missing = truth[0]
        others = [value for value in [*values, unseen] if value != missing]
        predicted = [r.pick(draw, others) if p == missing else p for p in predicted]
    if scenario == "absent_from_truth":
        predicted[r.index(draw, samples)] = unseen
        if r.flip(draw):
            labels = r.permutation(draw, sorted({*truth, *predicted}))
    if scenario == "zero_sum_weight":
        truth, predicted = [*truth, truth[0]], [*predicted, predicted[0]]
        weight = draw(r.weights(len(truth), "zero_sum"))
    if scenario == "zero_sum_row":
        # Two samples of one true class, one right and one wrong, whose weights cancel;
        # the other samples belong to other classes and weigh something positive.
        target = truth[0]
        wrong = r.pick(draw, [value for value in domain if value != target])
        rest = [index for index, value in enumerate(truth) if value != target]
        size = r.pick(draw, (1.0, 2.5))
        truth = [target, target, *(truth[index] for index in rest)]
        predicted = [target, wrong, *(predicted[index] for index in rest)]
        weight = [
            size,
            -size,
            *(r.pick(draw, (0.5, 1.0, 2.0)) for _ in rest),
        ]
    if scenario == "duplicate_labels":
        labels = r.permutation(draw, [*values, r.pick(draw, values)])
    if scenario == "no_label_in_truth":
        outside = [value for value in domain if value not in truth]
        labels = r.subset(draw, outside)
    if scenario == "empty_labels":
        labels = []
    if scenario == "empty" and r.flip(draw):
        labels = values
    if scenario == "length_mismatch":
        predicted = [*predicted, values[0]] if r.flip(draw) else predicted[:-1]
    if scenario == "fractional_label":
        side = truth if r.flip(draw) else predicted
        side[r.index(draw, samples)] = r.pick(draw, (0.5, 1.25, -2.5))
    if scenario == "fractional_labels_argument":
        labels = [
            *values,
            r.pick(draw, (0.5, 2.25)),
        ]
    if scenario in ("non_finite_weight", "all_zero_weight", "wrong_weight_length"):
        weight = draw(r.weights(samples, scenario))
    return truth, predicted, labels, weight


def _keyword_call(draw: r.Draw, scenario: str, extra: dict[str, Any]) -> Call:
    truth, predicted, labels, weight = draw(_label_calls(scenario))
    kwargs: dict[str, Any] = dict(extra)
    if labels is not None:
        kwargs["labels"] = labels
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, predicted), r.with_defaults(draw, kwargs, ("labels", "sample_weight")))


@r.composite
def _compute_calls(draw: r.Draw, scenario: str) -> Call:
    return _keyword_call(draw, scenario, {})


NORMALIZATIONS = (None, "true", "pred", "all")


@r.composite
def _to_array_calls(draw: r.Draw, scenario: str) -> Call:
    if scenario == "bad_normalization":
        bad = r.pick(draw, ("rows", "True", "", 1, True))
        call = _keyword_call(draw, "valid", {})
        return Call(call.args, {**call.kwargs, "normalization": bad})
    mode = r.pick(draw, NORMALIZATIONS)
    if scenario in ("zero_sum_row", "labels_subset") and r.flip(draw):
        mode = "true"
    return _keyword_call(draw, scenario, {"normalization": mode})


@r.composite
def _accuracy_calls(draw: r.Draw, scenario: str) -> Call:
    if scenario == "zero_total":
        samples = 1 + r.index(draw, 4)
        truth = draw(r.labels(samples, 0, 2))
        predicted = list(truth)
        weight = [float(r.pick(draw, (1, 2, 3))) for _ in truth]
        if r.flip(draw):
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
    return _keyword_call(draw, scenario, {"normalize": r.flip(draw)})


@r.composite
def _balanced_calls(draw: r.Draw, scenario: str) -> Call:
    if scenario == "one_class_kept":
        value = r.pick(draw, SPREAD)
        samples = 1 + r.index(draw, 5)
        predicted = [value if r.flip(draw) else r.pick(draw, SPREAD) for _ in range(samples)]
        return Call(([value] * samples, predicted), {"adjusted": True})
    if scenario == "no_class_kept":
        first, second = r.subset(draw, SPREAD, 2)
        size = r.pick(draw, (1.0, 3.0))
        return Call(
            ([first, first], [second, second]),
            {"adjusted": r.flip(draw), "sample_weight": [size, -size]},
        )
    return _keyword_call(draw, scenario, {"adjusted": r.flip(draw)})


# -- the oracles --------------------------------------------------------------------


def _sklearn_matrix(v: View, normalize: Any = None) -> Any:
    from sklearn.metrics import confusion_matrix

    return confusion_matrix(
        *v.args[:2], labels=_given_labels(v), sample_weight=v.unweighted, normalize=normalize
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
    labels = _given_labels(v)
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

    adjusted, weight, labels = v["adjusted"], v.unweighted, _given_labels(v)
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


def _scenarios(
    build: Callable[[str], st.SearchStrategy[Call]], extra: tuple[str, ...] = ()
) -> dict[str, st.SearchStrategy[Call]]:
    return {scenario: build(scenario) for scenario in (*COMMON_SCENARIOS, *extra)}


COMPUTE = Member(
    name="ConfusionMatrix.compute",
    csharp="ConfusionMatrix.Compute",
    page="reference/metrics/classification/confusionmatrix-compute.md",
    implementation=ConfusionMatrix.compute,
    oracle=_compute_oracle,
    oracle_call="confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight), "
    "with labels or unique_labels(y_true, y_pred) for its rows",
    since="1.3",
    scenarios=_scenarios(_compute_calls),
    edges=COMMON_EDGES,
    divergences=COMMON_DIVERGENCES,
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
    cells, mode = v.derived(_cells), v["normalization"]
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
    scenarios=_scenarios(_to_array_calls, ("bad_normalization",)),
    edges=(
        *COMMON_EDGES,
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
    divergences=COMMON_DIVERGENCES,
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
    scenarios=_scenarios(_accuracy_calls, ("zero_total",)),
    edges=(
        *COMMON_EDGES,
        Edge(
            "zero_total",
            "a matrix whose weight sums to zero",
            lambda v: (cells := v.derived(_cells)) is not None and cells.sum() == 0,
        ),
        Edge("count", "normalize=False", lambda v: v.flag("normalize") is False),
    ),
    divergences=COMMON_DIVERGENCES,
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
    *COMMON_EDGES,
    Edge("adjusted", "adjusted=True", _adjusted),
    Edge(
        "one_class_kept",
        "adjusted with a single class kept: NaN or an infinity",
        lambda v: _adjusted(v) and v.derived(_kept) == 1,
    ),
    Edge("no_class_kept", "adjusted with no class kept", _no_class_kept),
)

BALANCED_DIVERGENCES = (
    *COMMON_DIVERGENCES,
    Divergence(
        name="no_class_kept",
        kind="widening",
        summary=(
            "With adjusted=True and no class kept (every true class's weights cancel to a "
            "zero row), lodestar answers NaN, the unadjusted result; scikit-learn computes "
            "1 / 0 in Python and raises ZeroDivisionError."
        ),
        applies=_no_class_kept,
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
    scenarios=_scenarios(_balanced_calls, BALANCED_EXTRA),
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
