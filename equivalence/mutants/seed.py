"""Seeded porting bugs of the seed members: TopKAccuracy, Accuracy, BrierScore.multi_class."""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.mutants.model import Mutant
from lodestar.metrics import Accuracy, BrierScore, TopKAccuracy, _inputs

__all__ = ["MUTANTS"]


# -- TopKAccuracy.score ---------------------------------------------------------------


def _top_k_parts(
    y_true: Any, y_score: Any, class_count: int, k: int, sample_weight: Any
) -> tuple[Any, Any, Any]:
    """The reference's own checks, so that a mutant differs only where its bug is."""
    k = _inputs.count(k, "k", 1)
    class_count = _inputs.count(class_count, "class_count", 2, _inputs.ArgumentError)
    truth = _inputs.labels(y_true, "y_true")
    _inputs.nonempty(truth, "y_true")
    rows = _inputs.score_rows(y_score, len(truth), class_count, "y_score")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.class_indices(truth, class_count, "y_true")
    return truth, rows, weight


def _top_k_finish(hits: Any, weight: Any, normalize: bool) -> float:
    if normalize:
        return _inputs.weighted_mean(hits, weight)
    return _inputs.weighted_total(hits, weight)


def top_k_ascending_ties(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Ties ranked by ascending index: a stable descending sort of the negated scores."""
    truth, rows, weight = _top_k_parts(y_true, y_score, class_count, k, sample_weight)
    order = np.argsort(-rows, axis=1, kind="stable")[:, :k]
    hits = (order == truth[:, None]).any(axis=1)
    return _top_k_finish(hits, weight, normalize)


def top_k_ties_are_hits(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Counts only strictly higher scores, so every tie at the cut is a hit."""
    truth, rows, weight = _top_k_parts(y_true, y_score, class_count, k, sample_weight)
    own = rows[np.arange(len(truth)), truth][:, None]
    hits = (rows > own).sum(axis=1) < k
    return _top_k_finish(hits, weight, normalize)


def top_k_count_unweighted(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """``normalize=False`` counts the hits and forgets their weights."""
    if normalize:
        return TopKAccuracy.score(y_true, y_score, class_count, k, True, sample_weight)
    return TopKAccuracy.score(y_true, y_score, class_count, k, False, None)


def top_k_zero_sum_divides(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Divides by a zero total instead of refusing it."""
    count = TopKAccuracy.score(y_true, y_score, class_count, k, False, sample_weight)
    if not normalize:
        return count
    weight = _inputs.weights(sample_weight, len(y_true))
    total = float(len(y_true)) if weight is None else float(weight.sum())
    with np.errstate(all="ignore"):
        return float(np.float64(count) / total)


def top_k_zero_sum_count_refused(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Refuses a zero-sum vector even on the count, which never divides."""
    weight = _inputs.weights(sample_weight, len(y_true)) if sample_weight is not None else None
    if weight is not None and weight.sum() == 0:
        raise _inputs.ArgumentError("Weights sum to zero, can't be normalized", "sample_weight")
    return TopKAccuracy.score(y_true, y_score, class_count, k, normalize, sample_weight)


def top_k_outside_label_is_miss(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """A label outside ``[0, class_count)`` scores as a miss instead of being refused."""
    truth = np.asarray(y_true)
    inside = (truth >= 0) & (truth < class_count) if truth.size else truth.astype(bool)
    if inside.all():
        return TopKAccuracy.score(y_true, y_score, class_count, k, normalize, sample_weight)
    patched = np.where(inside, truth, 0)
    rows = np.asarray(y_score, dtype=np.float64).reshape(len(truth), class_count)
    hits = np.zeros(len(truth), dtype=np.bool_)
    for index in np.flatnonzero(inside):
        row = rows[index]
        rank = (row > row[patched[index]]).sum() + (
            (row == row[patched[index]]) & (np.arange(class_count) > patched[index])
        ).sum()
        hits[index] = rank < k
    weight = _inputs.weights(sample_weight, len(truth))
    return _top_k_finish(hits, weight, normalize)


def top_k_off_by_one(
    y_true: Any,
    y_score: Any,
    class_count: int,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Counts a hit at rank ``k`` as well: ``rank <= k``."""
    truth, rows, weight = _top_k_parts(y_true, y_score, class_count, k, sample_weight)
    own = rows[np.arange(len(truth)), truth][:, None]
    after = np.arange(rows.shape[1]) > truth[:, None]
    rank = (rows > own).sum(axis=1) + ((rows == own) & after).sum(axis=1)
    return _top_k_finish(rank <= k, weight, normalize)


# -- Accuracy.score -------------------------------------------------------------------


def accuracy_fraction_unweighted(
    y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None
) -> float:
    """The fraction ignores the weights."""
    if normalize:
        return Accuracy.score(y_true, y_pred, True, None)
    return Accuracy.score(y_true, y_pred, False, sample_weight)


def accuracy_count_unweighted(
    y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None
) -> float:
    """``normalize=False`` counts the correct samples and forgets their weights."""
    if normalize:
        return Accuracy.score(y_true, y_pred, True, sample_weight)
    return Accuracy.score(y_true, y_pred, False, None)


def accuracy_zero_sum_divides(
    y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Divides by a zero total, as a plain loop does, instead of refusing it."""
    correct = Accuracy.score(y_true, y_pred, False, sample_weight)
    if not normalize:
        return correct
    weight = _inputs.weights(sample_weight, len(y_true))
    total = float(len(y_true)) if weight is None else float(weight.sum())
    with np.errstate(all="ignore"):
        return float(np.float64(correct) / total)


def accuracy_empty_is_zero(
    y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Answers 0 on empty input rather than refusing it."""
    if len(y_true) == 0 and len(y_pred) == 0:
        return 0.0
    return Accuracy.score(y_true, y_pred, normalize, sample_weight)


def accuracy_truncates_to_shorter(
    y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Pairs the labels up to the shorter length, as ``zip`` does."""
    shorter = min(len(y_true), len(y_pred))
    weight = sample_weight
    if sample_weight is not None and len(sample_weight) == max(len(y_true), len(y_pred)):
        weight = list(sample_weight)[:shorter]
    return Accuracy.score(list(y_true)[:shorter], list(y_pred)[:shorter], normalize, weight)


def accuracy_truncates_fractions(
    y_true: Any, y_pred: Any, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Casts float labels to integers, so 1.25 becomes 1."""
    truth = np.asarray(y_true)
    if truth.dtype.kind == "f" and np.isfinite(truth).all():
        truth = truth.astype(np.int64)
    return Accuracy.score(truth, y_pred, normalize, sample_weight)


# -- BrierScore.multi_class -----------------------------------------------------------


def brier_halved_by_default(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> float:
    """Takes ``BrierScore.score``'s default, halving, for the matrix too."""
    return BrierScore.multi_class(y_true, y_proba, class_count, scale_by_half, sample_weight)


def _brier_parts(
    y_true: Any, y_proba: Any, class_count: int, sample_weight: Any, check_range: bool = True
) -> tuple[Any, Any, Any]:
    class_count = _inputs.count(class_count, "class_count", 2)
    truth = _inputs.labels(y_true, "y_true")
    if check_range:
        rows = _inputs.probability_rows(y_proba, len(truth), class_count, "y_proba", "lower than")
    else:
        rows = _inputs.score_rows(y_proba, len(truth), class_count, "y_proba")
    _inputs.class_indices(truth, class_count, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonempty(truth, "y_true")
    return truth, rows, weight


def brier_true_column_only(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """Scores only the true class's column, as the binary formula would."""
    truth, rows, weight = _brier_parts(y_true, y_proba, class_count, sample_weight)
    distances = (1.0 - rows[np.arange(len(truth)), truth]) ** 2
    score = _inputs.weighted_mean(distances, weight)
    return score * 0.5 if scale_by_half else score


def brier_no_range_check(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """Scores probabilities outside ``[0, 1]`` instead of refusing them."""
    truth, rows, weight = _brier_parts(
        y_true, y_proba, class_count, sample_weight, check_range=False
    )
    one_hot = np.eye(rows.shape[1])[truth]
    score = _inputs.weighted_mean(((one_hot - rows) ** 2).sum(axis=1), weight)
    return score * 0.5 if scale_by_half else score


def brier_renormalises_rows(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """Divides each row by its sum before scoring it."""
    truth, rows, weight = _brier_parts(y_true, y_proba, class_count, sample_weight)
    sums = rows.sum(axis=1, keepdims=True)
    with np.errstate(all="ignore"):
        rows = np.where(sums > 0, rows / np.where(sums > 0, sums, 1.0), rows)
    return BrierScore.multi_class(truth, rows, class_count, scale_by_half, weight)


def brier_weights_ignored(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """Validates the weights, then forgets them."""
    _brier_parts(y_true, y_proba, class_count, sample_weight)
    return BrierScore.multi_class(y_true, y_proba, class_count, scale_by_half, None)


def brier_scaled_by_class_count(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """Reads "scale" as dividing by the number of classes rather than by two."""
    score = BrierScore.multi_class(y_true, y_proba, class_count, False, sample_weight)
    return score / class_count if scale_by_half else score


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "TopKAccuracy.score",
        "ascending_ties",
        "ties ranked by ascending index",
        top_k_ascending_ties,
    ),
    Mutant(
        "TopKAccuracy.score",
        "ties_are_hits",
        "ties at the cut all count as hits",
        top_k_ties_are_hits,
    ),
    Mutant(
        "TopKAccuracy.score",
        "count_unweighted",
        "weights dropped from the count",
        top_k_count_unweighted,
    ),
    Mutant(
        "TopKAccuracy.score",
        "zero_sum_divides",
        "zero-sum weights not refused",
        top_k_zero_sum_divides,
    ),
    Mutant(
        "TopKAccuracy.score",
        "zero_sum_count_refused",
        "zero-sum weights refused on the count too",
        top_k_zero_sum_count_refused,
    ),
    Mutant(
        "TopKAccuracy.score",
        "outside_label_is_miss",
        "a label outside the rows scores as a miss",
        top_k_outside_label_is_miss,
    ),
    Mutant("TopKAccuracy.score", "off_by_one", "rank k counted as a hit", top_k_off_by_one),
    Mutant(
        "Accuracy.score",
        "fraction_unweighted",
        "weights dropped from the fraction",
        accuracy_fraction_unweighted,
    ),
    Mutant(
        "Accuracy.score",
        "count_unweighted",
        "weights dropped from the count",
        accuracy_count_unweighted,
    ),
    Mutant(
        "Accuracy.score",
        "zero_sum_divides",
        "zero-sum weights not refused",
        accuracy_zero_sum_divides,
    ),
    Mutant("Accuracy.score", "empty_is_zero", "empty input answers 0", accuracy_empty_is_zero),
    Mutant(
        "Accuracy.score",
        "truncates",
        "labels of different lengths paired up",
        accuracy_truncates_to_shorter,
    ),
    Mutant(
        "Accuracy.score",
        "truncates_fractions",
        "fractional labels cast to int",
        accuracy_truncates_fractions,
    ),
    Mutant(
        "BrierScore.multi_class",
        "halved_by_default",
        "scale_by_half defaults to True",
        brier_halved_by_default,
    ),
    Mutant(
        "BrierScore.multi_class",
        "true_column_only",
        "only the true column scored",
        brier_true_column_only,
    ),
    Mutant(
        "BrierScore.multi_class",
        "no_range_check",
        "probabilities outside [0, 1] scored",
        brier_no_range_check,
    ),
    Mutant(
        "BrierScore.multi_class",
        "renormalises_rows",
        "rows divided by their sum",
        brier_renormalises_rows,
    ),
    Mutant(
        "BrierScore.multi_class",
        "weights_ignored",
        "weights validated, then dropped",
        brier_weights_ignored,
    ),
    Mutant(
        "BrierScore.multi_class",
        "scaled_by_class_count",
        "scale_by_half divides by class_count",
        brier_scaled_by_class_count,
    ),
)
