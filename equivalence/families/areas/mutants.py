"""Seeded porting bugs of ``RocAuc.score`` and ``AveragePrecision.score``."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

auc, auc_labels = (
    bugs_of("RocAuc.score", f"classification.roc_auc:{where}")
    for where in ("binary_area", "two_labels")
)
multi = bugs_of("RocAuc.multi_class", "classification.roc_auc")
ap = bugs_of("AveragePrecision.score", "ranking.average_precision:step_sum")
ap_labels = bugs_of("AveragePrecision.score", "ranking.average_precision:_binary_labels")
_TRAPEZOID = (
    "steps * precision[::-1]",
    "steps * (precision[::-1] + np.concatenate((precision[::-1][1:], [1.0]))) / 2",
)

MUTANTS: tuple[Mutant, ...] = (
    auc(
        "every_point_kept",
        "the trapezoids summed over every threshold, none dropped (the C# walk)",
        ("roc_points(points, True)", "roc_points(points, False)"),
    ),
    auc(
        "right_endpoints",
        "a rectangle at each point's right end for the trapezoid",
        ("(tpr[1:] + tpr[:-1]) / 2.0", "tpr[1:]"),
    ),
    auc(
        "rate_going_back_answered",
        "a false positive rate that goes back answered instead of refused",
        ("if (dx < 0).any():", "if False:"),
    ),
    auc(
        "class_weighing_nothing_refused",
        "refused where a class weighs nothing in total, rather than NaN (the C# check)",
        (
            "dx = np.diff(fpr)",
            "dx = np.diff(fpr)\nif not fpr[-1] == tpr[-1] == 1.0:\n    raise ArgumentError('', '')",
        ),
    ),
    auc_labels(
        "third_label_negative",
        "a third label counted as negative instead of refused",
        ("if others.min() != others.max():", "if False:"),
    ),
    multi(
        "averages_swapped",
        "the weighted average taken for MACRO and the mean for WEIGHTED",
        ("if average is Averaging.WEIGHTED:", "if average is Averaging.MACRO:"),
    ),
    multi(
        "column_number_as_label",
        "one-vs-rest compares y_true with the column's number, not its label",
        ("rows[:, c], int(label), weight", "rows[:, c], c, weight"),
    ),
    multi(
        "cancelling_class_weights_divided",
        "the weighted average divides by class weights that total zero (the C# mean)",
        ("if abs(totals.sum()) <= 1e-08:\n    return 0.0", ""),
    ),
    multi(
        "pairs_unweighted",
        "the one-vs-one pairs averaged plainly under WEIGHTED",
        ("weights = prevalence if", "weights = None if"),
    ),
    multi(
        "pair_one_column",
        "both orderings of a pair scored with the first class's column",
        ("rows[both, b], int(classes[b])", "rows[both, a], int(classes[b])"),
    ),
    multi(
        "row_sums_unchecked",
        "rows that do not sum to one accepted",
        ("_rows_sum_to_one(rows)", "None"),
    ),
    ap(
        "positive_predicted_only",
        "precision taken only where the predicted weight is above zero (the C# guard)",
        ("where=predicted != 0", "where=predicted > 0"),
    ),
    ap("unclipped", "the sum returned below zero", ("max(0.0, float(", "(float(")),
    ap("trapezoid", "the trapezoid over the precision-recall curve", _TRAPEZOID),
    ap(
        "precision_one_step_late",
        "each recall step times the precision of the threshold before",
        ("steps * precision[::-1]", "steps * np.concatenate(([1.0], precision[::-1][:-1]))"),
    ),
    ap_labels(
        "third_label_negative",
        "a third label counted as negative instead of refused",
        ("if low != high and", "if False and"),
    ),
)
