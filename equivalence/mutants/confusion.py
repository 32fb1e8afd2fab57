"""Seeded porting bugs of the confusion-matrix members.

``ConfusionMatrix.compute``, ``ConfusionMatrix.to_array``, ``Accuracy.score[cm]``,
``BalancedAccuracy.score`` and ``BalancedAccuracy.score[cm]``. Each mutant takes the
arguments of its member's calls (see :mod:`equivalence.members.confusion`) and keeps
the reference's checks, so that it differs only where its bug is.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.mutants.model import Mutant
from lodestar.metrics import ConfusionMatrix, _inputs
from lodestar.metrics.classification.confusion_matrix import matrix_cells

__all__ = ["MUTANTS"]


def _matrix(cells: Any, labels: Any) -> ConfusionMatrix:
    """A matrix with the cells and labels a mutant worked out."""
    return ConfusionMatrix._of(np.ascontiguousarray(cells, dtype=np.float64), np.asarray(labels))


def _checked(
    y_true: Any, y_pred: Any, labels: Any, sample_weight: Any
) -> tuple[ConfusionMatrix, Any, Any, Any]:
    """The reference matrix (so every refusal is the reference's), with the samples."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    truth = _inputs.labels(y_true, "y_true")
    predicted = _inputs.labels(y_pred, "y_pred")
    weight = _inputs.weights(sample_weight, len(truth))
    return cm, truth, predicted, weight


def _loop_cells(order: Any, truth: Any, predicted: Any, weight: Any) -> Any:
    position = {int(label): index for index, label in enumerate(order)}
    cells = np.zeros((len(order), len(order)))
    for index, (true, guess) in enumerate(zip(truth.tolist(), predicted.tolist(), strict=True)):
        if true in position and guess in position:
            cells[position[true], position[guess]] += 1.0 if weight is None else weight[index]
    return cells


# -- ConfusionMatrix.compute ------------------------------------------------------------


def compute_transposed(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """Rows are the predictions and columns the truth, the textbook orientation."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return _matrix(matrix_cells(cm).T, cm.labels)


def compute_sorts_given_labels(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """Sorts the caller's labels instead of keeping their order."""
    if labels is not None and len(labels) > 0:
        labels = sorted(labels)
    return ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)


def compute_unweighted(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """Validates the weights, then counts samples."""
    ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return ConfusionMatrix.compute(y_true, y_pred, labels, None)


def compute_total_counts_every_sample(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """The total weight takes in the samples the labels dropped."""
    cm, truth, _, weight = _checked(y_true, y_pred, labels, sample_weight)
    full = _matrix(matrix_cells(cm), cm.labels)
    object.__setattr__(full, "_total", float(len(truth) if weight is None else weight.sum()))
    return full


def compute_no_truth_check(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """Counts a matrix even when no label given occurs in ``y_true``."""
    try:
        return ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    except _inputs.ArgumentError as error:
        if "at least one label" not in error.message:
            raise
    truth = _inputs.labels(y_true, "y_true")
    predicted = _inputs.labels(y_pred, "y_pred")
    weight = _inputs.weights(sample_weight, len(truth))
    order = _inputs.labels(labels, "labels")
    return _matrix(_loop_cells(order, truth, predicted, weight), order)


def compute_union_of_truth(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """Takes the classes from ``y_true`` alone, so a class only predicted is dropped."""
    if labels is None or len(labels) == 0:
        ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
        labels = sorted({int(value) for value in _inputs.labels(y_true, "y_true")})
    return ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)


def compute_values_as_indices(
    y_true: Any, y_pred: Any, labels: Any = None, sample_weight: Any = None
) -> ConfusionMatrix:
    """Indexes the cells by label value, as if the labels were 0, 1, ..., max."""
    cm, truth, predicted, weight = _checked(y_true, y_pred, labels, sample_weight)
    size = len(cm.labels)
    keep = (truth >= 0) & (truth < size) & (predicted >= 0) & (predicted < size)
    cells = np.zeros((size, size))
    np.add.at(cells, (truth[keep], predicted[keep]), 1.0 if weight is None else weight[keep])
    return _matrix(cells, cm.labels)


# -- ConfusionMatrix.to_array -------------------------------------------------------------


def _array_parts(
    y_true: Any, y_pred: Any, labels: Any, sample_weight: Any, normalization: Any
) -> tuple[Any, Any]:
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    cm.to_array(normalization)  # the reference's refusal of a bad mode
    return cm, matrix_cells(cm)


def to_array_axes_swapped(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """``"true"`` divides by the column sums and ``"pred"`` by the row sums."""
    swap = {"true": "pred", "pred": "true"}
    cm, _ = _array_parts(y_true, y_pred, labels, sample_weight, normalization)
    mode = swap.get(normalization, normalization) if isinstance(normalization, str) else None
    return cm.to_array(mode if normalization is not None else None)


def to_array_nan_rows(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """Divides without ``nan_to_num``: an empty row is NaN, a cancelling one infinite."""
    cm, cells = _array_parts(y_true, y_pred, labels, sample_weight, normalization)
    with np.errstate(all="ignore"):
        if normalization == "true":
            return cells / cells.sum(axis=1, keepdims=True)
        if normalization == "pred":
            return cells / cells.sum(axis=0, keepdims=True)
        if normalization == "all":
            return cells / cells.sum()
    return cm.to_array()


def to_array_zero_for_cancelling_sums(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """Any zero sum gives zeros, the C# rule, where scikit-learn keeps x/0 as ±max."""
    cm, cells = _array_parts(y_true, y_pred, labels, sample_weight, normalization)
    if normalization == "true":
        sums = cells.sum(axis=1, keepdims=True)
    elif normalization == "pred":
        sums = cells.sum(axis=0, keepdims=True)
    elif normalization == "all":
        sums = np.full((1, 1), cells.sum())
    else:
        return cm.to_array()
    with np.errstate(all="ignore"):
        return np.where(sums == 0, 0.0, cells / sums)


def to_array_all_over_samples(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """``"all"`` divides by the number of samples passed, dropped ones and weights aside."""
    cm, cells = _array_parts(y_true, y_pred, labels, sample_weight, normalization)
    if normalization == "all":
        return cells / len(y_true)
    return cm.to_array(normalization)


def to_array_rows_over_all_samples(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """``"true"`` divides each row by its class's weight over every sample, the ones the
    labels dropped included (scikit-learn's ``true_sum`` of precision and recall)."""
    cm, truth, _, weight = _checked(y_true, y_pred, labels, sample_weight)
    cm.to_array(normalization)
    if normalization != "true":
        return cm.to_array(normalization)
    cells = matrix_cells(cm)
    support = np.array(
        [
            float((truth == label).sum() if weight is None else weight[truth == label].sum())
            for label in cm.labels
        ]
    )
    with np.errstate(all="ignore"):
        return np.nan_to_num(cells / support[:, None])


def to_array_any_mode_is_raw(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalization: Any = None,
) -> Any:
    """A mode it does not know returns the raw cells instead of being refused."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    known = normalization is None or (
        isinstance(normalization, str) and normalization in ("true", "pred", "all")
    )
    return cm.to_array(normalization if known else None)


# -- Accuracy.score[cm] -----------------------------------------------------------------


def accuracy_over_every_sample(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> float:
    """The diagonal over the weight of every sample, the dropped ones included."""
    cm, truth, _, weight = _checked(y_true, y_pred, labels, sample_weight)
    diagonal = float(np.trace(matrix_cells(cm)))
    if not normalize:
        return diagonal
    total = float(len(truth) if weight is None else weight.sum())
    if total == 0.0:
        raise _inputs.ArgumentError("Weights sum to zero, can't be normalized", "cm")
    return diagonal / total


def accuracy_ignores_labels(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> float:
    """Scores the labels as the span form does, whatever the matrix kept."""
    from lodestar.metrics import Accuracy

    ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return Accuracy.score(y_true, y_pred, normalize, sample_weight)


def accuracy_count_unweighted(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> float:
    """``normalize=False`` returns how many samples are on the diagonal, not their weight."""
    from equivalence.members.confusion import accuracy_of_matrix

    if normalize:
        return accuracy_of_matrix(y_true, y_pred, labels, sample_weight, True)
    ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return accuracy_of_matrix(y_true, y_pred, labels, None, False)


def accuracy_zero_total_divides(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> float:
    """Divides by a zero total weight, as the C# code does, instead of refusing it."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    diagonal = np.float64(np.trace(matrix_cells(cm)))
    if not normalize:
        return float(diagonal)
    with np.errstate(all="ignore"):
        return float(diagonal / np.float64(cm.total_weight))


def accuracy_diagonal_by_value(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: bool = True,
) -> float:
    """Reads the diagonal as ``cm[label, label]``, taking label values for positions."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    size = len(cm.labels)
    diagonal = sum(cm[label, label] for label in cm.labels if 0 <= label < size)
    if not normalize:
        return float(diagonal)
    if cm.total_weight == 0.0:
        raise _inputs.ArgumentError("Weights sum to zero, can't be normalized", "cm")
    return float(diagonal) / cm.total_weight


# -- BalancedAccuracy.score and BalancedAccuracy.score[cm] --------------------------------


def _recalls(cells: Any) -> Any:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.diagonal(cells) / cells.sum(axis=1)


def _finish(score: Any, kept: int, adjusted: bool) -> float:
    if kept == 0:
        return float("nan")
    if adjusted:
        chance = 1 / kept
        with np.errstate(all="ignore"):
            score = (np.float64(score) - chance) / (1 - chance)
    return float(score)


def balanced_undefined_as_zero(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Averages over every class, a class with no true sample scoring 0."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    recall = np.nan_to_num(_recalls(matrix_cells(cm)), nan=0.0, posinf=np.inf, neginf=-np.inf)
    return _finish(np.mean(recall), len(recall), adjusted)


def balanced_chance_over_every_label(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Adjusts by the number of labels in the matrix rather than the classes kept."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    recall = _recalls(matrix_cells(cm))
    kept = recall[~np.isnan(recall)]
    if kept.size == 0:
        return float("nan")
    return _finish(np.mean(kept), len(recall), adjusted)


def balanced_unweighted(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Validates the weights, then forgets them."""
    from lodestar.metrics import BalancedAccuracy

    ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return BalancedAccuracy.score(y_true, y_pred, adjusted, labels, None)


def balanced_support_over_every_sample(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Divides each diagonal cell by its class's weight over every sample, the ones the
    labels dropped included: recall's ``true_sum`` rather than the row of the matrix."""
    cm, truth, _, weight = _checked(y_true, y_pred, labels, sample_weight)
    support = np.array(
        [
            float((truth == label).sum() if weight is None else weight[truth == label].sum())
            for label in cm.labels
        ]
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        recall = np.diagonal(matrix_cells(cm)) / support
    kept = recall[~np.isnan(recall)]
    return _finish(np.mean(kept) if kept.size else np.nan, kept.size, adjusted)


def balanced_drops_cancelling_rows(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Drops every row whose sum is zero, as the C# code does, even one with a non-zero
    diagonal, where scikit-learn keeps its infinite recall."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    cells = matrix_cells(cm)
    sums = cells.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        recall = np.where(sums != 0, np.diagonal(cells) / sums, np.nan)
    kept = recall[~np.isnan(recall)]
    return _finish(np.mean(kept) if kept.size else np.nan, kept.size, adjusted)


def balanced_one_class_is_zero(
    y_true: Any,
    y_pred: Any,
    adjusted: bool = False,
    labels: Any = None,
    sample_weight: Any = None,
) -> float:
    """Special-cases one kept class under ``adjusted`` to 0 instead of NaN or -inf."""
    from lodestar.metrics import BalancedAccuracy

    score = BalancedAccuracy.score(y_true, y_pred, adjusted, labels, sample_weight)
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    recall = _recalls(matrix_cells(cm))
    if adjusted and int((~np.isnan(recall)).sum()) == 1:
        return 0.0
    return score


_BALANCED = (
    ("undefined_as_zero", "a class with no true sample scores 0", balanced_undefined_as_zero),
    (
        "chance_over_every_label",
        "adjusted divides by every label, not the classes kept",
        balanced_chance_over_every_label,
    ),
    ("unweighted", "weights validated, then dropped", balanced_unweighted),
    (
        "support_over_every_sample",
        "recall over the class's weight before the labels dropped samples",
        balanced_support_over_every_sample,
    ),
    (
        "drops_cancelling_rows",
        "a row whose weights cancel is dropped (the C# rule)",
        balanced_drops_cancelling_rows,
    ),
    ("one_class_is_zero", "one kept class adjusts to 0", balanced_one_class_is_zero),
)

MUTANTS: tuple[Mutant, ...] = (
    Mutant("ConfusionMatrix.compute", "transposed", "rows are predictions", compute_transposed),
    Mutant(
        "ConfusionMatrix.compute",
        "sorts_given_labels",
        "the caller's label order sorted",
        compute_sorts_given_labels,
    ),
    Mutant("ConfusionMatrix.compute", "unweighted", "weights dropped", compute_unweighted),
    Mutant(
        "ConfusionMatrix.compute",
        "total_counts_every_sample",
        "total weight includes dropped samples",
        compute_total_counts_every_sample,
    ),
    Mutant(
        "ConfusionMatrix.compute",
        "no_truth_check",
        "labels absent from y_true not refused",
        compute_no_truth_check,
    ),
    Mutant(
        "ConfusionMatrix.compute",
        "union_of_truth",
        "classes taken from y_true alone",
        compute_union_of_truth,
    ),
    Mutant(
        "ConfusionMatrix.compute",
        "values_as_indices",
        "label values used as positions",
        compute_values_as_indices,
    ),
    Mutant(
        "ConfusionMatrix.to_array",
        "axes_swapped",
        "'true' and 'pred' swapped",
        to_array_axes_swapped,
    ),
    Mutant("ConfusionMatrix.to_array", "nan_rows", "no nan_to_num", to_array_nan_rows),
    Mutant(
        "ConfusionMatrix.to_array",
        "zero_for_cancelling_sums",
        "x/0 gives 0 (the C# rule)",
        to_array_zero_for_cancelling_sums,
    ),
    Mutant(
        "ConfusionMatrix.to_array",
        "all_over_samples",
        "'all' divides by the number of samples",
        to_array_all_over_samples,
    ),
    Mutant(
        "ConfusionMatrix.to_array",
        "rows_over_all_samples",
        "'true' divides by the class weight before dropping",
        to_array_rows_over_all_samples,
    ),
    Mutant(
        "ConfusionMatrix.to_array",
        "any_mode_is_raw",
        "an unknown mode returns raw cells",
        to_array_any_mode_is_raw,
    ),
    Mutant(
        "Accuracy.score[cm]",
        "over_every_sample",
        "the total includes dropped samples",
        accuracy_over_every_sample,
    ),
    Mutant(
        "Accuracy.score[cm]",
        "ignores_labels",
        "scores every sample, as the span form",
        accuracy_ignores_labels,
    ),
    Mutant(
        "Accuracy.score[cm]",
        "count_unweighted",
        "normalize=False counts samples",
        accuracy_count_unweighted,
    ),
    Mutant(
        "Accuracy.score[cm]",
        "zero_total_divides",
        "a zero total divided (the C# code)",
        accuracy_zero_total_divides,
    ),
    Mutant(
        "Accuracy.score[cm]",
        "diagonal_by_value",
        "the diagonal read at label values",
        accuracy_diagonal_by_value,
    ),
    *(
        Mutant(member, name, description, implementation)
        for member in ("BalancedAccuracy.score", "BalancedAccuracy.score[cm]")
        for name, description, implementation in _BALANCED
    ),
)
