"""Seeded porting bugs of ``Dcg.score`` and ``Ndcg.score``: snippets of ``ranking.dcg`` changed."""

from __future__ import annotations

from equivalence.mutant import Patch, bugs_of

__all__ = ["MUTANTS"]

dcg = bugs_of("Dcg.score", "ranking.dcg:Dcg.score")
ndcg = bugs_of("Ndcg.score", "ranking.dcg:Ndcg.score")

_DISCOUNT = "discount = _discounts(label_count, k, "
_EXPONENTIAL = (_DISCOUNT, f"relevance = 2.0**relevance - 1\n{_DISCOUNT}")
_TIES_NOT_AVERAGED = ("if ignore_ties:", "if True:")
_MEAN = "return _inputs.weighted_mean(gains, weight)"
_UNWEIGHTED = (_MEAN, "return _inputs.weighted_mean(gains, None)")
_ASCENDING = (
    "ranking.dcg:_fixed_order_gains",
    'np.argsort(scores, axis=1, kind="stable")[:, ::-1]',
    'np.argsort(-scores, axis=1, kind="stable")',
)
_ONE_MORE = Patch("ranking.dcg:_discounts", "discount[k:] = 0", "discount[k + 1 :] = 0")
_PAST_COUNT = ("_check_k(k)", "_check_k(k if k is None or k <= label_count else 0)")
_ZERO = "gains[nothing_relevant] = 0"
_NORMALIZED = f"{_ZERO}\ngains[~nothing_relevant] /= ideal[~nothing_relevant]\n"
_NAN = (_NORMALIZED, "gains /= ideal\n")
_ONE = (_ZERO, "gains[nothing_relevant] = 1")
_IDEAL = "ideal = _fixed_order_gains(relevance, relevance, "
_FULL_IDEAL = (f"{_IDEAL}discount)", f"{_IDEAL}_discounts(label_count, None, 2))")
_RATIO_OF_MEANS = f"total = _inputs.weighted_mean(ideal, weight)\n{_MEAN} / total if total else 0.0"

MUTANTS = (
    dcg("exponential_gains", "gains 2**r - 1", _EXPONENTIAL),
    ndcg("exponential_gains", "gains 2**r - 1", _EXPONENTIAL),
    dcg("ties_not_averaged", "ties never averaged", _TIES_NOT_AVERAGED),
    ndcg("ties_not_averaged", "ties never averaged", _TIES_NOT_AVERAGED),
    dcg("weights_ignored", "weights validated, then dropped", _UNWEIGHTED),
    ndcg("weights_ignored", "weights validated, then dropped", _UNWEIGHTED),
    dcg("ascending_tie_order", "ignore_ties ranks ties by ascending index", Patch(*_ASCENDING)),
    dcg("k_off_by_one", "k + 1 positions scored", _ONE_MORE),
    dcg("log_base_ignored", "always base 2", (f"{_DISCOUNT}log_base)", f"{_DISCOUNT}2.0)")),
    dcg("base_at_most_one_refused", "log_base <= 1 refused", ("0.0 < base", "1.0 < base")),
    dcg("k_past_count_refused", "k > label_count refused", _PAST_COUNT),
    ndcg("nothing_relevant_is_nan", "a row with nothing relevant scores NaN", _NAN),
    ndcg("nothing_relevant_is_one", "a row with nothing relevant scores 1", _ONE),
    ndcg("negative_accepted", "negative relevance scored", ("relevance.min() < 0", "False")),
    ndcg("ideal_ignores_k", "ideal over the whole row", _FULL_IDEAL),
    ndcg("ratio_of_means", "mean gain over mean ideal", (_NORMALIZED + _MEAN, _RATIO_OF_MEANS)),
)
