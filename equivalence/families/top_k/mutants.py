"""Seeded porting bugs of the seed members: TopKAccuracy, Accuracy, BrierScore.multi_class."""

from __future__ import annotations

from equivalence.mutant import (
    OUTSIDE_LABELS_KEPT,
    ZERO_SUM_DIVIDES,
    Patch,
    bugs_of,
    flipped_default,
    unweighted,
)

__all__ = ["MUTANTS"]

top_k = bugs_of("TopKAccuracy.score", "ranking.top_k_accuracy:TopKAccuracy.score")
_AFTER, _NARROW = "ranking.top_k_accuracy:_after", "ranking.top_k_accuracy:_narrow_hits"
_HITS, _TOTAL = "hits = _hits(truth, rows, k)", "return _inputs.weighted_total(hits, weight)"
accuracy = bugs_of("Accuracy.score", "classification.accuracy:Accuracy.score")
brier = bugs_of("BrierScore.multi_class", "classification.brier_score:BrierScore.multi_class")
_HALF = "scale_by_half"

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
    accuracy(
        "fraction_unweighted", "weights dropped from the fraction", unweighted("mean(correct")
    ),
    accuracy("count_unweighted", "weights dropped from the count", unweighted("total(correct")),
    accuracy("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    accuracy(
        "empty_is_zero",
        "empty input answers 0",
        ('_inputs.nonempty(truth, "y_true")', "if not len(truth):\n    return 0.0"),
    ),
    accuracy(
        "truncates",
        "labels of different lengths paired up",
        (
            '_inputs.same_length(truth, "y_true", predicted, "y_pred")',
            "truth, predicted = truth[: len(predicted)], predicted[: len(truth)]",
        ),
    ),
    accuracy(
        "truncates_fractions",
        "fractional labels cast to int",
        Patch("_inputs:labels", "whole = array == np.floor(array)", "whole = np.isfinite(array)"),
    ),
    brier("halved_by_default", "scale_by_half defaults to True", flipped_default(_HALF, False)),
    brier(
        "true_column_only",
        "only the true column scored",
        ("_squared_distances(truth, rows)", "(1.0 - rows[np.arange(len(truth)), truth]) ** 2"),
    ),
    brier(
        "no_range_check",
        "probabilities outside [0, 1] scored",
        (
            '_inputs.probability_rows(y_proba, len(truth), class_count, "y_proba", "lower than")',
            '_inputs.score_rows(y_proba, len(truth), class_count, "y_proba")',
        ),
    ),
    brier(
        "renormalises_rows",
        "rows divided by their sum",
        (
            "_squared_distances(truth, rows)",
            "_squared_distances(\n"
            "    truth, rows / np.where(rows.any(axis=1), rows.sum(axis=1), 1.0)[:, None]\n"
            ")",
        ),
    ),
    brier(
        "weights_ignored", "weights validated, then dropped", unweighted("distances(truth, rows)")
    ),
    brier(
        "scaled_by_class_count",
        "scale_by_half divides by class_count",
        ("score * 0.5 if scale_by_half", "score / class_count if scale_by_half"),
    ),
)
