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
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import strategies as s
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
from lodestar.errors import ArgumentError
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


# -- reading a call back --------------------------------------------------------------


def _given(value: Any) -> Any:
    """``None`` for an omitted or empty sequence (the C# empty span), else the value."""
    return None if value is None or len(value) == 0 else value


def _weights(call: Call) -> np.ndarray[Any, Any] | None:
    return s.as_floats(_given(call.kwargs.get("sample_weight")))


def _samples(call: Call) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """``y_true`` and ``y_pred`` as integers when both are well formed and non-empty."""
    with np.errstate(all="ignore"):
        truth, predicted = s.as_labels(call.args[0]), s.as_labels(call.args[1])
    if truth is None or predicted is None or len(truth) != len(predicted) or not len(truth):
        return None
    return truth, predicted


def _requested(call: Call) -> np.ndarray[Any, Any] | None:
    """The ``labels`` argument as integers, ``None`` when omitted, empty or malformed."""
    given = _given(call.kwargs.get("labels"))
    with np.errstate(all="ignore"):
        return None if given is None else s.as_labels(given)


def _order(call: Call) -> list[int] | None:
    """The rows of the matrix: the labels given, or the sorted union."""
    samples = _samples(call)
    if samples is None:
        return None
    requested = _requested(call)
    if requested is not None:
        return [int(label) for label in requested]
    if _given(call.kwargs.get("labels")) is not None:
        return None
    return sorted({int(label) for label in np.concatenate(samples)})


def _cells(call: Call) -> list[list[float]] | None:
    """The matrix counted by a plain loop, for the edges; ``None`` on malformed input."""
    samples, order = _samples(call), _order(call)
    weight = _weights(call)
    if samples is None or order is None or len(set(order)) != len(order):
        return None
    truth, predicted = samples
    if weight is not None and (len(weight) != len(truth) or not np.isfinite(weight).all()):
        return None
    position = {label: index for index, label in enumerate(order)}
    cells = [[0.0] * len(order) for _ in order]
    for index, (true, guess) in enumerate(zip(truth.tolist(), predicted.tolist(), strict=True)):
        if true in position and guess in position:
            cells[position[true]][position[guess]] += 1.0 if weight is None else weight[index]
    return cells


def _recalls(call: Call) -> list[float] | None:
    """Each row's diagonal over its sum, NaN for 0/0 and an infinity for x/0."""
    cells = _cells(call)
    if cells is None:
        return None
    recalls: list[float] = []
    for index, row in enumerate(cells):
        total, hit = sum(row), row[index]
        if total != 0:
            recalls.append(hit / total)
        else:
            recalls.append(float("nan") if hit == 0 else float("inf") * (1 if hit > 0 else -1))
    return recalls


def _kept(call: Call) -> int | None:
    recalls = _recalls(call)
    return None if recalls is None else sum(1 for value in recalls if value == value)


def _adjusted(call: Call) -> bool:
    return call.kwargs.get("adjusted", False) is True


# -- edges and divergences ------------------------------------------------------------


def _drops_samples(call: Call) -> bool:
    samples, requested = _samples(call), _requested(call)
    if samples is None or requested is None:
        return False
    inside = np.isin(samples[0], requested) & np.isin(samples[1], requested)
    return not bool(inside.all())


def _non_contiguous(call: Call) -> bool:
    order = _order(call)
    return order is not None and order != list(range(len(order)))


def _negative_labels(call: Call) -> bool:
    samples = _samples(call)
    return samples is not None and bool((samples[0] < 0).any())


def _never_predicted(call: Call) -> bool:
    samples = _samples(call)
    return samples is not None and not set(samples[0].tolist()) <= set(samples[1].tolist())


def _absent_from_truth(call: Call) -> bool:
    order = _order(call)
    samples = _samples(call)
    return order is not None and samples is not None and not set(order) <= set(samples[0].tolist())


def _duplicate_labels(call: Call) -> bool:
    requested = _requested(call)
    return requested is not None and len(set(requested.tolist())) != len(requested)


def _no_label_in_truth(call: Call) -> bool:
    samples, requested = _samples(call), _requested(call)
    return (
        samples is not None and requested is not None and not np.isin(samples[0], requested).any()
    )


def _empty_labels(call: Call) -> bool:
    labels = call.kwargs.get("labels")
    return labels is not None and len(labels) == 0


def _fractional_labels_argument(call: Call) -> bool:
    labels = _given(call.kwargs.get("labels"))
    with np.errstate(all="ignore"):
        return labels is not None and s.as_labels(labels) is None


