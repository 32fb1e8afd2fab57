"""``RocAuc``: the area under the ROC curve, of one score per sample or of class
probabilities reduced to binary problems."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, final

import numpy as np

from lodestar.errors import ArgumentError
from lodestar.metrics import _inputs
from lodestar.metrics._inputs import FloatArray, IntArray
from lodestar.metrics.classification import _thresholds
from lodestar.metrics.classification._prf import averaging
from lodestar.metrics.classification.averaging import Averaging
from lodestar.metrics.classification.log_loss import positive_label
from lodestar.metrics.classification.roc_curve import roc_points

__all__ = ["MultiClassRocOptions", "MultiClassStrategy", "RocAuc", "binary_area", "two_labels"]


def two_labels(truth: IntArray, positive: int) -> None:
    """Refuses labels that are not exactly two distinct values, ``positive`` one of them."""
    hit = truth == positive
    if not hit.any() or hit.all():
        raise ArgumentError(
            "Only one class is present in y_true; the ROC AUC is undefined for it.", "y_true"
        )
    others = truth[~hit]
    if others.min() != others.max():
        raise ArgumentError(
            "y_true holds more than two labels; RocAuc.score needs exactly two "
            "(RocAuc.multi_class scores more).",
            "y_true",
        )


def binary_area(points: _thresholds.Walk) -> float:
    """The trapezoids under the ROC curve of ``points`` (intermediate points dropped), as
    scikit-learn's ``auc`` sums them: refused where the false positive rate goes back
    (it ends at 1, so it cannot decrease throughout, ``auc``'s other case)."""
    fpr, tpr, _ = roc_points(points, True)
    dx = np.diff(fpr)
    if (dx < 0).any():
        raise ArgumentError(
            "The false positive rate goes down and up again along the thresholds "
            f"({fpr.tolist()}): negative weights leave no area under the curve.",
            "sample_weight",
        )
    return float((dx * (tpr[1:] + tpr[:-1]) / 2.0).sum())


class MultiClassStrategy(enum.Enum):
    """How ``RocAuc.multi_class`` reduces many classes to binary problems: the mirror of
    ``Lodestar.Metrics.MultiClassStrategy``; the values are scikit-learn's ``multi_class``."""

    #: Each class against all the others, the areas averaged: ``multi_class="ovr"``.
    ONE_VS_REST = "ovr"
    #: Each pair of classes on its own samples, both ways (Hand and Till): ``"ovo"``.
    ONE_VS_ONE = "ovo"

    def __repr__(self) -> str:
        return f"MultiClassStrategy.{self.name}"


@dataclass(frozen=True)
class MultiClassRocOptions:
    """The optional settings of ``RocAuc.multi_class``, the mirror of the C# struct of
    that name: ``RocAuc.multi_class(y, s, k, **dataclasses.asdict(options))``. Each
    field is also a keyword argument of ``multi_class``, with the same default."""

    strategy: MultiClassStrategy = MultiClassStrategy.ONE_VS_REST
    average: Averaging | None = None
    labels: Sequence[int] | None = None
    sample_weight: Sequence[float] | None = None
    max_degree_of_parallelism: int = 0


def _strategy(value: Any) -> MultiClassStrategy:
    if isinstance(value, MultiClassStrategy):
        return value
    if isinstance(value, str) and value in {s.value for s in MultiClassStrategy}:
        return MultiClassStrategy(value)
    raise ArgumentError(
        f"strategy is {value!r}; it must be a MultiClassStrategy or 'ovr' or 'ovo'.", "strategy"
    )


def _average(value: Any) -> Averaging:
    average = Averaging.MACRO if value is None else averaging(value)
    if average not in (Averaging.MACRO, Averaging.WEIGHTED):
        raise ArgumentError(
            f"average is {average!r}; the multiclass ROC AUC takes MACRO or WEIGHTED only.",
            "average",
        )
    return average


def _classes(truth: IntArray, labels: Any, class_count: int) -> IntArray:
    """The label of each score column: ``labels`` (sorted, unique, ``class_count`` of
    them, holding every label of ``y_true``), or the sorted labels of ``y_true``. Each
    must occur in ``y_true``: a class with no sample has no area."""
    present = np.unique(truth)
    if labels is None or len(labels) == 0:
        classes = present
        if classes.size != class_count:
            raise ArgumentError(
                f"y_true holds {classes.size} distinct labels but class_count is {class_count}; "
                "pass labels when a class is absent from y_true.",
                "class_count",
            )
        return classes
    classes = _inputs.labels(labels, "labels")
    if classes.size != class_count:
        raise ArgumentError(
            f"labels holds {classes.size} labels but class_count is {class_count}.", "labels"
        )
    if (np.diff(classes) <= 0).any():
        raise ArgumentError("labels must be sorted ascending and unique.", "labels")
    if np.setdiff1d(present, classes).size:
        raise ArgumentError("y_true holds a label that labels does not.", "y_true")
    if present.size != classes.size:
        missing = np.setdiff1d(classes, present)[0]
        raise ArgumentError(
            f"label {int(missing)} has no sample in y_true; its ROC AUC is undefined.", "y_true"
        )
    return classes


def _rows_sum_to_one(rows: FloatArray) -> None:
    """Refuses a row whose sum is not 1 within ``numpy.allclose``'s defaults, as
    scikit-learn checks it (the same sum, the same comparison)."""
    sums = rows.sum(axis=1)
    if not (np.abs(1 - sums) <= 1e-08 + 1e-05 * np.abs(sums)).all():
        row = int(np.argmax(~(np.abs(1 - sums) <= 1e-08 + 1e-05 * np.abs(sums))))
        raise ArgumentError(
            f"y_score row {row} sums to {float(sums[row])!r}; the multiclass ROC AUC needs "
            "probabilities that sum to 1.",
            "y_score",
        )


def _one_vs_rest(
    truth: IntArray, rows: FloatArray, classes: IntArray, average: Averaging, weight: Any
) -> float:
    """The area of each class against the rest, averaged as scikit-learn's
    ``_average_binary_score`` does: weighted by each class's weight, ``0`` where those
    total within ``1e-8`` of zero (before any area), a class weighing zero counted as ``0``."""
    totals = None
    if average is Averaging.WEIGHTED:
        hits = truth[:, None] == classes[None, :]
        totals = hits.sum(axis=0) if weight is None else (hits * weight[:, None]).sum(axis=0)
        if abs(totals.sum()) <= 1e-08:
            return 0.0
    areas = np.array(
        [
            binary_area(_thresholds.walk(truth, rows[:, c], int(label), weight))
            for c, label in enumerate(classes)
        ]
    )
    if totals is None:
        return float(np.average(areas))
    areas[totals == 0] = 0
    return float(np.average(areas, weights=totals))


def _one_vs_one(truth: IntArray, rows: FloatArray, classes: IntArray, average: Averaging) -> float:
    pairs, prevalence = [], []
    for a, b in itertools.combinations(range(classes.size), 2):
        both = (truth == classes[a]) | (truth == classes[b])
        kept = truth[both]
        first = binary_area(_thresholds.walk(kept, rows[both, a], int(classes[a]), None))
        second = binary_area(_thresholds.walk(kept, rows[both, b], int(classes[b]), None))
        pairs.append((first + second) / 2)
        prevalence.append(np.average(both))
    weights = prevalence if average is Averaging.WEIGHTED else None
    return float(np.average(pairs, weights=weights))


@final
class RocAuc:
    """The mirror of ``Lodestar.Metrics.RocAuc`` and of ``sklearn.metrics.roc_auc_score``."""

    def __init__(self) -> None:
        raise TypeError("RocAuc is a static class; call RocAuc.score or RocAuc.multi_class.")

    @staticmethod
    def score(y_true: Any, y_score: Any, pos_label: int = 1, sample_weight: Any = None) -> float:
        """The area under the ROC curve of one score per sample, ``pos_label`` positive.

        ``y_true`` holds exactly two distinct labels, ``pos_label`` one of them. NaN when
        either class weighs nothing (or less) in total. See
        ``docs/reference/metrics/classification/rocauc-score.md``.

        Raises:
            ArgumentError: ``y_true`` and ``y_score`` differ in length or are empty; a
                label or ``pos_label`` is not an integer; ``y_true`` does not hold exactly
                two labels, ``pos_label`` one of them; a score is NaN or infinite;
                ``sample_weight`` is neither empty nor one finite value per sample, or is
                zero throughout; negative weights make the false positive rate go down
                and up again.
        """
        positive = positive_label(pos_label)
        truth, score, weight = _thresholds.binary_scores(y_true, y_score, sample_weight)
        two_labels(truth, positive)
        return binary_area(_thresholds.walk(truth, score, positive, weight))

    @staticmethod
    def multi_class(
        y_true: Any,
        y_score: Any,
        class_count: int,
        strategy: Any = MultiClassStrategy.ONE_VS_REST,
        average: Any = None,
        labels: Any = None,
        sample_weight: Any = None,
        max_degree_of_parallelism: int = 0,
    ) -> float:
        """The ROC AUC of class probabilities, reduced to binary problems by ``strategy``
        (one-vs-rest unless given) and averaged by ``average`` (``MACRO`` unless given,
        or ``WEIGHTED``). The C# ``MultiClassRocOptions`` fields are keyword arguments.

        Every class (of ``labels`` when given, else of ``y_true``) must occur in
        ``y_true``. See ``docs/reference/metrics/classification/rocauc-multiclass.md``.

        Raises:
            ArgumentError: empty input; a label is not an integer; ``y_score`` is not
                ``class_count`` finite values per sample, or a row does not sum to 1
                within ``numpy.allclose``; ``labels`` is not ``class_count`` sorted
                unique labels holding every label of ``y_true``; a class has no sample;
                ``average`` is neither ``MACRO`` nor ``WEIGHTED``; ``sample_weight`` is
                given with ``ONE_VS_ONE``, is not one finite value per sample, or is zero
                throughout; negative weights turn a false positive rate back.
            ArgumentOutOfRangeError: ``class_count`` is below 2, or
                ``max_degree_of_parallelism`` is negative.
        """
        _inputs.count(max_degree_of_parallelism, "max_degree_of_parallelism", 0)
        how, mean = _strategy(strategy), _average(average)
        truth = _inputs.labels(y_true, "y_true")
        _inputs.nonempty(truth, "y_true")
        count = _inputs.count(class_count, "class_count", 2)
        rows = _inputs.score_rows(y_score, len(truth), count, "y_score")
        weight = _inputs.weights(sample_weight, len(truth))
        if weight is not None and how is MultiClassStrategy.ONE_VS_ONE:
            raise ArgumentError(
                "sample_weight is not supported by the one-vs-one ROC AUC, as in scikit-learn.",
                "sample_weight",
            )
        _inputs.nonzero_weights(weight)
        classes = _classes(truth, labels, count)
        _rows_sum_to_one(rows)
        if how is MultiClassStrategy.ONE_VS_ONE:
            return _one_vs_one(truth, rows, classes, mean)
        return _one_vs_rest(truth, rows, classes, mean, weight)
