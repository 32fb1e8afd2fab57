"""Seeded porting bugs of the classification family: Accuracy, BrierScore.multi_class."""

from __future__ import annotations

from equivalence.mutant import (
    ZERO_SUM_DIVIDES,
    Patch,
    bugs_of,
    flipped_default,
    unweighted,
)

__all__ = ["MUTANTS"]

accuracy = bugs_of("Accuracy.score", "classification.accuracy:Accuracy.score")
brier = bugs_of("BrierScore.multi_class", "classification.brier_score:BrierScore.multi_class")
_HALF = "scale_by_half"

MUTANTS = (
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
