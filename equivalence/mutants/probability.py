"""Seeded porting bugs of ``BrierScore.score``, ``LogLoss.score`` and ``LogLoss.multi_class``.

Each one is a mistake a careful port could make: a clip bound taken from an older
scikit-learn, the top of the clip forgotten, a row renormalised, ``pos_label`` inferred
the way scikit-learn infers it, the pre-1.7 Brier arithmetic, a default flipped.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.mutants.model import Mutant
from lodestar.metrics import BrierScore, LogLoss, _inputs
from lodestar.metrics.classification.log_loss import EPSILON, binary_inputs, positive_label

__all__ = ["MUTANTS"]


def _finish(costs: Any, weight: Any, normalize: bool) -> float:
    if normalize:
        return _inputs.weighted_mean(costs, weight)
    return _inputs.weighted_total(costs, weight)


# -- LogLoss.score -----------------------------------------------------------------------


def _log_loss_chosen(
    y_true: Any, y_proba: Any, pos_label: Any, normalize: Any, sample_weight: Any
) -> tuple[Any, Any, bool]:
    """The reference's own checks, then each sample's probability of its own label."""
    positive = positive_label(pos_label)
    normalize = _inputs.flag(normalize, "normalize")
    truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "lower than")
    return np.where(truth == positive, proba, 1.0 - proba), weight, normalize


def log_loss_clip_1e15(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Clips at ``1e-15``, the ``eps`` scikit-learn defaulted to before ``'auto'``."""
    chosen, weight, normalize = _log_loss_chosen(
        y_true, y_proba, pos_label, normalize, sample_weight
    )
    return _finish(-np.log(np.clip(chosen, 1e-15, 1 - 1e-15)), weight, normalize)


