"""Two label vectors, the label set the confusion matrix is counted over, and weights: the
shape of the confusion family's calls, which the kappa, MCC, precision-recall-F and
multilabel families draw too.

:func:`label_calls` draws ``(y_true, y_pred, labels, sample_weight)`` for one of
:data:`COMMON_SCENARIOS` (the label set may drop samples, name classes no sample carries,
be negative, far apart, repeated, or absent from the truth); :func:`keyword_call` makes
the :class:`~equivalence.model.Call`, every argument after the two vectors by keyword.
The readings (:func:`cells_of`, :func:`label_order`, ...) go through
:meth:`~equivalence.view.View.derived`, so each is computed once a call;
:data:`COMMON_EDGES` and :data:`COMMON_DIVERGENCES` are what every member of this shape
reaches and declares. See :mod:`equivalence.draw` for the shape every module here has.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Divergence, Edge
from equivalence.view import View, as_labels

__all__ = [
    "COMMON_DIVERGENCES",
    "COMMON_EDGES",
    "COMMON_SCENARIOS",
    "SPREAD",
    "absent_from_truth",
    "cells_of",
    "drops_samples",
    "duplicate_labels",
    "fractional_labels_argument",
    "given_labels",
    "is_adjusted",
    "kept_rows",
    "keyword_call",
    "label_calls",
    "label_order",
    "no_class_kept",
    "requested_labels",
    "samples_are",
    "samples_of",
    "scenarios_of",
]


# -- reading a call back (each reading once per call, through View.derived) ------------


def samples_of(v: View) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """``y_true`` and ``y_pred`` as integers when both are well formed and non-empty."""
    truth, predicted = v.truth, v.predicted
    if truth is None or predicted is None or len(truth) != len(predicted) or not len(truth):
        return None
    return truth, predicted


def given_labels(v: View) -> Any:
    """``labels`` as passed, ``None`` when omitted or empty (the C# empty span)."""
    labels = v["labels"]
    return None if labels is None or len(labels) == 0 else labels


def requested_labels(v: View) -> np.ndarray[Any, Any] | None:
    """The ``labels`` argument as integers, ``None`` when omitted, empty or malformed."""
    given = given_labels(v)
    return None if given is None else as_labels(given)


def label_order(v: View) -> list[int] | None:
    """The rows of the matrix: the labels given, or the sorted union."""
    samples = v.derived(samples_of)
    if samples is None:
        return None
    requested = v.derived(requested_labels)
    if requested is not None:
        return [int(label) for label in requested]
    if given_labels(v) is not None:
        return None
    return sorted({int(label) for label in np.concatenate(samples)})


def cells_of(v: View) -> np.ndarray[Any, Any] | None:
    """The matrix counted sample by sample, for the edges; ``None`` on malformed input."""
    samples, order, weight = v.derived(samples_of), v.derived(label_order), v.weight
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


def kept_rows(v: View) -> int | None:
    """How many rows balanced accuracy keeps: those whose sum is not zero, or whose
    diagonal is not zero either (x/0 is an infinity, kept; 0/0 is NaN, dropped)."""
    cells = v.derived(cells_of)
    if cells is None:
        return None
    return int(((cells.sum(axis=1) != 0) | (np.diag(cells) != 0)).sum())


def is_adjusted(v: View) -> bool:
    """``adjusted=True``, given as a bool or a NumPy bool."""
    return v.flag("adjusted") is True


def drops_samples(v: View) -> bool:
    samples, requested = v.derived(samples_of), v.derived(requested_labels)
    if samples is None or requested is None:
        return False
    return not {*samples[0].tolist(), *samples[1].tolist()} <= set(requested.tolist())


def absent_from_truth(v: View) -> bool:
    order, samples = v.derived(label_order), v.derived(samples_of)
    return order is not None and samples is not None and not set(order) <= set(samples[0].tolist())


def duplicate_labels(v: View) -> bool:
    requested = v.derived(requested_labels)
    return requested is not None and len(set(requested.tolist())) != len(requested)


def fractional_labels_argument(v: View) -> bool:
    return given_labels(v) is not None and v.derived(requested_labels) is None


def no_class_kept(v: View) -> bool:
    return is_adjusted(v) and v.derived(kept_rows) == 0


def samples_are(test: Callable[[Any, Any], bool]) -> Callable[[View], bool]:
    return lambda v: (parts := v.derived(samples_of)) is not None and test(*parts)


COMMON_EDGES = (
    Edge(
        "labels_drop_samples", "labels leave out a sample's true or predicted label", drops_samples
    ),
    Edge(
        "non_contiguous_labels",
        "labels other than 0, 1, ..., k-1",
        lambda v: (
            (order := v.derived(label_order)) is not None and order != list(range(len(order)))
        ),
    ),
    Edge("negative_labels", "a true label below zero", samples_are(lambda t, p: (t < 0).any())),
    Edge(
        "never_predicted",
        "a true class no sample is predicted as",
        samples_are(lambda t, p: not set(t.tolist()) <= set(p.tolist())),
    ),
    Edge("absent_from_truth", "a class in the matrix with no true sample", absent_from_truth),
    *shared.edges("single_sample", "length_mismatch", "fractional_label"),
    Edge("duplicate_labels", "labels naming a label twice", duplicate_labels),
    Edge(
        "no_label_in_truth",
        "labels none of which occurs in y_true",
        lambda v: (
            (requested := v.derived(requested_labels)) is not None
            and samples_are(lambda t, p: set(t.tolist()).isdisjoint(requested.tolist()))(v)
        ),
    ),
    Edge(
        "empty_labels",
        "labels given as an empty sequence",
        lambda v: v["labels"] is not None and len(v["labels"]) == 0,
    ),
    Edge("fractional_labels_argument", "a fractional value in labels", fractional_labels_argument),
    *shared.edges("negative_weight", "zero_sum_weight"),
    Edge(
        "zero_sum_row",
        "a true class whose weights cancel",
        lambda v: (
            (cells := v.derived(cells_of)) is not None
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
        applies=duplicate_labels,
    ),
    Divergence(
        name="fractional_labels_argument",
        kind="narrowing",
        summary=(
            "A fractional value in labels is refused, as any non-integer label is; "
            "scikit-learn answers, with an empty row and column for it."
        ),
        applies=fractional_labels_argument,
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


def _domain(draw: primitives.Draw, size: int, spread: int) -> list[int]:
    """``size`` distinct class values: 0..size-1, or drawn from :data:`SPREAD`."""
    return sorted(primitives.subset(draw, SPREAD, size)) if spread else list(range(size))


@primitives.composite
def label_calls(draw: primitives.Draw, scenario: str) -> tuple[list[Any], list[Any], Any, Any]:
    """``(y_true, y_pred, labels, sample_weight)``, ``None`` meaning "leave out"."""
    classes, spread, samples, ordered, weighted = primitives.integers(
        draw, (1, 5), (0, 1), (1, 9), (0, 1), (0, 1)
    )
    domain = _domain(draw, classes + 1, spread)
    values = domain[:classes]
    samples = {"single": 1, "empty": 0}.get(scenario, samples)
    truth: list[Any] = draw(primitives.table(samples, tuple(values))).tolist()
    # Agreement is the interesting case: copy some of the truth into the prediction.
    drawn, copied = (
        draw(primitives.table(samples, tuple(values))).tolist(),
        draw(primitives.codes(samples)),
    )
    predicted: list[Any] = [t if c % 2 else p for t, p, c in zip(truth, drawn, copied, strict=True)]
    labels: Any = None
    weight: Any = None
    unseen = domain[classes]
    if scenario in ("valid", "weighted", "single") and ordered:
        labels = primitives.permutation(draw, values)
    if scenario == "labels_subset":
        chosen = primitives.subset(draw, values)
        if not set(chosen) & set(truth):
            chosen.append(truth[0])
        labels = primitives.permutation(draw, chosen)
        # One sample is sure to be dropped while its true class keeps its row.
        outside = [value for value in domain if value not in chosen]
        truth = [*truth, primitives.pick(draw, chosen)]
        predicted = [*predicted, primitives.pick(draw, outside)]
        samples += 1
    if scenario in ("weighted", "single", "labels_subset", "labels_superset") or (
        scenario == "valid" and weighted
    ):
        weight = draw(primitives.weights(samples))
    if scenario == "labels_superset":
        labels = primitives.permutation(draw, [*values, unseen])
    if scenario == "never_predicted":
        missing = truth[0]
        others = [value for value in [*values, unseen] if value != missing]
        predicted = [primitives.pick(draw, others) if p == missing else p for p in predicted]
    if scenario == "absent_from_truth":
        predicted[primitives.index(draw, samples)] = unseen
        if primitives.flip(draw):
            labels = primitives.permutation(draw, sorted({*truth, *predicted}))
    if scenario == "zero_sum_weight":
        truth, predicted = [*truth, truth[0]], [*predicted, predicted[0]]
        weight = draw(primitives.weights(len(truth), "zero_sum"))
    if scenario == "zero_sum_row":
        # Two samples of one true class, one right and one wrong, whose weights cancel;
        # the other samples belong to other classes and weigh something positive.
        target = truth[0]
        wrong = primitives.pick(draw, [value for value in domain if value != target])
        rest = [index for index, value in enumerate(truth) if value != target]
        size = primitives.pick(draw, (1.0, 2.5))
        truth = [target, target, *(truth[index] for index in rest)]
        predicted = [target, wrong, *(predicted[index] for index in rest)]
        weight = [
            size,
            -size,
            *(primitives.pick(draw, (0.5, 1.0, 2.0)) for _ in rest),
        ]
    if scenario == "duplicate_labels":
        labels = primitives.permutation(draw, [*values, primitives.pick(draw, values)])
    if scenario == "no_label_in_truth":
        outside = [value for value in domain if value not in truth]
        labels = primitives.subset(draw, outside)
    if scenario == "empty_labels":
        labels = []
    if scenario == "empty" and primitives.flip(draw):
        labels = values
    if scenario == "length_mismatch":
        predicted = [*predicted, values[0]] if primitives.flip(draw) else predicted[:-1]
    if scenario == "fractional_label":
        side = truth if primitives.flip(draw) else predicted
        side[primitives.index(draw, samples)] = primitives.pick(draw, (0.5, 1.25, -2.5))
    if scenario == "fractional_labels_argument":
        labels = [
            *values,
            primitives.pick(draw, (0.5, 2.25)),
        ]
    if scenario in ("non_finite_weight", "all_zero_weight", "wrong_weight_length"):
        weight = draw(primitives.weights(samples, scenario))
    return truth, predicted, labels, weight


def keyword_call(draw: primitives.Draw, scenario: str, extra: dict[str, Any]) -> Call:
    truth, predicted, labels, weight = draw(label_calls(scenario))
    kwargs: dict[str, Any] = dict(extra)
    if labels is not None:
        kwargs["labels"] = labels
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call(
        (truth, predicted), primitives.with_defaults(draw, kwargs, ("labels", "sample_weight"))
    )


def scenarios_of(
    build: Callable[[str], st.SearchStrategy[Call]], extra: tuple[str, ...] = ()
) -> dict[str, st.SearchStrategy[Call]]:
    return {scenario: build(scenario) for scenario in (*COMMON_SCENARIOS, *extra)}
