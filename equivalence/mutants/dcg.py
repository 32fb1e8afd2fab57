"""Seeded porting bugs of ``Dcg.score`` and ``Ndcg.score``.

Each mutant first runs the reference, so that it refuses exactly what the reference
refuses, and then answers with its bug: a mutant differs from the reference only where
its bug is.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.mutants.model import Mutant
from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import Dcg, Ndcg, _inputs
from lodestar.metrics.ranking import dcg as reference

__all__ = ["MUTANTS"]

FloatArray = _inputs.FloatArray


def _parts(
    y_true: Any, y_score: Any, label_count: int, sample_weight: Any
) -> tuple[FloatArray, FloatArray, FloatArray | None]:
    relevance, scores = reference._blocks(y_true, y_score, label_count)
    return relevance, scores, _inputs.weights(sample_weight, len(relevance))


def _gains(
    relevance: FloatArray, scores: FloatArray, discount: FloatArray, ignore_ties: bool
) -> FloatArray:
    if ignore_ties:
        return reference._fixed_order_gains(relevance, scores, discount)
    return reference._tie_averaged_gains(relevance, scores, discount)


def _normalized(gains: FloatArray, ideal: FloatArray) -> FloatArray:
    out: FloatArray = gains.copy()
    nothing = ideal == 0
    out[nothing] = 0
    out[~nothing] /= ideal[~nothing]
    return out


# -- Dcg.score ------------------------------------------------------------------------


def dcg_exponential_gains(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """The literature's gain, ``2**relevance - 1``, in place of the linear one."""
    Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    discount = reference._discounts(label_count, k, log_base)
    gains = _gains(2.0**relevance - 1, scores, discount, ignore_ties)
    return _inputs.weighted_mean(gains, weight)