def log_loss_bottom_clip_only(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Clips only from below, so a perfect prediction scores exactly 0."""
    chosen, weight, normalize = _log_loss_chosen(
        y_true, y_proba, pos_label, normalize, sample_weight
    )
    return _finish(-np.log(np.maximum(chosen, EPSILON)), weight, normalize)


def log_loss_greater_label(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Ignores ``pos_label`` and, as scikit-learn does, reads the column as the
    probability of the greater label present."""
    positive_label(pos_label)
    truth = _inputs.labels(y_true, "y_true")
    greater = int(truth.max()) if truth.size else 1
    return LogLoss.score(y_true, y_proba, greater, normalize, sample_weight)


def log_loss_log1p_complement(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Takes ``-log1p(-p)`` for the other label, more accurate and not what is asked."""
    positive = positive_label(pos_label)
    normalize = _inputs.flag(normalize, "normalize")
    truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "lower than")
    clipped = np.clip(proba, EPSILON, 1.0 - EPSILON)
    costs = np.where(truth == positive, -np.log(clipped), -np.log1p(-clipped))
    return _finish(costs, weight, normalize)


def log_loss_sum_unweighted(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """``normalize=False`` adds the costs up and forgets their weights."""
    if normalize:
        return LogLoss.score(y_true, y_proba, pos_label, True, sample_weight)
    LogLoss.score(y_true, y_proba, pos_label, False, sample_weight)
    return LogLoss.score(y_true, y_proba, pos_label, False, None)


def log_loss_zero_sum_divides(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Divides by weights summing to zero instead of refusing them."""
    total = LogLoss.score(y_true, y_proba, pos_label, False, sample_weight)
    if not normalize:
        return total
    weight = _inputs.weights(sample_weight, len(y_true))
    count = float(len(y_true)) if weight is None else float(weight.sum())
    with np.errstate(all="ignore"):
        return float(np.float64(total) / count)


# -- BrierScore.score --------------------------------------------------------------------


def _brier_parts(
    y_true: Any, y_proba: Any, pos_label: Any, scale_by_half: Any, sample_weight: Any
) -> tuple[Any, Any, Any, bool]:
    positive = positive_label(pos_label)
    scale_by_half = _inputs.flag(scale_by_half, "scale_by_half")
    truth, proba, weight = binary_inputs(y_true, y_proba, sample_weight, "less than")
    return (truth == positive).astype(np.float64), proba, weight, scale_by_half


def brier_unhalved_by_default(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = False,
    sample_weight: Any = None,
) -> float:
    """Takes ``BrierScore.multi_class``'s default, not halving, for the binary form too."""
    return BrierScore.score(y_true, y_proba, pos_label, scale_by_half, sample_weight)


def brier_one_column(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> float:
    """Squares one column, ``(t - p) ** 2``, as scikit-learn did before 1.7."""
    hit, proba, weight, half = _brier_parts(
        y_true, y_proba, pos_label, scale_by_half, sample_weight
    )
    score = _inputs.weighted_mean((hit - proba) ** 2, weight)
    return score if half else 2.0 * score


def brier_greater_label(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> float:
    """Ignores ``pos_label`` and scores about the greater label present."""
    positive_label(pos_label)
    truth = _inputs.labels(y_true, "y_true")
    greater = int(truth.max()) if truth.size else 1
    return BrierScore.score(y_true, y_proba, greater, scale_by_half, sample_weight)


def brier_clipped(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> float:
    """Clips the probabilities into ``[eps, 1 - eps]``, a step copied from the log loss."""
    hit, proba, weight, half = _brier_parts(
        y_true, y_proba, pos_label, scale_by_half, sample_weight
    )
    proba = np.clip(proba, EPSILON, 1.0 - EPSILON)
    distances = np.square((1.0 - hit) - (1.0 - proba)) + np.square(hit - proba)
    score = _inputs.weighted_mean(distances, weight)
    return score * 0.5 if half else score


def brier_zero_sum_divides(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> float:
    """Divides by weights summing to zero, as a plain loop does, instead of refusing them."""
    hit, proba, weight, half = _brier_parts(
        y_true, y_proba, pos_label, scale_by_half, sample_weight
    )
    distances = np.square((1.0 - hit) - (1.0 - proba)) + np.square(hit - proba)
    if weight is None:
        score = float(np.mean(distances))
    else:
        with np.errstate(all="ignore"):
            score = float(np.dot(distances, weight) / weight.sum())
    return score * 0.5 if half else score


def brier_weights_ignored(
    y_true: Any,
    y_proba: Any,
    pos_label: int = 1,
    scale_by_half: bool = True,
    sample_weight: Any = None,
) -> float:
    """Checks the weights, then forgets them."""
    _brier_parts(y_true, y_proba, pos_label, scale_by_half, sample_weight)
    return BrierScore.score(y_true, y_proba, pos_label, scale_by_half, None)


# -- LogLoss.multi_class -----------------------------------------------------------------


def _multi_parts(
    y_true: Any, y_proba: Any, class_count: Any, normalize: Any, sample_weight: Any
) -> tuple[Any, Any, Any, bool]:
    class_count = _inputs.count(class_count, "class_count", 2)
    normalize = _inputs.flag(normalize, "normalize")
    truth = _inputs.labels(y_true, "y_true")
    rows = _inputs.probability_rows(y_proba, len(truth), class_count, "y_proba", "lower than")
    _inputs.class_indices(truth, class_count, "y_true")
    weight = _inputs.weights(sample_weight, len(truth))
    _inputs.nonempty(truth, "y_true")
    _inputs.nonzero_weights(weight)
    return truth, rows, weight, normalize


def multi_renormalises_rows(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Clips, then divides each row by its sum, as scikit-learn did before 1.5."""
    truth, rows, weight, normalize = _multi_parts(
        y_true, y_proba, class_count, normalize, sample_weight
    )
    clipped = np.clip(rows, EPSILON, 1.0 - EPSILON)
    clipped = clipped / clipped.sum(axis=1, keepdims=True)
    return _finish(-np.log(clipped[np.arange(len(truth)), truth]), weight, normalize)


def multi_clip_1e15(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Clips at ``1e-15``, the ``eps`` scikit-learn defaulted to before ``'auto'``."""
    truth, rows, weight, normalize = _multi_parts(
        y_true, y_proba, class_count, normalize, sample_weight
    )
    own = np.clip(rows[np.arange(len(truth)), truth], 1e-15, 1 - 1e-15)
    return _finish(-np.log(own), weight, normalize)


def multi_every_column(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Scores every column as a binary cross-entropy, ``-log(1 - p)`` for the others."""
    truth, rows, weight, normalize = _multi_parts(
        y_true, y_proba, class_count, normalize, sample_weight
    )
    clipped = np.clip(rows, EPSILON, 1.0 - EPSILON)
    one_hot = np.eye(rows.shape[1], dtype=bool)[truth]
    costs = np.where(one_hot, -np.log(clipped), -np.log(1.0 - clipped)).sum(axis=1)
    return _finish(costs, weight, normalize)


def multi_outside_label_costs_nothing(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """A label outside ``[0, class_count)`` costs 0, as it did in scikit-learn before 1.7."""
    truth = np.asarray(y_true)
    inside = (truth >= 0) & (truth < class_count) if truth.size else truth.astype(bool)
    if bool(np.all(inside)):
        return LogLoss.multi_class(y_true, y_proba, class_count, normalize, sample_weight)
    rows = np.asarray(y_proba, dtype=np.float64).reshape(len(truth), class_count)
    own = rows[np.arange(len(truth)), np.where(inside, truth, 0)]
    costs = np.where(inside, -np.log(np.clip(own, EPSILON, 1.0 - EPSILON)), 0.0)
    weight = _inputs.weights(sample_weight, len(truth))
    return _finish(costs, weight, normalize)


def multi_sum_unweighted(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """``normalize=False`` adds the costs up and forgets their weights."""
    if normalize:
        return LogLoss.multi_class(y_true, y_proba, class_count, True, sample_weight)
    LogLoss.multi_class(y_true, y_proba, class_count, False, sample_weight)
    return LogLoss.multi_class(y_true, y_proba, class_count, False, None)


def multi_bottom_clip_only(
    y_true: Any,
    y_proba: Any,
    class_count: int,
    normalize: bool = True,
    sample_weight: Any = None,
) -> float:
    """Clips only from below, so a perfect row scores exactly 0."""
    truth, rows, weight, normalize = _multi_parts(
        y_true, y_proba, class_count, normalize, sample_weight
    )
    own = np.maximum(rows[np.arange(len(truth)), truth], EPSILON)
    return _finish(-np.log(own), weight, normalize)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("LogLoss.score", "clip_1e15", "clipped at 1e-15", log_loss_clip_1e15),
    Mutant(
        "LogLoss.score",
        "bottom_clip_only",
        "the top of the clip forgotten",
        log_loss_bottom_clip_only,
    ),
    Mutant(
        "LogLoss.score",
        "greater_label",
        "pos_label inferred as the greater label",
        log_loss_greater_label,
    ),
    Mutant(
        "LogLoss.score",
        "log1p_complement",
        "-log1p(-p) for the other label",
        log_loss_log1p_complement,
    ),
    Mutant(
        "LogLoss.score",
        "sum_unweighted",
        "weights dropped from the sum",
        log_loss_sum_unweighted,
    ),
    Mutant(
        "LogLoss.score",
        "zero_sum_divides",
        "zero-sum weights not refused",
        log_loss_zero_sum_divides,
    ),
    Mutant(
        "BrierScore.score",
        "unhalved_by_default",
        "scale_by_half defaults to False",
        brier_unhalved_by_default,
    ),
    Mutant("BrierScore.score", "one_column", "the pre-1.7 arithmetic", brier_one_column),
    Mutant(
        "BrierScore.score",
        "greater_label",
        "pos_label inferred as the greater label",
        brier_greater_label,
    ),
    Mutant("BrierScore.score", "clipped", "probabilities clipped to eps", brier_clipped),
    Mutant(
        "BrierScore.score",
        "zero_sum_divides",
        "zero-sum weights not refused",
        brier_zero_sum_divides,
    ),
    Mutant("BrierScore.score", "weights_ignored", "weights dropped", brier_weights_ignored),
    Mutant(
        "LogLoss.multi_class",
        "renormalises_rows",
        "rows divided by their sum",
        multi_renormalises_rows,
    ),
    Mutant("LogLoss.multi_class", "clip_1e15", "clipped at 1e-15", multi_clip_1e15),
    Mutant(
        "LogLoss.multi_class",
        "every_column",
        "every column scored as binary cross-entropy",
        multi_every_column,
    ),
    Mutant(
        "LogLoss.multi_class",
        "outside_label_costs_nothing",
        "a label outside the rows costs 0",
        multi_outside_label_costs_nothing,
    ),
    Mutant(
        "LogLoss.multi_class",
        "sum_unweighted",
        "weights dropped from the sum",
        multi_sum_unweighted,
    ),
    Mutant(
        "LogLoss.multi_class",
        "bottom_clip_only",
        "the top of the clip forgotten",
        multi_bottom_clip_only,
    ),
)
