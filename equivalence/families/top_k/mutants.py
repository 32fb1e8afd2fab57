"""Seeded porting bugs of the top-k family: TopKAccuracy."""

from __future__ import annotations

from equivalence.mutant import OUTSIDE_LABELS_KEPT, ZERO_SUM_DIVIDES, Patch, bugs_of, unweighted

__all__ = ["MUTANTS"]

top_k = bugs_of("TopKAccuracy.score", "ranking.top_k_accuracy:TopKAccuracy.score")
_AFTER, _NARROW = "ranking.top_k_accuracy:_after", "ranking.top_k_accuracy:_narrow_hits"
_HITS, _TOTAL = "hits = _hits(truth, rows, k)", "return _inputs.weighted_total(hits, weight)"

MUTANTS = (
    top_k(
        "ascending_ties",
        "ties ranked by ascending index",
        Patch(_AFTER, "step[classes:] = True", "step[: classes - 1] = True"),
        Patch(_NARROW, "threshold = own.copy()", "threshold = lower.copy()"),
        Patch(
            _NARROW,
            "if column:\n    np.copyto(threshold, lower, where=true_class == column - 1)",
            "np.copyto(threshold, own, where=true_class == column)",
        ),
    ),
    top_k(
        "ties_are_hits",
        "ties at the cut all count as hits",
        Patch(_AFTER, "step[classes:] = True", "pass"),
        Patch(_NARROW, "np.copyto(threshold, lower, where=true_class == column - 1)", "pass"),
    ),
    top_k("count_unweighted", "weights dropped from the count", unweighted("weighted_total(hits")),
    top_k("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    top_k(
        "zero_sum_count_refused",
        "zero-sum weights refused on the count too",
        (_TOTAL, f"_inputs.weighted_mean(hits, weight)\n{_TOTAL}"),
    ),
    top_k(
        "outside_label_is_miss",
        "a label outside the rows scores as a miss",
        OUTSIDE_LABELS_KEPT,
        (_HITS, f"{_HITS} & inside"),
    ),
    top_k("off_by_one", "rank k counted as a hit", (_HITS, "hits = _hits(truth, rows, k + 1)")),
)