def _negative_weight(call: Call) -> bool:
    return s.negative(_weights(call))


def _zero_sum_weight(call: Call) -> bool:
    return s.zero_sum(_weights(call))


def _non_finite_weight(call: Call) -> bool:
    return s.non_finite(_weights(call))


def _all_zero_weight(call: Call) -> bool:
    return s.all_zero(_weights(call))


def _wrong_weight_length(call: Call) -> bool:
    weight = _weights(call)
    return weight is not None and weight.size != len(call.args[0])


def _empty(call: Call) -> bool:
    return len(call.args[0]) == 0 and len(call.args[1]) == 0


def _length_mismatch(call: Call) -> bool:
    return len(call.args[0]) != len(call.args[1])


def _fractional_label(call: Call) -> bool:
    return any(
        isinstance(value, float) and value != int(value)
        for values in call.args[:2]
        for value in values
    )


def _zero_sum_row(call: Call) -> bool:
    """A true class whose weights cancel while its row holds a non-zero cell."""
    cells = _cells(call)
    return cells is not None and any(sum(row) == 0 and any(row) for row in cells)


def _zero_total(call: Call) -> bool:
    cells = _cells(call)
    return cells is not None and sum(map(sum, cells)) == 0


def _no_class_kept(call: Call) -> bool:
    return _adjusted(call) and _kept(call) == 0


COMMON_EDGES = (
    Edge(
        "labels_drop_samples", "labels leave out a sample's true or predicted label", _drops_samples
    ),
    Edge("non_contiguous_labels", "labels other than 0, 1, ..., k-1", _non_contiguous),
    Edge("negative_labels", "a true label below zero", _negative_labels),
    Edge("never_predicted", "a true class no sample is predicted as", _never_predicted),
    Edge("absent_from_truth", "a class in the matrix with no true sample", _absent_from_truth),
    Edge("single_sample", "one sample", lambda c: len(c.args[0]) == 1),
    Edge("duplicate_labels", "labels naming a label twice", _duplicate_labels),
    Edge("no_label_in_truth", "labels none of which occurs in y_true", _no_label_in_truth),
    Edge("empty_labels", "labels given as an empty sequence", _empty_labels),
    Edge("fractional_labels_argument", "a fractional value in labels", _fractional_labels_argument),
    Edge("negative_weight", "a weight below zero", _negative_weight),
    Edge("zero_sum_weight", "weights summing to exactly zero", _zero_sum_weight),
    Edge("zero_sum_row", "a true class whose weights cancel", _zero_sum_row),
    Edge("empty", "no sample", _empty),
    Edge("length_mismatch", "y_true and y_pred of different lengths", _length_mismatch),
    Edge("fractional_label", "a fractional label in y_true or y_pred", _fractional_label),
    Edge("non_finite_weight", "a NaN or infinite weight", _non_finite_weight),
    Edge("all_zero_weight", "every weight zero", _all_zero_weight),
    Edge("wrong_weight_length", "a weight vector of the wrong length", _wrong_weight_length),
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
    Divergence(
        name="empty_input",
        kind="narrowing",
        summary=(
            "Empty input is refused; scikit-learn before 1.8 answered (an empty or all-zero "
            "matrix, NaN for balanced accuracy)."
        ),
        applies=_empty,
        versions=VersionRange(until="1.8"),
    ),
    Divergence(
        name="non_finite_weight",
        kind="narrowing",
        summary=(
            "A NaN or infinite weight is refused; scikit-learn before 1.8 passed the "
            "counted matrix through np.nan_to_num, so a NaN weight counted 0 and an infinite "
            "one the largest double, 1.797e308 (negative for -inf)."
        ),
        applies=_non_finite_weight,
        versions=VersionRange(until="1.8"),
    ),
    Divergence(
        name="all_zero_weight",
        kind="narrowing",
        summary=(
            "Weights that are all zero are refused, as scikit-learn 1.9 refuses them; "
            "before 1.9 it answered an all-zero matrix (NaN for balanced accuracy)."
        ),
        applies=_all_zero_weight,
        versions=VersionRange(until="1.9"),
    ),
)


# -- the calls ----------------------------------------------------------------------

#: Label values far apart, negative and past 32 bits, for non-contiguous label sets.
SPREAD = (-1000, -7, -1, 0, 2, 3, 10, 2**40)

COMMON_SCENARIOS = (
    "valid",
    "weighted",
    "labels_subset",
    "labels_superset",
    "never_predicted",
    "absent_from_truth",
    "single",
    "zero_sum_weight",
    "zero_sum_row",
    "duplicate_labels",
    "no_label_in_truth",
    "empty_labels",
    "empty",
    "length_mismatch",
    "fractional_label",
    "fractional_labels_argument",
    "non_finite_weight",
    "all_zero_weight",
    "wrong_weight_length",
)


