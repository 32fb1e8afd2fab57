"""Seeded porting bugs of the multilabel members: ``HammingLoss.score``,
``ZeroOneLoss.score`` and ``MultilabelConfusionMatrix.compute``, over labels and over a
label matrix (``[matrix]``)."""

from __future__ import annotations

from collections.abc import Callable

from equivalence.mutant import ZERO_SUM_DIVIDES, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_HAMMING = "classification.hamming_loss"
_ZERO_ONE = "classification.zero_one_loss:ZeroOneLoss.score"
_STACK = "classification.multilabel_confusion_matrix"

hamming = bugs_of("HammingLoss.score", f"{_HAMMING}:HammingLoss.score")
hamming_matrix = bugs_of("HammingLoss.score[matrix]", f"{_HAMMING}:HammingLoss.score")
zero_one = bugs_of("ZeroOneLoss.score", _ZERO_ONE)
zero_one_matrix = bugs_of("ZeroOneLoss.score[matrix]", _ZERO_ONE)
stack = bugs_of("MultilabelConfusionMatrix.compute", f"{_STACK}:_per_class")
stack_matrix = bugs_of(
    "MultilabelConfusionMatrix.compute[matrix]", f"{_STACK}:MultilabelConfusionMatrix.compute"
)

#: A flat block one entry past whole rows has its last partial row dropped.
PARTIAL_ROW_DROPPED = Patch(
    "_label_matrix:label_matrix",
    "if array.ndim == 1 and array.size % label_count == 0:\n"
    "    return _inputs._readonly(array.reshape(-1, label_count))",
    "if array.ndim == 1:\n"
    "    whole = array[: array.size - array.size % label_count]\n"
    "    return _inputs._readonly(whole.reshape(-1, label_count))",
)
#: The false positives and false negatives trade places in every entry.
FP_FN_SWAPPED = Patch(
    f"{_STACK}:_stack",
    "np.stack([tn, fp, fn, tp], axis=1)",
    "np.stack([tn, fn, fp, tp], axis=1)",
)
_NORMALIZED = "return float(1 - _inputs.weighted_mean(right, weight))"
_UNNORMALIZED = "return float(weight.sum() - _inputs.weighted_total(right, weight))"
_ANY_WRONG = "right = ~(truth != predicted).any(axis=1)"


def _zero_one_bugs(make: Callable[..., Mutant]) -> tuple[Mutant, ...]:
    """The bugs both forms of ``ZeroOneLoss.score`` can make."""
    return (
        make(
            "count_not_weight",
            "normalize=False counts the wrong samples, ignoring their weights",
            (_UNNORMALIZED, "return float(len(right) - int(np.count_nonzero(right)))"),
        ),
        make(
            "weight_right",
            "normalize=False gives the weight of the right samples",
            (_UNNORMALIZED, "return float(_inputs.weighted_total(right, weight))"),
        ),
        make("normalize_ignored", "always the share", ("if normalize:", "if True:")),
        make(
            "wrong_over_total",
            "the wrong weight over the total (the C# rounding), not one minus the accuracy",
            (_NORMALIZED, "return _inputs.weighted_mean(~right, weight)"),
        ),
    )