def dcg_ties_not_averaged(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Ranks equal scores by index whatever ``ignore_ties`` says."""
    return Dcg.score(y_true, y_score, label_count, k, log_base, True, sample_weight)


def dcg_ascending_tie_order(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """With ``ignore_ties``, equal scores rank by ascending index (a stable sort of the
    negated scores)."""
    value = Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    if not ignore_ties:
        return value
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    discount = reference._discounts(label_count, k, log_base)
    order = np.argsort(-scores, axis=1, kind="stable")
    ranked = relevance[np.arange(len(order))[:, np.newaxis], order]
    return _inputs.weighted_mean(discount.dot(ranked.T), weight)


def dcg_k_off_by_one(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Keeps ``k + 1`` positions: the cut written ``discount[k + 1:] = 0``."""
    value = Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    if k is None:
        return value
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    discount = reference._discounts(label_count, k + 1, log_base)
    return _inputs.weighted_mean(_gains(relevance, scores, discount, ignore_ties), weight)


def dcg_log_base_ignored(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Validates ``log_base``, then discounts in base 2 regardless."""
    Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    return Dcg.score(y_true, y_score, label_count, k, 2.0, ignore_ties, sample_weight)


def dcg_base_at_most_one_refused(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Refuses a base of 1 or below, as if a logarithm needed a base above 1."""
    value = Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    if log_base <= 1:
        raise ArgumentOutOfRangeError("log_base must be above 1.", "log_base", log_base)
    return value


def dcg_k_past_count_refused(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Refuses a ``k`` above ``label_count`` instead of scoring the whole row."""
    value = Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    if k is not None and k > label_count:
        raise ArgumentOutOfRangeError("k is past label_count.", "k", k)
    return value


def dcg_weights_ignored(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    log_base: float = 2.0,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Validates the weights, then takes the plain mean."""
    Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, sample_weight)
    return Dcg.score(y_true, y_score, label_count, k, log_base, ignore_ties, None)


# -- Ndcg.score -----------------------------------------------------------------------


def ndcg_exponential_gains(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """The literature's gain, ``2**relevance - 1``, on both halves of the ratio."""
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    exponential = 2.0**relevance - 1
    discount = reference._discounts(label_count, k, 2)
    gains = _gains(exponential, scores, discount, ignore_ties)
    ideal = reference._fixed_order_gains(exponential, exponential, discount)
    return _inputs.weighted_mean(_normalized(gains, ideal), weight)


def ndcg_nothing_relevant_is_nan(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Divides by the ideal gain even where it is 0, so such a row scores NaN."""
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    discount = reference._discounts(label_count, k, 2)
    gains = _gains(relevance, scores, discount, ignore_ties)
    ideal = reference._fixed_order_gains(relevance, relevance, discount)
    with np.errstate(all="ignore"):
        return _inputs.weighted_mean(gains / ideal, weight)


def ndcg_nothing_relevant_is_one(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Scores a row with nothing relevant as perfect, 1, rather than 0."""
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    discount = reference._discounts(label_count, k, 2)
    gains = _gains(relevance, scores, discount, ignore_ties)
    ideal = reference._fixed_order_gains(relevance, relevance, discount)
    ratio = _normalized(gains, ideal)
    ratio[ideal == 0] = 1.0
    return _inputs.weighted_mean(ratio, weight)


def ndcg_negative_accepted(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Scores a negative relevance instead of refusing it."""
    try:
        return Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    except ArgumentError as error:
        if error.message != reference._NEGATIVE:
            raise
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    reference._check_k(reference._scalars(label_count, k, ignore_ties)[0])
    discount = reference._discounts(label_count, k, 2)
    gains = _gains(relevance, scores, discount, ignore_ties)
    ideal = reference._fixed_order_gains(relevance, relevance, discount)
    return _inputs.weighted_mean(_normalized(gains, ideal), weight)


def ndcg_ideal_ignores_k(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Cuts the ranking at ``k`` but divides by the ideal gain of the whole row."""
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    gains = _gains(relevance, scores, reference._discounts(label_count, k, 2), ignore_ties)
    whole = reference._discounts(label_count, None, 2)
    ideal = reference._fixed_order_gains(relevance, relevance, whole)
    return _inputs.weighted_mean(_normalized(gains, ideal), weight)


def ndcg_ties_not_averaged(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Ranks equal scores by index whatever ``ignore_ties`` says."""
    return Ndcg.score(y_true, y_score, label_count, k, True, sample_weight)


def ndcg_ratio_of_means(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Divides the mean gain by the mean ideal gain instead of averaging each row's ratio."""
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    relevance, scores, weight = _parts(y_true, y_score, label_count, sample_weight)
    discount = reference._discounts(label_count, k, 2)
    gains = _gains(relevance, scores, discount, ignore_ties)
    ideal = reference._fixed_order_gains(relevance, relevance, discount)
    total = _inputs.weighted_total(ideal, weight)
    if total == 0:
        return 0.0
    return _inputs.weighted_total(gains, weight) / total


def ndcg_weights_ignored(
    y_true: Any,
    y_score: Any,
    label_count: int,
    k: int | None = None,
    ignore_ties: bool = False,
    sample_weight: Any = None,
) -> float:
    """Validates the weights, then takes the plain mean."""
    Ndcg.score(y_true, y_score, label_count, k, ignore_ties, sample_weight)
    return Ndcg.score(y_true, y_score, label_count, k, ignore_ties, None)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("Dcg.score", "exponential_gains", "gains 2**r - 1", dcg_exponential_gains),
    Mutant("Dcg.score", "ties_not_averaged", "ties never averaged", dcg_ties_not_averaged),
    Mutant(
        "Dcg.score",
        "ascending_tie_order",
        "ignore_ties ranks ties by ascending index",
        dcg_ascending_tie_order,
    ),
    Mutant("Dcg.score", "k_off_by_one", "k + 1 positions scored", dcg_k_off_by_one),
    Mutant("Dcg.score", "log_base_ignored", "always base 2", dcg_log_base_ignored),
    Mutant(
        "Dcg.score",
        "base_at_most_one_refused",
        "log_base <= 1 refused",
        dcg_base_at_most_one_refused,
    ),
    Mutant(
        "Dcg.score", "k_past_count_refused", "k > label_count refused", dcg_k_past_count_refused
    ),
    Mutant("Dcg.score", "weights_ignored", "weights validated, then dropped", dcg_weights_ignored),
    Mutant("Ndcg.score", "exponential_gains", "gains 2**r - 1", ndcg_exponential_gains),
    Mutant(
        "Ndcg.score",
        "nothing_relevant_is_nan",
        "a row with nothing relevant scores NaN",
        ndcg_nothing_relevant_is_nan,
    ),
    Mutant(
        "Ndcg.score",
        "nothing_relevant_is_one",
        "a row with nothing relevant scores 1",
        ndcg_nothing_relevant_is_one,
    ),
    Mutant(
        "Ndcg.score",
        "negative_accepted",
        "negative relevance scored",
        ndcg_negative_accepted,
    ),
    Mutant("Ndcg.score", "ideal_ignores_k", "ideal over the whole row", ndcg_ideal_ignores_k),
    Mutant("Ndcg.score", "ties_not_averaged", "ties never averaged", ndcg_ties_not_averaged),
    Mutant("Ndcg.score", "ratio_of_means", "mean gain over mean ideal", ndcg_ratio_of_means),
    Mutant(
        "Ndcg.score", "weights_ignored", "weights validated, then dropped", ndcg_weights_ignored
    ),
)
