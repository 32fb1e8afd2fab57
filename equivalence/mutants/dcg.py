"""Seeded porting bugs of ``Dcg.score`` and ``Ndcg.score``."""

from __future__ import annotations

from equivalence.mutants.model import Patch, bugs_of

__all__ = ["MUTANTS"]

_DCG = "ranking.dcg"
dcg = bugs_of("Dcg.score", f"{_DCG}:Dcg.score")
ndcg = bugs_of("Ndcg.score", f"{_DCG}:Ndcg.score")

_DISCOUNT = "discount = _discounts(label_count, k, "
_EXPONENTIAL = f"relevance = 2.0**relevance - 1\n{_DISCOUNT}"
_WEIGHTED = (
    "return _inputs.weighted_mean(gains, weight)",
    "return _inputs.weighted_mean(gains, None)",
)
_NORMALIZED = (
    "nothing_relevant = ideal == 0\n"
    "gains[nothing_relevant] = 0\n"
    "gains[~nothing_relevant] /= ideal[~nothing_relevant]\n"
)

MUTANTS = (
    dcg("exponential_gains", "gains 2**r - 1", (_DISCOUNT, _EXPONENTIAL)),
    dcg("ties_not_averaged", "ties never averaged", ("if ignore_ties:", "if True:")),
    dcg(
        "ascending_tie_order",
        "ignore_ties ranks ties by ascending index",
        Patch(
            f"{_DCG}:_fixed_order_gains",
            'np.argsort(scores, axis=1, kind="stable")[:, ::-1]',
            'np.argsort(-scores, axis=1, kind="stable")',
        ),
    ),
    dcg(
        "k_off_by_one",
        "k + 1 positions scored",
        Patch(f"{_DCG}:_discounts", "discount[k:] = 0", "discount[k + 1 :] = 0"),
    ),
    dcg(
        "log_base_ignored",
        "always base 2",
        (f"{_DISCOUNT}log_base)", f"{_DISCOUNT}2.0)"),
    ),
    dcg(
        "base_at_most_one_refused",
        "log_base <= 1 refused",
        ("if not 0.0 < base < math.inf:", "if not 1.0 < base < math.inf:"),
    ),
    dcg(
        "k_past_count_refused",
        "k > label_count refused",
        (
            "_check_k(k)",
            "_check_k(k)\n"
            "if k is not None and k > label_count:\n"
            '    raise ArgumentOutOfRangeError(f"k is {k}, past label_count.", "k", k)',
        ),
    ),
    dcg("weights_ignored", "weights validated, then dropped", _WEIGHTED),
    ndcg("exponential_gains", "gains 2**r - 1", (_DISCOUNT, _EXPONENTIAL)),
    ndcg(
        "nothing_relevant_is_nan",
        "a row with nothing relevant scores NaN",
        (_NORMALIZED, "gains /= ideal\n"),
    ),
    ndcg(
        "nothing_relevant_is_one",
        "a row with nothing relevant scores 1",
        ("gains[nothing_relevant] = 0", "gains[nothing_relevant] = 1"),
    ),
    ndcg(
        "negative_accepted",
        "negative relevance scored",
        ('if relevance.min() < 0:\n    raise ArgumentError(_NEGATIVE, "y_true")', ""),
    ),
    ndcg(
        "ideal_ignores_k",
        "ideal over the whole row",
        (
            "ideal = _fixed_order_gains(relevance, relevance, discount)",
            "ideal = _fixed_order_gains(relevance, relevance, _discounts(label_count, None, 2))",
        ),
    ),
    ndcg("ties_not_averaged", "ties never averaged", ("if ignore_ties:", "if True:")),
    ndcg(
        "ratio_of_means",
        "mean gain over mean ideal",
        (
            f"{_NORMALIZED}{_WEIGHTED[0]}",
            "total = _inputs.weighted_mean(ideal, weight)\n"
            "return _inputs.weighted_mean(gains, weight) / total if total else 0.0",
        ),
    ),
    ndcg("weights_ignored", "weights validated, then dropped", _WEIGHTED),
)