MUTANTS: tuple[Mutant, ...] = (
    hamming(
        "unweighted",
        "weights validated, then dropped",
        (
            "return _inputs.weighted_mean(truth != predicted, weight)",
            "return _inputs.weighted_mean(truth != predicted, None)",
        ),
    ),
    hamming(
        "accuracy",
        "the share right, not the share wrong",
        (
            "return _inputs.weighted_mean(truth != predicted, weight)",
            "return _inputs.weighted_mean(truth == predicted, weight)",
        ),
    ),
    hamming("zero_sum_divides", "weights summing to zero not refused", ZERO_SUM_DIVIDES),
    hamming(
        "empty_answers",
        "empty input not refused",
        Patch("_inputs:label_pair", 'nonempty(truth, "y_true")', ""),
    ),
    hamming(
        "over_sample_count",
        "the wrong weight over the number of samples",
        (
            "return _inputs.weighted_mean(truth != predicted, weight)",
            "return _inputs.weighted_total(truth != predicted, weight) / len(truth)",
        ),
    ),
    hamming_matrix(
        "row_weights_ignored",
        "each wrong label counts 1, whatever its row weighs",
        ("float(np.dot(per_row, weight))", "float(per_row.sum())"),
    ),
    hamming_matrix(
        "rows_not_labels",
        "a row with any wrong label counts all its labels wrong",
        (
            "per_row = np.count_nonzero(wrong, axis=1)",
            "per_row = wrong.any(axis=1) * count",
        ),
    ),
    hamming_matrix(
        "over_weight_sum",
        "divides by rows x labels x the weight's sum, not its mean",
        ("np.mean(weight)", "np.sum(weight)"),
    ),
    hamming_matrix(
        "one_label_as_matrix",
        "one label read as a matrix: weights summing to zero give NaN, not a refusal",
        ("if count == 1:", "if False:"),
    ),
    hamming_matrix("partial_row_dropped", "a partial last row dropped", PARTIAL_ROW_DROPPED),
    *_zero_one_bugs(zero_one),
    zero_one("zero_sum_divides", "weights summing to zero not refused", ZERO_SUM_DIVIDES),
    *_zero_one_bugs(zero_one_matrix),
    zero_one_matrix(
        "all_wrong_needed",
        "a row is wrong only when every label is",
        (_ANY_WRONG, "right = ~(truth != predicted).all(axis=1)"),
    ),
    zero_one_matrix(
        "first_label_only",
        "a row is read by its first label",
        (_ANY_WRONG, "right = truth[:, 0] == predicted[:, 0]"),
    ),
    zero_one_matrix("partial_row_dropped", "a partial last row dropped", PARTIAL_ROW_DROPPED),
    stack("fp_fn_swapped", "false positives and false negatives swapped", FP_FN_SWAPPED),
    stack(
        "given_labels_sorted",
        "the caller's label order sorted",
        (
            "keep = np.searchsorted(union, requested)",
            "keep = np.searchsorted(union, np.sort(requested))",
        ),
    ),
    stack(
        "predictions_unweighted",
        "predicted totals counted without weights",
        (
            "pred_total = np.bincount(pred_code, weights=weight, minlength=bins)",
            "pred_total = np.bincount(pred_code, minlength=bins)",
        ),
    ),
    stack(
        "total_counts_samples",
        "true negatives from the sample count, not the total weight",
        ("total = len(truth) if weight is None else np.sum(weight)", "total = len(truth)"),
    ),
    stack(
        "labels_ignored",
        "every observed class reported, whatever labels asks",
        ("if requested is not None and requested.size:", "if False:"),
    ),
    stack_matrix("fp_fn_swapped", "false positives and false negatives swapped", FP_FN_SWAPPED),
    stack_matrix(
        "samplewise_total_once",
        "samplewise true negatives from the row weight, not weight x labels",
        (
            "total = count if weight is None else weight * count",
            "total = count if weight is None else weight",
        ),
    ),
    stack_matrix(
        "samplewise_unweighted",
        "samplewise counts without the row weights",
        ("return counts if weight is None else counts * weight", "return counts"),
    ),
    stack_matrix(
        "per_label_unweighted",
        "per-label counts without the row weights",
        (
            "return _weighted_count(at_rows, at_columns, weight, count)",
            "return _weighted_count(at_rows, at_columns, None, count)",
        ),
    ),
    stack_matrix(
        "total_counts_rows",
        "true negatives from the row count, not the total weight",
        ("total = rows if weight is None else np.sum(weight)", "total = rows"),
    ),
    stack_matrix("partial_row_dropped", "a partial last row dropped", PARTIAL_ROW_DROPPED),
)