@st.composite
def _domain(draw: s.Draw, size: int) -> list[int]:
    """``size`` distinct class values: 0..size-1, or drawn from :data:`SPREAD`."""
    if draw(st.booleans()):
        return list(range(size))
    return sorted(
        draw(st.lists(st.sampled_from(SPREAD), min_size=size, max_size=size, unique=True))
    )


@st.composite
def _label_calls(draw: s.Draw, scenario: str) -> tuple[list[Any], list[Any], Any, Any]:
    """``(y_true, y_pred, labels, sample_weight)``, ``None`` meaning "leave out"."""
    classes = draw(st.integers(1, 5))
    domain = draw(_domain(classes + 1))
    values = domain[:classes]
    samples = 1 if scenario == "single" else draw(st.integers(1, 9))
    if scenario == "empty":
        samples = 0
    truth: list[Any] = draw(st.lists(st.sampled_from(values), min_size=samples, max_size=samples))
    predicted: list[Any] = draw(
        st.lists(st.sampled_from(values), min_size=samples, max_size=samples)
    )
    for index in range(samples):
        if draw(st.booleans()):
            predicted[index] = truth[index]
    labels: Any = None
    weight: Any = None
    unseen = domain[classes]
    if scenario in ("valid", "weighted", "single") and draw(st.booleans()):
        labels = list(draw(st.permutations(values)))
    if scenario == "labels_subset":
        chosen = draw(st.lists(st.sampled_from(values), min_size=1, unique=True))
        if not set(chosen) & set(truth):
            chosen.append(truth[0])
        labels = list(draw(st.permutations(chosen)))
        # One sample is sure to be dropped while its true class keeps its row.
        outside = [value for value in domain if value not in chosen]
        truth = [*truth, draw(st.sampled_from(chosen))]
        predicted = [*predicted, draw(st.sampled_from(outside))]
        samples += 1
    if scenario in ("weighted", "single", "labels_subset", "labels_superset") or (
        scenario == "valid" and draw(st.booleans())
    ):
        weight = draw(s.valid_weights(samples))
    if scenario == "labels_superset":
        labels = list(draw(st.permutations([*values, unseen])))
    if scenario == "never_predicted":
        missing = truth[0]
        others = [value for value in [*values, unseen] if value != missing]
        predicted = [draw(st.sampled_from(others)) if p == missing else p for p in predicted]
    if scenario == "absent_from_truth":
        predicted[s.some_index(draw, samples)] = unseen
        if draw(st.booleans()):
            labels = list(draw(st.permutations(sorted({*truth, *predicted}))))
    if scenario == "zero_sum_weight":
        truth, predicted = [*truth, truth[0]], [*predicted, predicted[0]]
        weight = draw(s.zero_sum_weights(len(truth)))
    if scenario == "zero_sum_row":
        # Two samples of one true class, one right and one wrong, whose weights cancel;
        # the other samples belong to other classes and weigh something positive.
        target = truth[0]
        wrong = draw(st.sampled_from([value for value in domain if value != target]))
        rest = [index for index, value in enumerate(truth) if value != target]
        size = draw(st.sampled_from([1.0, 2.5]))
        truth = [target, target, *(truth[index] for index in rest)]
        predicted = [target, wrong, *(predicted[index] for index in rest)]
        weight = [size, -size, *(draw(st.sampled_from([0.5, 1.0, 2.0])) for _ in rest)]
    if scenario == "duplicate_labels":
        labels = [*values, draw(st.sampled_from(values))]
        labels = list(draw(st.permutations(labels)))
    if scenario == "no_label_in_truth":
        outside = [value for value in domain if value not in truth]
        labels = draw(st.lists(st.sampled_from(outside), min_size=1, unique=True))
    if scenario == "empty_labels":
        labels = []
    if scenario == "empty" and draw(st.booleans()):
        labels = values
    if scenario == "length_mismatch":
        predicted = [*predicted, values[0]] if draw(st.booleans()) else predicted[:-1]
    if scenario == "fractional_label":
        side = truth if draw(st.booleans()) else predicted
        side[s.some_index(draw, samples)] = draw(st.sampled_from([0.5, 1.25, -2.5]))
    if scenario == "fractional_labels_argument":
        labels = [*values, draw(st.sampled_from([0.5, 2.25]))]
    if scenario == "non_finite_weight":
        weight = [1.0] * (samples - 1) + [draw(st.sampled_from(s.NON_FINITE))]
    if scenario == "all_zero_weight":
        weight = [0.0] * samples
    if scenario == "wrong_weight_length":
        weight = draw(st.lists(st.floats(0, 2), min_size=samples + 1, max_size=samples + 2))
    return truth, predicted, labels, weight


