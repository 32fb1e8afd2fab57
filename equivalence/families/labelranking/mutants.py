"""Seeded porting bugs of the label-ranking members: snippets of ``ranking.label_ranking``
changed."""

from __future__ import annotations

from collections.abc import Callable

from equivalence.mutant import ZERO_SUM_DIVIDES, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_MODULE = "ranking.label_ranking"
coverage = bugs_of("CoverageError.score", f"{_MODULE}:CoverageError.score")
loss = bugs_of("LabelRankingLoss.score", f"{_MODULE}:LabelRankingLoss.score")
lrap = bugs_of(
    "LabelRankingAveragePrecision.score", f"{_MODULE}:LabelRankingAveragePrecision.score"
)

_GROUP_START = "np.maximum.accumulate(np.where(starts, positions, 0), axis=1)"
#: Equal scores ranked one after the other, in the order the sort left them.
_TIES_BROKEN = Patch(f"{_MODULE}:_ranks", _GROUP_START, "np.where(starts, positions, positions)")
_CHECKS = "_matrices(y_true, y_score, label_count, sample_weight, "
_SINGLE_LABEL = (f"{_CHECKS}False)", f"{_CHECKS}True)")
_WEIGHTED = "_inputs.weighted_mean({}, weight)"


def _unweighted(values: str) -> tuple[str, str]:
    return _WEIGHTED.format(values), _WEIGHTED.replace("weight)", "None)").format(values)


_LOWEST = "np.where(relevant, scores, np.inf).min(axis=1)"


def _shared(bug: Callable[..., Mutant], values: str) -> tuple[Mutant, ...]:
    """The bugs coverage and ranking loss share: their weights, their checks."""
    return (
        bug("weights_ignored", "weights checked, then dropped", _unweighted(values)),
        bug("single_label_accepted", "label_count = 1 scored", _SINGLE_LABEL),
        bug("zero_sum_divides", "weights summing to zero divided by", ZERO_SUM_DIVIDES),
    )


MUTANTS = (
    *_shared(coverage, "coverage"),
    *_shared(loss, "loss"),
    coverage("ties_at_best_rank", "a tied group ranked at its best", (">= lowest", "> lowest")),
    coverage(
        "nothing_relevant_covers_all", "an empty row covers every label", ("np.inf", "-np.inf")
    ),
    coverage(
        "best_relevant",
        "the best-ranked relevant label read",
        (_LOWEST, _LOWEST.replace("np.inf).min", "-np.inf).max")),
    ),
    loss("ties_broken", "equal scores ranked in sort order", _TIES_BROKEN),
    loss(
        "no_pair_is_one",
        "a row without pairs scores 1",
        ("np.zeros(len(scores))", "np.ones(len(scores))"),
    ),
    loss(
        "pairs_over_width",
        "wrong pairs over P x width",
        ("(label_count - positives)", "label_count"),
    ),
    lrap("ties_broken", "equal scores ranked in sort order", _TIES_BROKEN),
    lrap(
        "no_information_is_zero",
        "a row with every or no label relevant scores 0",
        ("np.ones(len(scores))", "np.zeros(len(scores))"),
    ),
    lrap(
        "single_label_refused", "label_count = 1 refused", (f"{_CHECKS}True)", f"{_CHECKS}False)")
    ),
    lrap(
        "zero_sum_refused",
        "weights summing to zero refused",
        (
            "if weight is not None:",
            "if _inputs.weighted_mean(precision, weight) or weight is not None:",
        ),
    ),
    lrap(
        "weights_not_applied",
        "rows unweighted, total over the weights",
        ("precision *= weight", "precision *= 1"),
    ),
    lrap(
        "mean_over_every_label",
        "a row's precisions over label_count",
        ("taken.sum(axis=1) / count", "taken.sum(axis=1) / label_count"),
    ),
)
