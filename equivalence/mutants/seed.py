"""Seeded porting bugs of the seed members: TopKAccuracy, Accuracy, BrierScore.multi_class."""

from __future__ import annotations

from equivalence.mutants.model import ZERO_SUM_DIVIDES, Patch, bugs_of

__all__ = ["MUTANTS"]

top_k = bugs_of("TopKAccuracy.score", "ranking.top_k_accuracy:TopKAccuracy.score")
_TOP_K = "ranking.top_k_accuracy"
accuracy = bugs_of("Accuracy.score", "classification.accuracy:Accuracy.score")
brier = bugs_of("BrierScore.multi_class", "classification.brier_score:BrierScore.multi_class")

MUTANTS = (
    top_k(
        "ascending_ties",
        "ties ranked by ascending index",
        Patch(f"{_TOP_K}:_after", "step[classes:] = True", "step[: classes - 1] = True"),
        Patch(f"{_TOP_K}:_narrow_hits", "threshold = own.copy()", "threshold = lower.copy()"),
        Patch(
            f"{_TOP_K}:_narrow_hits",
            "if column:\n    np.copyto(threshold, lower, where=true_class == column - 1)",
            "np.copyto(threshold, own, where=true_class == column)",
        ),
    ),
    top_k(
        "ties_are_hits",
        "ties at the cut all count as hits",
        Patch(f"{_TOP_K}:_after", "step[classes:] = True", "pass"),
        Patch(
            f"{_TOP_K}:_narrow_hits",
            "np.copyto(threshold, lower, where=true_class == column - 1)",
            "pass",
        ),
    ),
    top_k(
        "count_unweighted",
        "weights dropped from the count",
        ("_inputs.weighted_total(hits, weight)", "_inputs.weighted_total(hits, None)"),
    ),
    top_k("zero_sum_divides", "zero-sum weights not refused", ZERO_SUM_DIVIDES),
    top_k(
        "zero_sum_count_refused",
        "zero-sum weights refused on the count too",
        Patch(
            "_inputs:weighted_total",
            "return float(np.dot(",
            "if sample_weight.sum() == 0.0:\n"
            '    raise ArgumentError("Weights sum to zero, can\'t be normalized", '
            '"sample_weight")\n'
            "return float(np.dot(",
        ),
    ),
    top_k(
        "outside_label_is_miss",
        "a label outside the rows scores as a miss",
        (
            '_inputs.class_indices(truth, class_count, "y_true")',
            "inside = (truth >= 0) & (truth < class_count)\ntruth = np.where(inside, truth, 0)",
        ),
        ("hits = _hits(truth, rows, k)", "hits = _hits(truth, rows, k) & inside"),
    ),
    top_k(
        "off_by_one",
        "rank k counted as a hit",
        ("hits = _hits(truth, rows, k)", "hits = _hits(truth, rows, k + 1)"),
    ),
    accuracy(
        "fraction_unweighted",
        "weights dropped from the fraction",
        ("weighted_mean(correct, weight)", "weighted_mean(correct, None)"),
    ),
    accuracy(
        "count_unweighted",
        "weights dropped from the count",
        ("weighted_total(correct, weight)", "weighted_total(correct, None)"),
    ),
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
    brier(
        "halved_by_default",
        "scale_by_half defaults to True",
        ("scale_by_half: bool = False", "scale_by_half: bool = True"),
    ),
    brier(
        "true_column_only",
        "only the true column scored",
        (
            "_squared_distances(truth, rows)",
            "(1.0 - rows[np.arange(len(truth)), truth]) ** 2",
        ),
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
        "weights_ignored",
        "weights validated, then dropped",
        ("_squared_distances(truth, rows), weight)", "_squared_distances(truth, rows), None)"),
    ),
    brier(
        "scaled_by_class_count",
        "scale_by_half divides by class_count",
        ("score * 0.5 if scale_by_half", "score / class_count if scale_by_half"),
    ),
)