def _keyword_call(draw: s.Draw, scenario: str, extra: dict[str, Any]) -> Call:
    truth, predicted, labels, weight = draw(_label_calls(scenario))
    kwargs: dict[str, Any] = dict(extra)
    if labels is not None:
        kwargs["labels"] = labels
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, predicted), s.with_defaults(draw, kwargs, ("labels", "sample_weight")))


@st.composite
def _compute_calls(draw: s.Draw, scenario: str) -> Call:
    return _keyword_call(draw, scenario, {})


NORMALIZATIONS = (None, "true", "pred", "all")


@st.composite
def _to_array_calls(draw: s.Draw, scenario: str) -> Call:
    if scenario == "bad_normalization":
        bad = draw(st.sampled_from(["rows", "True", "", 1, True]))
        call = _keyword_call(draw, "valid", {})
        return Call(call.args, {**call.kwargs, "normalization": bad})
    mode = draw(st.sampled_from(NORMALIZATIONS))
    if scenario in ("zero_sum_row", "labels_subset") and draw(st.booleans()):
        mode = "true"
    return _keyword_call(draw, scenario, {"normalization": mode})


@st.composite
def _accuracy_calls(draw: s.Draw, scenario: str) -> Call:
    if scenario == "zero_total":
        samples = draw(st.integers(1, 4))
        truth = draw(st.lists(st.integers(0, 2), min_size=samples, max_size=samples))
        predicted = list(truth)
        weight = [float(draw(st.sampled_from([1, 2, 3]))) for _ in truth]
        if draw(st.booleans()):
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
    return _keyword_call(draw, scenario, {"normalize": draw(st.booleans())})


@st.composite
def _balanced_calls(draw: s.Draw, scenario: str) -> Call:
    if scenario == "one_class_kept":
        value = draw(st.sampled_from(SPREAD))
        samples = draw(st.integers(1, 5))
        predicted = [
            value if draw(st.booleans()) else draw(st.sampled_from(SPREAD)) for _ in range(samples)
        ]
        return Call(([value] * samples, predicted), {"adjusted": True})
    if scenario == "no_class_kept":
        first, second = draw(st.lists(st.sampled_from(SPREAD), min_size=2, max_size=2, unique=True))
        size = draw(st.sampled_from([1.0, 3.0]))
        return Call(
            ([first, first], [second, second]),
            {"adjusted": draw(st.booleans()), "sample_weight": [size, -size]},
        )
    return _keyword_call(draw, scenario, {"adjusted": draw(st.booleans())})


# -- the oracles --------------------------------------------------------------------


def _sklearn_matrix(call: Call, normalize: Any = None) -> Any:
    from sklearn.metrics import confusion_matrix

    return confusion_matrix(
        call.args[0],
        call.args[1],
        labels=_given(call.kwargs.get("labels")),
        sample_weight=_given(call.kwargs.get("sample_weight")),
        normalize=normalize,
    )


def _compute_oracle(call: Call) -> dict[str, Any]:
    """``confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)``.

    An empty ``labels`` or ``sample_weight`` is passed as ``None``, the C# reading of an
    empty span. The labels of the rows are ``labels`` when given, else
    ``unique_labels(y_true, y_pred)``, the set scikit-learn's matrix is built over; the
    total weight is the sum of the matrix.
    """
    from sklearn.utils.multiclass import unique_labels

    cells = np.asarray(_sklearn_matrix(call))
    labels = _given(call.kwargs.get("labels"))
    order = unique_labels(call.args[0], call.args[1]) if labels is None else labels
    return {
        "labels": np.asarray(order).tolist(),
        "cells": cells.astype(np.float64),
        "total_weight": float(cells.sum()),
    }


def _to_array_oracle(call: Call) -> Any:
    """``confusion_matrix(..., normalize=normalization)`` as ``float64``."""
    return np.asarray(
        _sklearn_matrix(call, normalize=call.kwargs.get("normalization")), dtype=np.float64
    )


def _accuracy_oracle(call: Call) -> float:
    """Accuracy over the samples ``confusion_matrix`` kept: its trace over its sum.

    With ``normalize=False``, the trace. A zero sum is refused as ``numpy.average``
    refuses it inside ``accuracy_score``.
    """
    cells = _sklearn_matrix(call)
    trace = np.trace(cells)
    if call.kwargs.get("normalize", True) is False:
        return float(trace)
    total = cells.sum()
    if total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(trace / total)


def _balanced_oracle(call: Call) -> float:
    """``balanced_accuracy_score(y_true, y_pred, sample_weight=..., adjusted=...)``.

    scikit-learn's function takes no ``labels``. When the call gives some, its own
    steps are taken on ``confusion_matrix(..., labels=labels)``: each diagonal cell
    over its row sum, the NaN rows dropped, the mean, and the adjustment by the number
    of rows kept.
    """
    from sklearn.metrics import balanced_accuracy_score, confusion_matrix

    adjusted = call.kwargs.get("adjusted", False)
    weight = _given(call.kwargs.get("sample_weight"))
    labels = _given(call.kwargs.get("labels"))
    if labels is None:
        return float(
            balanced_accuracy_score(
                call.args[0], call.args[1], sample_weight=weight, adjusted=adjusted
            )
        )
    matrix = confusion_matrix(call.args[0], call.args[1], labels=labels, sample_weight=weight)
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
    tolerance=Tolerance(ulps=0),
    refusals=(ArgumentError,),
    project=compute_parts,
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {"labels": [1, 0], "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0]},
    ),
)


def _mode(call: Call) -> Any:
    return call.kwargs.get("normalization")


def _mode_is(mode: Any) -> Callable[[Call], bool]:
    def holds(call: Call) -> bool:
        return bool(_mode(call) == mode)

    return holds


def _zero_normalizer(call: Call) -> bool:
    """A row, column or total dividing to 0/0 under the call's normalization."""
    cells = _cells(call)
    mode = _mode(call)
    if cells is None or mode not in ("true", "pred", "all"):
        return False
    matrix = np.array(cells, dtype=np.float64).reshape(len(cells), len(cells))
    sums = {"true": matrix.sum(axis=1), "pred": matrix.sum(axis=0), "all": matrix.sum()[None]}
    return bool((np.asarray(sums[mode]) == 0).any())


def _cancelling_normalizer(call: Call) -> bool:
    """A non-zero cell over a zero sum: what scikit-learn turns into the largest double."""
    cells = _cells(call)
    mode = _mode(call)
    if cells is None or mode not in ("true", "pred", "all"):
        return False
    matrix = np.array(cells, dtype=np.float64).reshape(len(cells), len(cells))
    if mode == "true":
        return bool(((matrix.sum(axis=1) == 0)[:, None] & (matrix != 0)).any())
    if mode == "pred":
        return bool(((matrix.sum(axis=0) == 0)[None, :] & (matrix != 0)).any())
    return bool(matrix.sum() == 0 and (matrix != 0).any())


def _bad_normalization(call: Call) -> bool:
    mode = _mode(call)
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
    tolerance=Tolerance(ulps=0),
    refusals=(ArgumentError,),
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
        Edge("zero_total", "a matrix whose weight sums to zero", _zero_total),
        Edge(
            "count",
            "normalize=False",
            lambda c: c.kwargs.get("normalize", True) is False,
        ),
    ),
    divergences=COMMON_DIVERGENCES,
    tolerance=Tolerance(ulps=0),
    refusals=(ArgumentError,),
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
        lambda c: _adjusted(c) and _kept(c) == 1,
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
        expected=lambda call: float("nan"),
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
    tolerance=Tolerance(ulps=0),
    refusals=(ArgumentError,),
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {
            "adjusted": False,
            "labels": [1, 0],
            "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
        },
    ),
)

BALANCED_ACCURACY_OF_MATRIX = Member(
    name="BalancedAccuracy.score[cm]",
    csharp="BalancedAccuracy.Score(ConfusionMatrix)",
    page="reference/metrics/classification/balancedaccuracy-score.md",
    implementation=balanced_accuracy_of_matrix,
    oracle=_balanced_oracle,
    oracle_call="balanced_accuracy_score's steps on confusion_matrix(y_true, y_pred, "
    "labels=labels, sample_weight=sample_weight)",
    since="1.3",
    scenarios=_scenarios(_balanced_calls, BALANCED_EXTRA),
    edges=BALANCED_EDGES,
    divergences=BALANCED_DIVERGENCES,
    tolerance=Tolerance(ulps=0),
    refusals=(ArgumentError,),
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {
            "adjusted": False,
            "labels": [1, 0],
            "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0],
        },
    ),
)

MEMBERS = (COMPUTE, TO_ARRAY, ACCURACY_OF_MATRIX, BALANCED_ACCURACY, BALANCED_ACCURACY_OF_MATRIX)
